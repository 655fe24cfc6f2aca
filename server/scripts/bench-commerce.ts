/**
 * Commerce figures of `npm run bench` (issue 6 "Performance"): on PostgreSQL with 200 000 orders,
 * the p50/p99 of the dashboard orders list (first page, a filtered page, a searched page, a deep
 * page) and the time of the sales summary of each period, each beside the round trip of
 * `select 1` measured in the same process. Targets: orders list p99 ≤ 50 ms, yearly summary ≤ 200 ms.
 *
 * The database is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench), created
 * when missing; its `public` and `drizzle` schemas are dropped and rebuilt on every run.
 * BENCH_ORDERS changes the number of orders. Requests go through the whole Fastify stack
 * (`inject`: routing, auth, schemas, serialization) without a socket. Writes
 * `bench-results/commerce.json` at the repository root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { SALES_PERIODS } from '@shop/contracts';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { seedBulkOrders } from '../src/db/seed-orders';
import { periodRange } from '../src/lib/jalali-periods';
import { issueToken } from '../src/modules/auth/tokens-service';
import { REPO_ROOT } from '../src/settings';
import { freshDatabase } from './bench-db';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/bench';
const LIST_RUNS = 300;
const SUMMARY_RUNS = 7;
const WARMUP = 10;
const TARGETS = { listP99Ms: 50, yearSummaryMs: 200 };

/** Milliseconds of each of `runs` sequential calls, after `WARMUP` unmeasured ones. */
async function timeRuns(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** The `p`-th percentile (0–100) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const ms = (n: number) => n.toFixed(1).padStart(7);

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || URL_DEFAULT;
  const count = Number(process.env.BENCH_ORDERS || 200_000);
  console.log(`[bench:commerce] PostgreSQL ${url.replace(/\/\/[^@]*@/, '//…@')}: fresh schema, demo seed, ${count} orders…`);
  await freshDatabase(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-commerce-'));
  const app = await buildApp({ databaseUrl: url, dataDir, logger: false, serveStatic: false, rateLimit: { global: 10_000_000 } });
  try {
    const seedStarted = performance.now();
    const written = await seedBulkOrders(app.db, { count });
    // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
    await app.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`[bench:commerce] seeded ${written} orders in ${seedSeconds.toFixed(1)} s`);

    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'super@example.com'));
    const { token } = await issueToken(app.db, admin!.id);
    const get = async (pathAndQuery: string) => {
      const response = await app.inject({ url: pathAndQuery, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${pathAndQuery} answered ${response.statusCode}: ${response.body}`);
      return response;
    };

    const reference = await timeRuns(LIST_RUNS, () => app.db.execute(sql`select 1`));
    const referenceP50 = percentile(reference, 50);
    const base = '/api/dashboard/financial-info';
    const lists = [
      { name: 'orders, first page', path: `${base}/orders` },
      { name: 'orders, paid + checkout', path: `${base}/orders?payment_status=paid&source=checkout` },
      { name: 'orders, manual only', path: `${base}/orders?source=manual` },
      { name: 'orders, search «۰۹۱۲»', path: `${base}/orders?q=${encodeURIComponent('۰۹۱۲')}` },
      { name: 'orders, search a name', path: `${base}/orders?q=${encodeURIComponent('خریدار 1234')}` },
      { name: 'orders, page 1000', path: `${base}/orders?page=1000` },
    ];
    const listRows = [];
    for (const list of lists) {
      const times = await timeRuns(LIST_RUNS, () => get(list.path));
      listRows.push({ ...list, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! });
    }
    const now = new Date();
    const summaryRows = [];
    for (const kind of ['sales', 'refunds'] as const) {
      for (const period of SALES_PERIODS) {
        let items = 0;
        const times = await timeRuns(SUMMARY_RUNS, async () => {
          items = (await get(`${base}/${kind}?period=${period}`)).json<{ meta: { total_count: number } }>().meta.total_count;
        });
        summaryRows.push({ kind, period, items, median: percentile(times, 50), max: times.at(-1)! });
      }
    }

    const yearSales = summaryRows.find((r) => r.kind === 'sales' && r.period === 'year')!;
    const worstListP99 = Math.max(...listRows.map((r) => r.p99));
    const out = [
      '',
      `Commerce on PostgreSQL — ${written} orders (${LIST_RUNS} list runs, ${SUMMARY_RUNS} summary runs each, after ${WARMUP} warm-up runs; app.inject, no socket)`,
      `reference: select 1 round trip p50 ${referenceP50.toFixed(2)} ms, p99 ${percentile(reference, 99).toFixed(2)} ms`,
      '',
      `${'orders list'.padEnd(28)}  p50 ms   p99 ms   max ms   p99 / select 1`,
      ...listRows.map((r) => `${r.name.padEnd(28)} ${ms(r.p50)}  ${ms(r.p99)}  ${ms(r.max)}   ${(r.p99 / referenceP50).toFixed(0)}×`),
      '',
      `${'summary'.padEnd(28)}  items  median ms   max ms   median / select 1`,
      ...summaryRows.map(
        (r) =>
          `${`${r.kind} ${r.period}`.padEnd(28)} ${String(r.items).padStart(6)}  ${ms(r.median)}    ${ms(r.max)}   ${(r.median / referenceP50).toFixed(0)}×`,
      ),
      '',
      `year = since ${periodRange('year', now).from!.toISOString()} (1 Farvardin, Tehran)`,
      `VERDICT: orders list worst p99 ${worstListP99.toFixed(1)} ms (target ≤ ${TARGETS.listP99Ms}) — ${worstListP99 <= TARGETS.listP99Ms ? 'met' : 'MISSED'}; ` +
        `yearly sales summary ${yearSales.median.toFixed(1)} ms median (target ≤ ${TARGETS.yearSummaryMs}) — ${yearSales.median <= TARGETS.yearSummaryMs ? 'met' : 'MISSED'}`,
    ];
    console.log(out.join('\n'));
    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const json = {
      measuredAt: now.toISOString(),
      orders: written,
      seedSeconds,
      referenceSelect1Ms: { p50: referenceP50, p99: percentile(reference, 99) },
      lists: listRows,
      summaries: summaryRows,
      targets: TARGETS,
    };
    fs.writeFileSync(path.join(resultsDir, 'commerce.json'), `${JSON.stringify(json, null, 2)}\n`);
    console.log(`\n[bench:commerce] written ${path.join(resultsDir, 'commerce.json')}`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench:commerce] failed:', error);
  process.exit(1);
});

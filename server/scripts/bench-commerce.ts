/**
 * Commerce figures of `npm run bench` (issue 6 "Performance"): on PostgreSQL with 200 000 orders,
 * the p50/p99 of the dashboard orders list (first page, a filtered page, a searched page, a deep
 * page) and the time of the sales summary of each period, each beside the round trip of
 * `select 1` measured in the same process. Targets: orders list p99 ≤ 50 ms, yearly summary ≤ 200 ms.
 * Then the CSV export of every order (issue 25 "Figures"): the compiled server started as `npm start`
 * runs it, on the same database, and the export downloaded over a socket as a browser asks for it
 * (brotli or gzip accepted): its wall time and the server's resident memory growth (peak during the
 * download less the resident size before it, read from /proc every 20 ms), and its ratio to a
 * reference measured just before it in this process (the same rows read by one SQL statement and
 * gzipped in one call). Targets: ≤ 15 s, ≤ 64 MB.
 * Then (issue 25), applying a discount code and checking out with 20 buyers at once, on a code
 * capped at 5 (its row locked in each checkout): the p99 of apply + checkout per buyer, absolute.
 * Then (issue 36 item 1), the access reconciliation over every paid item (the daily job's whole
 * run, its findings written): wall time. Target: ≤ 30 s.
 * Last (issue 36 item 3), a checkout paying part from the wallet beside one paying all through the
 * gateway, buyers of each kind taking turns: the median of each and their ratio, measured in the
 * same run. Target: ratio ≤ 1.25 («as fast as one without»).
 *
 * The database is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench), created
 * when missing; its `public` and `drizzle` schemas are dropped and rebuilt on every run.
 * BENCH_ORDERS changes the number of orders. Requests go through the whole Fastify stack
 * (`inject`: routing, auth, schemas, serialization) without a socket. Writes
 * `bench-results/commerce.json` at the repository root.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { and, eq, gt, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { SALES_PERIODS } from '@shop/contracts';
import { buildApp } from '../src/app';
import { products } from '../src/modules/commerce/tables';
import { users } from '../src/modules/users/tables';
import { seedBulkOrders } from '../src/seed/orders';
import { periodRange } from '../src/lib/jalali-periods';
import { hashPassword } from '../src/lib/passwords';
import { issueToken } from '../src/modules/users/access-tokens';
import { auditActor } from '../src/modules/audit/audit-log';
import { createDiscountCode } from '../src/modules/commerce/discount-codes';
import { reconcileAccess } from '../src/modules/commerce';
import { createUser } from '../src/modules/users/users-service';
import { REPO_ROOT } from '../src/settings';
import { residentBytes, startServerProcess } from '../test/helpers/server-process';
import { freshDatabase } from './bench-db';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/bench';
const LIST_RUNS = 300;
const SUMMARY_RUNS = 7;
const WARMUP = 10;
const TARGETS = { listP99Ms: 50, yearSummaryMs: 200, exportSeconds: 15, exportRssGrowthMb: 64, reconciliationSeconds: 30, walletCheckoutRatio: 1.25 };

/** Buyers of each kind in the wallet checkout comparison. */
const WALLET_CHECKOUT_BUYERS = 40;
const MB = 1024 * 1024;
/** Resident memory samples during the export, ms apart. */
const RSS_SAMPLE_MS = 20;

/**
 * Downloads `url` as Chromium would (compressed), keeping nothing, while sampling the resident
 * memory of the server process `pid`; answers the wall time, the bytes received, the HTTP status and
 * the growth (peak less the resident size before the request).
 */
async function measureExport(url: string, token: string, pid: number): Promise<{ seconds: number; bytes: number; status: number; rssGrowthMb: number; rssBeforeMb: number }> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const { bytes, status } = await new Promise<{ bytes: number; status: number }>((resolve, reject) => {
      http
        .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ bytes, status: response.statusCode ?? 0 }));
          response.on('error', reject);
        })
        .on('error', reject);
    });
    peak = Math.max(peak, residentBytes(pid));
    return { seconds: (performance.now() - started) / 1000, bytes, status, rssGrowthMb: (peak - before) / MB, rssBeforeMb: before / MB };
  } finally {
    clearInterval(sampler);
  }
}
/**
 * The export's reference, run in this process just before it (the project's rule: a figure beside
 * a reference measured at the same time, whose ratio the machine's speed and load move less than
 * the seconds): the bare work of the file, the same orders with their buyers and courses read by
 * one SQL statement and written as lines gzipped in one call, without the server. Answers seconds.
 */
async function bareExportSeconds(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const { rows } = await client.query<Record<string, unknown>>(`
      select o.id, u.full_name, u.email, u.mobile, o.payment_status, o.source,
        string_agg(oi.title, '، ' order by oi.id) as courses, sum(oi.quantity) as count, sum(oi.price * oi.quantity) as gross,
        o.discount_code, o.discount_amount, o.total_price, coalesce(sum(oi.refund_amount), 0) as refunded, o.receipt_number,
        o.created_at, o.paid_at
      from orders o join users u on u.id = o.user_id left join order_items oi on oi.order_id = o.id
      group by o.id, u.id order by o.created_at desc, o.id desc`);
    zlib.gzipSync(rows.map((row) => Object.values(row).join(',')).join('\r\n'));
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** Buyers checking out at once with one discount code, and how many such rounds are measured. */
const CHECKOUT_CONCURRENCY = 20;
const CHECKOUT_ROUNDS = 10;
/** The code's total cap: the rest of each round is refused (422) after counting its uses. */
const CHECKOUT_CAP = 5;

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

/**
 * Issue 25: `CHECKOUT_ROUNDS` rounds of `CHECKOUT_CONCURRENCY` new buyers, each with one paid
 * course in the cart, who at once apply a fresh code capped at `CHECKOUT_CAP` and check out.
 * Answers the sorted milliseconds of apply + checkout per buyer and the orders each round made.
 */
/** Who the bench's discount codes are recorded as in the audit log (issue 26): the bench on this machine. */
const BENCH_AUDIT = auditActor({ id: 0, full_name: 'سنجش کارایی' }, '127.0.0.1');

async function measureDiscountCheckout(app: Awaited<ReturnType<typeof buildApp>>): Promise<{ times: number[]; created: number[] }> {
  const [course] = await app.db
    .select({ id: products.id })
    .from(products)
    .where(and(gt(products.price, 0), eq(products.is_active, true)))
    .orderBy(products.id)
    .limit(1);
  const passwordHash = await hashPassword('Bench12345');
  const times: number[] = [];
  const created: number[] = [];
  for (let round = 0; round < CHECKOUT_ROUNDS; round++) {
    const code = await createDiscountCode(app.db, {
      code: `BENCH${Date.now().toString(36).toUpperCase()}${round}`,
      kind: 'percent',
      value: 20,
      applies_to_all: true,
      product_ids: [],
      starts_at: null,
      ends_at: null,
      total_cap: CHECKOUT_CAP,
      per_user_cap: null,
      min_cart_total: null,
      is_active: true,
    }, BENCH_AUDIT);
    const buyers = await Promise.all(
      Array.from({ length: CHECKOUT_CONCURRENCY }, async (_, i) => {
        const user = await createUser(app.db, {
          full_name: 'خریدار سنجش',
          email: `bench-checkout-${round}-${i}-${Date.now()}@example.com`,
          password_hash: passwordHash,
          status: 'ordinary',
          email_verified_at: new Date(),
        });
        const headers = { authorization: `Bearer ${(await issueToken(app.db, user.id)).token}` };
        const added = await app.inject({ method: 'POST', url: '/api/cart', headers, payload: { product_id: course!.id } });
        if (added.statusCode !== 201) throw new Error(`add to cart answered ${added.statusCode}: ${added.body}`);
        return headers;
      }),
    );
    const outcomes = await Promise.all(
      buyers.map(async (headers) => {
        const started = performance.now();
        const applied = await app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers, payload: { code: code.code } });
        const answer = applied.statusCode === 200 ? await app.inject({ method: 'POST', url: '/api/checkout', headers }) : applied;
        times.push(performance.now() - started);
        if (answer.statusCode !== 201 && answer.statusCode !== 422) throw new Error(`checkout answered ${answer.statusCode}: ${answer.body}`);
        return answer.statusCode === 201;
      }),
    );
    created.push(outcomes.filter(Boolean).length);
  }
  return { times: times.sort((a, b) => a - b), created };
}

/**
 * A checkout paying part from the wallet (30 000 tomans of credit) against one without (issue 36 item
 * 3): each buyer has the course in the cart, and the two kinds take turns, so both meet the same load.
 * @returns the times in ms of each kind, sorted
 */
async function measureWalletCheckout(app: Awaited<ReturnType<typeof buildApp>>, staffToken: string): Promise<{ withWallet: number[]; without: number[] }> {
  const [course] = await app.db
    .select({ id: products.id })
    .from(products)
    .where(and(gt(products.price, 30_000), eq(products.is_active, true)))
    .orderBy(products.id)
    .limit(1);
  const passwordHash = await hashPassword('Bench12345');
  const withWallet: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < WALLET_CHECKOUT_BUYERS * 2; i++) {
    const useWallet = i % 2 === 0;
    const user = await createUser(app.db, {
      full_name: 'خریدار سنجش کیف پول',
      email: `bench-wallet-${i}-${Date.now()}@example.com`,
      password_hash: passwordHash,
      status: 'ordinary',
      email_verified_at: new Date(),
    });
    const headers = { authorization: `Bearer ${(await issueToken(app.db, user.id)).token}` };
    const credited = await app.inject({
      method: 'POST',
      url: `/api/dashboard/financial-info/wallets/${user.id}/entries`,
      headers: { authorization: `Bearer ${staffToken}` },
      payload: { direction: 'credit', amount: 30_000, reason: 'سنجش' },
    });
    if (credited.statusCode !== 201) throw new Error(`wallet credit answered ${credited.statusCode}: ${credited.body}`);
    const added = await app.inject({ method: 'POST', url: '/api/cart', headers, payload: { product_id: course!.id } });
    if (added.statusCode !== 201) throw new Error(`add to cart answered ${added.statusCode}: ${added.body}`);
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/checkout', headers, payload: { use_wallet: useWallet } });
    (useWallet ? withWallet : without).push(performance.now() - started);
    if (answer.statusCode !== 201) throw new Error(`checkout answered ${answer.statusCode}: ${answer.body}`);
  }
  return { withWallet: withWallet.sort((a, b) => a - b), without: without.sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || URL_DEFAULT;
  const count = Number(process.env.BENCH_ORDERS || 200_000);
  console.log(`[bench:commerce] PostgreSQL ${url.replace(/\/\/[^@]*@/, '//…@')}: fresh schema, demo seed, ${count} orders…`);
  await freshDatabase(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-commerce-'));
  const app = await buildApp({ databaseUrl: url, dataDir, logger: false, serveStatic: false, rateLimit: { global: 10_000_000, discountPerIp: 10_000_000 } });
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

    // The export runs in the compiled server as `npm start` runs it (its heap limit included), on
    // the same database; the token issued above signs it in.
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: url });
    let exported: Awaited<ReturnType<typeof measureExport>>;
    const bareSeconds = await bareExportSeconds(url);
    try {
      exported = await measureExport(`${server.origin}${base}/orders/export`, token, server.child.pid!);
    } finally {
      await server.stop();
    }
    if (exported.status !== 200) throw new Error(`the export answered ${exported.status}`);
    const checkout = await measureDiscountCheckout(app);
    const checkoutP99 = percentile(checkout.times, 99);
    const reconcileStarted = performance.now();
    const reconciled = await reconcileAccess(app.db);
    const reconciliationSeconds = (performance.now() - reconcileStarted) / 1000;
    const wallet = await measureWalletCheckout(app, token);
    const walletRatio = percentile(wallet.withWallet, 50) / percentile(wallet.without, 50);

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
      `discount code + checkout, ${CHECKOUT_CONCURRENCY} buyers at once, cap ${CHECKOUT_CAP} (${CHECKOUT_ROUNDS} rounds): ` +
        `p50 ${percentile(checkout.times, 50).toFixed(1)} ms, p99 ${checkoutP99.toFixed(1)} ms, max ${checkout.times.at(-1)!.toFixed(1)} ms; ` +
        `orders per round ${checkout.created.join(', ')}`,
      '',
      `year = since ${periodRange('year', now).from!.toISOString()} (1 Farvardin, Tehran)`,
      '',
      `CSV export of every order (${written}+ rows, ${(exported.bytes / MB).toFixed(1)} MB compressed over a socket): ` +
        `${exported.seconds.toFixed(1)} s, resident memory +${exported.rssGrowthMb.toFixed(1)} MB (from ${exported.rssBeforeMb.toFixed(0)} MB); ` +
        `reference (one SQL read + gzip in this process) ${bareSeconds.toFixed(1)} s: export / reference ${(exported.seconds / bareSeconds).toFixed(2)}×`,
      `access reconciliation (issue 36): ${reconciled.checkedItems} paid items against the grants in ${reconciliationSeconds.toFixed(1)} s, ${reconciled.mismatches} mismatches`,
      `checkout paying part from the wallet (issue 36): median ${percentile(wallet.withWallet, 50).toFixed(1)} ms, without ${percentile(wallet.without, 50).toFixed(1)} ms ` +
        `(${WALLET_CHECKOUT_BUYERS} buyers each, taking turns): ratio ${walletRatio.toFixed(2)}`,
      `VERDICT: orders list worst p99 ${worstListP99.toFixed(1)} ms (target ≤ ${TARGETS.listP99Ms}) — ${worstListP99 <= TARGETS.listP99Ms ? 'met' : 'MISSED'}; ` +
        `yearly sales summary ${yearSales.median.toFixed(1)} ms median (target ≤ ${TARGETS.yearSummaryMs}) — ${yearSales.median <= TARGETS.yearSummaryMs ? 'met' : 'MISSED'}; ` +
        `export ${exported.seconds.toFixed(1)} s (target ≤ ${TARGETS.exportSeconds}) — ${exported.seconds <= TARGETS.exportSeconds ? 'met' : 'MISSED'}, ` +
        `+${exported.rssGrowthMb.toFixed(1)} MB resident (target ≤ ${TARGETS.exportRssGrowthMb}) — ${exported.rssGrowthMb <= TARGETS.exportRssGrowthMb ? 'met' : 'MISSED'}; ` +
        `reconciliation ${reconciliationSeconds.toFixed(1)} s (target ≤ ${TARGETS.reconciliationSeconds}) — ${reconciliationSeconds <= TARGETS.reconciliationSeconds ? 'met' : 'MISSED'}; ` +
        `wallet checkout ratio ${walletRatio.toFixed(2)} (target ≤ ${TARGETS.walletCheckoutRatio}) — ${walletRatio <= TARGETS.walletCheckoutRatio ? 'met' : 'MISSED'}`,
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
      ordersExport: { ...exported, referenceSeconds: bareSeconds, ratioToReference: exported.seconds / bareSeconds },
      discountCheckout: {
        concurrency: CHECKOUT_CONCURRENCY,
        rounds: CHECKOUT_ROUNDS,
        cap: CHECKOUT_CAP,
        p50: percentile(checkout.times, 50),
        p99: checkoutP99,
        max: checkout.times.at(-1)!,
        ordersPerRound: checkout.created,
      },
      accessReconciliation: { seconds: reconciliationSeconds, ...reconciled },
      walletCheckout: {
        buyersEach: WALLET_CHECKOUT_BUYERS,
        withWalletMedianMs: percentile(wallet.withWallet, 50),
        withoutMedianMs: percentile(wallet.without, 50),
        ratio: walletRatio,
      },
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

/**
 * `npm run bench:faults -w server` (issue 23 "Figures"; also run by the root `npm run bench`): two
 * compiled server instances behind the gateway (test/scale-out/deployment.ts: nginx with
 * docker/nginx/gateway.conf, Redis, s3rver) on a PostgreSQL cluster of the bench's own (Debian's
 * binaries in a temporary folder, as the fault tests start it), with the fault tests' workload
 * (reads, comments, checkouts) going through the gateway. PostgreSQL is stopped for
 * `FAULT_OUTAGE_S` seconds (default 30), then started. Reports, against the targets:
 * - the time from PostgreSQL back to the first read answered 200 (target ≤ 5 s);
 * - requests answered during the outage, by status: every one of them needed the database (the
 *   visitors' cache is off), so each is a 503 with Retry-After, never a 500 nor a hang;
 * - acknowledged writes (comments, orders) not in the database afterwards (target 0).
 * Written to `bench-results/faults.json` at the repository root; exits 1 when a target is missed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/settings';
import { startPostgresInstance } from '../test/helpers/postgres-instance';
import { startDeployment } from '../test/scale-out/deployment';
import { buyersWithCarts, eventually, lostWrites, Workload, WORKLOAD_ENV, workloadTargets, type Outcome } from '../test/faults/workload';

const OUTAGE_MS = (Number(process.env.FAULT_OUTAGE_S) || 30) * 1000;
/** Target of the time from PostgreSQL back to the first 200 (issue 23). */
const RECOVERY_TARGET_MS = 5_000;

/** Counts of `outcomes` by status (`none` for no answer). */
function byStatus(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[String(outcome.status ?? 'none')] = (counts[String(outcome.status ?? 'none')] ?? 0) + 1;
  return counts;
}

async function main(): Promise<number> {
  const postgres = await startPostgresInstance();
  // The deployment makes its scratch database on the PostgreSQL server of DATABASE_URL: this one.
  process.env.DATABASE_URL = postgres.url;
  const deployment = await startDeployment({ instances: 2, env: WORKLOAD_ENV });
  try {
    const origin = deployment.gateway.origin;
    const targets = await workloadTargets(origin);
    const workload = new Workload(origin, targets.user, targets.post, targets.products, await buyersWithCarts(origin, targets.products, 60));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const stoppedAt = Date.now();
    console.log(`[bench:faults] PostgreSQL stopped for ${OUTAGE_MS / 1000} s`);
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    await postgres.start();
    const back = Date.now();
    const firstOk = async () => workload.outcomes.find((o) => o.kind === 'read' && o.startedAt >= back && o.status === 200);
    await eventually(30_000, async () => (await firstOk()) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await workload.stop();

    const first = await firstOk();
    const recoveryMs = first ? first.endedAt - back : null;
    const during = workload.outcomes.filter((o) => o.startedAt >= stoppedAt && o.startedAt < back);
    const lost = await lostWrites(deployment.databaseUrl, workload);
    const slowestDuringMs = Math.max(0, ...during.map((o) => o.endedAt - o.startedAt));
    const result = {
      measured_at: new Date().toISOString(),
      instances: deployment.instances.length,
      outage_s: OUTAGE_MS / 1000,
      requests: workload.outcomes.length,
      answered_by_status: byStatus(workload.outcomes),
      during_outage: { requests: during.length, by_status: byStatus(during), slowest_ms: slowestDuringMs },
      recovery_ms: recoveryMs,
      acknowledged_writes: { comments: workload.comments.length, orders: workload.orders.length },
      lost_writes: lost.comments.length + lost.orders.length,
      targets: { recovery_ms: RECOVERY_TARGET_MS, lost_writes: 0, during_outage_statuses: [503] },
    };
    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'faults.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    const met =
      recoveryMs !== null &&
      recoveryMs <= RECOVERY_TARGET_MS &&
      result.lost_writes === 0 &&
      during.every((o) => o.status === 503 || o.status === 200 || o.status === 201);
    console.log(`[bench:faults] targets ${met ? 'met' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await deployment.stop();
    postgres.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:faults] failed:', error);
    process.exit(2);
  },
);

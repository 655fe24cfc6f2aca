/**
 * A canary's health (issue 35 item 4): the pages served with a canary version and the load errors
 * browsers report for it (`errorLoadRemote` of the shell's federation runtime), counted per minute
 * across replicas in `remote_canary_counts`. When a canary's reported errors pass
 * {@link CANARY_ROLLBACK}'s share of its page views within the window, the server ends it, and the
 * audit log says why.
 */
import type { RemoteName } from '@shop/contracts';
import type { Db } from '../../db/client';
import { auditActor } from '../audit';
import { RELEASES_MESSAGES } from './messages';
import { endCanaryFor } from './releases-service';
import { liveVersions } from './live-versions';
import { addCounts, CANARY_ROLLBACK, canaryCounts, pruneCounts } from './canary-counts';

/** How often a process adds the page views it counted, ms. */
const FLUSH_MS = 2_000;

/** The page views of canary versions one process served: counted in memory, added every {@link FLUSH_MS}. */
export interface CanaryViews {
  /** Counts one page served with `version` of `remote` as its canary. */
  count(remote: RemoteName, version: string): void;
  /** Adds what was counted since the last flush. */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

const counters = new WeakMap<Db, CanaryViews>();

/**
 * The page-view counter of this process for `db` (static-site.ts counts every canary visitor's
 * page; the load-error report flushes it): made at the first call, which gives it where to report a
 * failed flush; `close` at the app's close.
 */
export function canaryViewsOf(db: Db, onError: (error: unknown) => void = () => undefined): CanaryViews {
  const known = counters.get(db);
  if (known) return known;
  let pending = new Map<string, number>();
  async function flush(): Promise<void> {
    const counted = pending;
    pending = new Map();
    if (!counted.size) return;
    for (const [key, views] of counted) {
      const [remote, version] = key.split('\n') as [RemoteName, string];
      await addCounts(db, remote, version, views, 0);
      // Errors reported before the canary had its least page views (here or on another replica)
      // decide once the views reach it, without waiting for another report.
      if ((await liveVersions(db))[remote].canary?.version === version) await judgeCanary(db, remote, version, SERVER_IP);
    }
    // Figures older than the window decide nothing any more.
    await pruneCounts(db);
  }
  const timer = setInterval(() => flush().catch(onError), FLUSH_MS);
  timer.unref();
  const views: CanaryViews = {
    count(remote, version) {
      const key = `${remote}\n${version}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      counters.delete(db);
      await flush();
    },
  };
  counters.set(db, views);
  return views;
}

/** What became of a browser's report of a load error. */
export type LoadErrorOutcome = 'ignored' | 'counted' | 'rolled_back';

/**
 * A browser's report that `version` of `remote` failed to load (`POST /api/releases/load-errors`).
 * Counted only while that version is the remote's canary; when the canary's errors then pass
 * {@link CANARY_ROLLBACK} within its window, the canary ends, audited as a `rollback` by the server
 * with the figures that decided it.
 * This process's page views are added first, so that the figures are whole.
 * @param ip the reporting request's address, for the audit entry
 */
export async function reportLoadError(db: Db, remote: RemoteName, version: string, ip: string): Promise<LoadErrorOutcome> {
  if ((await liveVersions(db))[remote].canary?.version !== version) return 'ignored';
  await canaryViewsOf(db).flush();
  await addCounts(db, remote, version, 0, 1);
  return (await judgeCanary(db, remote, version, ip)) ? 'rolled_back' : 'counted';
}

/** The address of a decision the server takes by itself, with no request behind it (a flush's). */
const SERVER_IP = '127.0.0.1';

/**
 * Ends the canary `version` of `remote` when its load errors pass {@link CANARY_ROLLBACK} within its
 * window, audited as a `rollback` by the server with the figures that decided it. Taken after each
 * error report and after each flush of page views (errors reported while the canary had fewer than
 * `minViews` page views decide once it has them).
 * @returns whether this call ended the canary
 */
async function judgeCanary(db: Db, remote: RemoteName, version: string, ip: string): Promise<boolean> {
  const { page_views: pageViews, load_errors: errors } = await canaryCounts(db, remote, version);
  if (pageViews < CANARY_ROLLBACK.minViews || errors <= pageViews * CANARY_ROLLBACK.errorShare) return false;
  const reason = { load_errors: errors, page_views: pageViews, window_minutes: CANARY_ROLLBACK.windowMinutes, error_share: CANARY_ROLLBACK.errorShare };
  return endCanaryFor(db, remote, version, auditActor({ id: 0, full_name: RELEASES_MESSAGES.serverActor }, ip), reason);
}

/**
 * A canary's figures (issue 35 item 4): page views and reported load errors per remote, version and
 * minute in `remote_canary_counts`, added by every replica, read over the rollback's window by the
 * load-error report and the dashboard (item 5).
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remoteCanaryCounts } from './tables';

/**
 * When the server rolls a canary back: more than `errorShare` (a fraction) of its page views within
 * the last `windowMinutes` reported a load error, once it has had at least `minViews` page views there
 * (so that the first visitor's error is not a share of one).
 */
export const CANARY_ROLLBACK = { errorShare: 0.05, windowMinutes: 10, minViews: 20 } as const;

/** The start of the minute of `at`. */
const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/** The first minute of the rollback's window: the current minute and the {@link CANARY_ROLLBACK}.windowMinutes − 1 before it. */
const windowStart = () => new Date(minuteOf(new Date()).getTime() - (CANARY_ROLLBACK.windowMinutes - 1) * 60_000);

/** Adds `views` page views and `errors` load errors to the remote's version in this minute. */
export async function addCounts(db: Db, remote: string, version: string, views: number, errors: number): Promise<void> {
  const minute = minuteOf(new Date());
  await db
    .insert(remoteCanaryCounts)
    .values({ remote, version, minute, page_views: views, load_errors: errors })
    .onConflictDoUpdate({
      target: [remoteCanaryCounts.remote, remoteCanaryCounts.version, remoteCanaryCounts.minute],
      set: { page_views: sql`${remoteCanaryCounts.page_views} + ${views}`, load_errors: sql`${remoteCanaryCounts.load_errors} + ${errors}` },
    });
}

/** The page views and load errors of the remote's `version` within the rollback's window. */
export async function canaryCounts(db: Db, remote: string, version: string): Promise<{ page_views: number; load_errors: number }> {
  const [totals] = await db
    .select({
      page_views: sql<number>`coalesce(sum(${remoteCanaryCounts.page_views}), 0)::int`,
      load_errors: sql<number>`coalesce(sum(${remoteCanaryCounts.load_errors}), 0)::int`,
    })
    .from(remoteCanaryCounts)
    .where(and(eq(remoteCanaryCounts.remote, remote), eq(remoteCanaryCounts.version, version), gte(remoteCanaryCounts.minute, windowStart())));
  return { page_views: totals?.page_views ?? 0, load_errors: totals?.load_errors ?? 0 };
}

/** Deletes the figures older than the window, which decide nothing any more. */
export async function pruneCounts(db: Db): Promise<void> {
  await db.delete(remoteCanaryCounts).where(lt(remoteCanaryCounts.minute, windowStart()));
}

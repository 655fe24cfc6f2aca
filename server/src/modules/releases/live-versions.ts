/**
 * The versions pages are served from (issue 35 item 2, for the page that chooses its versions):
 * each remote's active version and canary, read from the database at most once a second per
 * process and shared by every concurrent caller, so a page costs no query. A switch made in this
 * process refreshes it at once; one made on another replica is seen within {@link LIVE_VERSIONS_MS}.
 */
import { sql } from 'drizzle-orm';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts';
import type { Db } from '../../db/client';
import { remoteActivations, remoteCanaries, remoteReleases } from './tables';

/** Longest age of the in-process copy, ms. */
export const LIVE_VERSIONS_MS = 1000;

/** What one remote serves: its active version (null: its own build) and its canary, if any. */
export interface LiveRemoteVersions {
  active: string | null;
  canary: { version: string; share: number } | null;
}

/** Every remote of REMOTE_NAMES with what it serves. */
export type LiveVersions = Record<RemoteName, LiveRemoteVersions>;

/** The copy of one database: its value, when it was read, and the read under way. */
interface Copy {
  value: LiveVersions | null;
  readAt: number;
  /** Bumped by each switch: a read begun before it is not kept as fresh. */
  generation: number;
  pending: Promise<LiveVersions> | null;
  pendingGeneration: number;
}

const copies = new WeakMap<Db, Copy>();

/** Reads every remote's active version and canary in one query. */
async function readLiveVersions(db: Db): Promise<LiveVersions> {
  const result = await db.execute(sql`
    (select distinct on (a.remote) a.remote, r.version, null::smallint as share
       from ${remoteActivations} a left join ${remoteReleases} r on r.id = a.release_id
      where a.rolled_back_at is null
      order by a.remote, a.id desc)
    union all
    (select c.remote, r.version, c.share from ${remoteCanaries} c join ${remoteReleases} r on r.id = c.release_id)`);
  type Row = { remote: string; version: string | null; share: number | null };
  const rows = (result as unknown as { rows?: Row[] }).rows ?? (result as unknown as Row[]);
  const live = Object.fromEntries(REMOTE_NAMES.map((name) => [name, { active: null, canary: null }])) as LiveVersions;
  for (const row of rows) {
    const remote = live[row.remote as RemoteName];
    if (!remote) continue;
    // An activation of the remote's own build has no release: its version is null.
    if (row.share === null) remote.active = row.version;
    else if (row.version !== null) remote.canary = { version: row.version, share: Number(row.share) };
  }
  return live;
}

/**
 * Each remote's active version and canary, from a copy at most {@link LIVE_VERSIONS_MS} old. An
 * older copy is answered at once while one read refreshes it for the next callers (a page never
 * waits for the database, and a database that cannot answer leaves the copy it had); only the first
 * call, and the first after a switch in this process, wait for their read.
 * @throws the database's error when there is no copy yet and the read fails (the next call tries again)
 */
export function liveVersions(db: Db, now = Date.now()): Promise<LiveVersions> {
  let copy = copies.get(db);
  if (!copy) copies.set(db, (copy = { value: null, readAt: 0, generation: 0, pending: null, pendingGeneration: 0 }));
  const current = copy;
  if (current.value && now - current.readAt < LIVE_VERSIONS_MS) return Promise.resolve(current.value);
  if (!current.pending || current.pendingGeneration !== current.generation) {
    const generation = current.generation;
    const pending = readLiveVersions(db)
      .then((value) => {
        if (current.generation === generation) Object.assign(current, { value, readAt: Date.now() });
        return value;
      })
      .finally(() => {
        if (current.pending === pending) current.pending = null;
      });
    Object.assign(current, { pending, pendingGeneration: generation });
  }
  if (!current.value) return current.pending!;
  // The refresh's failure is the next caller's to retry; this one has its answer.
  current.pending!.catch(() => undefined);
  return Promise.resolve(current.value);
}

/** Drops this process's copy after a switch, so the next page reads the versions at once. */
export function refreshLiveVersions(db: Db): void {
  const copy = copies.get(db);
  if (copy) Object.assign(copy, { value: null, readAt: 0, generation: copy.generation + 1 });
}

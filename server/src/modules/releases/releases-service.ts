/**
 * Remotes' releases (issue 35): publishing a remote's build as an immutable version (item 1), the
 * switches that choose what visitors get (promote, rollback: item 2; canary: item 3), where each
 * remote stands (item 5) and housekeeping (item 7). Owns `remote_releases`, `remote_activations`
 * and `remote_canaries`; a release's files are the private keys `releases/<remote>/<version>/…` of
 * the app's FileStorage (the data folder or the bucket). Every write on one remote takes that
 * remote's advisory lock in its transaction, so switches, releases and pruning never interleave.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { RELEASE_PREVIEW_HOURS, REMOTE_NAMES, type RemoteName, type RemoteRelease, type RemoteReleaseStatus } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import type { FileStorage } from '../../lib/storage';
import { CANARY_ROLLBACK, canaryCounts } from './canary-counts';
import { refreshLiveVersions } from './live-versions';
import { RELEASES_MESSAGES } from './messages';
import { readRelease, versionOf } from './release-archive';
import { assertShellAccepts } from './release-guard';
import { remoteActivations, remoteCanaries, remotePreviews, remoteReleases } from './tables';

/** Class of the advisory locks of the remotes' releases (`pg_advisory_xact_lock(3500, <remote's index>)`). */
const RELEASES_LOCK_NAMESPACE = 3500;

/** Files written to the store at once while a release is stored. */
const STORE_CONCURRENCY = 8;

type ReleaseRow = typeof remoteReleases.$inferSelect;
type CanaryRow = typeof remoteCanaries.$inferSelect;

/**
 * What a remote's switches look at: its releases and live activations (newest first), its canary
 * and the super users' previews that have not expired.
 */
interface RemoteState {
  releases: ReleaseRow[];
  activations: Array<{ id: number; release_id: number | null }>;
  canary: CanaryRow | null;
  previews: Array<{ user_id: number; release_id: number }>;
}

/** True for a name of REMOTE_NAMES. */
export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** The private folder of a release's files. */
export function releaseFolder(remote: RemoteName, version: string): string {
  return `releases/${remote}/${version}/`;
}

function toRelease(row: ReleaseRow): RemoteRelease {
  return {
    id: row.id,
    remote: row.remote as RemoteName,
    version: row.version,
    package_version: row.package_version,
    commit: row.commit,
    released_by: row.released_by,
    released_at: toIso(row.released_at),
    contracts_version: row.contracts_version,
    singletons: row.singletons,
    size_bytes: row.size_bytes,
    pruned: row.pruned_at !== null,
  };
}

async function lockRemote(tx: Db, remote: RemoteName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RELEASES_LOCK_NAMESPACE}, ${REMOTE_NAMES.indexOf(remote)})`);
}

/** Runs `work` in a transaction holding `remote`'s lock. */
function withRemoteLocked<T>(db: Db, remote: RemoteName, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockRemote(tx, remote);
    return work(tx);
  });
}

/** The state of each of `remotes`, four queries in all. */
async function statesOf(db: Db, remotes: readonly RemoteName[]): Promise<Map<RemoteName, RemoteState>> {
  const names = [...remotes];
  const releases = await db.select().from(remoteReleases).where(inArray(remoteReleases.remote, names)).orderBy(desc(remoteReleases.id));
  const activations = await db
    .select({ id: remoteActivations.id, remote: remoteActivations.remote, release_id: remoteActivations.release_id })
    .from(remoteActivations)
    .where(and(inArray(remoteActivations.remote, names), isNull(remoteActivations.rolled_back_at)))
    .orderBy(desc(remoteActivations.id));
  const canaries = await db.select().from(remoteCanaries).where(inArray(remoteCanaries.remote, names));
  const previews = await db
    .select({ remote: remotePreviews.remote, user_id: remotePreviews.user_id, release_id: remotePreviews.release_id })
    .from(remotePreviews)
    .where(and(inArray(remotePreviews.remote, names), gt(remotePreviews.expires_at, sql`now()`)));
  return new Map(
    remotes.map((remote) => [
      remote,
      {
        releases: releases.filter((row) => row.remote === remote),
        activations: activations.filter((row) => row.remote === remote),
        canary: canaries.find((row) => row.remote === remote) ?? null,
        previews: previews.filter((row) => row.remote === remote),
      },
    ]),
  );
}

async function stateOf(db: Db, remote: RemoteName): Promise<RemoteState> {
  return (await statesOf(db, [remote])).get(remote)!;
}

const releaseById = (state: RemoteState, id: number | null) => (id === null ? null : (state.releases.find((row) => row.id === id) ?? null));

/** The active release; null: the remote's own build. */
function activeRelease(state: RemoteState): ReleaseRow | null {
  return releaseById(state, state.activations[0]?.release_id ?? null);
}

/**
 * What a rollback does: the activations it marks rolled back (the active one, and any before it
 * whose files were pruned since) and the release then active (null: the remote's own build);
 * undefined when the remote has no activation left.
 */
function rollbackPlan(state: RemoteState): { rolledBack: number[]; target: ReleaseRow | null } | undefined {
  const [current, ...earlier] = state.activations;
  if (!current) return undefined;
  const rolledBack = [current.id];
  for (const activation of earlier) {
    const release = releaseById(state, activation.release_id);
    if (!release || release.pruned_at === null) return { rolledBack, target: release };
    rolledBack.push(activation.id);
  }
  return { rolledBack, target: null };
}

/** Where a remote stands as `viewer` (a user's id; 0 for the deploy token) sees it, its canary's figures read. */
async function statusOf(db: Db, remote: RemoteName, state: RemoteState, viewer: number): Promise<RemoteReleaseStatus> {
  const canary = state.canary && releaseById(state, state.canary.release_id);
  const plan = rollbackPlan(state);
  const preview = state.previews.find((row) => row.user_id === viewer);
  return {
    remote,
    active_version: activeRelease(state)?.version ?? null,
    previous_version: plan && (plan.target?.version ?? null),
    canary: canary
      ? {
          version: canary.version,
          share: state.canary!.share,
          started_at: toIso(state.canary!.started_at),
          ...(await canaryCounts(db, remote, canary.version)),
          window_minutes: CANARY_ROLLBACK.windowMinutes,
        }
      : null,
    preview_version: (preview && releaseById(state, preview.release_id)?.version) ?? null,
    releases: state.releases.map(toRelease),
  };
}

/**
 * Where every remote of REMOTE_NAMES stands, in that order (`GET /api/dashboard/releases`, item 5).
 * @param viewer the signed-in user's id, whose preview each status names; 0 for the deploy token
 */
export async function releaseStatuses(db: Db, viewer: number): Promise<RemoteReleaseStatus[]> {
  const states = await statesOf(db, REMOTE_NAMES);
  return Promise.all(REMOTE_NAMES.map((remote) => statusOf(db, remote, states.get(remote)!, viewer)));
}

/** Where one remote stands as `viewer` sees it (see {@link releaseStatuses}): what every switch answers. */
export async function releaseStatus(db: Db, remote: RemoteName, viewer: number): Promise<RemoteReleaseStatus> {
  return statusOf(db, remote, await stateOf(db, remote), viewer);
}

/**
 * The kept release `version` of the remote.
 * @throws ApiError 404 `versionUnknown`; 422 `versionPruned` when its files were pruned
 */
function usableRelease(state: RemoteState, version: string): ReleaseRow {
  const release = state.releases.find((row) => row.version === version);
  if (!release) throw notFound(RELEASES_MESSAGES.versionUnknown(version));
  if (release.pruned_at !== null) throw new ApiError(422, RELEASES_MESSAGES.versionPruned(version));
  return release;
}

/** What publishing a release takes besides its caller. */
export interface ReleaseInput {
  remote: RemoteName;
  /** The tar.gz of the remote's `dist`. */
  tarball: Buffer;
  /** `x.y.z`: the remote's package version. */
  packageVersion: string;
  commit: string | null;
  /** The running shell's build folder, whose `federation-versions.json` the guard reads. */
  shellDist: string;
  /** Releases kept per remote (RELEASES_KEPT). */
  kept: number;
}

/** Writes every file of a release under its folder, {@link STORE_CONCURRENCY} at a time. */
async function storeFiles(storage: FileStorage, folder: string, files: Map<string, Buffer>): Promise<void> {
  const entries = [...files];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [file, content] = entries[next++]!;
      await storage.putPrivate(folder + file, content);
    }
  };
  await Promise.all(Array.from({ length: Math.min(STORE_CONCURRENCY, entries.length) }, worker));
}

/**
 * Publishes a remote's build as an immutable version (issue 35 item 1), never making it active:
 * reads and checks the tarball, names the version `<package version>+<7 hex digits of its
 * content hash>`, refuses a build the running shell does not accept (item 4), stores its files,
 * records it with its audit entry (`release`), then prunes the remote's old releases (item 7; a
 * failure there is reported to `onPruneError`, the release stands).
 * @throws ApiError 422 for a bad tarball (release-archive.ts) or the guard (release-guard.ts);
 * 409 `releaseExists` when the same build was released before (nothing changes)
 */
export async function publishRelease(
  db: Db,
  storage: FileStorage,
  input: ReleaseInput,
  audit: AuditContext,
  onPruneError: (error: unknown) => void,
): Promise<RemoteRelease> {
  const { remote, packageVersion } = input;
  const { files, sizeBytes, federation } = await readRelease(input.tarball);
  const version = versionOf(packageVersion, files);
  const exists = async () =>
    (await db.select({ id: remoteReleases.id }).from(remoteReleases).where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)))).length > 0;
  if (await exists()) throw new ApiError(409, RELEASES_MESSAGES.releaseExists(version));
  await assertShellAccepts(input.shellDist, federation);
  const folder = releaseFolder(remote, version);
  try {
    await storeFiles(storage, folder, files);
  } catch (error) {
    // Another call storing the same build (the same bytes) keeps its files.
    if (!(await exists())) await storage.deletePrivatePrefix(folder);
    throw error;
  }
  const values = {
    remote,
    version,
    package_version: packageVersion,
    commit: input.commit,
    released_by: audit.actorName,
    contracts_version: federation.contracts,
    singletons: federation.singletons,
    size_bytes: sizeBytes,
  };
  const row = await withRemoteLocked(db, remote, async (tx) => {
    const [inserted] = await tx.insert(remoteReleases).values(values).returning();
    await audit.record(tx, { entity: 'remote_release', id: inserted!.id, action: 'release', after: values });
    return inserted!;
  }).catch((error: unknown) => {
    throw uniqueViolation(error) ? new ApiError(409, RELEASES_MESSAGES.releaseExists(version)) : error;
  });
  await pruneReleases(db, storage, remote, { kept: input.kept }, audit).catch(onPruneError);
  return toRelease(row);
}

/**
 * Makes `version` the one every visitor gets (issue 35 item 2): a new activation; when it was the
 * canary, the canary ends. Audited as `promote` with the versions before and after.
 * @throws ApiError 404 unknown version, 422 pruned, 409 `alreadyActive`
 */
export async function promoteRelease(db: Db, remote: RemoteName, version: string, audit: AuditContext): Promise<RemoteReleaseStatus> {
  await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    const release = usableRelease(state, version);
    const active = activeRelease(state);
    if (active?.id === release.id) throw new ApiError(409, RELEASES_MESSAGES.alreadyActive(version));
    await tx.insert(remoteActivations).values({ remote, release_id: release.id, activated_by: audit.actorName });
    const endsCanary = state.canary?.release_id === release.id;
    if (endsCanary) await tx.delete(remoteCanaries).where(eq(remoteCanaries.remote, remote));
    await audit.record(tx, {
      entity: 'remote_release',
      id: release.id,
      action: 'promote',
      before: { remote, version: active?.version ?? null, ...(endsCanary ? { canary: version } : {}) },
      after: { remote, version, ...(endsCanary ? { canary: null } : {}) },
      keep: ['remote'],
    });
  });
  refreshLiveVersions(db);
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * Goes back to the version active before (issue 35 item 2): the active activation is marked rolled
 * back (and any earlier one whose files were pruned since), so the one before it, or the remote's
 * own build, is active again. A running canary stays. Audited as `rollback` with both versions.
 * @throws ApiError 422 `nothingToRollBack` when the remote has no activation left
 */
export async function rollbackRelease(db: Db, remote: RemoteName, audit: AuditContext): Promise<RemoteReleaseStatus> {
  await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    const plan = rollbackPlan(state);
    if (!plan) throw new ApiError(422, RELEASES_MESSAGES.nothingToRollBack);
    const from = activeRelease(state);
    await tx.update(remoteActivations).set({ rolled_back_at: sql`now()` }).where(inArray(remoteActivations.id, plan.rolledBack));
    await audit.record(tx, {
      entity: 'remote_release',
      id: from?.id ?? null,
      action: 'rollback',
      before: { remote, version: from?.version ?? null },
      after: { remote, version: plan.target?.version ?? null },
      keep: ['remote'],
    });
  });
  refreshLiveVersions(db);
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * Starts the remote's canary, or changes its version or share (issue 35 item 3): `share` percent
 * of visitors (1..99) get `version`. Audited as `canary` with the canary before and after.
 * @throws ApiError 404 unknown version, 422 pruned, 422 `canaryIsActive` for the active version
 */
export async function startCanary(db: Db, remote: RemoteName, version: string, share: number, audit: AuditContext): Promise<RemoteReleaseStatus> {
  await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    const release = usableRelease(state, version);
    if (activeRelease(state)?.id === release.id) throw new ApiError(422, RELEASES_MESSAGES.canaryIsActive(version));
    const before = state.canary ? { version: releaseById(state, state.canary.release_id)?.version ?? null, share: state.canary.share } : { version: null, share: null };
    await tx
      .insert(remoteCanaries)
      .values({ remote, release_id: release.id, share, started_by: audit.actorName })
      .onConflictDoUpdate({
        target: remoteCanaries.remote,
        // A new share of the same version keeps its start.
        set: {
          release_id: release.id,
          share,
          started_by: audit.actorName,
          started_at: sql`case when ${remoteCanaries.release_id} = ${release.id} then ${remoteCanaries.started_at} else now() end`,
        },
      });
    await audit.record(tx, { entity: 'remote_release', id: release.id, action: 'canary', before: { remote, ...before }, after: { remote, version, share }, keep: ['remote'] });
  });
  refreshLiveVersions(db);
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * Ends the remote's canary: every visitor gets the active version. Audited as `canary`.
 * @throws ApiError 404 `noCanary` when none runs
 */
export async function endCanary(db: Db, remote: RemoteName, audit: AuditContext): Promise<RemoteReleaseStatus> {
  if (!(await endCanaryFor(db, remote, null, audit))) throw notFound(RELEASES_MESSAGES.noCanary);
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * Ends the remote's canary when it runs (and is `version`, when given). With a `reason` it is the
 * server's rollback of a failing canary (issue 35 item 4), audited as `rollback` with the reason;
 * otherwise audited as `canary`.
 * @returns false when no such canary runs (nothing changed)
 */
export async function endCanaryFor(db: Db, remote: RemoteName, version: string | null, audit: AuditContext, reason?: Record<string, unknown>): Promise<boolean> {
  const ended = await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    if (!state.canary) return false;
    const release = releaseById(state, state.canary.release_id);
    if (version !== null && release?.version !== version) return false;
    await tx.delete(remoteCanaries).where(eq(remoteCanaries.remote, remote));
    await audit.record(tx, {
      entity: 'remote_release',
      id: state.canary.release_id,
      action: reason ? 'rollback' : 'canary',
      before: { remote, version: release?.version ?? null, share: state.canary.share },
      after: { remote, version: null, share: null, ...(reason && { reason }) },
      keep: ['remote'],
    });
    return true;
  });
  if (ended) refreshLiveVersions(db);
  return ended;
}

/**
 * Housekeeping (issue 35 item 7): keeps the newest `kept` releases of the remote not pruned yet,
 * and prunes the older ones (their files deleted, `pruned_at` set, an audit entry `prune` each),
 * never the active one, the canary, the one a rollback would activate, nor one a super user's
 * preview pins (item 3). Answers the pruned versions.
 */
export async function pruneReleases(db: Db, storage: FileStorage, remote: RemoteName, options: { kept: number }, audit: AuditContext): Promise<string[]> {
  const pruned = await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    const held = new Set([activeRelease(state)?.id, state.canary?.release_id, rollbackPlan(state)?.target?.id, ...state.previews.map((row) => row.release_id)]);
    const older = state.releases.filter((row) => row.pruned_at === null).slice(Math.max(options.kept, 1));
    const doomed = older.filter((row) => !held.has(row.id));
    if (doomed.length === 0) return [];
    await tx.update(remoteReleases).set({ pruned_at: sql`now()` }).where(inArray(remoteReleases.id, doomed.map((row) => row.id)));
    await audit.record(
      tx,
      doomed.map((row) => ({
        entity: 'remote_release' as const,
        id: row.id,
        action: 'prune' as const,
        before: { remote, version: row.version, pruned: false },
        after: { remote, version: row.version, pruned: true },
        keep: ['remote', 'version'],
      })),
    );
    return doomed;
  });
  // Marked first: a release whose files are going is never activated meanwhile.
  for (const row of pruned) await storage.deletePrivatePrefix(releaseFolder(remote, row.version));
  return pruned.map((row) => row.version);
}

/**
 * Starts or changes `audit`'s user's preview of the remote (issue 35 item 3): their pages get
 * `version` for {@link RELEASE_PREVIEW_HOURS} hours, whatever visitors get; the version is kept from
 * housekeeping meanwhile. Audited as `preview`.
 * @throws ApiError 404 unknown version, 422 pruned
 */
export async function startPreview(db: Db, remote: RemoteName, version: string, audit: AuditContext): Promise<RemoteReleaseStatus> {
  await withRemoteLocked(db, remote, async (tx) => {
    const state = await stateOf(tx, remote);
    const release = usableRelease(state, version);
    const before = state.previews.find((row) => row.user_id === audit.actorId);
    const expiresAt = sql`now() + make_interval(hours => ${RELEASE_PREVIEW_HOURS})`;
    await tx
      .insert(remotePreviews)
      .values({ user_id: audit.actorId, remote, release_id: release.id, expires_at: expiresAt })
      .onConflictDoUpdate({ target: [remotePreviews.user_id, remotePreviews.remote], set: { release_id: release.id, expires_at: expiresAt } });
    const previous = before ? (releaseById(state, before.release_id)?.version ?? null) : null;
    await audit.record(tx, { entity: 'remote_release', id: release.id, action: 'preview', before: { remote, version: previous }, after: { remote, version }, keep: ['remote'] });
  });
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * Ends `audit`'s user's preview of the remote: their pages get what visitors get. Audited as `preview`.
 * @throws ApiError 404 `noPreview` when they preview none
 */
export async function endPreview(db: Db, remote: RemoteName, audit: AuditContext): Promise<RemoteReleaseStatus> {
  await withRemoteLocked(db, remote, async (tx) => {
    const [ended] = await tx
      .delete(remotePreviews)
      .where(and(eq(remotePreviews.user_id, audit.actorId), eq(remotePreviews.remote, remote)))
      .returning({ release_id: remotePreviews.release_id, expires_at: remotePreviews.expires_at });
    if (!ended || ended.expires_at.getTime() <= Date.now()) throw notFound(RELEASES_MESSAGES.noPreview);
    const [release] = await tx.select({ version: remoteReleases.version }).from(remoteReleases).where(eq(remoteReleases.id, ended.release_id));
    await audit.record(tx, { entity: 'remote_release', id: ended.release_id, action: 'preview', before: { remote, version: release?.version ?? null }, after: { remote, version: null }, keep: ['remote'] });
  });
  return releaseStatus(db, remote, audit.actorId);
}

/**
 * The versions `userId` previews (issue 35 item 3), by remote; none without an unexpired preview.
 * Read for each page of a request that carries the preview cookie.
 */
export async function previewsOf(db: Db, userId: number): Promise<Partial<Record<RemoteName, string>>> {
  const rows = await db
    .select({ remote: remotePreviews.remote, version: remoteReleases.version })
    .from(remotePreviews)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remotePreviews.release_id))
    .where(and(eq(remotePreviews.user_id, userId), gt(remotePreviews.expires_at, sql`now()`), isNull(remoteReleases.pruned_at)));
  return Object.fromEntries(rows.map((row) => [row.remote, row.version]));
}

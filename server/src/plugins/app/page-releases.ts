/**
 * Which versions of the remotes each page gets (issue 35): the active releases (item 2), a canary
 * to the share of visitors whose bucket is below it (item 3), a super user's own previews (item 3);
 * and the renderers of the pages of sets other than the active one, each in a worker thread of its
 * own (page-renderer.ts), so a page is rendered on the server and hydrated in the browser from the
 * same versions. static-site.ts serves the pages with them.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPermission, SUPER_ONLY, type RemoteManifestEntry, type RemoteName } from '@shop/contracts';
import { canaryViewsOf, liveVersions, previewsOf, type LiveVersions } from '../../modules/releases';
import { AUTH_COOKIE, getAuth } from './auth';
import type { PageRenderer } from './page-renderer';

/** Each remote's release a page gets (issue 35), null for a remote that serves its own build. */
export type ActiveReleases = Partial<Record<RemoteName, string | null>>;

/**
 * The remote list pages get (issue 35 item 2): `list`, with each remote that has an active release
 * loaded from that version's files (`/remotes/<name>/releases/<version>/mf-manifest.json`, served by
 * this process from the store), the others as listed.
 */
export function withActiveReleases(list: RemoteManifestEntry[], active: ActiveReleases): RemoteManifestEntry[] {
  return list.map((item) => {
    const version = active[item.name as RemoteName];
    return version ? { name: item.name, entry: `/remotes/${item.name}/releases/${version}/mf-manifest.json` } : item;
  });
}

/** Cookie of a visitor's canary bucket (issue 35 item 3): a whole number 0–99, kept a year. */
export const CANARY_COOKIE = 'canary_bucket';

/**
 * Cookie set while a super user previews a version of a remote (issue 35 item 3,
 * routes/releases): their pages look up their previews; nobody else's page does.
 */
export const PREVIEW_COOKIE = 'release_preview';

/**
 * The releases a visitor in `bucket` (0–99) gets (issue 35 item 3): each remote's canary when the
 * bucket is below its share (a 10 % canary: buckets 0–9), else its active release.
 */
export function releasesOfBucket(live: LiveVersions, bucket: number): ActiveReleases {
  return Object.fromEntries(
    Object.entries(live).map(([name, versions]) => [name, versions.canary && bucket < versions.canary.share ? versions.canary.version : versions.active]),
  );
}

const releasesKeys = new WeakMap<ActiveReleases, string>();
/** A set of releases as a key, made once per object (the active set is the same object while nothing changes). */
export function releasesKey(releases: ActiveReleases): string {
  let key = releasesKeys.get(releases);
  if (key === undefined) releasesKeys.set(releases, (key = JSON.stringify(releases)));
  return key;
}

/** The releases of the pages: the active ones, and a request's own where they differ. */
export interface PageReleases {
  /** The active release of each remote, as this process last read them: the same object while nothing changes. */
  active: () => ActiveReleases;
  /** The releases of a page request where they differ from the active ones (a canary visitor's, a preview's). */
  of: (request: FastifyRequest) => ActiveReleases | undefined;
  /** Decides the releases of a page request, before it is answered (an `onRequest` hook's work). */
  choose: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * The releases of the pages. `choose`, before every page request, reads each remote's active
 * release and canary (modules/releases: at most a second old; while the database cannot answer, the
 * last read), gives a visitor a canary bucket while a canary runs, counts the canary's page views
 * (item 4), and lays a signed-in super user's previews over the rest.
 * @param onChange called with the versions whenever they change (the renderers of a new canary start)
 */
export function pageReleases(app: FastifyInstance, onChange: (live: LiveVersions, active: ActiveReleases) => void): PageReleases {
  let live: LiveVersions | null = null;
  let activeReleases: ActiveReleases = {};
  const requests = new WeakMap<FastifyRequest, ActiveReleases>();
  const viewsLost = (error: unknown) => app.log.warn({ err: error }, "a canary's page views could not be added");
  const canaryViews = canaryViewsOf(app.db, viewsLost);
  app.addHook('onClose', () => canaryViews.close().catch(viewsLost));

  async function choose(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const fresh = await liveVersions(app.db);
      // A copy is read again every second: the active set (and the renderers) change only with its content.
      if (fresh !== live && JSON.stringify(fresh) !== JSON.stringify(live)) {
        activeReleases = Object.fromEntries(Object.entries(fresh).map(([name, versions]) => [name, versions.active]));
        onChange(fresh, activeReleases);
      }
      live = fresh;
    } catch (error) {
      request.log.warn({ err: error }, 'the releases could not be read; pages keep the ones last read');
    }
    let releases = activeReleases;
    if (live && Object.values(live).some((versions) => versions.canary)) {
      // A visitor keeps their bucket, so a canary's share is the same visitors from page to page.
      let bucket = Number(request.cookies[CANARY_COOKIE]);
      if (!Number.isInteger(bucket) || bucket < 0 || bucket > 99) {
        bucket = randomInt(100);
        reply.setCookie(CANARY_COOKIE, String(bucket), { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax', httpOnly: true, secure: app.settings.cookieSecure });
      }
      releases = releasesOfBucket(live, bucket);
      // The canary's page views, against which its reported load errors are weighed (item 4).
      for (const [name, versions] of Object.entries(live)) {
        if (versions.canary && releases[name as RemoteName] === versions.canary.version) canaryViews.count(name as RemoteName, versions.canary.version);
      }
    }
    // A super user's own previews go over what the page would have.
    if (request.cookies[PREVIEW_COOKIE] && request.cookies[AUTH_COOKIE]) {
      const user = (await getAuth(request))?.user;
      if (user && hasPermission(user, SUPER_ONLY)) releases = { ...releases, ...(await previewsOf(app.db, user.id)) };
    }
    if (releasesKey(releases) !== releasesKey(activeReleases)) requests.set(request, releases);
  }

  return { active: () => activeReleases, of: (request) => requests.get(request), choose };
}

/**
 * The most sets of releases other than the active ones (a canary's, a preview's) rendered on the
 * server at once, each by a worker thread of about 100 MB; a page of another set takes the place of
 * the least recently used one (whose worker stops once its renders end).
 */
export const RENDER_WORKERS = 2;

/** An isolated renderer no page has used for this long stops, and its worker's memory is returned, ms. */
export const RENDER_WORKER_IDLE_MS = 10 * 60_000;

/** The isolated renderers of the pages of sets other than the active one (issue 35 item 2). */
export interface IsolatedRenderers {
  /** The renderer of the pages of `releases`, made (its worker started) the first time. */
  of(releases: ActiveReleases): PageRenderer;
  /** Starts the renderers of a canary's pages (each set a bucket can get), so its first visitor does not wait for a worker. */
  prewarm(live: LiveVersions): void;
  /** Stops every worker once its renders end. */
  close(): Promise<void>;
}

/**
 * Keeps at most {@link RENDER_WORKERS} isolated renderers, the least recently used first out, and
 * stops one no page has used for `idleMs` (a preview ended, a canary without visitors).
 * @param create makes the isolated renderer of a set of releases
 * @param active the active releases, whose pages the process's own renderer renders
 */
export function isolatedRenderers(
  create: (releases: ActiveReleases) => PageRenderer,
  active: () => ActiveReleases,
  { idleMs = RENDER_WORKER_IDLE_MS }: { idleMs?: number } = {},
): IsolatedRenderers {
  /** The renderers by their releases' key, the least recently used first, with when each was last used. */
  const renderers = new Map<string, { renderer: PageRenderer; usedAt: number }>();
  const stop = (key: string) => {
    const kept = renderers.get(key);
    renderers.delete(key);
    void kept?.renderer.close();
  };
  const sweep = setInterval(() => {
    for (const [key, { usedAt }] of renderers) if (Date.now() - usedAt >= idleMs) stop(key);
  }, idleMs);
  sweep.unref();
  const of = (releases: ActiveReleases) => {
    const key = releasesKey(releases);
    const renderer = renderers.get(key)?.renderer ?? create(releases);
    renderers.delete(key);
    renderers.set(key, { renderer, usedAt: Date.now() });
    for (const oldKey of renderers.keys()) {
      if (renderers.size <= RENDER_WORKERS) break;
      stop(oldKey);
    }
    return renderer;
  };
  return {
    of,
    prewarm(live) {
      if (!Object.values(live).some((versions) => versions.canary)) return;
      const sets = new Map<string, ActiveReleases>();
      for (let bucket = 0; bucket < 100; bucket++) {
        const releases = releasesOfBucket(live, bucket);
        const key = JSON.stringify(releases);
        if (key !== releasesKey(active())) sets.set(key, releases);
      }
      for (const releases of sets.values()) of(releases);
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([...renderers.values()].map(({ renderer }) => renderer.close()));
      renderers.clear();
    },
  };
}

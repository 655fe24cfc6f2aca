/**
 * Remotes' releases (issue 35): a remote's `dist` released as a version named by the server from
 * its content (item 1), served immutable from the store, refused when the running shell does not
 * accept it (item 4) or the tarball is unsafe; promote, rollback and canary with their refusals
 * (items 2, 3); who may call (the deploy token or a super user's session, with CSRF); housekeeping
 * (item 7); and an audit entry for every switch with who made it.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { create as createTar } from 'tar';
import type { AuditEntry, FederationVersions, Paginated, RemoteRelease, RemoteReleaseStatus } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { issueToken } from '../../../src/modules/users/access-tokens';
import { remoteReleases } from '../../../src/modules/releases/tables';
import { canaryViewsOf, liveVersions, pruneReleases } from '../../../src/modules/releases';
import { auditActor } from '../../../src/modules/audit';
import { headersOf, newStaff } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders, tempDir } from '../../helpers/test-app';

const BASE = '/api/dashboard/releases';
const TOKEN = 'release-test-deploy-token-0123456789abcdef';
const DEPLOY = { 'x-deploy-token': TOKEN };
const SHELL_VERSIONS: FederationVersions = { contracts: '1.5.0', singletons: { react: '19.2.1', 'react-dom': '19.2.1', '@mui/material': '7.3.4' } };

/** The version the server must name a release of these files (issue 35 item 1), computed here independently. */
function expectedVersion(packageVersion: string, files: Record<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\0${createHash('sha256').update(files[name]!).digest('hex')}\n`);
  return `${packageVersion}+${hash.digest('hex').slice(0, 7)}`;
}

describe.each(DB_TARGETS)('remote releases on %s', (target) => {
  let app: FastifyInstance;
  let dataDir: string;
  let shellDist: string;
  let work: string;
  let superName: string;
  let superId: number;

  beforeAll(async () => {
    dataDir = tempDir('shop-releases-');
    work = tempDir('shop-release-builds-');
    shellDist = path.join(work, 'shell-dist');
    fs.mkdirSync(shellDist);
    fs.writeFileSync(path.join(shellDist, 'federation-versions.json'), JSON.stringify(SHELL_VERSIONS));
    app = await buildTestApp(target, { dataDir, shellDist, serveStatic: true, deployToken: TOKEN, releasesKept: 2, rateLimit: { global: 1_000_000 } });
    const [row] = await app.db.select({ id: users.id, name: users.full_name }).from(users).where(eq(users.email, 'super@example.com'));
    superId = row!.id;
    superName = row!.name;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let builds = 0;
  /** A fake `dist` of a remote: its files by relative path, written to a folder of its own. */
  function makeDist(marker: string, versions: FederationVersions = SHELL_VERSIONS, extra: Record<string, Buffer> = {}) {
    const dir = path.join(work, `dist-${(builds += 1)}`);
    const files: Record<string, Buffer> = {
      'mf-manifest.json': Buffer.from(JSON.stringify({ id: 'content', marker })),
      'remoteEntry.js': Buffer.from(`/* ${marker} */ var content;`),
      'server/mf-manifest.json': Buffer.from(JSON.stringify({ id: 'content', server: true })),
      'static/js/412.3f9c2a1d.js': Buffer.from(`console.log(${JSON.stringify(marker)});`),
      'federation-versions.json': Buffer.from(JSON.stringify(versions)),
      ...extra,
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return { dir, files };
  }
  const tarball = (dir: string, entries = ['.'], options: { preservePaths?: boolean } = {}) =>
    createTar({ gzip: true, cwd: dir, portable: true, ...options }, entries).concat();

  const release = (body: Buffer, query = 'package_version=1.0.0&by=ci-bot', headers: Record<string, string> = DEPLOY, remote = 'content') =>
    app.inject({ method: 'POST', url: `${BASE}/${remote}?${query}`, headers: { 'content-type': 'application/gzip', ...headers }, payload: body });
  const call = (options: InjectOptions, headers: Record<string, string> = DEPLOY) => app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const content = async (): Promise<RemoteReleaseStatus> => {
    const response = await call({ url: BASE });
    expect(response.statusCode).toBe(200);
    const all = response.json<{ data: RemoteReleaseStatus[] }>().data;
    expect(all.map((status) => status.remote)).toEqual(['content', 'commerce', 'users-permissions', 'support']);
    return all[0]!;
  };
  const switchTo = async (url: string, payload?: object, status = 200, headers: Record<string, string> = DEPLOY) => {
    const response = await call({ method: url.endsWith('canary') && !payload ? 'DELETE' : 'POST', url: `${BASE}/content/${url}?by=ci-bot`, ...(payload ? { payload } : {}) }, headers);
    expect([response.statusCode, response.body]).toEqual([status, expect.anything()]);
    return response.json<{ data: RemoteReleaseStatus; message: string; errors?: Record<string, string[]> }>();
  };
  const rowsOf = (version: string) => app.db.select().from(remoteReleases).where(and(eq(remoteReleases.remote, 'content'), eq(remoteReleases.version, version)));
  const releaseFiles = (version: string) => path.join(dataDir, 'private', 'releases', 'content', version);

  const versions: string[] = [];

  it('releases by the deploy token: 201, the version named by its content, stored, not active', async () => {
    const { dir, files } = makeDist('v1');
    const response = await release(await tarball(dir), 'package_version=1.0.0&commit=ABCDEF1234&by=ci-bot');
    expect([response.statusCode, response.body]).toEqual([201, expect.anything()]);
    const made = response.json<{ data: RemoteRelease }>().data;
    expect(made).toEqual({
      id: expect.any(Number),
      remote: 'content',
      version: expectedVersion('1.0.0', files),
      package_version: '1.0.0',
      commit: 'abcdef1234',
      released_by: 'توکن انتشار (ci-bot)',
      released_at: expect.any(String),
      contracts_version: '1.5.0',
      singletons: SHELL_VERSIONS.singletons,
      size_bytes: Object.values(files).reduce((sum, file) => sum + file.length, 0),
      pruned: false,
    });
    expect(made.version).toMatch(/^1\.0\.0\+[0-9a-f]{7}$/);
    versions.push(made.version);
    expect(fs.readFileSync(path.join(releaseFiles(made.version), 'server', 'mf-manifest.json'))).toEqual(files['server/mf-manifest.json']);
    const status = await content();
    expect(status).toEqual({ remote: 'content', active_version: null, canary: null, preview_version: null, releases: [made] });
    expect('previous_version' in status).toBe(false);
    // Concurrent callers share one read of the versions.
    const [first, second] = await Promise.all([liveVersions(app.db), liveVersions(app.db)]);
    expect(first).toBe(second);
    expect(first.content).toEqual({ active: null, canary: null });
  });

  it('refuses the same build again (409 naming it) and changes nothing', async () => {
    const { dir } = makeDist('v1');
    const response = await release(await tarball(dir), 'package_version=1.0.0');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain(versions[0]);
    expect(await rowsOf(versions[0]!)).toHaveLength(1);
  });

  it('serves a release\'s files from the store, cached for good; 404 for an unknown version or file', async () => {
    const manifest = await app.inject({ url: `/remotes/content/releases/${versions[0]}/mf-manifest.json` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(manifest.json()).toEqual({ id: 'content', marker: 'v1' });
    const chunk = await app.inject({ url: `/remotes/content/releases/${versions[0]}/static/js/412.3f9c2a1d.js` });
    expect([chunk.statusCode, chunk.headers['content-type'], chunk.body]).toEqual([200, expect.stringMatching(/^application\/javascript/), 'console.log("v1");']);
    for (const url of [
      '/remotes/content/releases/9.9.9+abcdef0/mf-manifest.json',
      `/remotes/content/releases/${versions[0]}/missing.js`,
      `/remotes/commerce/releases/${versions[0]}/mf-manifest.json`,
      `/remotes/content/releases/${versions[0]}/.hidden`,
    ]) {
      expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 404]);
    }
  });

  it("refuses a release the running shell does not accept (422 naming both versions), storing nothing", async () => {
    const { dir, files } = makeDist('v-next', { contracts: '2.0.0', singletons: { react: '19.0.0', '@mui/material': '7.0.0' } });
    const response = await release(await tarball(dir), 'package_version=2.0.0');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message.split('\n')).toEqual([
      'این نسخه با @shop/contracts 2.0.0 ساخته شده و پوستهٔ در حال اجرا ^1.0.0 را می‌پذیرد.',
      'این نسخه react-dom را ندارد و پوستهٔ در حال اجرا ^19.0.0 را می‌پذیرد.',
    ]);
    const version = expectedVersion('2.0.0', files);
    expect(await rowsOf(version)).toHaveLength(0);
    expect(fs.existsSync(releaseFiles(version))).toBe(false);
    // Without the shell's build there is nothing to check against.
    const shellFile = path.join(shellDist, 'federation-versions.json');
    fs.renameSync(shellFile, `${shellFile}.away`);
    try {
      const unbuilt = await release(await tarball(makeDist('v-unbuilt').dir), 'package_version=1.0.1');
      expect([unbuilt.statusCode, unbuilt.json<{ message: string }>().message]).toEqual([422, expect.stringContaining('npm run build -w shell')]);
    } finally {
      fs.renameSync(`${shellFile}.away`, shellFile);
    }
  });

  it('refuses unsafe, incomplete or unreadable tarballs and bad input with 422 (415 for another body)', async () => {
    const { dir } = makeDist('v-evil');
    fs.writeFileSync(path.join(dir, '..', 'x'), 'outside');
    const dotDot = await release(await tarball(dir, ['mf-manifest.json', 'remoteEntry.js', 'server', 'federation-versions.json', '../x'], { preservePaths: true }));
    expect([dotDot.statusCode, dotDot.json<{ message: string }>().message]).toEqual([422, expect.stringContaining('«../x»')]);
    fs.symlinkSync('/etc/passwd', path.join(dir, 'static', 'passwd'));
    const link = await release(await tarball(dir));
    expect([link.statusCode, link.json<{ message: string }>().message]).toEqual([422, expect.stringContaining('passwd')]);
    fs.rmSync(path.join(dir, 'static', 'passwd'));
    fs.rmSync(path.join(dir, 'remoteEntry.js'));
    const incomplete = await release(await tarball(dir));
    expect([incomplete.statusCode, incomplete.json<{ message: string }>().message]).toEqual([422, expect.stringContaining('remoteEntry.js')]);
    expect((await release(Buffer.from('not a tarball at all'))).statusCode).toBe(422);
    const json = await call({ method: 'POST', url: `${BASE}/content?package_version=1.0.0`, payload: { files: [] } });
    expect(json.statusCode).toBe(415);
    const badVersion = await release(await tarball(makeDist('v-bad').dir), 'package_version=1.0.0-beta');
    expect([badVersion.statusCode, Object.keys(badVersion.json<{ errors: object }>().errors)]).toEqual([422, ['package_version']]);
    expect((await release(await tarball(makeDist('v-unknown').dir), 'package_version=1.0.0', DEPLOY, 'marketing')).statusCode).toBe(404);
    expect(await app.db.select().from(remoteReleases)).toHaveLength(1);
  });

  it('lets in the deploy token or a super user with CSRF: 401 wrong token (never the cookie instead), 403 staff, 419 without the XSRF pair', async () => {
    const superToken = (await issueToken(app.db, superId)).token;
    const csrf = await csrfHeaders(app);
    const session = { cookie: `auth_token=${superToken}; ${csrf.cookie}`, 'x-xsrf-token': csrf['x-xsrf-token'] };
    const wrong = await call({ url: BASE }, { 'x-deploy-token': 'wrong-token', ...session });
    expect([wrong.statusCode, wrong.json<{ message: string }>().message]).toEqual([401, expect.stringContaining('توکن انتشار نادرست است')]);
    const wrongWrite = await call({ method: 'POST', url: `${BASE}/content/rollback` }, { 'x-deploy-token': 'wrong-token', ...session });
    expect(wrongWrite.statusCode).toBe(401);
    expect((await call({ url: BASE }, {})).statusCode).toBe(401);
    expect((await call({ url: BASE }, await newStaff(app, ['manage-posts', 'show-users']))).statusCode).toBe(403);
    expect((await call({ url: BASE }, { cookie: session.cookie })).statusCode).toBe(200);
    expect((await call({ url: BASE }, await headersOf(app, 'super@example.com'))).statusCode).toBe(200);
    // A write through the session needs the XSRF pair; the deploy token and a bearer do not.
    const { dir } = makeDist('v2', SHELL_VERSIONS, { 'static/media/big.bin': randomBytes(1_500_000) });
    const body = await tarball(dir);
    expect((await release(body, 'package_version=1.1.0', { cookie: session.cookie })).statusCode).toBe(419);
    const bySuper = await release(body, 'package_version=1.1.0&by=ignored', session);
    expect([bySuper.statusCode, bySuper.body.slice(0, 200)]).toEqual([201, expect.anything()]);
    expect(bySuper.json<{ data: RemoteRelease }>().data.released_by).toBe(superName);
    versions.push(bySuper.json<{ data: RemoteRelease }>().data.version);
  });

  it('promotes, runs a canary and rolls back, each answered with the status', async () => {
    const [v1, v2] = versions as [string, string];
    let status = (await switchTo('promote', { version: v1 })).data;
    expect([status.active_version, status.previous_version]).toEqual([v1, null]);
    expect((await liveVersions(app.db)).content.active).toBe(v1);
    expect((await switchTo('promote', { version: v1 }, 409)).message).toContain(v1);
    status = (await switchTo('promote', { version: v2 })).data;
    expect([status.active_version, status.previous_version]).toEqual([v2, v1]);
    // v3: the older ones are beyond RELEASES_KEPT (2) but active or the rollback's target: kept.
    const v3Response = await release(await tarball(makeDist('v3').dir), 'package_version=1.2.0');
    expect(v3Response.statusCode).toBe(201);
    const v3 = v3Response.json<{ data: RemoteRelease }>().data.version;
    versions.push(v3);
    expect((await content()).releases.map((r) => [r.version, r.pruned])).toEqual([[v3, false], [v2, false], [v1, false]]);

    status = (await switchTo('canary', { version: v3, share: 10 })).data;
    const figures = { page_views: 0, load_errors: 0, window_minutes: 10 };
    expect(status.canary).toEqual({ version: v3, share: 10, started_at: expect.any(String), ...figures });
    const started = status.canary!.started_at;
    status = (await switchTo('canary', { version: v3, share: 20 })).data;
    expect(status.canary).toEqual({ version: v3, share: 20, started_at: started, ...figures });
    expect((await liveVersions(app.db)).content).toEqual({ active: v2, canary: { version: v3, share: 20 } });
    for (const share of [0, 100, 10.5]) {
      const refused = await switchTo('canary', { version: v3, share }, 422);
      expect(Object.keys(refused.errors ?? {})).toEqual(['share']);
    }
    expect((await switchTo('canary', { version: v2, share: 10 }, 422)).message).toContain(v2);
    expect((await switchTo('canary', { version: '9.9.9+abcdef0', share: 10 }, 404)).message).toContain('9.9.9+abcdef0');
    expect(Object.keys((await switchTo('promote', {}, 422)).errors ?? {})).toEqual(['version']);

    status = (await switchTo('rollback')).data;
    expect([status.active_version, status.previous_version, status.canary?.version]).toEqual([v1, null, v3]);
    status = (await switchTo('rollback')).data;
    expect([status.active_version, 'previous_version' in status]).toEqual([null, false]);
    expect((await switchTo('rollback', undefined, 422)).message).toBe('نسخه‌ای برای بازگشت نیست.');
    status = (await switchTo('canary')).data;
    expect(status.canary).toBeNull();
    expect((await switchTo('canary', undefined, 404)).message).toBeTruthy();
    expect((await switchTo('promote', { version: '9.9.9+abcdef0' }, 404)).message).toContain('9.9.9+abcdef0');
    expect((await call({ method: 'POST', url: `${BASE}/marketing/rollback` })).statusCode).toBe(404);
  });

  it('prunes beyond RELEASES_KEPT after a release, never the active one: files gone, rows kept, pruned versions refused', async () => {
    const [v1, v2, v3] = versions as [string, string, string];
    await switchTo('promote', { version: v3 });
    const v4 = (await release(await tarball(makeDist('v4').dir), 'package_version=1.3.0')).json<{ data: RemoteRelease }>().data.version;
    // v3 active, v4 newest: v1 and v2 pruned.
    expect((await content()).releases.map((r) => [r.version, r.pruned])).toEqual([[v4, false], [v3, false], [v2, true], [v1, true]]);
    const v5 = (await release(await tarball(makeDist('v5').dir), 'package_version=1.4.0')).json<{ data: RemoteRelease }>().data.version;
    versions.push(v4, v5);
    expect((await content()).releases.map((r) => [r.version, r.pruned])).toEqual([[v5, false], [v4, false], [v3, false], [v2, true], [v1, true]]);
    expect(fs.existsSync(releaseFiles(v1))).toBe(false);
    expect(fs.existsSync(releaseFiles(v3))).toBe(true);
    expect((await app.inject({ url: `/remotes/content/releases/${v1}/mf-manifest.json` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/remotes/content/releases/${v3}/mf-manifest.json` })).statusCode).toBe(200);
    expect((await switchTo('promote', { version: v1 }, 422)).message).toContain(v1);
    expect((await switchTo('canary', { version: v2, share: 5 }, 422)).message).toContain(v2);
    // A version a super user previews is kept too (item 3), until the preview ends.
    const keeper = auditActor({ id: 0, full_name: 'آزمون' }, '127.0.0.1');
    const superUser = await headersOf(app, 'super@example.com');
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: v4 } }, superUser)).statusCode).toBe(200);
    expect(await pruneReleases(app.db, app.storage, 'content', { kept: 1 }, keeper)).toEqual([]);
    expect((await call({ method: 'DELETE', url: `${BASE}/content/preview` }, superUser)).statusCode).toBe(200);
    expect(await pruneReleases(app.db, app.storage, 'content', { kept: 1 }, keeper)).toEqual([v4]);
  });

  it('records every release, switch and prune in the audit log with who made it', async () => {
    const [v1, v2, v3] = versions as [string, string, string];
    // One switch through a super user's session, with CSRF.
    const csrf = await csrfHeaders(app);
    const session = { cookie: `auth_token=${(await issueToken(app.db, superId)).token}; ${csrf.cookie}`, 'x-xsrf-token': csrf['x-xsrf-token'] };
    await switchTo('canary', { version: versions[4]!, share: 30 }, 200, session);
    const response = await call({ url: '/api/dashboard/audit-log?entity_type=remote_release&per_page=50' }, await headersOf(app, 'super@example.com'));
    const entries = response.json<Paginated<AuditEntry>>().data.reverse();
    const line = (entry: AuditEntry) => [entry.action, entry.actor.id, entry.actor.full_name, entry.before, entry.after];
    const token = 'توکن انتشار (ci-bot)';
    // The releases sent without `by`.
    const bare = 'توکن انتشار';
    expect(entries.map(line)).toEqual([
      ['release', 0, token, null, expect.objectContaining({ version: v1, remote: 'content' })],
      ['release', superId, superName, null, expect.objectContaining({ version: v2 })],
      ['promote', 0, token, { remote: 'content', version: null }, { remote: 'content', version: v1 }],
      ['promote', 0, token, { remote: 'content', version: v1 }, { remote: 'content', version: v2 }],
      ['release', 0, bare, null, expect.objectContaining({ version: v3 })],
      ['canary', 0, token, { remote: 'content', version: null, share: null }, { remote: 'content', version: v3, share: 10 }],
      ['canary', 0, token, { remote: 'content', share: 10 }, { remote: 'content', share: 20 }],
      ['rollback', 0, token, { remote: 'content', version: v2 }, { remote: 'content', version: v1 }],
      ['rollback', 0, token, { remote: 'content', version: v1 }, { remote: 'content', version: null }],
      ['canary', 0, token, { remote: 'content', version: v3, share: 20 }, { remote: 'content', version: null, share: null }],
      ['promote', 0, token, { remote: 'content', version: null }, { remote: 'content', version: v3 }],
      ['release', 0, bare, null, expect.objectContaining({ version: versions[3] })],
      ['prune', 0, bare, { remote: 'content', version: v2, pruned: false }, { remote: 'content', version: v2, pruned: true }],
      ['prune', 0, bare, { remote: 'content', version: v1, pruned: false }, { remote: 'content', version: v1, pruned: true }],
      ['release', 0, bare, null, expect.objectContaining({ version: versions[4] })],
      ['preview', superId, superName, { remote: 'content', version: null }, { remote: 'content', version: versions[3] }],
      ['preview', superId, superName, { remote: 'content', version: versions[3] }, { remote: 'content', version: null }],
      ['prune', 0, 'آزمون', expect.objectContaining({ version: versions[3] }), expect.objectContaining({ pruned: true })],
      ['canary', superId, superName, { remote: 'content', version: null, share: null }, { remote: 'content', version: versions[4], share: 30 }],
    ]);
  });

  it('serves pages with the active release of each remote, the next page after a promote or a rollback (item 2), and a canary to the share of visitors whose bucket is below it (item 3)', async () => {
    fs.writeFileSync(path.join(shellDist, 'index.html'), '<html><body><script id="remote-list" type="application/json"><!--REMOTE_LIST--></script><div id="root"></div></body></html>');
    // Bucket 99 is never in a canary (at most 99 %): the active releases.
    const listed = async (url = '/index.html', cookies: Record<string, string> = { canary_bucket: '99' }) => {
      const page = await app.inject({ url, cookies });
      expect(page.statusCode).toBe(200);
      const list = JSON.parse(/<script id="remote-list" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!) as { name: string; entry: string }[];
      return Object.fromEntries(list.map(({ name, entry }) => [name, entry]));
    };
    const before = await listed();
    expect(before.content).toBe(`/remotes/content/releases/${versions[2]}/mf-manifest.json`);
    expect(before.commerce).toBe('/remotes/commerce/mf-manifest.json');
    const { dir } = makeDist('v6');
    const made = (await release(await tarball(dir))).json<{ data: RemoteRelease }>().data;
    expect((await listed()).content).toBe(before.content);
    await switchTo('promote', { version: made.version });
    expect(await listed()).toEqual({ ...before, content: `/remotes/content/releases/${made.version}/mf-manifest.json` });
    await switchTo('rollback');
    expect(await listed()).toEqual(before);

    // The canary of the audit test: versions[4] for 30 % of visitors (item 3), sticky by their bucket.
    expect((await content()).canary).toEqual(expect.objectContaining({ version: versions[4], share: 30 }));
    const canaryEntry = `/remotes/content/releases/${versions[4]}/mf-manifest.json`;
    expect(await listed('/posts', { canary_bucket: '29' })).toEqual({ ...before, content: canaryEntry });
    expect(await listed('/index.html', { canary_bucket: '0' })).toEqual({ ...before, content: canaryEntry });
    expect(await listed('/posts', { canary_bucket: '30' })).toEqual(before);
    const first = await app.inject({ url: '/posts' });
    const bucket = first.cookies.find((cookie) => cookie.name === 'canary_bucket');
    expect(bucket).toEqual(expect.objectContaining({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 }));
    expect(Number(bucket!.value)).toBeGreaterThanOrEqual(0);
    expect(Number(bucket!.value)).toBeLessThan(100);
    // Without a canary running, no visitor gets a bucket.
    await switchTo('canary');
    const plain = await app.inject({ url: '/posts' });
    expect(plain.cookies.filter((cookie) => cookie.name === 'canary_bucket')).toEqual([]);
    expect(await listed('/posts', { canary_bucket: '0' })).toEqual(before);
  });

  it("gives a super user alone the version they preview (item 3): their pages, their status, for 24 hours; refused to others", async () => {
    const listed = async (cookies: Record<string, string>) => {
      const page = await app.inject({ url: '/index.html', cookies });
      return JSON.parse(/<script id="remote-list" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!).find((item: { name: string }) => item.name === 'content').entry;
    };
    const kept = versions[4]!;
    const csrf = await csrfHeaders(app);
    const superToken = (await issueToken(app.db, superId)).token;
    const session = { cookie: `auth_token=${superToken}; ${csrf.cookie}`, 'x-xsrf-token': csrf['x-xsrf-token'] };
    const active = await listed({ auth_token: superToken });
    expect(active).not.toContain(kept);

    // Only a super user's session: not the deploy token, not staff; unknown and pruned versions refused.
    const tokenOnly = { ...DEPLOY, cookie: csrf.cookie, 'x-xsrf-token': csrf['x-xsrf-token'] };
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: kept } }, tokenOnly)).statusCode).toBe(401);
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: kept } }, await newStaff(app, []))).statusCode).toBe(403);
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: '9.9.9+abcdef0' } }, session)).statusCode).toBe(404);
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: versions[0]! } }, session)).statusCode).toBe(422);
    expect((await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: {} }, session)).statusCode).toBe(422);

    const started = await call({ method: 'PUT', url: `${BASE}/content/preview`, payload: { version: kept } }, session);
    expect([started.statusCode, started.json<{ data: RemoteReleaseStatus }>().data.preview_version]).toEqual([200, kept]);
    const cookie = started.cookies.find((item) => item.name === 'release_preview');
    expect(cookie).toEqual(expect.objectContaining({ path: '/', httpOnly: true, maxAge: 24 * 60 * 60 }));
    // Their pages get it; the token's status and everyone else's pages do not, even with the cookie.
    expect(await listed({ auth_token: superToken, release_preview: '1' })).toBe(`/remotes/content/releases/${kept}/mf-manifest.json`);
    expect(await listed({ release_preview: '1' })).toBe(active);
    const staffToken = (await issueToken(app.db, (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')))[0]!.id)).token;
    expect(await listed({ auth_token: staffToken, release_preview: '1' })).toBe(active);
    expect((await content()).preview_version).toBeNull();
    const mine = await call({ url: `${BASE}/content` }, session);
    expect(mine.json<{ data: RemoteReleaseStatus }>().data.preview_version).toBe(kept);

    // Ended: the pages are the active ones again, the cookie goes, and a second end is 404.
    const ended = await call({ method: 'DELETE', url: `${BASE}/content/preview` }, session);
    expect([ended.statusCode, ended.json<{ data: RemoteReleaseStatus }>().data.preview_version]).toEqual([200, null]);
    expect(ended.cookies.find((item) => item.name === 'release_preview')?.value).toBe('');
    expect(await listed({ auth_token: superToken, release_preview: '1' })).toBe(active);
    expect((await call({ method: 'DELETE', url: `${BASE}/content/preview` }, session)).json<{ message: string }>().message).toBe('شما پیش‌نمایشی از این ریموت ندارید.');
  });

  it("rolls a canary back by itself when its browsers' load errors pass the set share of its page views (item 4)", async () => {
    const { dir } = makeDist('v7');
    const canary = (await release(await tarball(dir))).json<{ data: RemoteRelease }>().data.version;
    await switchTo('canary', { version: canary, share: 50 });
    const report = (body: object) => app.inject({ method: 'POST', url: '/api/releases/load-errors', payload: body });
    // Well formed but not the canary: left out. Malformed: 422 with the field.
    expect((await report({ remote: 'content', version: versions[2] })).statusCode).toBe(204);
    const bad = await report({ remote: 'content', version: '../x' });
    expect([bad.statusCode, Object.keys(bad.json<{ errors: object }>().errors)]).toEqual([422, ['version']]);
    // 20 pages served with the canary (buckets below 50), 10 without.
    for (let i = 0; i < 30; i += 1) expect((await app.inject({ url: '/posts', cookies: { canary_bucket: String(i < 20 ? i : 50 + i) } })).statusCode).toBe(200);
    expect((await report({ remote: 'content', version: canary })).statusCode).toBe(204);
    // The dashboard's figures (item 5): every process's page views in the window, and the errors.
    expect((await content()).canary).toEqual(expect.objectContaining({ version: canary, page_views: 20, load_errors: 1, window_minutes: 10 }));
    // A second error of 20 views passes 5 %: the server ends the canary, and says why.
    expect((await report({ remote: 'content', version: canary })).statusCode).toBe(204);
    expect((await content()).canary).toBeNull();
    const log = await call({ url: '/api/dashboard/audit-log?entity_type=remote_release&action=rollback&per_page=1' }, await headersOf(app, 'super@example.com'));
    const [entry] = log.json<Paginated<AuditEntry>>().data;
    expect([entry!.actor, entry!.before, entry!.after]).toEqual([
      { id: 0, full_name: 'سرور (خطای بارگذاری در نسخهٔ آزمایشی)' },
      { remote: 'content', version: canary, share: 50, reason: null },
      { remote: 'content', version: null, share: null, reason: { load_errors: 2, page_views: 20, window_minutes: 10, error_share: 0.05 } },
    ]);
    // Once it is no canary, further reports change nothing.
    expect((await report({ remote: 'content', version: canary })).statusCode).toBe(204);
  });

  it('rolls a canary back once its page views reach the least, when its errors came before them (item 4)', async () => {
    const { dir } = makeDist('v8');
    const canary = (await release(await tarball(dir))).json<{ data: RemoteRelease }>().data.version;
    await switchTo('canary', { version: canary, share: 50 });
    const view = () => app.inject({ url: '/posts', cookies: { canary_bucket: '0' } });
    const report = () => app.inject({ method: 'POST', url: '/api/releases/load-errors', payload: { remote: 'content', version: canary } });
    // Two errors of 10 views: too few views to judge.
    for (let i = 0; i < 10; i += 1) expect((await view()).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await report()).statusCode).toBe(204);
    expect((await content()).canary).toEqual(expect.objectContaining({ version: canary, page_views: 10, load_errors: 2 }));
    // Ten more views, added by the process's next flush (another replica's, in production): no report is needed.
    for (let i = 0; i < 10; i += 1) expect((await view()).statusCode).toBe(200);
    await canaryViewsOf(app.db).flush();
    expect((await content()).canary).toBeNull();
    const log = await call({ url: '/api/dashboard/audit-log?entity_type=remote_release&action=rollback&per_page=1' }, await headersOf(app, 'super@example.com'));
    const [entry] = log.json<Paginated<AuditEntry>>().data;
    expect([entry!.before, entry!.after]).toEqual([
      { remote: 'content', version: canary, share: 50, reason: null },
      { remote: 'content', version: null, share: null, reason: { load_errors: 2, page_views: 20, window_minutes: 10, error_share: 0.05 } },
    ]);
  });
});

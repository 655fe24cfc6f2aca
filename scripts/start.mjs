// `npm start`: builds the server and the front ends that are missing or older than their sources, and
// serves the whole site from one origin (DESIGN.md "Single URL") as soon as the server is built, each
// front end from the moment its build lands: the shell at /, each
// remote under /remotes/<name>/, the API under /api, media under /media. PORT (8080) and
// DATA_DIR (./data) as the server reads them; demo data is seeded into an empty database.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import serverProcess from '../server/process-options.json' with { type: 'json' };

const root = fileURLToPath(new URL('..', import.meta.url));
/** The line `npm start` prints once every front end is built and the server answers. */
const WHOLE_SITE_UP = '[start] the whole site is up';

/** How many front ends build at a time (issue 33 item 1): a webpack build keeps about one core busy. */
const BUILDS_AT_ONCE = 2;

const APPS = [
  { workspace: 'server', marker: 'main.js', config: 'build.mjs' },
  { workspace: 'shell', marker: 'index.html', config: 'webpack.config.js' },
  // Built in this order: what the home page needs first; users-permissions, which no public page needs, last.
  ...['content', 'commerce', 'support', 'users-permissions'].map((name) => ({ workspace: `remotes/${name}`, marker: 'mf-manifest.json', config: 'webpack.config.js' })),
];

/** Newest modification time (ms) under a folder, skipping build output and dependencies. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const sharedSources = Math.max(...readdirSync(join(root, 'shared')).map((pkg) => newest(join(root, 'shared', pkg))));
const stale = APPS.filter(({ workspace, marker, config }) => {
  const built = join(root, workspace, 'dist', marker);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return Math.max(sharedSources, newest(join(root, workspace, 'src')), newest(join(root, workspace, config))) > builtAt;
});

/**
 * Where this process writes an app's new build before it replaces `dist` (ignored by git, lint and
 * type checks): a folder of its own, so that two `npm start` of one checkout (the browser tests' two
 * sites) never write into one staging folder.
 */
const stagingRoot = join(root, 'node_modules', '.cache', 'shop-start', String(process.pid));
const stagingOf = (workspace) => join(stagingRoot, workspace);

/**
 * Builds one app with its own `npm run build`; resolves when it is in place, rejects with the
 * build's exit code. A front end is written to a staging folder (`SHOP_DIST_DIR`, read by
 * @shop/build-config) and renamed into `dist` once whole, so the server, already answering, never
 * reads half a build. webpack does not rewrite a file whose content is unchanged, so the marker
 * could keep an older time than the sources and the same build would run again at every start: it
 * is stamped, in the staging folder before the rename (another `npm start` may be swapping `dist`
 * at that moment: a stamp after the rename once found no `dist` there).
 */
function build({ workspace, marker, staged }) {
  console.log(`[start] building ${workspace}…`);
  const started = Date.now();
  const dist = join(root, workspace, 'dist');
  const staging = stagingOf(workspace);
  if (staged) rmSync(staging, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--workspace', workspace], {
      cwd: root,
      stdio: 'inherit',
      env: staged ? { ...process.env, SHOP_DIST_DIR: staging } : process.env,
      // A group of its own, so that stopping `npm start` stops webpack too (stopBuilds).
      detached: true,
    });
    running.add(child);
    child.on('exit', (code) => {
      running.delete(child);
      if (code !== 0) return reject(code ?? 1);
      const now = new Date();
      utimesSync(join(staged ? staging : dist, marker), now, now);
      if (staged) {
        const old = `${staging}.old`;
        rmSync(old, { recursive: true, force: true });
        if (existsSync(dist)) renameSync(dist, old);
        renameSync(staging, dist);
        rmSync(old, { recursive: true, force: true });
      }
      console.log(`[start] built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

/** The builds running now. */
const running = new Set();

/** Stops the builds still running (each npm and its webpack), as `npm start` ends. */
function stopBuilds() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

let server = null;
/** Starts the compiled server; `npm start` ends with it, and so do the builds still running. */
function startServer() {
  // The compiled server (issue 10 "Production build"), not its TypeScript sources, with the heap
  // bounds and allocator setting of server/process-options.json (server/README.md «Memory»).
  server = spawn(process.execPath, [...serverProcess.nodeArgs, join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    // Production needs PUBLIC_URL, the origin of mail links and feeds (server/README.md): on this
    // machine the server's own address, unless set.
    env: { NODE_ENV: 'production', COOKIE_SECURE: 'false', PUBLIC_URL: `http://localhost:${process.env.PORT || 8080}`, ...serverProcess.env, ...process.env },
  });
  server.on('exit', (code) => {
    stopBuilds();
    process.exit(code ?? 0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBuilds();
    if (server) server.kill(signal);
    else process.exit(130);
  });
}

// The server first (esbuild, about a second), then it starts (migrations, the demo seed) while the
// front ends build (issue 33 item 1): it serves each one as it lands, and a remote not built yet is
// left to the browser, as a remote that is down. Two builds at a time, on a machine this site
// targets with two cores; the shell first, and users-permissions, which no public page needs, last.
const serverApp = stale.find(({ workspace }) => workspace === 'server');
try {
  if (serverApp) await build(serverApp);
  startServer();
  const queue = stale.filter((app) => app !== serverApp).map((app) => ({ ...app, staged: true }));
  await Promise.all(
    Array.from({ length: Math.min(BUILDS_AT_ONCE, queue.length) }, async () => {
      while (queue.length) await build(queue.shift());
    }),
  );
  rmSync(stagingRoot, { recursive: true, force: true });
} catch (code) {
  stopBuilds();
  server?.kill('SIGTERM');
  process.exit(typeof code === 'number' ? code : 1);
}

// Every front end is in place; once the server answers too, one line says the whole site is up
// (the browser tests and the bench wait for it).
const port = process.env.PORT || 8080;
const host = !process.env.HOST || process.env.HOST === '0.0.0.0' || process.env.HOST === '::' ? '127.0.0.1' : process.env.HOST;
for (;;) {
  try {
    const response = await fetch(`http://${host}:${port}/api/site-information`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    if (response.ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`${WHOLE_SITE_UP} at http://localhost:${port}/`);

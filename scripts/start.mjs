// `npm start`: builds the server and the front ends that are missing or older than their sources, then
// serves the whole site from one origin (DESIGN.md "Single URL"): the shell at /, each
// remote under /remotes/<name>/, the API under /api, media under /media. PORT (8080) and
// DATA_DIR (./data) as the server reads them; demo data is seeded into an empty database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const APPS = [
  { workspace: 'server', marker: 'main.js', config: 'build.mjs' },
  { workspace: 'shell', marker: 'index.html', config: 'webpack.config.js' },
  ...['content', 'commerce', 'users-permissions', 'support'].map((name) => ({ workspace: `remotes/${name}`, marker: 'mf-manifest.json', config: 'webpack.config.js' })),
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

for (const { workspace, marker } of stale) {
  console.log(`[start] building ${workspace}…`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // webpack does not rewrite a file whose content is unchanged, so the marker could keep an older
  // time than the sources and the same build would run again at every start: stamp it.
  const now = new Date();
  utimesSync(join(root, workspace, 'dist', marker), now, now);
  console.log(`[start] built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// The compiled server (issue 10 "Production build"), not its TypeScript sources. A 256 MB heap:
// V8 otherwise grows it lazily past the 400 MB a server may hold (issue 10 "Load and faults"),
// while the live data of a busy server stays well under it.
const server = spawn(process.execPath, ['--enable-source-maps', '--max-old-space-size=256', join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // Production needs PUBLIC_URL, the origin of mail links and feeds (server/README.md): on this
  // machine the server's own address, unless set.
  env: { NODE_ENV: 'production', COOKIE_SECURE: 'false', PUBLIC_URL: `http://localhost:${process.env.PORT || 8080}`, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

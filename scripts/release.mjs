// A remote's releases (issue 35), one command each, run from the remote's workspace:
//   npm run release  -w remotes/<name>                      build, publish as an immutable version, print it
//   npm run release  -w remotes/<name> -- --dist <folder>   publish a build made before (a pipeline's tested one)
//   npm run promote  -w remotes/<name> -- <version>         every visitor gets that version
//   npm run rollback -w remotes/<name>                      back to the version active before
//   npm run canary   -w remotes/<name> -- <version> --share 10   that share of visitors gets it (--stop ends it)
//   npm run releases -w remotes/<name>                      the remote's versions, active and canary
// Each asks the running server (`POST /api/dashboard/releases/…`), which keeps the versions and holds
// the database, the embedded one too: `--site <url>`, else http://127.0.0.1:$PORT (8080) as `npm
// start` serves it. The deploy token is $DEPLOY_TOKEN (CI pipelines), else the one the server keeps
// in $DATA_DIR/deploy-token (./data where `npm start` runs). A release never becomes active by
// itself; the server names it `<package version>+<content hash>` and refuses a build its shell
// cannot load (another contracts major, another singleton range), saying which.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMMANDS = ['release', 'promote', 'rollback', 'canary', 'releases'];

/** Prints `message` and ends the process with exit code 1. */
function fail(message) {
  console.error(`${path.basename(process.argv[1])}: ${message}`);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { site: { type: 'string' }, share: { type: 'string' }, stop: { type: 'boolean', default: false }, dist: { type: 'string' } },
});
const [command, remote, version] = positionals;
if (!COMMANDS.includes(command) || !remote) fail(`usage: release.mjs <${COMMANDS.join('|')}> <remote> [version] [--share <1-99>] [--stop] [--dist <folder>] [--site <url>]`);
const remoteDir = path.join(root, 'remotes', remote);
if (!fs.existsSync(path.join(remoteDir, 'package.json'))) fail(`no remote named ${remote} (remotes/${remote})`);

const site = (options.site ?? `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/+$/, '');

/** The deploy token: $DEPLOY_TOKEN, else the running server's `<DATA_DIR>/deploy-token`. */
function deployToken() {
  if (process.env.DEPLOY_TOKEN) return process.env.DEPLOY_TOKEN;
  // npm runs a workspace's script in its folder: a relative DATA_DIR is where npm was called.
  const dataDir = path.resolve(process.env.INIT_CWD ?? root, process.env.DATA_DIR || 'data');
  const file = path.join(dataDir, 'deploy-token');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return fail(`no deploy token: set DEPLOY_TOKEN, or start the site once so that it writes ${file}`);
  }
}

/** Who runs the command, for the release's record and the audit log. */
function releasedBy() {
  if (process.env.RELEASED_BY) return process.env.RELEASED_BY;
  const git = spawnSync('git', ['config', 'user.name'], { cwd: root, encoding: 'utf8' });
  return (git.status === 0 && git.stdout.trim()) || os.userInfo().username;
}

/** The commit the tree is at, or undefined outside a git checkout. */
function commitOf() {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : undefined;
}

/**
 * Sends one request to the server's releases API with the deploy token, naming who runs it (`by`).
 * @param {Record<string, string>} [query] more of the query string
 * @returns the answer's `data`
 * Ends the process with the server's (Persian) message when it refuses.
 */
async function ask(method, route, body, { query = {}, contentType = 'application/json' } = {}) {
  let response;
  try {
    response = await fetch(`${site}/api/dashboard/releases${route}?${new URLSearchParams({ ...query, by: releasedBy() })}`, {
      method,
      headers: { 'x-deploy-token': deployToken(), accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : body,
    });
  } catch (error) {
    return fail(`the site at ${site} does not answer (${error.cause?.code ?? error.message}); start it, or name it with --site`);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const fields = Object.entries(answer.errors ?? {}).map(([field, messages]) => `\n  ${field}: ${[messages].flat().join(' ')}`);
    return fail(`${response.status} ${answer.message ?? response.statusText}${fields.join('')}`);
  }
  return answer.data;
}

/** Prints a remote's status: its kept versions, which is active, the canary and its share. */
function printStatus(status) {
  const canary = status.canary ? `${status.canary.version} (${status.canary.share}%)` : '-';
  console.log(`${status.remote}: active ${status.active_version ?? 'its own build (dist)'}, canary ${canary}`);
  for (const release of status.releases.filter((r) => !r.pruned)) {
    const marks = [release.version === status.active_version && 'active', release.version === status.canary?.version && 'canary'].filter(Boolean);
    console.log(`  ${release.version.padEnd(24)} ${release.released_at}  ${release.released_by}${marks.length ? `  [${marks.join(', ')}]` : ''}`);
  }
}

/**
 * Builds the remote into a folder of its own (the remote's `dist`, which a site without releases
 * serves, stays as it is), or takes the build in `--dist` (a pipeline that builds once, tests that
 * build and publishes it), packs it and publishes it. Prints the version.
 */
async function release() {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote}-`));
  try {
    let dist = path.join(staging, 'dist');
    if (options.dist) {
      // npm runs a workspace's script in its folder: a relative path is where npm was called.
      dist = path.resolve(process.env.INIT_CWD ?? root, options.dist);
      if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) fail(`${dist} is not a remote's build (no mf-manifest.json)`);
    } else {
      const built = spawnSync('npm', ['run', 'build', '-w', `remotes/${remote}`], { cwd: root, stdio: 'inherit', env: { ...process.env, SHOP_DIST_DIR: dist } });
      if (built.status !== 0) fail(`the build of ${remote} failed`);
    }
    const archive = path.join(staging, `${remote}.tar.gz`);
    await tar.create({ gzip: true, portable: true, cwd: dist, file: archive }, fs.readdirSync(dist));
    const packageVersion = JSON.parse(fs.readFileSync(path.join(remoteDir, 'package.json'), 'utf8')).version;
    const commit = commitOf();
    const query = { package_version: packageVersion, ...(commit && { commit }) };
    const published = await ask('POST', `/${remote}`, fs.readFileSync(archive), { query, contentType: 'application/gzip' });
    console.log(`released ${remote} ${published.version} (not active: npm run promote -w remotes/${remote} -- ${published.version})`);
    console.log(published.version);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

switch (command) {
  case 'release':
    await release();
    break;
  case 'promote':
    if (!version) fail('name the version to promote');
    printStatus(await ask('POST', `/${remote}/promote`, { version }));
    break;
  case 'rollback':
    printStatus(await ask('POST', `/${remote}/rollback`));
    break;
  case 'canary':
    if (options.stop) printStatus(await ask('DELETE', `/${remote}/canary`));
    else if (!version || options.share === undefined) fail('name the version and its share: canary <version> --share <1-99>');
    else printStatus(await ask('POST', `/${remote}/canary`, { version, share: Number(options.share) }));
    break;
  case 'releases':
    printStatus(await ask('GET', `/${remote}`));
    break;
}

/**
 * The release commands (scripts/release.mjs, issue 35 items 2, 3 and 6) against a listening server,
 * as `npm run promote|rollback|canary|releases -w remotes/<name>` run them: each asks the server
 * with the deploy token, prints the remote's status, and ends with exit code 1 and the server's
 * Persian refusal. (`release` without `--dist` builds the remote: the browser tests run it.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { create as createTar } from 'tar';
import type { FederationVersions, RemoteRelease } from '@shop/contracts';
import { REPO_ROOT } from '../../src/settings';
import { DB_TARGETS, buildTestApp, tempDir } from '../helpers/test-app';

const TOKEN = 'release-commands-test-token-0123456789';
const VERSIONS: FederationVersions = { contracts: '1.5.0', singletons: { react: '19.2.1' } };

describe('the release commands', () => {
  let app: FastifyInstance;
  let work: string;
  let site: string;
  let version: string;
  let dist: string;

  beforeAll(async () => {
    work = tempDir('shop-release-commands-');
    const shellDist = path.join(work, 'shell');
    fs.mkdirSync(shellDist);
    fs.writeFileSync(path.join(shellDist, 'federation-versions.json'), JSON.stringify(VERSIONS));
    app = await buildTestApp(DB_TARGETS[0]!, { shellDist, deployToken: TOKEN });
    site = await app.listen({ port: 0, host: '127.0.0.1' });
    dist = path.join(work, 'dist');
    const files = { 'mf-manifest.json': '{}', 'remoteEntry.js': 'var content;', 'server/mf-manifest.json': '{}', 'federation-versions.json': JSON.stringify(VERSIONS) };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      fs.writeFileSync(path.join(dist, name), content);
    }
    const released = await app.inject({
      method: 'POST',
      url: '/api/dashboard/releases/content?package_version=1.2.0',
      headers: { 'content-type': 'application/gzip', 'x-deploy-token': TOKEN },
      payload: await createTar({ gzip: true, cwd: dist, portable: true }, fs.readdirSync(dist)).concat(),
    });
    expect(released.statusCode).toBe(201);
    version = released.json<{ data: RemoteRelease }>().data.version;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Runs `release.mjs <args>` for the content remote against the test's server; its exit code and output. */
  async function command(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const script = path.join(REPO_ROOT, 'scripts', 'release.mjs');
    const env = { ...process.env, DEPLOY_TOKEN: TOKEN, RELEASED_BY: 'ci-bot' };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, args[0]!, 'content', ...args.slice(1), '--site', site], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('promote, canary and rollback print the status; refusals end with code 1 and the Persian reason', async () => {
    expect(await command('releases')).toMatchObject({ code: 0, stdout: expect.stringContaining('content: active its own build (dist), canary -') });
    expect(await command('promote', '9.9.9+abcdef0')).toMatchObject({ code: 1, stderr: expect.stringMatching(/404 .*9\.9\.9\+abcdef0/) });
    const promoted = await command('promote', version);
    expect(promoted).toMatchObject({ code: 0, stdout: expect.stringContaining(`content: active ${version}, canary -`) });
    // Each kept version with when and by whom it was released, and what it is now.
    expect(promoted.stdout).toMatch(new RegExp(`^  ${version.replace('+', '\\+')} +\\S+Z  توکن انتشار  \\[active\\]$`, 'm'));
    expect(await command('canary', version, '--share', '0')).toMatchObject({ code: 1, stderr: expect.stringContaining('share:') });
    expect(await command('rollback')).toMatchObject({ code: 0, stdout: expect.stringContaining('content: active its own build (dist)') });
    expect(await command('rollback')).toMatchObject({ code: 1, stderr: expect.stringContaining('422 نسخه‌ای برای بازگشت نیست') });
    const canary = await command('canary', version, '--share', '10');
    expect(canary).toMatchObject({ code: 0, stdout: expect.stringContaining(`canary ${version} (10%)`) });
    expect(await command('canary', '--stop')).toMatchObject({ code: 0, stdout: expect.stringContaining('canary -') });
  });

  it('release --dist publishes a build made before and prints its version; the same build twice is refused', async () => {
    const released = await command('release', '--dist', dist);
    expect(released.code).toBe(0);
    const printed = released.stdout.trim().split('\n').at(-1)!;
    // The remote's package version, and the same content hash as the build released above as 1.2.0.
    expect(printed).toBe(`1.0.0+${version.split('+')[1]}`);
    expect(await command('release', '--dist', dist)).toMatchObject({ code: 1, stderr: expect.stringContaining(`409 نسخهٔ ${printed} پیش‌تر منتشر شده است`) });
    expect(await command('release', '--dist', path.join(work, 'nowhere'))).toMatchObject({ code: 1, stderr: expect.stringContaining("is not a remote's build") });
    expect((await command('releases')).stdout).toContain(printed);
  });

  it('says so when the site does not answer, or the token is wrong', async () => {
    const script = path.join(REPO_ROOT, 'scripts', 'release.mjs');
    const run = (env: Record<string, string>, ...args: string[]) =>
      promisify(execFile)(process.execPath, [script, 'releases', 'content', ...args], { env: { ...process.env, ...env } }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
    expect(await run({ DEPLOY_TOKEN: 'wrong' }, '--site', site)).toEqual({ code: 1, stderr: expect.stringContaining('401 توکن انتشار نادرست است') });
    expect(await run({ DEPLOY_TOKEN: TOKEN }, '--site', 'http://127.0.0.1:9')).toEqual({ code: 1, stderr: expect.stringContaining('does not answer') });
  });
});

import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FederationVersions, RemoteReleaseStatus } from '@shop/contracts';
import { startDeployment, type Deployment } from '../../server/test/scale-out/deployment';
import { expect, test, type Browser } from '../test';
import { logIn } from './accounts';
import { buildChangedRemote } from './redeploy';

/**
 * A remote's release, canary, promotion and rollback (issue 35), as a domain team runs them with
 * the release commands against two compiled server processes behind the gateway
 * (docker/nginx/gateway.conf) on PostgreSQL, Redis and an S3 bucket (the scale-out deployment of
 * server/test/scale-out). It builds changed copies of the content remote and reads the shell's
 * build, so it runs last and alone (the project `releases` of playwright.config.ts). Several
 * instances share PostgreSQL only: without DATABASE_URL (CI sets it) it does not run, as the
 * server's two-instance tests.
 */

const root = join(__dirname, '..', '..');
const TOKEN = 'e2e-releases-deploy-token-0123456789abcdef';
/** The text of the posts page's island (remotes/content/src/strings.ts) and the canary's instead. */
const INTRO = "postsIntro: 'یادداشت‌ها و آموزش‌های کوتاه درباره برنامه‌نویسی و یادگیری.'";
const OLD_TEXT = 'یادداشت‌ها و آموزش‌های کوتاه درباره برنامه‌نویسی و یادگیری.';
const NEW_TEXT = 'یادداشت‌های نسخهٔ آزمایشی قناری.';

/** Runs `npm run <script> -w remotes/content -- <args> --site <site>` with the deploy token: its exit code and output. */
async function command(site: string, script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const npmArgs = ['run', '--silent', script, '-w', 'remotes/content', '--', ...args, '--site', site];
  const env = { ...process.env, DEPLOY_TOKEN: TOKEN, RELEASED_BY: 'e2e' };
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', npmArgs, { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The version `release` printed (its last line). */
function releasedVersion(output: { code: number; stdout: string; stderr: string }): string {
  expect(output, output.stderr).toMatchObject({ code: 0 });
  const version = output.stdout.trim().split('\n').at(-1)!;
  expect(version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7}$/);
  return version;
}

/**
 * A visitor in canary bucket `bucket` opens /posts: the HTML the server sent, then the island
 * hydrated by its first use, and what the console said meanwhile (401s of a visitor's session check
 * left out).
 */
async function visitPosts(browser: Browser, site: string, bucket: number) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'canary_bucket', value: String(bucket), url: site }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const releaseFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/content/releases/')) releaseFiles.push(request.url());
  });
  const response = await page.goto(`${site}/posts`);
  const html = await response!.text();
  // The first use of the list hydrates its island, whose text must be the server's.
  const oldest = page.getByRole('button', { name: 'قدیمی‌ترین' });
  await oldest.click();
  await expect(oldest).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(`[data-island*='"island":"PostList"']`)).toHaveAttribute('data-hydrated', '');
  const shown = await page.locator('main').innerText();
  await context.close();
  return { html, shown, errors, releaseFiles };
}

if (process.env.DATABASE_URL) {
  test.describe('a remote released, tried on a share of visitors, promoted and rolled back (two instances behind the gateway)', () => {
    let deployment: Deployment;
    let site: string;

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      deployment = await startDeployment({ instances: 2, env: { SERVE_STATIC: 'true', DEPLOY_TOKEN: TOKEN }, startTimeoutMs: 180_000 });
      site = deployment.gateway.origin;
    });
    test.afterAll(async () => {
      await deployment?.stop();
      rmSync(join(root, 'e2e/.artifacts/content-canary'), { recursive: true, force: true });
      rmSync(join(root, 'e2e/.artifacts/content-throws'), { recursive: true, force: true });
    });

    /** Each instance's /posts for a visitor outside any canary (bucket 99), read directly. */
    const instancesShow = async (text: string) => {
      const pages = await Promise.all(
        deployment.instances.map((instance) =>
          fetch(`${instance.origin}/posts`, { headers: { accept: 'text/html', cookie: 'canary_bucket=99' } }).then((response) => response.text()),
        ),
      );
      return pages.every((html) => html.includes(text));
    };
    const status = async (): Promise<RemoteReleaseStatus> => {
      const response = await fetch(`${site}/api/dashboard/releases/content`, { headers: { 'x-deploy-token': TOKEN } });
      return ((await response.json()) as { data: RemoteReleaseStatus }).data;
    };

    test('a canary at 50 % renders and hydrates each visitor from their version; promote and rollback reach both instances within 2 s; a super user previews a kept version alone; an incompatible build is refused', async ({ browser }) => {
      test.setTimeout(300_000);
      const dist = buildChangedRemote('content', { from: INTRO, to: `postsIntro: '${NEW_TEXT}'` }, 'canary');
      const version = releasedVersion(await command(site, 'release', '--dist', dist));
      expect((await status()).active_version).toBeNull();
      expect(await command(site, 'canary', version, '--share', '50')).toMatchObject({ code: 0, stdout: expect.stringContaining(`canary ${version} (50%)`) });

      // Two visitors with different cookies: each page server-rendered and hydrated from one version.
      const inCanary = await visitPosts(browser, site, 0);
      expect(inCanary.html).toContain(NEW_TEXT);
      expect(inCanary.html).toContain(`/remotes/content/releases/${version}/mf-manifest.json`);
      expect(inCanary.shown).toContain(NEW_TEXT);
      expect(inCanary.releaseFiles.length).toBeGreaterThan(0);
      expect(inCanary.errors).toEqual([]);
      const outside = await visitPosts(browser, site, 99);
      expect(outside.html).toContain(OLD_TEXT);
      expect(outside.html).not.toContain(NEW_TEXT);
      expect(outside.shown).toContain(OLD_TEXT);
      expect(outside.releaseFiles).toEqual([]);
      expect(outside.errors).toEqual([]);

      // Promote: every new page on both instances has it within 2 s; rollback: the old one again.
      expect(await command(site, 'promote', version)).toMatchObject({ code: 0, stdout: expect.stringContaining(`content: active ${version}, canary -`) });
      await expect.poll(() => instancesShow(NEW_TEXT), { timeout: 2_000, intervals: [100] }).toBe(true);
      expect(await command(site, 'rollback')).toMatchObject({ code: 0, stdout: expect.stringContaining('content: active its own build (dist)') });
      await expect.poll(() => instancesShow(OLD_TEXT), { timeout: 2_000, intervals: [100] }).toBe(true);
      expect(await instancesShow(NEW_TEXT)).toBe(false);

      // A super user previews the kept version for themselves with the dashboard's switch: their
      // pages are rendered and hydrated from it, everyone else's are not.
      const context = await browser.newContext({ baseURL: site, viewport: { width: 1280, height: 900 } });
      const admin = await context.newPage();
      const errors: string[] = [];
      admin.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
      });
      await logIn(admin, 'super');
      await admin.goto('/dashboard/releases');
      const previewSwitch = admin.getByLabel(`پیش‌نمایش برای من: نسخه ${version}`, { exact: true });
      // The switch shows what the server holds: it turns once the answer is in.
      await previewSwitch.click();
      await expect(previewSwitch).toBeChecked();
      await expect(admin.getByText('تا ۲۴ ساعت صفحه‌های ریموت محتوا را با نسخه', { exact: false })).toBeVisible();
      const previewed = await admin.goto('/posts');
      expect(await previewed!.text()).toContain(NEW_TEXT);
      const oldest = admin.getByRole('button', { name: 'قدیمی‌ترین' });
      await oldest.click();
      await expect(oldest).toHaveAttribute('aria-pressed', 'true');
      await expect(admin.locator('main')).toContainText(NEW_TEXT);
      expect(await instancesShow(OLD_TEXT)).toBe(true);
      await admin.goto('/dashboard/releases');
      await previewSwitch.click();
      await expect(previewSwitch).not.toBeChecked();
      expect(await (await admin.goto('/posts'))!.text()).toContain(OLD_TEXT);
      expect(errors).toEqual([]);
      await context.close();

      // A build against another major of @shop/contracts than the running shell's is refused, naming both.
      const shellVersions = JSON.parse(readFileSync(join(root, 'shell/dist/federation-versions.json'), 'utf8')) as FederationVersions;
      const [major] = shellVersions.contracts.split('.');
      const other = `${Number(major) + 1}.0.0`;
      const incompatible = join(root, 'e2e/.artifacts/content-canary/incompatible');
      cpSync(dist, incompatible, { recursive: true });
      const builtWith = JSON.parse(readFileSync(join(incompatible, 'federation-versions.json'), 'utf8')) as FederationVersions;
      writeFileSync(join(incompatible, 'federation-versions.json'), JSON.stringify({ ...builtWith, contracts: other }));
      const refused = await command(site, 'release', '--dist', incompatible);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(`@shop/contracts ${other}`) });
      expect(refused.stderr).toContain(`^${major}`);
      expect((await status()).releases).toHaveLength(1);
    });

    test('a canary whose code throws at load in the browser is rolled back by the server once its errors pass 5 % of its page views', async ({ browser }) => {
      test.setTimeout(300_000);
      const dist = buildChangedRemote(
        'content',
        { from: "posts: 'نوشته‌ها',", to: "posts: globalThis.window ? (() => { throw new Error('the canary fails at load'); })() : 'نوشته‌ها'," },
        'throws',
      );
      const version = releasedVersion(await command(site, 'release', '--dist', dist));
      expect(await command(site, 'canary', version, '--share', '50')).toMatchObject({ code: 0 });
      // 20 pages served with the canary, by both instances; their counts reach the database within 2 s.
      // An instance sees the canary within a second of it (its copy of the live versions): a page it
      // served before then is no canary page and is not counted.
      let served = 0;
      for (let page = 0; served < 20; page++) {
        expect(page).toBeLessThan(60);
        const response = await fetch(`${site}/posts`, { headers: { accept: 'text/html', cookie: 'canary_bucket=0' } });
        expect(response.status).toBe(200);
        if ((await response.text()).includes(`/remotes/content/releases/${version}/mf-manifest.json`)) served++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      // Browsers that load it report the failure: the second report passes 5 % of the views.
      for (let visit = 0; visit < 2 && (await status()).canary; visit++) {
        const context = await browser.newContext();
        await context.addCookies([{ name: 'canary_bucket', value: '0', url: site }]);
        const page = await context.newPage();
        const reported = page.waitForRequest((request) => request.url().endsWith('/api/releases/load-errors'));
        await page.goto(`${site}/posts`);
        await page.getByRole('button', { name: 'قدیمی‌ترین' }).click();
        await reported;
        await context.close();
      }
      await expect.poll(async () => (await status()).canary, { timeout: 5_000 }).toBeNull();
      expect((await status()).active_version).toBeNull();
      expect(await instancesShow(OLD_TEXT)).toBe(true);
    });
  });
}

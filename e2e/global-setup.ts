import { REMOTE_NAMES } from '@shop/contracts';
import { SITE_PORTS, siteUrl } from './sites';

/** How long the front ends may still be building once the servers answer, ms. */
const BUILDS_TIMEOUT_MS = 5 * 60_000;

/**
 * Waits until each site is whole: `npm start` serves the API while the front ends that are missing
 * or stale still build (scripts/start.mjs), each landing whole. The shell's page and every remote's
 * server manifest (written last in a remote's build) answer 200 then.
 * @throws when they do not within {@link BUILDS_TIMEOUT_MS}.
 */
export default async function waitForTheWholeSites(): Promise<void> {
  const paths = ['/index.html', ...REMOTE_NAMES.map((name) => `/remotes/${name}/server/mf-manifest.json`)];
  const urls = SITE_PORTS.flatMap((port) => paths.map((path) => `${siteUrl(port)}${path}`));
  const deadline = Date.now() + BUILDS_TIMEOUT_MS;
  for (;;) {
    const statuses = await Promise.all(urls.map((url) => fetch(url).then((response) => response.status, () => 0)));
    if (statuses.every((status) => status === 200)) return;
    if (Date.now() > deadline) throw new Error(`a site is not whole: ${urls.map((url, i) => `${url} ${statuses[i]}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

import { E2E_PORT } from './playwright.config';

/** How long the front ends may still be building once the server answers, ms. */
const BUILDS_TIMEOUT_MS = 5 * 60_000;

/**
 * Waits until the whole site is in place: `npm start` serves the API while the front ends that
 * are missing or stale still build (scripts/start.mjs), each landing whole. The shell's page and
 * every remote's server manifest (written last in a remote's build) answer 200 then.
 * @throws when they do not within {@link BUILDS_TIMEOUT_MS}.
 */
export default async function waitForTheWholeSite(): Promise<void> {
  const base = `http://localhost:${E2E_PORT}`;
  const paths = ['/index.html', ...['content', 'commerce', 'users-permissions', 'support'].map((name) => `/remotes/${name}/server/mf-manifest.json`)];
  const deadline = Date.now() + BUILDS_TIMEOUT_MS;
  for (;;) {
    const statuses = await Promise.all(paths.map((path) => fetch(`${base}${path}`).then((response) => response.status, () => 0)));
    if (statuses.every((status) => status === 200)) return;
    if (Date.now() > deadline) throw new Error(`the site is not whole: ${paths.map((path, i) => `${path} ${statuses[i]}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

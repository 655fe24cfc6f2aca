import { expect, type Page } from '@playwright/test';

/**
 * Waits until a page has its answers: no request in flight, no skeleton left in `main`, nothing in it
 * busy, and the transitions that set off over. A page opened through the router is already past its
 * load (Playwright's `networkidle` does not wait for its queries), and a list that refetches keeps its
 * old rows dimmed and `aria-busy` meanwhile, fading back over 150 ms: an accessibility check of the
 * dimmed comments list once found its coloured buttons under the contrast bound.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .MuiSkeleton-root')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // Transitions end; endless animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens a path of the app: inside the already loaded app through its router (the History API and
 * a `popstate`, as the back button would), else as a new document. Saves reloading the shell and
 * every remote for each dashboard page.
 */
export async function open(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname.startsWith('/dashboard') && path.startsWith('/dashboard')) {
    await page.evaluate((next) => {
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((url) => url.pathname + url.hash === path || url.pathname === path);
  } else {
    await page.goto(path);
  }
  await settle(page);
}

/** A dashboard path with its item id as `:id`, so one edit page stands for all of its kind. */
const kindOf = (path: string) => path.replace(/\/\d+$/, '/:id');

/** Paths of the dashboard's own links inside `main` (sub-lists, add and edit pages). */
async function linksInMain(page: Page): Promise<string[]> {
  const hrefs = await page.locator('main a[href^="/dashboard"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

/**
 * Every dashboard page the signed-in account can reach (issue 22 items 13 and 15): the
 * navigation's sections, then whatever their pages link to inside `main` (sub-lists, add pages,
 * one edit page of each kind), breadth first. `list` are the pages reached from the navigation or
 * a section's own sub-navigation without an id or an «add» in the path.
 * @param onPage called on each page once it has settled (before its links are followed)
 */
export async function dashboardPages(page: Page, onPage?: (path: string) => Promise<void>): Promise<{ all: string[]; lists: string[] }> {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'داشبورد' });
  await expect(nav.getByRole('link').nth(3)).toBeVisible();
  const sections = await nav.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const seen = new Set<string>(sections.map(kindOf));
  const queue = [...sections];
  const all: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    all.push(path);
    await open(page, path);
    // A page the shell cannot place answers its 404 (the assignments queue did: its section was
    // missing from the contract's REMOTE_AREAS): every page the navigation or a page links to exists.
    await expect(page.getByRole('heading', { name: 'صفحه پیدا نشد' }), path).toHaveCount(0);
    await onPage?.(path);
    for (const link of await linksInMain(page)) {
      if (seen.has(kindOf(link))) continue;
      seen.add(kindOf(link));
      queue.push(link);
    }
  }
  const isForm = (path: string) => /\/\d+$/.test(path) || /\/add(-[a-z]+)*$/.test(path) || path.endsWith('/terms-and-conditions') || path.endsWith('/site-information');
  return { all, lists: all.filter((path) => path !== '/dashboard' && !isForm(path)) };
}

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { logIn } from './accounts';
import { dashboardPages, open } from './dashboard-pages';

/** WCAG 2.1 A and AA (issue 22 item 15). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Found violations by page: `rule (impact): the first elements' selectors`. */
type Found = Record<string, string[]>;

/** Opens each path in one page (one context per role, signed in once) and runs axe on it. */
async function audit(page: Page, paths: string[], found: Found): Promise<void> {
  for (const path of paths) {
    await open(page, path);
    await check(page, path, found);
  }
}

/** Runs axe on the page as it is and notes its violations under `path`. */
async function check(page: Page, path: string, found: Found): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  if (violations.length > 0) {
    found[path] = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(' | ')}`);
  }
}

async function signedIn(browser: Browser, account: 'super' | 'user'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, account);
  return page;
}

test('every public page and every dashboard page has no WCAG 2.1 A/AA violation', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const started = Date.now();
  const firstOf = async (list: string) => ((await (await request.get(`/api/${list}`)).json()).data as { id: number }[])[0]!.id;
  const products = (await (await request.get('/api/products?per_page=50')).json()).data as { id: number; title: string }[];
  const course = products.find((product) => product.title === 'دوره مقدماتی جاوااسکریپت')!;
  const sessions = (await (await request.get(`/api/products/${course.id}`)).json()).data.sessions as { id: number }[];
  const found: Found = {};

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await audit(
    visitor,
    [
      '/',
      '/posts',
      `/posts/${await firstOf('posts')}`,
      '/podcasts',
      `/podcasts/${await firstOf('podcasts')}`,
      '/products',
      `/products/${course.id}`,
      '/frequently-asked-questions',
      '/terms-and-conditions',
      '/login',
      '/register',
      '/reset-password',
      '/verification',
      '/no-such-page-here',
    ],
    found,
  );
  await visitor.context().close();

  const user = await signedIn(browser, 'user');
  await audit(
    user,
    [
      `/products/${course.id}/${sessions[0]!.id}`,
      '/about-me',
      '/contact-us',
      '/resend-verification-email',
      '/profile#home',
      '/profile#favorites-posts',
      '/profile#favorites-podcasts',
      '/profile#buyed-products',
      '/shopping-cart',
    ],
    found,
  );
  await user.context().close();

  const staff = await signedIn(browser, 'super');
  await audit(staff, ['/dashboard'], found);
  const { all } = await dashboardPages(staff, (path) => check(staff, path, found));
  expect(all.length).toBeGreaterThan(20);
  await staff.context().close();

  console.log(`accessibility: ${23 + 1 + all.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(found).toEqual({});
});

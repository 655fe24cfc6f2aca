import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';
import { checkAccessibility as check, type Found } from './axe';
import { open } from './dashboard-pages';

/** Opens each path in one page (one context per role, signed in once) and runs axe on it. */
async function audit(page: Page, paths: string[], found: Found): Promise<void> {
  for (const path of paths) {
    await open(page, path);
    await check(page, path, found);
  }
}

async function signedIn(browser: Browser, account: 'user'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, account);
  return page;
}

test('every public page and every page of a signed-in reader has no WCAG 2.1 A/AA violation', async ({ browser, request }) => {
  test.setTimeout(240_000);
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
  const orders = (await (await user.request.get('/api/orders')).json()).data as { id: number; payment_status: string }[];
  const paid = orders.find((order) => order.payment_status === 'paid')!;
  await audit(
    user,
    [
      `/products/${course.id}/${sessions[0]!.id}`,
      `/orders/${paid.id}/receipt`,
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

  console.log(`accessibility: 24 public and reader pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(found).toEqual({});
});

/** @jest-environment-options {"url": "http://127.0.0.1:25168"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contracts';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import DashboardProductsPage from './dashboard-products-page';

const aProduct = (overrides: Partial<Product>): Product => ({
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '', image: null, is_active: true, comment_status: 'open',
  likes_count: 4, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true, ...overrides,
});
const SOLD = 'این دوره فروخته شده است و حذف نمی‌شود؛ به جای حذف، آن را غیرفعال کنید.';

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25168, (request) => {
    if (request.url.pathname === '/api/dashboard/products' && request.method === 'GET') {
      const q = request.url.searchParams.get('q') ?? '';
      const rows = [aProduct({}), aProduct({ id: 2, title: 'گیت برای همه', price: 0, is_active: false })].filter((p) => p.title.includes(q));
      return { data: rows, meta: { current_page: 1, last_page: 1, per_page: 15, total: rows.length } };
    }
    if (request.url.pathname === '/api/dashboard/products/1' && request.method === 'DELETE') return { status: 422, body: { message: SOLD } };
    if (request.url.pathname === '/api/dashboard/products/2' && request.method === 'DELETE') return { message: 'دوره حذف شد.' };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const renderList = (url = '/dashboard/products') =>
  renderPage(<DashboardProductsPage />, { url, path: '/dashboard/products', user: aUser({ status: 'super' }) });

test('lists the courses with prices in tomans, free ones as «رایگان», and their flags', async () => {
  renderList();
  const row = (await screen.findByRole('link', { name: 'دوره ری‌اکت' })).closest('tr')!;
  expect(within(row).getByText(/۴۹۰٬۰۰۰/)).toBeTruthy();
  expect(within(row).getByText('فعال')).toBeTruthy();
  const free = screen.getByRole('link', { name: 'گیت برای همه' }).closest('tr')!;
  expect(within(free).getByText('رایگان')).toBeTruthy();
  expect(within(free).getByText('غیرفعال')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'دوره ری‌اکت' }).getAttribute('href')).toBe('/dashboard/products/1');
});

test('search goes into the URL and the request', async () => {
  renderList();
  await screen.findByRole('link', { name: 'دوره ری‌اکت' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'جست‌وجو' }), 'گیت');
  await waitFor(() => expect(currentLocation()).toContain('q='));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'دوره ری‌اکت' })).toBeNull());
  expect(api.seen.some((r) => r.url.searchParams.get('q') === 'گیت')).toBe(true);
});

describe('undoable delete (issue 32 item 5)', () => {
  const setup = useFakeClock();
  const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);

  test('a delete hides the course at once, with no dialog, and goes after 10 seconds unless «بازگردانی» takes it back', async () => {
    const user = setup();
    renderList();
    await screen.findByRole('link', { name: 'گیت برای همه' });
    await clickWithUndo(user, screen.getByRole('button', { name: 'حذف «گیت برای همه»' }), 'دوره «گیت برای همه» با همه جلسه‌ها، فایل‌ها، پسندها و دیدگاه‌هایش حذف شد.');
    expect(screen.queryByRole('link', { name: 'گیت برای همه' })).toBeNull();
    await undoAndExpectNothingSent(user, deletes);
    expect(await screen.findByRole('link', { name: 'گیت برای همه' })).toBeTruthy();

    await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگردانی' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'حذف «گیت برای همه»' }));
    await expectSentAfterUndoWindow(deletes, ['/api/dashboard/products/2']);
  });

  test('a sold course comes back when the server refuses, and the refusal stays on the page', async () => {
    const user = setup();
    renderList();
    await screen.findByRole('link', { name: 'دوره ری‌اکت' });
    await clickWithUndo(user, screen.getByRole('button', { name: 'حذف «دوره ری‌اکت»' }), 'دوره «دوره ری‌اکت» با همه جلسه‌ها، فایل‌ها، پسندها و دیدگاه‌هایش حذف شد.');
    expect(screen.queryByRole('link', { name: 'دوره ری‌اکت' })).toBeNull();
    act(() => jest.advanceTimersByTime(10_000));
    expect((await screen.findByText(SOLD)).closest('#notistack-snackbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'دوره ری‌اکت' })).toBeTruthy();
    expect(deletes()).toEqual(['/api/dashboard/products/1']);
  });
});

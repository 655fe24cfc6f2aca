/** @jest-environment-options {"url": "http://127.0.0.1:25101"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aProduct, meta } from './fixtures';
import ProductListPage from './product-list-page';
import LatestProductsSlot from './latest-products-slot';

const products = [
  aProduct({ id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000, sessions_count: 12 }),
  aProduct({ id: 2, title: 'کارگاه رایگان گیت', price: 0, sessions_count: 3 }),
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25101, ({ url }) => {
    if (url.pathname !== '/api/products') return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    return page === 2
      ? { data: [aProduct({ id: 3, title: 'دوره ری‌اکت پیشرفته', price: 1250000 })], meta: meta({ current_page: 2, last_page: 2, total: 13 }) }
      : { data: products, meta: meta({ last_page: 2, total: 13 }) };
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

describe('ProductListPage (/products)', () => {
  it('shows each product with its price in tomans and its sessions count', async () => {
    renderPage(<ProductListPage />, { url: '/products' });
    const card = (await screen.findByText('دوره جامع تایپ‌اسکریپت')).closest('a')!;
    expect(card.getAttribute('href')).toBe('/products/1');
    expect(within(card).getByText('۴۹۰٬۰۰۰ تومان')).toBeTruthy();
    expect(within(card).getByText('۱۲ جلسه')).toBeTruthy();
    const free = screen.getByText('کارگاه رایگان گیت').closest('a')!;
    expect(within(free).getByText('رایگان')).toBeTruthy();
    expect(within(free).getByText('۳ جلسه')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'دوره‌ها' })).toBeTruthy();
  });

  it('keeps the filter and the page in the URL and asks the API for them', async () => {
    renderPage(<ProductListPage />, { url: '/products' });
    await screen.findByText('دوره جامع تایپ‌اسکریپت');
    fireEvent.click(screen.getByRole('button', { name: 'محبوب‌ترین' }));
    await waitFor(() => expect(currentLocation()).toBe('/products?filter=most-liked'));
    await waitFor(() => expect(api.seen.some((r) => r.url.searchParams.get('filter') === 'most-liked')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'صفحه ۲' }));
    expect(await screen.findByText('دوره ری‌اکت پیشرفته')).toBeTruthy();
    expect(screen.getByText('۱٬۲۵۰٬۰۰۰ تومان')).toBeTruthy();
    expect(currentLocation()).toBe('/products?filter=most-liked&page=2');
  });

  it('starts from the page and filter a shared link carries', async () => {
    renderPage(<ProductListPage />, { url: '/products?page=2&filter=oldest' });
    expect(await screen.findByText('دوره ری‌اکت پیشرفته')).toBeTruthy();
    const asked = api.seen.find((r) => r.url.pathname === '/api/products')!.url.searchParams;
    expect(asked.get('page')).toBe('2');
    expect(asked.get('filter')).toBe('oldest');
  });
});

describe('LatestProductsSlot (home.latest-products)', () => {
  it('shows the six newest products with a link to all of them', async () => {
    renderPage(<LatestProductsSlot />, { url: '/' });
    expect(await screen.findByText('دوره جامع تایپ‌اسکریپت')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'تازه‌ترین دوره‌ها' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /مشاهده همه/ }).getAttribute('href')).toBe('/products?filter=newest');
    const asked = api.seen[0]!.url.searchParams;
    expect(asked.get('filter')).toBe('newest');
    expect(asked.get('per_page')).toBe('6');
  });
});

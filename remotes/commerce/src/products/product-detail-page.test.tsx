/** @jest-environment-options {"url": "http://127.0.0.1:45104"} */
import { screen, within } from '@testing-library/react';
import { renderPage, startApiServer } from '@shop/test-utils';
import { aProductDetail } from './fixtures';
import ProductDetailPage from './product-detail-page';

const sessions = [
  { id: 11, title: 'نصب ابزارها', slug: 'setup', created_at: '2025-03-22T08:00:00Z' },
  { id: 12, title: 'انواع پایه', slug: 'types', created_at: '2025-03-23T08:00:00Z' },
  { id: 13, title: 'جنریک‌ها', slug: 'generics', created_at: '2025-03-24T08:00:00Z' },
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(45104, ({ url }) => {
    if (url.pathname === '/api/products/1') {
      return { data: aProductDetail({ id: 1, description: '<p>از <strong>مقدمات</strong> تا پروژه واقعی.</p>', sessions }) };
    }
    if (url.pathname === '/api/products/2') {
      return { data: aProductDetail({ id: 2, title: 'کارگاه گیت', price: 0, product_status: 'done', sessions: [] }) };
    }
    if (url.pathname === '/api/products/3') {
      return { data: aProductDetail({ id: 3, title: 'دوره قدیمی', product_status: 'expired' }) };
    }
    return undefined;
  });
});
afterAll(() => api.close());

const renderProduct = (id: number) => renderPage(<ProductDetailPage />, { url: `/products/${id}`, path: '/products/:productId' });

describe('ProductDetailPage (/products/:productId)', () => {
  it('shows the title, price, status and description', async () => {
    renderProduct(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'دوره جامع تایپ‌اسکریپت' })).toBeTruthy();
    expect(screen.getByLabelText('قیمت').textContent).toBe('۴۹۰٬۰۰۰ تومان');
    expect(screen.getByText('در حال برگزاری')).toBeTruthy();
    expect(screen.getByText('مقدمات').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'دوره‌ها' }).getAttribute('href')).toBe('/products');
  });

  it('lists the sessions in order, numbered in Persian digits, not yet as links', async () => {
    renderProduct(1);
    const section = await screen.findByRole('region', { name: 'جلسات دوره' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^۱نصب ابزارهاجلسه ۱ · /),
      expect.stringMatching(/^۲انواع پایهجلسه ۲ · /),
      expect.stringMatching(/^۳جنریک‌هاجلسه ۳ · /),
    ]);
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('۳ جلسه')).toBeTruthy();
  });

  it('reads a free product as «رایگان» and says when no session is out yet', async () => {
    renderProduct(2);
    expect(await screen.findByText('کارگاه گیت', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByLabelText('قیمت').textContent).toBe('رایگان');
    expect(screen.getByText('تکمیل شده')).toBeTruthy();
    expect(screen.getByText('هنوز جلسه‌ای برای این دوره منتشر نشده است.')).toBeTruthy();
  });

  it('marks an expired product', async () => {
    renderProduct(3);
    expect(await screen.findByText('منقضی شده')).toBeTruthy();
  });
});

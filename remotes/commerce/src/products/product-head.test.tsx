import { render } from '@testing-library/react';
import type { PageHead } from '@shop/contracts';
import { makeStore, Provider } from '@shop/api-client';
import { MemoryRouter, Route, Routes } from '@shop/router';
import { productsApi, type ProductDetailAnswer } from './products-api';
import { useProductHead } from './product-head';

/** What `/products/:productId`'s head gives at `url`, with the store as the server rendered it. */
function headAt(store: ReturnType<typeof makeStore>, url: string): PageHead | null {
  let head: PageHead | null = null;
  function Probe() {
    head = useProductHead();
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/products/:productId" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return head;
}

const product = {
  id: 6,
  title: 'دوره مقدماتی جاوااسکریپت',
  slug: 'js',
  description: '<p>از متغیر تا Promise</p>',
  image: '/media/js.webp',
  is_active: true,
  comment_status: 'open',
  likes_count: 0,
  comments_count: 0,
  created_at: '2026-01-01T08:00:00Z',
  updated_at: '2026-01-02T08:00:00Z',
  price: 1_250_000,
  sessions_count: 8,
  product_status: 'in-progress',
  forensic_watermark: true,
  sessions: [],
  in_cart: false,
  is_bought: false,
  progress: null,
  certificate_code: null,
  instalment_plans: [],
} satisfies ProductDetailAnswer;

describe('useProductHead (issue 9)', () => {
  it('describes a course with its price in tomans, from the detail page’s own query; an expired one cannot be bought', async () => {
    const store = makeStore();
    await store.dispatch(productsApi.util.upsertQueryData('getProduct', 6, { data: product }));
    await store.dispatch(productsApi.util.upsertQueryData('getProduct', 7, { data: { ...product, id: 7, price: 0, product_status: 'expired' } }));
    expect(headAt(store, '/products/6')).toEqual({
      title: 'دوره مقدماتی جاوااسکریپت',
      description: '<p>از متغیر تا Promise</p>',
      image: '/media/js.webp',
      item: { type: 'course', publishedAt: '2026-01-01T08:00:00Z', modifiedAt: '2026-01-02T08:00:00Z', priceTomans: 1_250_000, available: true },
    });
    expect(headAt(store, '/products/7')?.item).toMatchObject({ priceTomans: 0, available: false });
  });
});

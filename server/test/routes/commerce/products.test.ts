import type { FastifyInstance } from 'fastify';
import type { CommentNode, Paginated, Product, ProductDetail } from '@shop/contracts';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

describe.each(DB_TARGETS)('products API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  it('lists products with prices in tomans, session counts and one free product', async () => {
    const response = await app.inject({ url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Paginated<Product>>();
    expect(body.meta.total).toBe(6);
    expect(body.data[0]!.slug).toBe('nodejs-api-workshop');
    expect(body.data[0]).toMatchObject({ price: 1590000, sessions_count: 4, product_status: 'in-progress' });
    expect(body.data.filter((p) => p.price === 0)).toHaveLength(1);
    expect(body.data.every((p) => p.sessions_count >= 3)).toBe(true);
    const oldest = (await app.inject({ url: '/api/products?filter=oldest&per_page=2' })).json<Paginated<Product>>();
    expect(oldest.data.map((p) => p.slug)).toEqual(['javascript-basics-course', 'react-in-practice']);
    expect(oldest.meta.last_page).toBe(3);
  });

  it('answers a product with its sessions, oldest first', async () => {
    const oldest = (await app.inject({ url: '/api/products?filter=oldest' })).json<Paginated<Product>>();
    const id = oldest.data[0]!.id;
    const response = await app.inject({ url: `/api/products/${id}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: ProductDetail }>();
    expect(data.price).toBe(490000);
    expect(data.sessions.map((s) => s.slug)).toEqual([
      'js-basics-variables',
      'js-basics-functions',
      'js-basics-arrays',
      'js-basics-dom',
      'js-basics-final-quiz',
    ]);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual([
      'can_view',
      'created_at',
      'id',
      'is_done',
      'is_free_preview',
      'kind',
      'lock',
      'position',
      'required_for_certificate',
      'slug',
      'title',
    ]);
    // A visitor owns nothing and opens nothing.
    expect(data).toMatchObject({ in_cart: false, is_bought: false, progress: null });
    expect(data.sessions.every((s) => !s.can_view && !s.is_done)).toBe(true);
    const comments = (await app.inject({ url: `/api/products/${id}/comments` })).json<{ data: CommentNode[] }>();
    expect(comments.data).toHaveLength(1);
    expect(comments.data[0]!.replies[0]!.user).toMatchObject({ full_name: 'مدیر سایت', is_staff: true });
  });

  it('answers 404 for unknown products', async () => {
    for (const url of ['/api/products/0', '/api/products/777', '/api/products/x', '/api/products/777/comments']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('مورد درخواستی یافت نشد.');
    }
  });
});

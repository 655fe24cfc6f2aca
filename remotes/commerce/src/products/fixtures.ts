// Test data shaped like the API's answers (not part of the build).
import type { PageMeta, Product, ProductDetail } from '@shop/contracts';

/** A product as `GET /api/products` lists it; fields can be overridden. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    title: 'دوره جامع تایپ‌اسکریپت',
    slug: 'typescript',
    description: '<p>از مقدمات تا پروژه واقعی.</p>',
    image: null,
    is_active: true,
    comment_status: 'open',
    likes_count: 15,
    comments_count: 4,
    created_at: '2025-03-21T08:00:00Z',
    updated_at: '2025-03-21T08:00:00Z',
    price: 490000,
    sessions_count: 12,
    product_status: 'in-progress',
    ...overrides,
  };
}

/** A product with its sessions, as `GET /api/products/:productId` answers. */
export function aProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return { ...aProduct(), sessions: [], ...overrides };
}

/** The pagination block of a list answer. */
export function meta(overrides: Partial<PageMeta> = {}): PageMeta {
  return { current_page: 1, last_page: 1, per_page: 12, total: 2, ...overrides };
}

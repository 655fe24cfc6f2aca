// Test data shaped like the API's answers (not part of the build).
import type {
  Cart,
  CartItem,
  CourseProgress,
  InstalmentPlanOffer,
  InstalmentPurchase,
  Order,
  PageMeta,
  PaymentAttempt,
  Product,
  ProductDetail,
  ProductSessionDetail,
  ProductSessionSummary,
} from '@shop/contracts';
import { toPersianDigits } from '@shop/format';

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
    forensic_watermark: true,
    ...overrides,
  };
}

/** A product with its sessions, as `GET /api/products/:productId` answers a visitor. */
export function aProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return { ...aProduct(), sessions: [], in_cart: false, is_bought: false, progress: null, certificate_code: null, instalment_plans: [], ...overrides };
}

/**
 * A buyer's progress through a course (default «۳ از ۸ جلسه», resuming at session 54); unless
 * given, `left` holds `total - done` lessons numbered from the one to resume on.
 */
export function aCourseProgress(overrides: Partial<CourseProgress> = {}): CourseProgress {
  const { done = 3, total = 8, resume_session_id = 54 } = overrides;
  const left = Array.from({ length: resume_session_id === null ? 0 : total - done }, (_, i) => ({
    session_id: resume_session_id! + i,
    title: `جلسه ${toPersianDigits(done + i + 1)}`,
    kind: 'lesson' as const,
  }));
  return { done, total, resume_session_id, left, ...overrides };
}

/** One session of a product's list, locked for the caller unless overridden. */
export function aSessionSummary(overrides: Partial<ProductSessionSummary> = {}): ProductSessionSummary {
  return { id: 11, title: 'نصب ابزارها', slug: 'setup', position: 1, is_free_preview: false, kind: 'lesson', required_for_certificate: true, created_at: '2025-03-22T08:00:00Z', can_view: false, is_done: false, lock: null, ...overrides };
}

/** A session page's answer (`GET /api/product-sessions/:id`), as a non-buyer sees a paid session. */
export function aSessionDetail(overrides: Partial<ProductSessionDetail> = {}): ProductSessionDetail {
  return {
    id: 12,
    product_id: 1,
    product_title: 'دوره جامع تایپ‌اسکریپت',
    product_price: 490000,
    title: 'انواع پایه',
    slug: 'types',
    description: '<p>رشته، عدد و <strong>بولی</strong>.</p>',
    image: null,
    media: null,
    position_seconds: 0,
    position: 2,
    is_free_preview: false,
    kind: 'lesson',
    comment_status: 'open',
    likes_count: 3,
    comments_count: 0,
    liked_by_me: false,
    can_view: false,
    is_bought: false,
    is_done: false,
    can_comment: true,
    file_url: null,
    file_url_expires_at: null,
    file_type: null,
    file_size: null,
    lock: null,
    previous_session_id: 11,
    next_session_id: 13,
    created_at: '2025-03-23T08:00:00Z',
    updated_at: '2025-03-23T08:00:00Z',
    ...overrides,
  };
}

/** An item of the cart. */
export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return { product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', slug: 'typescript', image: null, price: 490000, added_at: '2025-04-01T08:00:00Z', ...overrides };
}

/** A cart of the given items, with their total. */
export function aCart(items: CartItem[]): Cart {
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  return { items, subtotal_price: subtotal, discount: null, total_price: subtotal };
}

/** An order as its owner sees it (`GET /api/orders/:id`), unpaid unless overridden. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 31,
    payment_status: 'unpaid',
    source: 'checkout',
    total_price: 490000,
    discount_code: null,
    discount_amount: 0,
    wallet_amount: 0,
    receipt_number: null,
    vat_percent: null,
    vat_amount: 0,
    items: [],
    payments: [],
    paid_at: null,
    created_at: '2025-04-01T08:00:00Z',
    updated_at: '2025-04-01T08:00:00Z',
    ...overrides,
  };
}

/** An attempt to pay an order at the sandbox gateway, still open unless overridden. */
export function aPaymentAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    id: 1,
    gateway: 'sandbox',
    amount: 490000,
    status: 'pending',
    ref_id: null,
    created_at: '2025-04-01T08:00:00Z',
    verified_at: null,
    ...overrides,
  };
}

const DAY_MS = 86_400_000;

/**
 * A course's plan as its page offers it (issue 36 item 2): 3 parts, 40 % now, every 30 days, on a
 * 490 000-toman course bought on 1 Azar 1405, unless overridden; the schedule follows the terms.
 */
export function anInstalmentPlanOffer(overrides: Partial<InstalmentPlanOffer> = {}, price = 490000, from = '2026-11-22T08:00:00Z'): InstalmentPlanOffer {
  const plan = { id: 5, product_id: 1, parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, grace_days: 7, is_active: true, ...overrides };
  const total = price + plan.surcharge;
  const first = Math.round((total * plan.first_share_percent) / 100);
  const each = Math.floor((total - first) / (plan.parts - 1));
  const schedule = Array.from({ length: plan.parts }, (_, index) => ({
    number: index + 1,
    amount: index === 0 ? first : index === plan.parts - 1 ? total - first - each * (plan.parts - 2) : each,
    due_at: new Date(Date.parse(from) + index * plan.days_between * DAY_MS).toISOString(),
  }));
  return { total, schedule, ...plan };
}

/** A purchase in parts just started: its first part unpaid. */
export function anInstalmentPurchase(overrides: Partial<InstalmentPurchase> = {}): InstalmentPurchase {
  return {
    id: 12,
    product: { id: 1, title: 'دوره جامع تایپ‌اسکریپت' },
    parts: 3,
    total: 490000,
    paid: 0,
    grace_days: 7,
    status: 'pending',
    has_access: false,
    instalments: [],
    created_at: '2026-11-22T08:00:00Z',
    ...overrides,
  };
}

/** The pagination block of a list answer. */
export function meta(overrides: Partial<PageMeta> = {}): PageMeta {
  return { current_page: 1, last_page: 1, per_page: 12, total: 2, ...overrides };
}

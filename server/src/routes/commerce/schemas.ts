/**
 * The commerce routes' response and body schemas (issue 6, 24, 25): courses, sessions, orders,
 * refunds, discount codes, the cart, checkout, certificates and progress, as @shop/contracts'
 * commerce.ts types them.
 * Beside the routes that answer with them (issue 34 item 5); what several domains share is in
 * lib/schemas.ts.
 */
import { contentBaseProperties, contentBaseRequired, courseProgressSchema, date, int, nullableStr, str } from '../../lib/schemas';

/** SessionKind (issue 37). */
const sessionKind = { type: 'string', enum: ['lesson', 'quiz', 'assignment'] } as const;

/** SessionLock of entities.ts (issue 37 item 5), or null when the session is open. */
const sessionLock = {
  anyOf: [
    {
      type: 'object',
      required: ['opens_at', 'days_after_purchase', 'prerequisite'],
      properties: {
        opens_at: { type: ['string', 'null'], format: 'date-time' },
        days_after_purchase: { type: ['integer', 'null'] },
        prerequisite: {
          anyOf: [{ type: 'object', required: ['id', 'title', 'kind'], properties: { id: int, title: str, kind: sessionKind } }, { type: 'null' }],
        },
      },
    },
    { type: 'null' },
  ],
} as const;

const productProperties = {
  ...contentBaseProperties,
  price: int,
  sessions_count: int,
  product_status: { type: 'string', enum: ['in-progress', 'done', 'expired'] },
  forensic_watermark: { type: 'boolean' },
} as const;

export const productSchema = {
  type: 'object',
  required: [...contentBaseRequired, 'price', 'sessions_count', 'product_status', 'forensic_watermark'],
  properties: productProperties,
} as const;

/** InstalmentPlan of instalments.ts (issue 36 item 2). */
export const instalmentPlanSchema = {
  type: 'object',
  required: ['id', 'product_id', 'parts', 'first_share_percent', 'days_between', 'surcharge', 'grace_days', 'is_active'],
  properties: {
    id: int,
    product_id: int,
    parts: int,
    first_share_percent: int,
    days_between: int,
    surcharge: int,
    grace_days: int,
    is_active: { type: 'boolean' },
  },
} as const;

/** InstalmentPlanOffer of instalments.ts: a plan with its total and its schedule if bought now. */
export const instalmentPlanOfferSchema = {
  type: 'object',
  required: [...instalmentPlanSchema.required, 'total', 'schedule'],
  properties: {
    ...instalmentPlanSchema.properties,
    total: int,
    schedule: {
      type: 'array',
      items: { type: 'object', required: ['number', 'amount', 'due_at'], properties: { number: int, amount: int, due_at: date } },
    },
  },
} as const;

/** ProductDetail of entities.ts: sessions with `can_view`/`is_done`, and the caller's `in_cart`, `is_bought`, `progress`, `certificate_code`. */
export const productDetailSchema = {
  type: 'object',
  required: [...productSchema.required, 'sessions', 'in_cart', 'is_bought', 'progress', 'certificate_code', 'instalment_plans'],
  properties: {
    ...productProperties,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'slug', 'position', 'is_free_preview', 'kind', 'required_for_certificate', 'created_at', 'can_view', 'is_done', 'lock'],
        properties: {
          id: int,
          title: str,
          slug: str,
          position: int,
          is_free_preview: { type: 'boolean' },
          kind: sessionKind,
          required_for_certificate: { type: 'boolean' },
          created_at: date,
          can_view: { type: 'boolean' },
          is_done: { type: 'boolean' },
          lock: sessionLock,
        },
      },
    },
    in_cart: { type: 'boolean' },
    is_bought: { type: 'boolean' },
    progress: { anyOf: [courseProgressSchema, { type: 'null' }] },
    certificate_code: { type: ['string', 'null'] },
    instalment_plans: { type: 'array', items: instalmentPlanOfferSchema },
  },
} as const;

/** A session as the dashboard lists and edits it (`DashboardProductSession`): `has_file`, never the file key. */
export const dashboardProductSessionSchema = {
  type: 'object',
  required: [
    ...contentBaseRequired,
    'product_id',
    'product_title',
    'position',
    'is_free_preview',
    'kind',
    'has_file',
    'file_type',
    'file_size',
    'media_status',
    'media_progress',
    'media_error',
    'media_kind',
    'duration_seconds',
    'poster',
    'has_subtitles',
    'release',
    'release_days',
    'release_date',
    'release_at',
    'prerequisite_session_id',
  ],
  properties: {
    ...contentBaseProperties,
    product_id: int,
    product_title: str,
    position: int,
    is_free_preview: { type: 'boolean' },
    kind: sessionKind,
    has_file: { type: 'boolean' },
    file_type: nullableStr,
    file_size: { type: ['integer', 'null'] },
    media_status: { type: 'string', enum: ['none', 'queued', 'processing', 'ready', 'failed'] },
    media_progress: { type: 'integer', minimum: 0, maximum: 100 },
    media_error: nullableStr,
    media_kind: { type: ['string', 'null'], enum: ['video', 'audio', null] },
    duration_seconds: { type: ['integer', 'null'] },
    poster: nullableStr,
    has_subtitles: { type: 'boolean' },
    release: { type: 'string', enum: ['none', 'days_after_purchase', 'on_date'] },
    release_days: { type: ['integer', 'null'] },
    release_date: nullableStr,
    release_at: { type: ['string', 'null'], format: 'date-time' },
    prerequisite_session_id: { type: ['integer', 'null'] },
  },
} as const;

const buyerSchema = {
  type: 'object',
  required: ['id', 'full_name', 'email', 'mobile'],
  properties: { id: int, full_name: str, email: str, mobile: nullableStr },
} as const;

/** OrderItem of commerce.ts. */
export const orderItemSchema = {
  type: 'object',
  required: ['id', 'product_id', 'title', 'purchase_price', 'discount', 'quantity', 'current_price', 'product_page', 'refunded_at', 'refund_amount'],
  properties: {
    id: int,
    product_id: int,
    title: str,
    purchase_price: int,
    discount: int,
    quantity: int,
    current_price: int,
    product_page: str,
    refunded_at: { type: ['string', 'null'], format: 'date-time' },
    refund_amount: { type: ['integer', 'null'] },
  },
} as const;

/** PaymentAttempt of commerce.ts. */
export const paymentAttemptSchema = {
  type: 'object',
  required: ['id', 'gateway', 'amount', 'status', 'ref_id', 'created_at', 'verified_at'],
  properties: {
    id: int,
    gateway: str,
    amount: int,
    status: { type: 'string', enum: ['pending', 'paid', 'failed', 'cancelled'] },
    ref_id: nullableStr,
    created_at: date,
    verified_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** PaymentStatus of commerce.ts: an order's state, its filters and staff's edit of it (`cancelled`: issue 32 item 2). */
export const paymentStatusSchema = { type: 'string', enum: ['unpaid', 'paid', 'cancelled'] } as const;

/** Order of commerce.ts. */
export const orderSchema = {
  type: 'object',
  required: [
    'id', 'payment_status', 'source', 'total_price', 'discount_code', 'discount_amount', 'wallet_amount', 'receipt_number', 'vat_percent',
    'vat_amount', 'items', 'payments', 'paid_at', 'created_at', 'updated_at',
  ],
  properties: {
    id: int,
    payment_status: paymentStatusSchema,
    source: { type: 'string', enum: ['checkout', 'manual', 'instalment'] },
    total_price: int,
    discount_code: nullableStr,
    discount_amount: int,
    wallet_amount: int,
    receipt_number: nullableStr,
    vat_percent: { type: ['integer', 'null'], description: 'The VAT rate kept when paid (issue 36 item 5)' },
    vat_amount: { ...int, description: 'Tomans of VAT total_price includes' },
    items: { type: 'array', items: orderItemSchema },
    payments: { type: 'array', items: paymentAttemptSchema },
    paid_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: date,
    updated_at: date,
  },
} as const;

/** DashboardOrder of commerce.ts: the order with its buyer and, at total 0, the SPEC §8 note. */
export const dashboardOrderSchema = {
  type: 'object',
  required: [...orderSchema.required, 'user'],
  properties: { ...orderSchema.properties, user: buyerSchema, note: str },
} as const;

/** DiscountCode of commerce.ts (issue 25). */
export const discountCodeSchema = {
  type: 'object',
  required: [
    'id', 'code', 'kind', 'value', 'applies_to_all', 'product_ids', 'products', 'starts_at', 'ends_at', 'total_cap',
    'per_user_cap', 'min_cart_total', 'is_active', 'uses', 'given_amount', 'created_at', 'updated_at',
  ],
  properties: {
    id: int,
    code: str,
    kind: { type: 'string', enum: ['percent', 'amount'] },
    value: int,
    applies_to_all: { type: 'boolean' },
    product_ids: { type: 'array', items: int },
    products: { type: 'array', items: { type: 'object', required: ['id', 'title'], properties: { id: int, title: str } } },
    starts_at: { type: ['string', 'null'], format: 'date-time' },
    ends_at: { type: ['string', 'null'], format: 'date-time' },
    total_cap: { type: ['integer', 'null'] },
    per_user_cap: { type: ['integer', 'null'] },
    min_cart_total: { type: ['integer', 'null'] },
    is_active: { type: 'boolean' },
    uses: int,
    given_amount: int,
    created_at: date,
    updated_at: date,
  },
} as const;

/** DiscountCodeUse of commerce.ts (issue 25). */
export const discountCodeUseSchema = {
  type: 'object',
  required: ['order_id', 'user', 'payment_status', 'discount_amount', 'total_price', 'created_at', 'paid_at'],
  properties: {
    order_id: int,
    user: buyerSchema,
    payment_status: paymentStatusSchema,
    discount_amount: int,
    total_price: int,
    created_at: date,
    paid_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** Refund of commerce.ts. */
export const refundSchema = {
  type: 'object',
  required: ['order_item_id', 'order_id', 'product_id', 'title', 'amount', 'user', 'refunded_by', 'refunded_at', 'to'],
  properties: {
    order_item_id: int,
    order_id: int,
    product_id: int,
    title: str,
    amount: int,
    user: buyerSchema,
    refunded_by: {
      type: ['object', 'null'],
      required: ['id', 'full_name'],
      properties: { id: int, full_name: str },
    },
    refunded_at: date,
    to: { type: 'string', enum: ['gateway', 'wallet'] },
  },
} as const;

/** SalesSummaryAnswer of commerce.ts. */
export const salesSummarySchema = {
  type: 'object',
  required: ['data', 'meta', 'series'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'product_name', 'count', 'total', 'discount', 'net', 'outstanding'],
        properties: { product_id: int, product_name: str, count: int, total: int, discount: int, net: int, outstanding: int },
      },
    },
    meta: {
      type: 'object',
      required: [
        'period', 'from', 'to', 'total_count', 'total_amount', 'total_discount', 'total_net', 'refund_count', 'refund_amount', 'given_count',
        'total_wallet', 'total_gateway', 'total_outstanding', 'total_commission',
      ],
      properties: {
        period: str,
        from: { type: ['string', 'null'], format: 'date-time' },
        to: date,
        total_count: int,
        total_amount: int,
        total_discount: int,
        total_net: int,
        refund_count: int,
        refund_amount: int,
        given_count: int,
        total_wallet: int,
        total_gateway: int,
        total_outstanding: int,
        total_commission: int,
      },
    },
    series: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'count', 'total'],
        properties: { date: date, count: int, total: int },
      },
    },
  },
} as const;

/** CartDiscount of commerce.ts (issue 25). */
export const cartDiscountSchema = {
  type: 'object',
  required: ['code', 'kind', 'value', 'amount', 'product_ids', 'problem'],
  properties: {
    code: str,
    kind: { type: 'string', enum: ['percent', 'amount'] },
    value: int,
    amount: int,
    product_ids: { type: 'array', items: int },
    problem: nullableStr,
  },
} as const;

/** Cart of commerce.ts (prices in tomans). */
export const cartSchema = {
  type: 'object',
  required: ['items', 'subtotal_price', 'discount', 'total_price'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'title', 'slug', 'image', 'price', 'added_at'],
        properties: { product_id: int, title: str, slug: str, image: nullableStr, price: int, added_at: date },
      },
    },
    subtotal_price: int,
    discount: { anyOf: [cartDiscountSchema, { type: 'null' }] },
    total_price: int,
  },
} as const;

/** `{ message, data: Cart }` of adding to and removing from the cart. */
export const cartAnswerSchema = {
  type: 'object',
  required: ['message', 'data'],
  properties: { message: str, data: cartSchema },
} as const;

/** CheckoutAnswer of commerce.ts: the order and the gateway form (null when nothing is to pay). */
export const checkoutAnswerSchema = {
  type: 'object',
  required: ['order', 'payment'],
  properties: {
    order: orderSchema,
    payment: {
      anyOf: [
        { type: 'object', required: ['action', 'token'], properties: { action: str, token: str } },
        { type: 'null' },
      ],
    },
  },
} as const;

/** Certificate of commerce.ts (issue 24). */
export const certificateSchema = {
  type: 'object',
  required: ['code', 'holder_name', 'product_id', 'product_title', 'issued_at', 'revoked_at'],
  properties: {
    code: str,
    holder_name: str,
    product_id: int,
    product_title: str,
    issued_at: date,
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** LessonMedia of commerce.ts (issue 24): a ready lesson as its page shows it; its URLs come with the playback (issue 38). */
export const lessonMediaSchema = {
  type: 'object',
  required: ['kind', 'poster_url', 'has_subtitles', 'duration_seconds', 'watermark'],
  properties: {
    kind: { type: 'string', enum: ['video', 'audio'] },
    poster_url: nullableStr,
    has_subtitles: { type: 'boolean' },
    duration_seconds: int,
    watermark: str,
  },
} as const;

/** ProductSessionDetail of commerce.ts. */
export const productSessionDetailSchema = {
  type: 'object',
  required: [
    'id', 'product_id', 'product_title', 'product_price', 'title', 'slug', 'description', 'image', 'position',
    'is_free_preview', 'kind', 'comment_status', 'likes_count', 'comments_count', 'liked_by_me', 'can_view', 'is_bought',
    'is_done', 'can_comment', 'file_url', 'file_url_expires_at', 'file_type', 'file_size', 'media', 'position_seconds', 'lock',
    'previous_session_id', 'next_session_id', 'created_at', 'updated_at',
  ],
  properties: {
    id: int,
    product_id: int,
    product_title: str,
    product_price: int,
    title: str,
    slug: str,
    description: str,
    image: nullableStr,
    position: int,
    is_free_preview: { type: 'boolean' },
    kind: sessionKind,
    comment_status: contentBaseProperties.comment_status,
    likes_count: int,
    comments_count: int,
    liked_by_me: { type: 'boolean' },
    can_view: { type: 'boolean' },
    is_bought: { type: 'boolean' },
    is_done: { type: 'boolean' },
    can_comment: { type: 'boolean' },
    file_url: nullableStr,
    file_url_expires_at: { type: ['string', 'null'], format: 'date-time' },
    file_type: nullableStr,
    file_size: { type: ['integer', 'null'] },
    media: { anyOf: [lessonMediaSchema, { type: 'null' }] },
    lock: sessionLock,
    position_seconds: { type: 'integer', minimum: 0 },
    previous_session_id: { type: ['integer', 'null'] },
    next_session_id: { type: ['integer', 'null'] },
    created_at: date,
    updated_at: date,
  },
} as const;

/** SessionProgressAnswer of commerce.ts. */
export const sessionProgressAnswerSchema = {
  type: 'object',
  required: ['session_id', 'is_done', 'position_seconds', 'progress'],
  properties: { session_id: int, is_done: { type: 'boolean' }, position_seconds: int, progress: courseProgressSchema },
} as const;

/** Longest position a progress save takes, seconds (a day: no lesson is longer). */
export const MAX_POSITION_SECONDS = 86_400;

/** SessionProgressBody of commerce.ts: `done`, `position_seconds`, or both. */
export const sessionProgressBodySchema = {
  type: 'object',
  anyOf: [{ required: ['done'] }, { required: ['position_seconds'] }],
  properties: {
    done: { type: 'boolean' },
    position_seconds: { type: 'integer', minimum: 0, maximum: MAX_POSITION_SECONDS },
  },
} as const;

const instalmentProperties = {
  id: int,
  number: int,
  amount: int,
  due_at: date,
  state: { type: 'string', enum: ['paid', 'upcoming', 'overdue', 'paused'] },
  paid_at: { type: ['string', 'null'], format: 'date-time' },
  order_id: { type: ['integer', 'null'] },
} as const;
const instalmentRequired = ['id', 'number', 'amount', 'due_at', 'state', 'paid_at', 'order_id'] as const;
const purchaseStatus = { type: 'string', enum: ['pending', 'active', 'completed', 'cancelled'] } as const;

/** InstalmentPurchase of instalments.ts. */
export const instalmentPurchaseSchema = {
  type: 'object',
  required: ['id', 'product', 'parts', 'total', 'paid', 'grace_days', 'status', 'has_access', 'instalments', 'created_at'],
  properties: {
    id: int,
    product: { type: 'object', required: ['id', 'title'], properties: { id: int, title: str } },
    parts: int,
    total: int,
    paid: int,
    grace_days: int,
    status: purchaseStatus,
    has_access: { type: 'boolean' },
    instalments: { type: 'array', items: { type: 'object', required: [...instalmentRequired], properties: instalmentProperties } },
    created_at: date,
  },
} as const;

/** InstalmentCheckoutAnswer of instalments.ts: the purchase, and the order and gateway form of the part to pay. */
export const instalmentCheckoutAnswerSchema = {
  type: 'object',
  required: ['purchase', ...checkoutAnswerSchema.required],
  properties: { purchase: instalmentPurchaseSchema, ...checkoutAnswerSchema.properties },
} as const;

/** DashboardInstalment of instalments.ts: an unpaid part with its purchase and buyer. */
export const dashboardInstalmentSchema = {
  type: 'object',
  required: [...instalmentRequired, 'purchase_id', 'parts', 'product', 'user', 'purchase_status'],
  properties: {
    ...instalmentProperties,
    purchase_id: int,
    parts: int,
    product: { type: 'object', required: ['id', 'title'], properties: { id: int, title: str } },
    user: buyerSchema,
    purchase_status: purchaseStatus,
  },
} as const;

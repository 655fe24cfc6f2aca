/**
 * JSON Schemas of the wire shapes in @shop/contracts, for route `response` schemas (OpenAPI
 * and fast serialization). Keep them in step with `shared/contracts/src/entities.ts`.
 */
import { ANNOUNCEMENT_STATUSES, BULK_MAX_IDS, LINK_TYPES, LIST_FILTERS, SOCIAL_NETWORKS } from '@shop/contracts';
import { MAX_PAGE } from './pagination';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const date = { type: 'string', format: 'date-time' } as const;

/** `{ message, errors? }` of every error answer. */
export const errorBodySchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: str,
    errors: { type: 'object', additionalProperties: { type: 'array', items: str } },
  },
} as const;

/** The `meta` block of lists. */
export const pageMetaSchema = {
  type: 'object',
  required: ['current_page', 'last_page', 'per_page', 'total'],
  properties: { current_page: int, last_page: int, per_page: int, total: int },
} as const;

const contentBaseProperties = {
  id: int,
  title: str,
  slug: str,
  description: str,
  image: nullableStr,
  is_active: { type: 'boolean' },
  comment_status: { type: 'string', enum: ['open', 'closed', 'buyers-only'] },
  likes_count: int,
  comments_count: int,
  created_at: date,
  updated_at: date,
} as const;
const contentBaseRequired = Object.keys(contentBaseProperties);

export const postSchema = {
  type: 'object',
  required: contentBaseRequired,
  properties: contentBaseProperties,
} as const;

export const podcastSchema = {
  type: 'object',
  required: [...contentBaseRequired, 'file', 'duration_seconds'],
  properties: { ...contentBaseProperties, file: nullableStr, duration_seconds: { type: ['integer', 'null'] } },
} as const;

const productProperties = {
  ...contentBaseProperties,
  price: int,
  sessions_count: int,
  product_status: { type: 'string', enum: ['in-progress', 'done', 'expired'] },
} as const;

export const productSchema = {
  type: 'object',
  required: [...contentBaseRequired, 'price', 'sessions_count', 'product_status'],
  properties: productProperties,
} as const;

/** CourseProgress of entities.ts: «۳ از ۸ جلسه», and the session «ادامه یادگیری» opens (issue 24). */
export const courseProgressSchema = {
  type: 'object',
  required: ['done', 'total', 'resume_session_id'],
  properties: { done: int, total: int, resume_session_id: { type: ['integer', 'null'] } },
} as const;

/** ProductDetail of entities.ts: sessions with `can_view`/`is_done`, and the caller's `in_cart`, `is_bought`, `progress`, `certificate_code`. */
export const productDetailSchema = {
  type: 'object',
  required: [...productSchema.required, 'sessions', 'in_cart', 'is_bought', 'progress', 'certificate_code'],
  properties: {
    ...productProperties,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'slug', 'position', 'is_free_preview', 'created_at', 'can_view', 'is_done'],
        properties: {
          id: int,
          title: str,
          slug: str,
          position: int,
          is_free_preview: { type: 'boolean' },
          created_at: date,
          can_view: { type: 'boolean' },
          is_done: { type: 'boolean' },
        },
      },
    },
    in_cart: { type: 'boolean' },
    is_bought: { type: 'boolean' },
    progress: { anyOf: [courseProgressSchema, { type: 'null' }] },
    certificate_code: { type: ['string', 'null'] },
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
  ],
  properties: {
    ...contentBaseProperties,
    product_id: int,
    product_title: str,
    position: int,
    is_free_preview: { type: 'boolean' },
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
  },
} as const;

/** Shared, recursive schema of a comment with its replies; registered with `app.addSchema`. */
export const commentNodeSchema = {
  $id: 'CommentNode',
  type: 'object',
  required: ['id', 'parent_id', 'text', 'user', 'created_at', 'replies'],
  properties: {
    id: int,
    parent_id: int,
    text: str,
    user: {
      type: 'object',
      required: ['id', 'full_name', 'is_staff'],
      properties: { id: int, full_name: str, is_staff: { type: 'boolean' } },
    },
    created_at: date,
    replies: { type: 'array', items: { $ref: 'CommentNode#' } },
  },
} as const;

export const userSchema = {
  type: 'object',
  required: [
    'id',
    'full_name',
    'email',
    'mobile',
    'way_of_knowing_our_website',
    'write_comment_status',
    'comment_barred_until',
    'status',
    'is_email_verified',
    'email_verified_at',
    'is_mobile_verified',
    'permissions',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: int,
    full_name: str,
    email: str,
    mobile: nullableStr,
    way_of_knowing_our_website: nullableStr,
    write_comment_status: { type: 'string', enum: ['allowed', 'temporarily-barred', 'barred'] },
    comment_barred_until: { type: ['string', 'null'], format: 'date-time' },
    status: { type: 'string', enum: ['ordinary', 'staff', 'super'] },
    is_email_verified: { type: 'boolean' },
    email_verified_at: { type: ['string', 'null'], format: 'date-time' },
    is_mobile_verified: { type: 'boolean' },
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: int, name: str },
      },
    },
    created_at: date,
    updated_at: date,
  },
} as const;

/** `{ data: T[], meta }`. */
export function paginatedSchema(item: object) {
  return {
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: { type: 'array', items: item }, meta: pageMetaSchema },
  } as const;
}

/** `{ data: T }`. */
export function itemSchema(item: object) {
  return { type: 'object', required: ['data'], properties: { data: item } } as const;
}

/** `page` ≥ 1 and `per_page` (clamped later to 1..50) of every list query (DESIGN.md API). */
export const pageQueryProperties = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
  per_page: { type: 'integer', default: 12, description: 'Clamped to 1..50.' },
} as const;

/** Params of `/:id` routes: the id as written; `routeId` (lib/pagination.ts) reads it, unknown → 404. */
export const idParamsSchema = { type: 'object', properties: { id: { type: 'string' } } } as const;

/** Query of public lists (SPEC §2): page ≥ 1, per_page (clamped later to 1..50), filter. */
export const publicListQuerySchema = {
  type: 'object',
  properties: {
    ...pageQueryProperties,
    filter: { type: 'string', enum: [...LIST_FILTERS], default: 'all' },
  },
} as const;

/** Error answers every API route may give. */
export const commonErrorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
} as const;

/** Error answers of endpoints for signed-in callers: 400, 401, 403, 404, 419 (stale CSRF) and 422. */
export const signedInErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
} as const;

/** `liked_by_me` of detail answers (issue 3 ViewerState). */
const viewerProperties = { liked_by_me: { type: 'boolean' } } as const;

/** Detail answers: the item plus `liked_by_me`. */
export function withViewerState<S extends { required: readonly string[]; properties: object }>(schema: S) {
  return {
    type: 'object',
    required: [...schema.required, 'liked_by_me'],
    properties: { ...schema.properties, ...viewerProperties },
  } as const;
}

const contentTypeEnum = { type: 'string', enum: ['post', 'podcast', 'product', 'product_session'] } as const;

/** LikeAnswer of engagement.ts. */
export const likeAnswerSchema = {
  type: 'object',
  required: ['message', 'data'],
  properties: {
    message: str,
    data: {
      type: 'object',
      required: ['likeable_type', 'likeable_id', 'likes_count'],
      properties: { likeable_type: contentTypeEnum, likeable_id: int, likes_count: int },
    },
  },
} as const;

/** DashboardComment of engagement.ts. */
export const dashboardCommentSchema = {
  type: 'object',
  required: ['id', 'parent_id', 'text', 'status', 'user', 'commentable', 'created_at'],
  properties: {
    id: int,
    parent_id: int,
    text: str,
    status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
    user: {
      type: 'object',
      required: ['id', 'full_name', 'email', 'is_staff'],
      properties: { id: int, full_name: str, email: str, is_staff: { type: 'boolean' } },
    },
    commentable: {
      type: 'object',
      required: ['type', 'id', 'title'],
      properties: { type: contentTypeEnum, id: int, title: str },
    },
    created_at: date,
  },
} as const;

/** SearchResult of engagement.ts. */
export const searchResultSchema = {
  type: 'object',
  required: ['type', 'id', 'title', 'excerpt', 'image', 'created_at'],
  properties: {
    type: { type: 'string', enum: ['post', 'podcast', 'product'] },
    id: int,
    title: str,
    excerpt: str,
    image: nullableStr,
    created_at: date,
  },
} as const;

/** `{ message }` answers (deletes). */
export const messageSchema = { type: 'object', required: ['message'], properties: { message: str } } as const;

/** `{ data: CommentNode[] }` of the public comment trees. */
export const commentTreeSchema = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { $ref: 'CommentNode#' } } },
} as const;

// ── commerce (issue 6): orders, refunds, summaries of commerce.ts ──────────────────────────
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
    'id', 'payment_status', 'source', 'total_price', 'discount_code', 'discount_amount', 'receipt_number', 'items', 'payments',
    'paid_at', 'created_at', 'updated_at',
  ],
  properties: {
    id: int,
    payment_status: paymentStatusSchema,
    source: { type: 'string', enum: ['checkout', 'manual'] },
    total_price: int,
    discount_code: nullableStr,
    discount_amount: int,
    receipt_number: nullableStr,
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
  required: ['order_item_id', 'order_id', 'product_id', 'title', 'amount', 'user', 'refunded_by', 'refunded_at'],
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
        required: ['product_id', 'product_name', 'count', 'total', 'discount', 'net'],
        properties: { product_id: int, product_name: str, count: int, total: int, discount: int, net: int },
      },
    },
    meta: {
      type: 'object',
      required: [
        'period', 'from', 'to', 'total_count', 'total_amount', 'total_discount', 'total_net', 'refund_count', 'refund_amount', 'given_count',
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

// ── commerce (issue 6): cart, checkout, sessions and bought products of commerce.ts ────────
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

/** BoughtProduct of entities.ts (`buyedProducts`). */
export const boughtProductSchema = {
  type: 'object',
  required: ['id', 'title', 'slug', 'image', 'bought_at', 'progress'],
  properties: { id: int, title: str, slug: str, image: nullableStr, bought_at: date, progress: courseProgressSchema },
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

/** LessonMedia of commerce.ts (issue 24): a ready lesson's signed URLs for its viewer. */
export const lessonMediaSchema = {
  type: 'object',
  required: ['kind', 'hls_url', 'poster_url', 'subtitles_url', 'duration_seconds', 'expires_at', 'watermark'],
  properties: {
    kind: { type: 'string', enum: ['video', 'audio'] },
    hls_url: str,
    poster_url: nullableStr,
    subtitles_url: nullableStr,
    duration_seconds: int,
    expires_at: { type: 'string', format: 'date-time' },
    watermark: str,
  },
} as const;

/** ProductSessionDetail of commerce.ts. */
export const productSessionDetailSchema = {
  type: 'object',
  required: [
    'id', 'product_id', 'product_title', 'product_price', 'title', 'slug', 'description', 'image', 'position',
    'is_free_preview', 'comment_status', 'likes_count', 'comments_count', 'liked_by_me', 'can_view', 'is_bought',
    'is_done', 'can_comment', 'file_url', 'file_url_expires_at', 'file_type', 'file_size', 'media', 'position_seconds',
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

// ── people and permissions (issue 7): dashboard users and permissions of accounts.ts ─────
/** `{ message, data: T }` of a dashboard write that answers the saved item. */
export function messageItemSchema(item: object) {
  return { type: 'object', required: ['message', 'data'], properties: { message: str, data: item } } as const;
}

/** PermissionDetail of accounts.ts: the name, whether the code checks it, and its holders. */
export const permissionDetailSchema = {
  type: 'object',
  required: ['id', 'name', 'is_builtin', 'users'],
  properties: {
    id: int,
    name: str,
    is_builtin: { type: 'boolean' },
    users: {
      type: 'array',
      items: { type: 'object', required: ['id', 'full_name', 'email'], properties: { id: int, full_name: str, email: str } },
    },
  },
} as const;

// ── running the site (issue 8): site.ts ────────────────────────────────────────────────────
/** Link of site.ts. */
export const linkSchema = {
  type: 'object',
  required: ['id', 'title', 'text', 'type'],
  properties: { id: int, title: str, text: str, type: { type: 'string', enum: [...LINK_TYPES] } },
} as const;

/** PublicAnnouncement of site.ts: what the banner shows. */
export const publicAnnouncementSchema = {
  type: 'object',
  required: ['id', 'title', 'text', 'expired_at'],
  properties: { id: int, title: str, text: str, expired_at: date },
} as const;

/** Announcement of site.ts, as the dashboard lists it. */
export const announcementSchema = {
  type: 'object',
  required: [...publicAnnouncementSchema.required, 'status', 'is_expired', 'created_at', 'updated_at'],
  properties: {
    ...publicAnnouncementSchema.properties,
    status: { type: 'string', enum: [...ANNOUNCEMENT_STATUSES] },
    is_expired: { type: 'boolean' },
    created_at: date,
    updated_at: date,
  },
} as const;

/** TermsInput of site.ts. */
export const termsSchema = {
  type: 'object',
  required: ['terms_and_conditions'],
  properties: { terms_and_conditions: { type: 'string', description: 'Sanitized HTML' } },
} as const;

/** SiteInformation of site.ts: texts, contact details, social links and the three switches. */
export const siteInformationSchema = {
  type: 'object',
  required: [
    'site_name', 'short_description', 'about_me', 'terms_and_conditions', 'contact_email', 'contact_phone', 'address',
    'social_links', 'comments_enabled', 'tickets_enabled', 'selling_enabled',
  ],
  properties: {
    site_name: str,
    short_description: str,
    about_me: { type: 'string', description: 'Sanitized HTML' },
    terms_and_conditions: termsSchema.properties.terms_and_conditions,
    contact_email: nullableStr,
    contact_phone: { type: ['string', 'null'], description: 'E.164' },
    address: nullableStr,
    social_links: {
      type: 'object',
      description: 'http(s) URL per network; a missing key means no link.',
      properties: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, str])),
      additionalProperties: false,
    },
    comments_enabled: { type: 'boolean' },
    tickets_enabled: { type: 'boolean' },
    selling_enabled: { type: 'boolean' },
  },
} as const;

const dailySalesSchema = {
  type: 'object',
  required: ['date', 'count', 'total'],
  properties: { date, count: int, total: int },
} as const;

/** DashboardOverview of site.ts: every key optional, present only when the caller's permissions allow it. */
export const dashboardOverviewSchema = {
  type: 'object',
  properties: {
    unread_tickets: int,
    pending_comments: int,
    sales: {
      type: 'object',
      required: ['today', 'today_net', 'this_month', 'this_month_net', 'last_30_days'],
      properties: { today: int, today_net: int, this_month: int, this_month_net: int, last_30_days: { type: 'array', items: dailySalesSchema } },
    },
    new_users_this_week: int,
  },
} as const;

/** Body of a dashboard bulk action (BulkActionBody of site.ts, issue 26): one of `actions`, 1 to BULK_MAX_IDS ids. */
export const bulkActionBodySchema = (actions: readonly string[]) =>
  ({
    type: 'object',
    required: ['action', 'ids'],
    additionalProperties: false,
    properties: {
      action: { type: 'string', enum: [...actions] },
      ids: { type: 'array', minItems: 1, maxItems: BULK_MAX_IDS, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    },
  }) as const;

/** BulkActionAnswer of site.ts (issue 26). */
export const bulkActionAnswerSchema = (actions: readonly string[]) =>
  ({
    type: 'object',
    required: ['message', 'data'],
    properties: {
      message: str,
      data: {
        type: 'object',
        required: ['action', 'ids', 'changed'],
        properties: { action: { type: 'string', enum: [...actions] }, ids: { type: 'array', items: int }, changed: { type: 'array', items: int } },
      },
    },
  }) as const;

/** A sign-in's answer (AuthTokenAnswer): the plain token, the Persian message and the user (password or SMS code login, register). */
export const tokenAnswerSchema = {
  type: 'object',
  required: ['token', 'message', 'data'],
  properties: {
    token: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object', required: ['user'], properties: { user: userSchema } },
  },
} as const;

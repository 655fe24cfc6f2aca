/**
 * JSON Schemas of the wire shapes in @shop/contracts, for route `response` schemas (OpenAPI
 * and fast serialization). Keep them in step with `shared/contracts/src/entities.ts`.
 */
import { LIST_FILTERS, PERMISSIONS } from '@shop/contracts';
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
  comment_status: { type: 'string', enum: ['open', 'closed'] },
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

export const productDetailSchema = {
  type: 'object',
  required: [...productSchema.required, 'sessions'],
  properties: {
    ...productProperties,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'slug', 'created_at'],
        properties: { id: int, title: str, slug: str, created_at: date },
      },
    },
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
    'status',
    'is_email_verified',
    'email_verified_at',
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
    status: { type: 'string', enum: ['ordinary', 'staff', 'super'] },
    is_email_verified: { type: 'boolean' },
    email_verified_at: { type: ['string', 'null'], format: 'date-time' },
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: int, name: { type: 'string', enum: [...PERMISSIONS] } },
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

/** Query of public lists (SPEC §2): page ≥ 1, per_page (clamped later to 1..50), filter. */
export const publicListQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    per_page: { type: 'integer', default: 12, description: 'Clamped to 1..50.' },
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

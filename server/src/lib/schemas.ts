/**
 * JSON Schemas of the wire shapes in @shop/contracts, for route `response` schemas (OpenAPI
 * and fast serialization). Keep them in step with `shared/contracts/src/entities.ts`. These are the
 * shapes several domains answer with; one domain's own are beside its routes (`routes/<domain>/schemas.ts`).
 */
import { LIST_FILTERS } from '@shop/contracts';
import { MAX_PAGE } from './pagination';

/** Building blocks of the schemas here and beside the routes: a string, a nullable string, an integer, a date-time. */
export const str = { type: 'string' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const date = { type: 'string', format: 'date-time' } as const;

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

export const contentBaseProperties = {
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

export const contentBaseRequired = Object.keys(contentBaseProperties);

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

/**
 * CourseProgress of entities.ts: «۳ از ۸ جلسه», the session «ادامه یادگیری» opens (issue 24) and
 * the sessions left before the certificate (issue 37 item 4).
 */
export const courseProgressSchema = {
  type: 'object',
  required: ['done', 'total', 'resume_session_id', 'left'],
  properties: {
    done: int,
    total: int,
    resume_session_id: { type: ['integer', 'null'] },
    left: {
      type: 'array',
      items: {
        type: 'object',
        required: ['session_id', 'title', 'kind'],
        properties: { session_id: int, title: str, kind: { type: 'string', enum: ['lesson', 'quiz', 'assignment'] } },
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

export const contentTypeEnum = { type: 'string', enum: ['post', 'podcast', 'product', 'product_session'] } as const;

/** `{ message }` answers (deletes). */
export const messageSchema = { type: 'object', required: ['message'], properties: { message: str } } as const;

/** `{ data: CommentNode[] }` of the public comment trees. */
export const commentTreeSchema = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { $ref: 'CommentNode#' } } },
} as const;

/** BoughtProduct of entities.ts (`buyedProducts`). */
export const boughtProductSchema = {
  type: 'object',
  required: ['id', 'title', 'slug', 'image', 'bought_at', 'progress'],
  properties: { id: int, title: str, slug: str, image: nullableStr, bought_at: date, progress: courseProgressSchema },
} as const;

/** `{ message, data: T }` of a dashboard write that answers the saved item. */
export function messageItemSchema(item: object) {
  return { type: 'object', required: ['message', 'data'], properties: { message: str, data: item } } as const;
}

/** Route schemas shared by the dashboard posts and podcasts routes (issue 3 "Dashboard"). */
import { errorBodySchema, itemSchema, messageSchema, paginatedSchema, pageQueryProperties } from '../../lib/schemas';
import { CONTENT_SORT_VALUES } from '../../lib/list-order';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  419: errorBodySchema,
  422: errorBodySchema,
} as const;

const params = { type: 'object', properties: { id: { type: 'string' } } } as const;

/** What a section other than posts and podcasts says of its form, list query and OpenAPI tag. */
export interface DashboardSectionOptions {
  tag: string;
  /** The multipart form's fields, for the create and update descriptions. */
  formDescription: string;
  /** Extra list query properties (JSON Schema), e.g. a parent id filter. */
  listQuery?: Record<string, object>;
}

/** Schemas of list, create, get, update and delete for `/api/dashboard/<section>`. */
export function dashboardContentSchemas(section: string, item: object, options?: DashboardSectionOptions) {
  const tags = [options?.tag ?? 'content'];
  const files =
    section === 'posts'
      ? 'image (file, required on create)'
      : 'image (file, required on create), file (audio, required on create)';
  const formDescription =
    options?.formDescription ??
    `multipart/form-data: title, slug, description (HTML, sanitized), is_active ("true"/"false"), comment_status (open|closed), ${files}.`;
  return {
    list: {
      tags,
      summary: `List ${section} (dashboard), inactive included`,
      querystring: {
        type: 'object',
        properties: {
          ...pageQueryProperties,
          q: { type: 'string', maxLength: 200, description: 'Searched in title (normalized) and slug.' },
          sort: { type: 'string', enum: CONTENT_SORT_VALUES, default: '-created_at' },
          ...options?.listQuery,
        },
      },
      response: { 200: paginatedSchema(item), ...errors },
    },
    create: {
      tags,
      summary: `Create one of ${section}`,
      description: formDescription,
      consumes: ['multipart/form-data'],
      response: { 201: itemSchema(item), ...errors },
    },
    get: { tags, summary: `One of ${section} (dashboard)`, params, response: { 200: itemSchema(item), ...errors } },
    update: {
      tags,
      summary: `Update one of ${section}; files are optional and kept when absent`,
      description: formDescription,
      consumes: ['multipart/form-data'],
      params,
      response: { 200: itemSchema(item), ...errors },
    },
    remove: { tags, summary: `Delete one of ${section} with its files`, params, response: { 200: messageSchema, ...errors } },
  };
}

/** Pagination rules shared by every list (DESIGN.md: `page`, `per_page` clamped to a maximum). */
import type { PageMeta } from '@shop/contracts';
import { notFound } from './api-error';

export const DEFAULT_PER_PAGE = 12;
export const MAX_PER_PAGE = 50;
/** Highest page number accepted; keeps OFFSET inside PostgreSQL's bigint. */
export const MAX_PAGE = 1_000_000;

/** Resolved page request: 1-based page, clamped page size, row offset. */
export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** Clamps `per_page` to 1..50 (default 12) and computes the offset; `page` is already ≥ 1. */
export function toPageRequest(page: number | undefined, perPage: number | undefined): PageRequest {
  const p = Math.min(Math.max(page ?? 1, 1), MAX_PAGE);
  const size = Math.min(Math.max(perPage ?? DEFAULT_PER_PAGE, 1), MAX_PER_PAGE);
  return { page: p, perPage: size, offset: (p - 1) * size };
}

/** The `meta` block of a list answer; `last_page` is at least 1 even for an empty list. */
export function pageMeta(request: PageRequest, total: number): PageMeta {
  return {
    current_page: request.page,
    last_page: Math.max(1, Math.ceil(total / request.perPage)),
    per_page: request.perPage,
    total,
  };
}

/** Parses a numeric route id (`/api/posts/:postId`); null when it is not a positive int4. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * The numeric id of a dashboard path (`/api/dashboard/links/:id`).
 * @throws ApiError 404 (with `message`, default «not found») when it is not a positive int4.
 */
export function routeId(raw: string | undefined, message?: string): number {
  const id = parseId(raw);
  if (id === null) throw notFound(message);
  return id;
}

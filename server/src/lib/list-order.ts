/**
 * Sort orders of the public list filters (SPEC §2, DESIGN.md: all | most-liked | newest | oldest)
 * and of the dashboard lists (`sort` of DESIGN.md's list conventions).
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListFilter } from '@shop/contracts';

/**
 * ORDER BY terms for a filter: `all`/`newest` newest first, `oldest` oldest first,
 * `most-liked` by likes desc then newest. The id breaks ties so pages never overlap.
 */
export function orderForFilter(
  filter: ListFilter,
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn; likesCount: AnyPgColumn },
): SQL[] {
  switch (filter) {
    case 'oldest':
      return [asc(columns.createdAt), asc(columns.id)];
    case 'most-liked':
      return [desc(columns.likesCount), desc(columns.createdAt), desc(columns.id)];
    case 'all':
    case 'newest':
    default:
      return [desc(columns.createdAt), desc(columns.id)];
  }
}

/** Query of a public list: page ≥ 1, per_page clamped to 1..50, filter (default `all`). */
export interface PublicListQuery {
  page?: number;
  per_page?: number;
  filter?: ListFilter;
}

/** Sort values of the dashboard lists; a leading `-` means descending (default `-created_at`). */
export const CONTENT_SORT_VALUES = ['title', '-title', 'created_at', '-created_at', 'likes_count', '-likes_count'];

/** Query of a dashboard list (`GET /api/dashboard/posts|podcasts|products|product-sessions`). */
export interface DashboardListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  sort?: string;
}

/** ORDER BY of a dashboard list for `sort`; the id breaks ties so pages never overlap. */
export function dashboardOrder(
  sort: string | undefined,
  columns: { title: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn; likesCount: AnyPgColumn },
): SQL[] {
  const value = sort && CONTENT_SORT_VALUES.includes(sort) ? sort : '-created_at';
  const direction = value.startsWith('-') ? desc : asc;
  const key = value.replace(/^-/, '');
  const column = key === 'title' ? columns.title : key === 'likes_count' ? columns.likesCount : columns.createdAt;
  return [direction(column), direction(columns.id)];
}

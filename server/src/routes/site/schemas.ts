/**
 * The site routes' response schemas: likes, search and the dashboard overview (issues 3 and 8).
 * Beside the routes that answer with them (issue 34 item 5); what several domains share is in
 * lib/schemas.ts.
 */
import { contentTypeEnum, date, int, nullableStr, str } from '../../lib/schemas';

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

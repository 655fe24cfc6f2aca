/**
 * The dashboard's comment moderation list as a CSV file (issue 26 "Exports", like issue 25's
 * financial lists): the rows of the list's own filters (type, status, search), read by
 * comments-service.ts, in the columns a spreadsheet needs (lib/csv-export.ts).
 */
import type { DashboardComment } from '@shop/contracts';
import type { Db } from '../../db/client';
import { csvDateColumns, type CsvColumn, type CsvExport } from '../../lib/csv-export';
import { ENGAGEMENT_CSV_TEXT } from './messages';
import { exportCommentsForModeration, type CommentListQuery, type TitleLookup } from './comments-service';

const H = ENGAGEMENT_CSV_TEXT.commentColumns;
const COMMENT_COLUMNS: Array<CsvColumn<DashboardComment>> = [
  { header: H.id, cell: (comment) => comment.id },
  { header: H.status, cell: (comment) => ENGAGEMENT_CSV_TEXT.commentStatuses[comment.status] },
  { header: H.type, cell: (comment) => ENGAGEMENT_CSV_TEXT.contentTypes[comment.commentable.type] },
  { header: H.itemId, cell: (comment) => comment.commentable.id },
  { header: H.item, cell: (comment) => comment.commentable.title },
  { header: H.parentId, cell: (comment) => (comment.parent_id === 0 ? null : comment.parent_id) },
  { header: H.author, cell: (comment) => comment.user.full_name },
  { header: H.email, cell: (comment) => comment.user.email },
  { header: H.text, cell: (comment) => comment.text },
  ...csvDateColumns<DashboardComment>(H.createdAt, (comment) => comment.created_at),
];

/**
 * Comments of the moderation list's filters (`GET /api/dashboard/comments/export`) as
 * `comments-<Jalali date>.csv`, newest first: status, the item commented on, the comment it
 * answers, author, text and date. `titlesOf` names the items, as for the list.
 */
export function commentsCsv(db: Db, query: Omit<CommentListQuery, 'page' | 'per_page'>, titlesOf: TitleLookup): CsvExport<DashboardComment> {
  return { name: 'comments', columns: COMMENT_COLUMNS, rows: exportCommentsForModeration(db, query, titlesOf) };
}

import type { CommentModerationStatus } from '@shop/contracts';
import { useFilteredListParams } from '@shop/content-ui';
import { useLocation } from '@shop/router';
import { MODERATION_STATUSES, sectionOfPath } from './comment-sections';

/**
 * Sub-page (from the path), status, search text and page of the moderation list, kept in the
 * URL (`/dashboard/comments/posts?status=approved&q=…&page=2`) so it survives a reload and the
 * back button. `pending` and page 1 are left out of the URL; a new status or search goes back to page 1.
 */
export function useCommentsParams() {
  const { pathname } = useLocation();
  return { section: sectionOfPath(pathname), ...useFilteredListParams<CommentModerationStatus>(MODERATION_STATUSES, 'pending') };
}

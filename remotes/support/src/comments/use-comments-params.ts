import type { CommentModerationStatus } from '@shop/contracts';
import { useLocation, useSearchParams } from '@shop/router';
import { MODERATION_STATUSES, sectionOfPath, type CommentSection } from './comment-sections';

/**
 * Sub-page (from the path), status, search text and page of the moderation list, kept in the
 * URL (`/dashboard/comments/posts?status=approved&q=…&page=2`) so it survives a reload and the
 * back button. `pending` and page 1 are left out of the URL; a new status or search goes back to page 1.
 */
export function useCommentsParams(): {
  section: CommentSection;
  status: CommentModerationStatus;
  q: string;
  page: number;
  setStatus: (status: CommentModerationStatus) => void;
  setQuery: (q: string) => void;
  setPage: (page: number) => void;
} {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') as CommentModerationStatus | null;
  const status = rawStatus && MODERATION_STATUSES.includes(rawStatus) ? rawStatus : 'pending';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const q = params.get('q') ?? '';

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace },
    );

  return {
    section: sectionOfPath(pathname),
    status,
    q,
    page,
    setStatus: (next) => update({ status: next === 'pending' ? null : next, page: null }),
    setQuery: (next) => update({ q: next.trim(), page: null }, true),
    setPage: (next) => update({ page: next <= 1 ? null : String(next) }),
  };
}

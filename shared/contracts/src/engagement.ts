/**
 * Wire shapes of likes, comments, search and moderation (issue 3; SPEC §3, §7, §8).
 * Same conventions as entities.ts: snake_case, ISO 8601 UTC dates.
 */
import type { ContentType } from './entities';

/** `POST /api/like` body (SPEC §3). The server takes the user from the session and refuses another `user_id`. */
export interface LikeBody {
  user_id: number;
  likeable_id: number;
  likeable_type: ContentType;
}

/** Answer of a like: the item's new count. A second like answers 422. */
export interface LikeAnswer {
  message: string;
  data: { likeable_type: ContentType; likeable_id: number; likes_count: number };
}

/** `POST /api/comments` body (SPEC §3): `parent_id` 0 for a new thread, else the comment replied to. */
export interface CommentBody {
  user_id: number;
  parent_id: number;
  text: string;
  commentable_id: number;
  commentable_type: ContentType;
}

/** Moderation state of a comment; only `approved` ones are public (SPEC §1). */
export type CommentModerationStatus = 'pending' | 'approved' | 'rejected';

/** A comment as the dashboard lists it. */
export interface DashboardComment {
  id: number;
  parent_id: number;
  text: string;
  status: CommentModerationStatus;
  user: { id: number; full_name: string; email: string; is_staff: boolean };
  commentable: { type: ContentType; id: number; title: string };
  created_at: string;
}

/**
 * Most hits `GET /api/search` counts in `meta.total` (issue 9): counting every hit of a common
 * word means reading each matching row, so the count stops here, and a total of this many reads
 * "this many or more".
 */
export const SEARCH_MAX_TOTAL = 1000;

/** One search hit (`GET /api/search?q=`), ranked best first. */
export interface SearchResult {
  type: 'post' | 'podcast' | 'product';
  id: number;
  title: string;
  /** Plain text around the match, at most ~200 characters. */
  excerpt: string;
  image: string | null;
  created_at: string;
}

/** What a detail answer adds for a signed-in caller. */
export interface ViewerState {
  /** True when the caller already liked the item; false for visitors. */
  liked_by_me: boolean;
}

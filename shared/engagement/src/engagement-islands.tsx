import type { CommentStatus, ContentType } from '@shop/contracts';
import { CommentThread } from './comment-thread';
import { LikeButton } from './like-button';
import { useCommentAnchor } from './use-comment-anchor';

/** What the engagement islands read of an item's detail answer. */
export interface EngagedItem {
  likes_count: number;
  /** ViewerState: absent or false for visitors. */
  liked_by_me?: boolean | null;
  comment_status: CommentStatus;
}

/** Props of an engagement island: JSON, written into its marker (issue 9). */
export interface EngagementIslandProps {
  /** The item's id. */
  id: number;
}

/**
 * An item's like button and comment thread as islands of its server-rendered page (issue 9,
 * DESIGN.md "Public pages"): each takes the item's id and reads the item from the store, so it
 * hydrates with the page's state and follows it when the reader turns out to be signed in (the
 * session refetches the item with `liked_by_me` and `is_bought`). The comment thread also
 * scrolls to a `#comment-<id>` link's comment (SPEC §2); the island loader hydrates it at once
 * for such a link.
 * @param type the item's likeable and commentable type (SPEC §3)
 * @param useItem a hook reading the item's detail answer from the store by id
 * @param canComment for `buyers-only` items, whether the reader may comment (a course's
 * `is_bought`)
 * @returns `Likes` and `Comments`, for the remote's `defineIslands`
 */
export function engagementIslands<T extends EngagedItem>(type: ContentType, useItem: (id: number) => T | undefined, canComment?: (item: T) => boolean) {
  function Likes({ id }: EngagementIslandProps) {
    const item = useItem(id);
    return item ? <LikeButton type={type} id={id} likesCount={item.likes_count} likedByMe={item.liked_by_me ?? false} /> : null;
  }
  function Comments({ id }: EngagementIslandProps) {
    useCommentAnchor();
    const item = useItem(id);
    return item ? <CommentThread type={type} id={id} commentStatus={item.comment_status} canComment={canComment?.(item)} /> : null;
  }
  return { Likes, Comments };
}

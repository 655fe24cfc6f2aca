import { useEffect, useState } from 'react';
import { useLocation } from '@shop/router';
import { commentIdOfHash } from './use-comment-anchor';

/** How long the comment a `#comment-<id>` link opened stays highlighted before it fades, in ms. */
export const COMMENT_HIGHLIGHT_MS = 4000;

/**
 * Whether one comment is the one the URL's `#comment-<id>` names (`anchored`: it takes the
 * focus) and whether it is still highlighted: from the moment it is on screen for
 * {@link COMMENT_HIGHLIGHT_MS}; the thread's CSS transition then fades the highlight out.
 * @param commentId the comment's id
 * @example
 * const { anchored, highlighted } = useCommentHighlight(comment.id);
 * <article tabIndex={anchored ? -1 : undefined} data-highlighted={highlighted || undefined} />
 */
export function useCommentHighlight(commentId: number): { anchored: boolean; highlighted: boolean } {
  const { hash, key } = useLocation();
  const anchored = commentIdOfHash(hash) === commentId;
  // The navigation whose highlight has faded; following the same link again lights it again.
  const [fadedKey, setFadedKey] = useState<string | null>(null);
  useEffect(() => {
    if (!anchored) return undefined;
    const timer = setTimeout(() => setFadedKey(key), COMMENT_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [anchored, key]);
  return { anchored, highlighted: anchored && fadedKey !== key };
}

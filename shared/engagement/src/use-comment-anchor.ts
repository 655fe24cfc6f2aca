import { useEffect } from 'react';
import { useLocation } from '@shop/router';

/** How long a `#comment-<id>` link waits for its comment to appear (SPEC §9), in ms. */
export const COMMENT_ANCHOR_WAIT_MS = 2000;

/** Only comment hashes scroll; profile tabs (`#home`, `#favorites-posts`, …) are left alone. */
const COMMENT_HASH = /^#comment-(\d+)$/;

/** The comment id a `#comment-<id>` hash names, or null for any other hash. */
export function commentIdOfHash(hash: string): number | null {
  const match = COMMENT_HASH.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * SPEC §2: a link whose hash names a comment (`/posts/3#comment-42`) scrolls smoothly to
 * `#comment-42` and moves the focus there without a second scroll (the comment thread makes
 * the anchored comment focusable and highlights it). Comments arrive after the page, so it
 * watches the document for up to {@link COMMENT_ANCHOR_WAIT_MS}, retries once when the time
 * is up, and then scrolls to the top of the app instead. Other hashes do nothing.
 *
 * @example
 * function PostDetailPage() {
 *   useCommentAnchor();
 *   return <CommentThread type="post" id={3} commentStatus="open" />; // renders id="comment-42"
 * }
 */
export function useCommentAnchor(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const commentId = commentIdOfHash(hash);
    if (commentId === null) return undefined;
    const elementId = `comment-${commentId}`;
    const scrollTo = (element: HTMLElement) => {
      // Optional call: environments without layout (jsdom) have no scrollIntoView.
      element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      element.focus({ preventScroll: true });
    };
    const present = document.getElementById(elementId);
    if (present) {
      scrollTo(present);
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const element = document.getElementById(elementId);
      if (element) stop(element);
    });
    const timer = setTimeout(() => stop(document.getElementById(elementId)), COMMENT_ANCHOR_WAIT_MS);
    function stop(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      if (element) scrollTo(element);
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash]);
}

import type { CommentModerationStatus, ContentType, DashboardComment } from '@shop/contracts';

/** The moderation list's base route (SPEC §2 `/dashboard/comments`). */
export const COMMENTS_PATH = '/dashboard/comments';

/** The sub-pages of SPEC §2, each the comments of one content type; `''` is the index (every type). */
export const COMMENT_SECTIONS = [
  { segment: '', type: undefined },
  { segment: 'posts', type: 'post' },
  { segment: 'podcasts', type: 'podcast' },
  { segment: 'product-sessions', type: 'product_session' },
  { segment: 'products', type: 'product' },
] as const satisfies ReadonlyArray<{ segment: string; type: ContentType | undefined }>;

/** One sub-page's path segment (`''` for the index). */
export type CommentSection = (typeof COMMENT_SECTIONS)[number];

/** The sub-page a pathname shows: `/dashboard/comments/podcasts` → podcasts; anything else → the index. */
export function sectionOfPath(pathname: string): CommentSection {
  const segment = pathname.replace(/\/+$/, '').split('/')[3] ?? '';
  return COMMENT_SECTIONS.find((section) => section.segment === segment) ?? COMMENT_SECTIONS[0];
}

/** The route of a sub-page. */
export function sectionPath(section: CommentSection): string {
  return section.segment ? `${COMMENTS_PATH}/${section.segment}` : COMMENTS_PATH;
}

/** Moderation states in the order the filter shows them; `pending` is the default. */
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const satisfies readonly CommentModerationStatus[];

/** Public pages whose routes take the item id alone; sessions need their product's id, which a comment does not carry. */
const PUBLIC_BASE: Partial<Record<ContentType, string>> = { post: '/posts', podcast: '/podcasts', product: '/products' };

/**
 * The public page of a comment, anchored on it (`/posts/3#comment-12`), or null for a product
 * session, whose route `/products/:productId/:sessionId` needs a product id the API does not send.
 */
export function publicCommentUrl(comment: Pick<DashboardComment, 'id' | 'commentable'>): string | null {
  const base = PUBLIC_BASE[comment.commentable.type];
  return base ? `${base}/${comment.commentable.id}#comment-${comment.id}` : null;
}

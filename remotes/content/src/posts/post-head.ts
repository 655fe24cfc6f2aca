import type { PageHead } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { useGetPostQuery } from './posts-api';
import { t } from '../strings';

/** `/posts`'s head (issue 9): the list's title and intro. */
export function usePostListHead(): PageHead {
  return { title: t.posts, description: t.postsIntro };
}

/**
 * `/posts/:postId`'s head (issue 9): the post's title, text and image, as an `Article`; from the
 * page's own query (same argument), so it adds no request.
 * @returns the head, or null while the post loads or when it cannot be read
 */
export function usePostHead(): PageHead | null {
  const post = useGetPostQuery(useIdParam('postId')).data?.data;
  if (!post) return null;
  return {
    title: post.title,
    description: post.description,
    image: post.image,
    item: { type: 'article', publishedAt: post.created_at, modifiedAt: post.updated_at },
  };
}

import { engagementIslands } from '@shop/engagement';
import { useGetPostQuery } from './posts-api';

/** The post's detail answer from the store (the page's state on a server-rendered page). */
function usePost(id: number) {
  return useGetPostQuery(id).data?.data;
}

/** A post's like button and comment thread, the islands of its page (issue 9). */
export const { Likes: PostLikes, Comments: PostComments } = engagementIslands('post', usePost);

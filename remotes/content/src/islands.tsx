import { lazy } from 'react';
import { defineIslands } from '@shop/router';

/**
 * The content remote's islands (issue 9, DESIGN.md "Public pages"): on a server-rendered page
 * only these hydrate, each at its first use. A list page is one island (its filters and pages
 * change the list); a post's or an episode's page is HTML but for its likes, comments and player.
 */
export const contentIslands = defineIslands('content', {
  PostList: lazy(() => import('./posts/post-list-page')),
  PodcastList: lazy(() => import('./podcasts/podcast-list-page')),
  PostLikes: lazy(() => import('./posts/post-islands').then(({ PostLikes }) => ({ default: PostLikes }))),
  PostComments: lazy(() => import('./posts/post-islands').then(({ PostComments }) => ({ default: PostComments }))),
  PodcastLikes: lazy(() => import('./podcasts/podcast-islands').then(({ PodcastLikes }) => ({ default: PodcastLikes }))),
  PodcastComments: lazy(() => import('./podcasts/podcast-islands').then(({ PodcastComments }) => ({ default: PodcastComments }))),
  PodcastPlayer: lazy(() => import('./podcasts/podcast-islands').then(({ PodcastPlayer }) => ({ default: PodcastPlayer }))),
});

import { lazy } from 'react';
import { defineIslands } from '@shop/router';

const postIsland = <K extends 'PostLikes' | 'PostComments'>(name: K) =>
  lazy(() => import('./posts/post-islands').then((parts) => ({ default: parts[name] })));
const podcastIsland = <K extends 'PodcastLikes' | 'PodcastComments' | 'PodcastPlayer'>(name: K) =>
  lazy(() => import('./podcasts/podcast-islands').then((parts) => ({ default: parts[name] })));

/**
 * The content remote's islands (issue 9, DESIGN.md "Public pages"): on a server-rendered page
 * only these hydrate, each at its first use. A list page is one island (its filters and pages
 * change the list); a post's or an episode's page is HTML but for its likes, comments and player.
 */
export const contentIslands = defineIslands('content', {
  PostList: lazy(() => import('./posts/post-list-page')),
  PodcastList: lazy(() => import('./podcasts/podcast-list-page')),
  PostLikes: postIsland('PostLikes'),
  PostComments: postIsland('PostComments'),
  PodcastLikes: podcastIsland('PodcastLikes'),
  PodcastComments: podcastIsland('PodcastComments'),
  PodcastPlayer: podcastIsland('PodcastPlayer'),
});

import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';
import { contentIslands } from './islands';
import { usePodcastHead, usePodcastListHead } from './podcasts/podcast-head';
import { usePostHead, usePostListHead } from './posts/post-head';
import { t } from './strings';

const PostFormPage = lazy(() => import('./dashboard/post-form-page'));
const PodcastFormPage = lazy(() => import('./dashboard/podcast-form-page'));

/**
 * The content remote's contract (DESIGN.md "The remote contract"): posts and podcasts,
 * public pages (each with its head and islands, issue 9) and dashboard sections, and the home
 * page's newest-posts and latest-podcasts slots.
 */
const contentModule: RemoteModule = {
  name: 'content',
  requires: { '@shop/ui-kit': '^2.3.0', '@shop/router': '^1.3.0', '@shop/api-client': '^1.3.0' },
  publicRoutes: [
    { path: '/posts', Component: contentIslands.marked.PostList, useHead: usePostListHead },
    { path: '/posts/:postId', Component: lazy(() => import('./posts/post-detail-page')), useHead: usePostHead },
    { path: '/podcasts', Component: contentIslands.marked.PodcastList, useHead: usePodcastListHead },
    { path: '/podcasts/:podcastId', Component: lazy(() => import('./podcasts/podcast-detail-page')), useHead: usePodcastHead },
  ],
  dashboardRoutes: [
    { path: '/dashboard/posts', Component: lazy(() => import('./dashboard/dashboard-posts-page')), permission: 'manage-posts' },
    { path: '/dashboard/posts/add-post', Component: PostFormPage, permission: 'manage-posts' },
    { path: '/dashboard/posts/:editPostId', Component: PostFormPage, permission: 'manage-posts' },
    { path: '/dashboard/podcasts', Component: lazy(() => import('./dashboard/dashboard-podcasts-page')), permission: 'manage-podcasts' },
    { path: '/dashboard/podcasts/add-podcast', Component: PodcastFormPage, permission: 'manage-podcasts' },
    { path: '/dashboard/podcasts/:editPodcastId', Component: PodcastFormPage, permission: 'manage-podcasts' },
  ],
  dashboardNav: [
    { label: t.posts, path: '/dashboard/posts', permission: 'manage-posts', icon: 'Article' },
    { label: t.podcasts, path: '/dashboard/podcasts', permission: 'manage-podcasts', icon: 'Podcasts' },
  ],
  slots: {
    'home.latest-posts': lazy(() => import('./posts/latest-posts-slot')),
    'home.latest-podcasts': lazy(() => import('./podcasts/latest-podcasts-slot')),
  },
  islands: contentIslands.components,
};

export default contentModule;

import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';

/**
 * The content remote's contract (DESIGN.md "The remote contract"): posts and podcasts,
 * public pages and dashboard sections, and the home page's newest-posts slot.
 */
const contentModule: RemoteModule = {
  name: 'content',
  requires: { '@shop/ui-kit': '^1.0.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.0.0' },
  publicRoutes: [
    { path: '/posts', Component: lazy(() => import('./posts/post-list-page')) },
    { path: '/posts/:postId', Component: lazy(() => import('./posts/post-detail-page')) },
  ],
  dashboardRoutes: [],
  dashboardNav: [],
  slots: {
    'home.latest-posts': lazy(() => import('./posts/latest-posts-slot')),
  },
};

export default contentModule;

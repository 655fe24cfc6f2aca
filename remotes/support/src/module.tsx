import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';

/**
 * The support remote's contract (DESIGN.md "The remote contract"): the FAQ, about-me and
 * terms pages and the home page's about-me slot. Contact-us tickets and the dashboard
 * sections (announcements, links, site information, comment moderation…) arrive later.
 */
const supportModule: RemoteModule = {
  name: 'support',
  requires: { '@shop/ui-kit': '^1.0.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.0.0' },
  publicRoutes: [
    { path: '/frequently-asked-questions', Component: lazy(() => import('./faq/faq-page')) },
    { path: '/about-me', Component: lazy(() => import('./site-information/about-me-page')), guard: 'signed-in' },
    { path: '/terms-and-conditions', Component: lazy(() => import('./site-information/terms-page')) },
  ],
  dashboardRoutes: [],
  dashboardNav: [],
  slots: {
    'home.about-me': lazy(() => import('./site-information/about-me-slot')),
  },
};

export default supportModule;

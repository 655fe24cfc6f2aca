import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';
import { COMMENT_SECTIONS, sectionPath } from './comments/comment-sections';
import { t } from './strings';

/** One page component for the moderation list and its four sub-pages; it reads the type from the path. */
const CommentsPage = lazy(() => import('./comments/comments-page'));
const TicketsPage = lazy(() => import('./tickets/tickets-page'));

/**
 * The support remote's contract (DESIGN.md "The remote contract"): the FAQ, about-me and
 * terms pages, the home page's about-me slot and the dashboard's comment moderation
 * (`/dashboard/comments` and its four sub-pages), the contact-us form (`/contact-us`) and its
 * tickets in the dashboard (`/dashboard/contact-us`). The other dashboard sections
 * (announcements, links, site information…) arrive later.
 */
const supportModule: RemoteModule = {
  name: 'support',
  requires: { '@shop/ui-kit': '^2.0.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.0.0' },
  publicRoutes: [
    { path: '/frequently-asked-questions', Component: lazy(() => import('./faq/faq-page')) },
    { path: '/about-me', Component: lazy(() => import('./site-information/about-me-page')), guard: 'signed-in' },
    { path: '/terms-and-conditions', Component: lazy(() => import('./site-information/terms-page')) },
    { path: '/contact-us', Component: lazy(() => import('./tickets/contact-us-page')), guard: 'email-verified' },
  ],
  dashboardRoutes: [
    ...COMMENT_SECTIONS.map((section) => ({ path: sectionPath(section), Component: CommentsPage, permission: 'show-comments' as const })),
    { path: '/dashboard/contact-us', Component: TicketsPage, permission: 'show-tickets' },
  ],
  dashboardNav: [
    { label: t.comments.nav, path: '/dashboard/comments', permission: 'show-comments', icon: 'Comment' },
    { label: t.tickets.nav, path: '/dashboard/contact-us', permission: 'show-tickets', icon: 'SupportAgent' },
  ],
  slots: {
    'home.about-me': lazy(() => import('./site-information/about-me-slot')),
  },
};

export default supportModule;

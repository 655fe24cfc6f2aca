import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';
import { supportIslands } from './islands';
import { COMMENT_SECTIONS, sectionPath } from './comments/comment-sections';
import { useFaqHead } from './faq/faq-head';
import { PATHS } from './paths';
import { useAboutMeHead, useTermsHead } from './site-information/site-text-head';
import { t } from './strings';

/** One page component for the moderation list and its four sub-pages; it reads the type from the path. */
const CommentsPage = lazy(() => import('./comments/comments-page'));
const TicketsPage = lazy(() => import('./tickets/tickets-page'));
/** One form page for adding and editing (`useEditId` tells which). */
const AnnouncementFormPage = lazy(() => import('./announcements/announcement-form-page'));
const LinkFormPage = lazy(() => import('./links/link-form-page'));

/**
 * The support remote's contract (DESIGN.md "The remote contract"): the FAQ, about-me, terms and
 * contact-us pages (the first three with their head, issue 9); the home page's about-me slot, the
 * public layout's announcement banner and the footer's links (the FAQ and the banner are
 * islands); in the dashboard, comment moderation (`/dashboard/comments` and its four sub-pages),
 * tickets, announcements, links and FAQ entries, the terms and the site information with its
 * switches (SPEC §2), each behind its permission.
 */
const supportModule: RemoteModule = {
  name: 'support',
  requires: { '@shop/ui-kit': '^2.3.0', '@shop/router': '^1.3.0', '@shop/api-client': '^1.5.0' },
  publicRoutes: [
    { path: '/frequently-asked-questions', Component: supportIslands.marked.Faq, useHead: useFaqHead },
    { path: '/about-me', Component: lazy(() => import('./site-information/about-me-page')), guard: 'signed-in', useHead: useAboutMeHead },
    { path: '/terms-and-conditions', Component: lazy(() => import('./site-information/terms-page')), useHead: useTermsHead },
    { path: '/contact-us', Component: lazy(() => import('./tickets/contact-us-page')), guard: 'email-verified' },
  ],
  dashboardRoutes: [
    ...COMMENT_SECTIONS.map((section) => ({ path: sectionPath(section), Component: CommentsPage, permission: 'show-comments' as const })),
    { path: '/dashboard/contact-us', Component: TicketsPage, permission: 'show-tickets' },
    { path: PATHS.announcements, Component: lazy(() => import('./announcements/announcements-page')), permission: 'manage-announcements' },
    { path: PATHS.addAnnouncement, Component: AnnouncementFormPage, permission: 'manage-announcements' },
    { path: '/dashboard/announcements/:editAnnouncementId', Component: AnnouncementFormPage, permission: 'manage-announcements' },
    { path: PATHS.links, Component: lazy(() => import('./links/links-page')), permission: 'manage-links' },
    { path: PATHS.addLink, Component: LinkFormPage, permission: 'manage-links' },
    { path: '/dashboard/links/:editLinkId', Component: LinkFormPage, permission: 'manage-links' },
    { path: PATHS.terms, Component: lazy(() => import('./site-information/terms-editor-page')), permission: 'manage-terms' },
    { path: PATHS.siteInformation, Component: lazy(() => import('./site-information/site-information-form-page')), permission: 'manage-site-information' },
  ],
  dashboardNav: [
    { label: t.comments.nav, path: '/dashboard/comments', permission: 'show-comments', icon: 'Comment' },
    { label: t.tickets.nav, path: '/dashboard/contact-us', permission: 'show-tickets', icon: 'SupportAgent' },
    { label: t.announcements.nav, path: PATHS.announcements, permission: 'manage-announcements', icon: 'Campaign' },
    { label: t.links.nav, path: PATHS.links, permission: 'manage-links', icon: 'Link' },
    { label: t.termsEditor.nav, path: PATHS.terms, permission: 'manage-terms', icon: 'Gavel' },
    { label: t.siteInformation.nav, path: PATHS.siteInformation, permission: 'manage-site-information', icon: 'Info' },
  ],
  slots: {
    'home.about-me': lazy(() => import('./site-information/about-me-slot')),
    'layout.announcements': supportIslands.marked.Announcements,
    'footer.links': lazy(() => import('./links/footer-links-slot')),
  },
  islands: supportIslands.components,
};

export default supportModule;

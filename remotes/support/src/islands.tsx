import { lazy } from 'react';
import { defineIslands } from '@shop/router';

/**
 * The support remote's islands (issue 9, DESIGN.md "Public pages"): on a server-rendered page
 * only these hydrate, each at its first use. The FAQ page is one (its questions open and close);
 * so is the announcement banner (it closes). Terms, the about-me summary and the footer's links
 * stay HTML.
 */
export const supportIslands = defineIslands('support', {
  Faq: lazy(() => import('./faq/faq-page')),
  Announcements: lazy(() => import('./announcements/announcements-banner')),
});

import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/**
 * Every cache tag of the product, declared once (STYLE.md "One API client"), so a write
 * in one remote refreshes what another remote shows.
 */
export const TAG_TYPES = [
  'Post',
  'Podcast',
  'Product',
  'ProductSession',
  'Comment',
  'Like',
  'User',
  'Permission',
  'Link',
  'SiteInformation',
  'Ticket',
  'Announcement',
  'Order',
  'Refund',
  'Cart',
  'Me',
  'DiscountCode',
  // Question banks, quizzes and attempts (issue 37).
  'Quiz',
  // Assignments, their submissions and the staff queue (issue 37 item 3).
  'Assignment',
  // Each remote's releases: the dashboard's list of where every remote stands (issue 35 item 5).
  'Release',
  // The devices a buyer's lessons play on: their own list and staff's (issue 38 item 1).
  'Device',
  // Identifications of leaked lesson copies and their revocations (issue 38 items 3 and 4).
  'Forensic',
] as const;

/**
 * On the server, query hooks start their requests while rendering (RTK Query's SSR option), so
 * a first render finds every query a page needs and a second renders it with the data (issue 9).
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }));

/**
 * The one RTK Query API of the site. Features add endpoints with
 * `api.injectEndpoints({ endpoints: (build) => ({ … }) })` in their `<feature>-api.ts`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

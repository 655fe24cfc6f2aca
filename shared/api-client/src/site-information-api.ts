import type { Item, SiteInformation } from '@shop/contracts';
import { api } from './api';

/**
 * `GET /api/site-information` (SPEC §1; issue 8): the site's name, texts, contact details and the
 * three switches. Every part of the site reads it (the shell's header and footer, the cart, the
 * comment and contact forms), so it is defined once, here, and cached once; the support remote's
 * dashboard invalidates the `SiteInformation` tag when it saves.
 */
export const siteInformationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteInformation: build.query<Item<SiteInformation>, void>({
      query: () => '/site-information',
      providesTags: [{ type: 'SiteInformation', id: 'ONE' }],
    }),
  }),
});

/**
 * The site information, or undefined until it has loaded (or when it failed to load: callers
 * then keep the switches on, and the server still refuses what a switch closes).
 */
export function useSiteInformation(): SiteInformation | undefined {
  return siteInformationApi.useGetSiteInformationQuery().data?.data;
}

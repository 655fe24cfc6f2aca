import { api } from '@shop/api-client';
import type { Item, SiteInformation } from '@shop/contracts';

/** Site information endpoint (DESIGN.md API): `GET /api/site-information` (about-me and terms HTML, site switches). */
export const siteInformationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteInformation: build.query<Item<SiteInformation>, void>({
      query: () => '/site-information',
      providesTags: [{ type: 'SiteInformation', id: 'ONE' }],
    }),
  }),
});

export const { useGetSiteInformationQuery } = siteInformationApi;

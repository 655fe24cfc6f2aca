import { api } from '@shop/api-client';
import type { Item, SiteInformation } from '@shop/contracts';

/**
 * `GET /api/site-information` (SPEC §1 site switches). The support remote injects the same
 * definition under the same name, so both share one cached answer; `overrideExisting` lets the
 * second remote that loads replace it with an identical one instead of logging an error.
 */
export const siteInformationApi = api.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    getSiteInformation: build.query<Item<SiteInformation>, void>({
      query: () => '/site-information',
      providesTags: [{ type: 'SiteInformation', id: 'ONE' }],
    }),
  }),
});

/**
 * Whether the site sells courses now (SPEC §1 "selling products" switch). True until the site
 * information has loaded or when it fails to load: the server refuses a purchase anyway (403).
 */
export function useSellingEnabled(): boolean {
  const { data } = siteInformationApi.useGetSiteInformationQuery();
  return data?.data.selling_enabled ?? true;
}

import { api } from '@shop/api-client';
import type { Item, SiteInformation, SiteInformationInput, TermsInput } from '@shop/contracts';

/**
 * The site's own texts in the dashboard (SPEC §2; issue 8): `GET|PUT /api/dashboard/terms-and-conditions`
 * (`manage-terms`) and `GET|PUT /api/dashboard/site-information` (`manage-site-information`). Both
 * answer what was stored (the HTML sanitized). A save invalidates the `SiteInformation` tag, so
 * the public `getSiteInformation` of `@shop/api-client` refetches and every part of the site (the
 * header, the footer, the cart, the comment and contact forms) sees the new texts and switches at once.
 */
export const siteAdministrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardTerms: build.query<Item<TermsInput>, void>({
      query: () => '/dashboard/terms-and-conditions',
      providesTags: [{ type: 'SiteInformation', id: 'TERMS' }],
    }),
    saveTerms: build.mutation<Item<TermsInput> & { message: string }, TermsInput>({
      query: (body) => ({ url: '/dashboard/terms-and-conditions', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['SiteInformation'] : []),
    }),
    getDashboardSiteInformation: build.query<Item<SiteInformation>, void>({
      query: () => '/dashboard/site-information',
      providesTags: [{ type: 'SiteInformation', id: 'DASHBOARD' }],
    }),
    saveSiteInformation: build.mutation<Item<SiteInformation> & { message: string }, SiteInformationInput>({
      query: (body) => ({ url: '/dashboard/site-information', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['SiteInformation'] : []),
    }),
  }),
});

export const { useGetDashboardTermsQuery, useSaveTermsMutation, useGetDashboardSiteInformationQuery, useSaveSiteInformationMutation } =
  siteAdministrationApi;

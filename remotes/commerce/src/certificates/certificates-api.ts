import { api } from '@shop/api-client';
import type { Certificate, Item } from '@shop/contracts';

/** Certificates (issue 24): `GET /api/certificates/:code`, public; the profile lists its own. */
export const certificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCertificate: build.query<Item<Certificate>, string>({
      query: (code) => `/certificates/${encodeURIComponent(code)}`,
    }),
  }),
});

export const { useGetCertificateQuery } = certificatesApi;

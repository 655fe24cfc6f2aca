import { api } from '@shop/api-client';
import type { AccessMismatches } from '@shop/contracts';

const BASE = '/dashboard/access-mismatches';

/**
 * The access reconciliation's endpoints (issue 36 item 1; `shared/contracts/src/access.ts`, super
 * users only, 403 for staff): what the last daily comparison of paid orders with access grants
 * found, and a check run now, whose answer (the same shape) replaces the cached findings, so the
 * page shows it without asking again.
 */
export const accessApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/dashboard/access-mismatches`: when the check last ran, the items it compared and its findings. */
    getAccessMismatches: build.query<AccessMismatches, void>({
      query: () => BASE,
    }),
    /** `POST /api/dashboard/access-mismatches/check`: runs the check now (the server mails super users of any finding). */
    checkAccessMismatches: build.mutation<AccessMismatches, void>({
      query: () => ({ url: `${BASE}/check`, method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(accessApi.util.upsertQueryData('getAccessMismatches', undefined, data));
        } catch {
          // The shell's error catalogue tells of the failure; the last findings stay on screen.
        }
      },
    }),
  }),
});

export const { useGetAccessMismatchesQuery, useCheckAccessMismatchesMutation } = accessApi;

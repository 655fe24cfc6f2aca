import { api, readApiError, selectCurrentUser, skipToken, useAppSelector } from '@shop/api-client';
import type { AgentDashboard, AgentPayout, Item, MessageAnswer } from '@shop/contracts';

/**
 * The cache tag of the signed-in user's page as a sales agent. The shared `TAG_TYPES` has no
 * `Agent`, so it rides on `Order`, as the wallet does (`wallet-api.ts`). Only a payout request
 * invalidates it: a payout to the wallet credits the wallet when staff mark it paid, not now.
 */
const AGENT = { type: 'Order' as const, id: 'AGENT' };

/**
 * The signed-in user's page as a sales agent «همکاری در فروش» (issue 36 item 4;
 * `shared/contracts/src/agents.ts`): their code, link, sums, commissions and payouts, and asking
 * for a payout.
 */
export const agentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/agent`: the dashboard, or null for a user who is not an agent (the server's 404). The
     * profile asks it of everyone to know whether to show the tab, so a refusal is an answer here, not
     * an error: the shell's error catalogue would raise the 404 page over the whole profile. Any other
     * failure (a server error, no connection) also reads null: a tab few users have never blanks the
     * profile, it is just left out until the next visit. A 401 alone stays an error, so the catalogue
     * signs out as on any page. Named `…My…` apart from the dashboard's agent endpoints.
     */
    getMyAgentDashboard: build.query<AgentDashboard | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery('/agent');
        if (!answer.error) return { data: (answer.data as Item<AgentDashboard>).data };
        return answer.error.status === 401 ? { error: answer.error } : { data: null };
      },
      providesTags: [AGENT],
    }),
    /**
     * `POST /api/agent/payouts {to}`: 201 with the server's Persian message and the payout of
     * everything earned and not yet asked for; 422 when nothing is (the page was stale), 404 when the
     * user is no longer an agent. The page is asked again after each of those.
     */
    requestMyAgentPayout: build.mutation<MessageAnswer & Item<AgentPayout>, { to: AgentPayout['to'] }>({
      query: (body) => ({ url: '/agent/payouts', method: 'POST', body }),
      invalidatesTags: (result, error) => (result || [404, 422].includes(readApiError(error).status) ? [AGENT] : []),
    }),
  }),
});

export const { useGetMyAgentDashboardQuery, useRequestMyAgentPayoutMutation } = agentApi;

/**
 * Whether the signed-in user is a sales agent, for the profile's `#agent` tab (issue 36 item 4).
 * Asks `GET /api/agent` once per profile visit (the tab itself asks again when it opens).
 * @returns undefined while it is asked (or for a visitor), then true or false
 */
export function useIsSalesAgent(): boolean | undefined {
  const user = useAppSelector(selectCurrentUser);
  const { data, isSuccess } = useGetMyAgentDashboardQuery(user ? undefined : skipToken, { refetchOnMountOrArgChange: true });
  return isSuccess ? data !== null : undefined;
}

import { api } from '@shop/api-client';
import type { AgentPayout, Paginated } from '@shop/contracts';

/** Query of the payouts list: a page, and the status shown. */
export interface AgentPayoutsQuery {
  page: number;
  per_page: number;
  status: AgentPayout['status'];
}

/** The list's cache tag: an `Order` tag (the one API declares no payout tag), as the wallets' are. */
const AGENT_PAYOUTS_TAG = { type: 'Order', id: 'AGENT-PAYOUTS' } as const;

/**
 * Sales agents' payouts in the dashboard (issue 36 item 4; manage-refunds; shapes in `@shop/contracts`
 * agents.ts): `GET /api/dashboard/financial-info/agent-payouts?status=&page=` and `POST …/:id/pay`.
 * A payout to the wallet credits the agent's wallet when paid, so every `Order` tag (the wallets' among
 * them, `wallet-admin-api.ts`) is asked again; a payout to the bank refreshes the list alone, and a
 * refusal (422, paid meanwhile) too, so it shows the payout as it is.
 */
export const agentPayoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAgentPayouts: build.query<Paginated<AgentPayout>, AgentPayoutsQuery>({
      query: (params) => ({ url: '/dashboard/financial-info/agent-payouts', params }),
      providesTags: [AGENT_PAYOUTS_TAG],
    }),
    payAgentPayout: build.mutation<{ message: string; data: AgentPayout }, number>({
      query: (id) => ({ url: `/dashboard/financial-info/agent-payouts/${id}/pay`, method: 'POST' }),
      invalidatesTags: (result) => (result?.data.to === 'wallet' ? ['Order'] : [AGENT_PAYOUTS_TAG]),
    }),
  }),
});

export const { useGetAgentPayoutsQuery, usePayAgentPayoutMutation } = agentPayoutsApi;

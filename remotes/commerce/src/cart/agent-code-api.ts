import { api } from '@shop/api-client';
import type { AgentCodeInput } from '@shop/validation';

/** The agent the buyer's next checkout names: their code, or null for none. */
export type CartAgent = { code: string } | null;

/** A change's answer: the server's Persian message and the agent named now. */
export interface CartAgentAnswer {
  message: string;
  data: CartAgent;
}

/** Its cache tag: a `Cart` tag of its own (the server keeps it in a cookie, not in the cart). */
const CART_AGENT_TAG = { type: 'Cart', id: 'AGENT' } as const;

/**
 * The sales agent a buyer names in the cart (issue 36 item 4; the `agent_ref` cookie the agent's link
 * also sets, which checkout reads): `GET /api/cart/agent-code` → `{data: {code} | null}`, `PUT` `{code}`
 * (422 on `code`: unknown, inactive, or the buyer's own) and `DELETE`. A write puts its answer in the
 * cache, so nothing is asked again.
 */
export const agentCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A failure answers null instead of an error: the cart then offers the field, and never raises the error page. */
    getCartAgent: build.query<CartAgent, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery('/cart/agent-code');
        return answer.error ? { data: null } : { data: (answer.data as { data: CartAgent }).data };
      },
      providesTags: [CART_AGENT_TAG],
    }),
    setCartAgent: build.mutation<CartAgentAnswer, AgentCodeInput>({
      query: (body) => ({ url: '/cart/agent-code', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentCodeApi.util.upsertQueryData('getCartAgent', undefined, data.data));
      },
    }),
    removeCartAgent: build.mutation<CartAgentAnswer, void>({
      query: () => ({ url: '/cart/agent-code', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentCodeApi.util.upsertQueryData('getCartAgent', undefined, null));
      },
    }),
  }),
});

export const { useGetCartAgentQuery, useSetCartAgentMutation, useRemoveCartAgentMutation } = agentCodeApi;

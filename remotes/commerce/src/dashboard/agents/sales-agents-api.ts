import { api } from '@shop/api-client';
import type { SalesAgent, SalesAgentBody } from '@shop/contracts';

/** What a write answers: the server's Persian message and the agent as stored. */
type WriteAnswer = { message: string; data: SalesAgent };

/** The list's cache tag: a `User` tag of its own (the one API declares no agent tag; an agent is a user with a code). */
const SALES_AGENTS_TAG = { type: 'User', id: 'SALES-AGENTS' } as const;

/**
 * Super's sales agents (issue 36 item 4; shapes in `@shop/contracts` agents.ts):
 * `GET|POST /api/dashboard/sales-agents` and `PUT …/:id`. Writes answer 422 with field errors
 * (`user_id`: unknown or already an agent; `code`: taken; `percent`) and refresh the list.
 */
export const salesAgentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalesAgents: build.query<{ data: SalesAgent[] }, void>({
      query: () => '/dashboard/sales-agents',
      providesTags: [SALES_AGENTS_TAG],
    }),
    /** 201 with the agent; `user_id` on create only. */
    createSalesAgent: build.mutation<WriteAnswer, SalesAgentBody & { user_id: number }>({
      query: (body) => ({ url: '/dashboard/sales-agents', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [SALES_AGENTS_TAG] : []),
    }),
    updateSalesAgent: build.mutation<WriteAnswer, { id: number; body: Omit<SalesAgentBody, 'user_id'> }>({
      query: ({ id, body }) => ({ url: `/dashboard/sales-agents/${id}`, method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [SALES_AGENTS_TAG] : []),
    }),
  }),
});

export const { useGetSalesAgentsQuery, useCreateSalesAgentMutation, useUpdateSalesAgentMutation } = salesAgentsApi;

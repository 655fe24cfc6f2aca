/**
 * Wire shapes of sales agents («همکاری در فروش», issue 36 item 4): super makes a user an agent with a
 * percent and a personal code; a sale through the agent's link (a 30-day cookie) or code earns the
 * agent that percent of what was paid (each part of a course bought in parts included), pending
 * through the refund window, then earned, and taken back by a refund within the window. Agents ask
 * for a payout of what they earned; staff mark it paid, to the bank or to the agent's wallet. Same
 * conventions as entities.ts: snake_case, ISO 8601 UTC dates, whole tomans.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 * - any page or API `GET` with `?ref=<code>` → the `agent_ref` cookie (30 days) that checkout reads
 * - `GET /cart/agent-code` → `{data: {code} | null}` the agent the buyer's cookie names (while active);
 *   `PUT /cart/agent-code` `{code}` → `{message, data: {code}}` the code typed in the cart, in the same cookie;
 *   422 on `code` for an unknown or inactive code, or the buyer's own; `DELETE /cart/agent-code` clears it
 * - `GET  /agent` (an agent) → `{data: AgentDashboard}`; 404 for a user who is not an agent
 * - `POST /agent/payouts` `{to}` (an agent) → 201 `{message, data: AgentPayout}` for everything earned and
 *   not yet asked for; 422 when nothing is
 *
 * Dashboard:
 * - `GET/POST /dashboard/sales-agents`, `PUT /dashboard/sales-agents/:id` {@link SalesAgentBody} (super only)
 * - `GET  /dashboard/financial-info/agent-payouts?status=` → `Paginated<AgentPayout>` (manage-refunds)
 * - `POST /dashboard/financial-info/agent-payouts/:id/pay` → `{message, data: AgentPayout}` (manage-refunds);
 *   a payout asked `to: 'wallet'` is credited to the agent's wallet then
 */

/** An agent as super sees and edits one. */
export interface SalesAgent {
  id: number;
  user: { id: number; full_name: string; email: string };
  /** Upper-case Latin letters and digits, e.g. `STAFF10`. */
  code: string;
  /** Percent of what a sale paid: 1..50. */
  percent: number;
  is_active: boolean;
  /** The agent's link: the site's home page with `?ref=<code>`. */
  link: string;
  created_at: string;
}

/** `POST /dashboard/sales-agents` (`user_id` on create only) and `PUT …/:id`. */
export interface SalesAgentBody {
  user_id?: number;
  code: string;
  percent: number;
  is_active?: boolean;
}

/**
 * A commission: `pending` until the refund window of its order has passed (`available_at`), then
 * `earned`; `reversed` when a refund within the window took it back (in whole or in part: `amount`
 * is what is left); `paid_out` once a payout that includes it is paid.
 */
export interface AgentCommission {
  id: number;
  order_id: number;
  /** The courses of its order, as bought. */
  titles: string[];
  /** Tomans the order paid (the gateway's and the wallet's shares). */
  paid: number;
  /** Tomans the agent earns of it. */
  amount: number;
  status: 'pending' | 'earned' | 'reversed' | 'paid_out';
  available_at: string;
  created_at: string;
}

/** A payout asked by an agent: the tomans, where to (the agent's bank account by staff's hand, or the wallet), and when paid. */
export interface AgentPayout {
  id: number;
  agent: { id: number; full_name: string; email: string; code: string };
  amount: number;
  to: 'bank' | 'wallet';
  status: 'requested' | 'paid';
  requested_at: string;
  paid_at: string | null;
}

/** What an agent sees: their code and link, the sums in tomans, their sales and their payouts, newest first. */
export interface AgentDashboard {
  code: string;
  percent: number;
  link: string;
  /** Tomans waiting out the refund window. */
  pending: number;
  /** Tomans earned and not yet asked for: what a payout would ask. */
  available: number;
  /** Tomans asked for and not yet paid. */
  requested: number;
  /** Tomans paid out so far. */
  paid_out: number;
  commissions: AgentCommission[];
  payouts: AgentPayout[];
}

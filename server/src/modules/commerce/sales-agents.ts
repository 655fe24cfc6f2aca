/**
 * Sales agents («همکاری در فروش», issue 36 item 4). Owns `sales_agents`, `agent_commissions` and
 * `agent_payouts`. A sale is the agent's when its buyer came through the agent's link or typed the
 * agent's code (both leave the `agent_ref` cookie, {@link AGENT_REF_COOKIE}, read at checkout); the
 * order (and each part of a course bought in parts) names the agent. When such an order is paid, the
 * order workflow records the agent's commission: `percent` of what was paid, pending until the refund
 * window has passed and earned after it, with no job: a commission's state follows the clock. A refund
 * within the window lowers it to the share of what stays paid; after it, a refund leaves it. An agent
 * asks for a payout of everything earned; staff mark it paid, and one asked to the wallet is credited
 * there then.
 */
import { and, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AgentCommission, AgentDashboard, AgentPayout, Paginated, SalesAgent } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { getUserContacts } from '../users';
import { COMMERCE_MESSAGES } from './messages';
import { addWalletEntry } from './wallet';
import { agentCommissions, agentPayouts, orderItems, orders, salesAgents } from './tables';

/** The cookie of the agent whose link or code brought the buyer: the agent's code, for {@link AGENT_REF_MAX_AGE_S}. */
export const AGENT_REF_COOKIE = 'agent_ref';
/** How long a link or a typed code names the agent of the buyer's sales: 30 days (issue 36 item 4). */
export const AGENT_REF_MAX_AGE_S = 30 * 86_400;
/** What an agent's code looks like (upper-case Latin letters and digits); anything else in `?ref=` is ignored. */
export const AGENT_CODE_PATTERN = /^[A-Z0-9]{3,32}$/;

const DAY_MS = 86_400_000;

type AgentRow = typeof salesAgents.$inferSelect;

/** An agent's link: the home page of the site with `?ref=<code>`. */
const linkOf = (origin: string, code: string) => `${origin}/?ref=${encodeURIComponent(code)}`;

/**
 * The active agent whose code is `code` (any case), unless it is `buyerId` themself (nobody earns on
 * their own purchases), else null.
 */
export async function activeAgentOf(db: Db, code: string | undefined, buyerId: number | null): Promise<AgentRow | null> {
  const text = code?.trim().toUpperCase();
  if (!text || !AGENT_CODE_PATTERN.test(text)) return null;
  const [agent] = await db.select().from(salesAgents).where(and(eq(salesAgents.code, text), eq(salesAgents.is_active, true)));
  return agent && agent.user_id !== buyerId ? agent : null;
}

/**
 * Checks a code typed in the cart (`PUT /api/cart/agent-code`).
 * @returns the agent's code as stored, for the cookie
 * @throws ApiError 422 on `code`: unknown or inactive (`agentCodeUnknown`), or the buyer's own (`agentCodeOwn`)
 */
export async function checkAgentCode(db: Db, code: string, buyerId: number | null): Promise<string> {
  const text = code.trim().toUpperCase();
  const [agent] = AGENT_CODE_PATTERN.test(text)
    ? await db.select().from(salesAgents).where(and(eq(salesAgents.code, text), eq(salesAgents.is_active, true)))
    : [];
  if (!agent) throw validationFailed({ code: [COMMERCE_MESSAGES.agentCodeUnknown] });
  if (agent.user_id === buyerId) throw validationFailed({ code: [COMMERCE_MESSAGES.agentCodeOwn] });
  return agent.code;
}

/**
 * Records, in `tx` (the order workflow's `order.paid`), the commission of the paid order `orderId`
 * when it names an agent: `percent` of its total (the gateway's and the wallet's shares), rounded
 * down to whole tomans, available `refundWindowDays` after its payment. Once per order.
 */
export async function recordCommission(tx: Db, orderId: number, refundWindowDays: number): Promise<void> {
  const [order] = await tx
    .select({ agent_id: orders.agent_id, total: orders.total_price, paid_at: orders.paid_at, percent: salesAgents.percent })
    .from(orders)
    .innerJoin(salesAgents, eq(salesAgents.id, orders.agent_id))
    .where(eq(orders.id, orderId));
  if (!order || order.total === 0) return;
  const paidAt = order.paid_at ?? new Date();
  await tx
    .insert(agentCommissions)
    .values({
      agent_id: order.agent_id!,
      order_id: orderId,
      amount: Math.floor((order.total * order.percent) / 100),
      available_at: new Date(paidAt.getTime() + refundWindowDays * DAY_MS),
    })
    .onConflictDoNothing({ target: agentCommissions.order_id });
}

/**
 * Tomans of commission on the sales paid in `[from, to)` (from null: since the beginning), reversed
 * ones left out (issue 36 item 5, the sales summary's `total_commission`).
 */
export async function commissionOfSales(db: Db, from: Date | null, to: Date): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${agentCommissions.amount}), 0)`.mapWith(Number) })
    .from(agentCommissions)
    .innerJoin(orders, eq(orders.id, agentCommissions.order_id))
    .where(and(isNull(agentCommissions.reversed_at), eq(orders.payment_status, 'paid'), from ? gte(orders.paid_at, from) : undefined, lt(orders.paid_at, to)));
  return row?.amount ?? 0;
}

/**
 * After a refund of an item of order `orderId`, in its transaction: a commission still within its
 * refund window (and not in a payout) becomes `percent` of what the order's unrefunded items still pay,
 * and reversed when nothing is left; one past its window is left as earned.
 */
export async function reviseCommission(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`
    update ${agentCommissions} as c
    set amount = floor(kept.paid * a.percent / 100),
        reversed_at = case when kept.paid * a.percent < 100 then now() end
    from ${salesAgents} as a,
      (select coalesce(sum(oi.price - oi.discount), 0) as paid from ${orderItems} as oi where oi.order_id = ${orderId} and oi.refunded_at is null) as kept
    where a.id = c.agent_id and c.order_id = ${orderId} and c.available_at > now() and c.payout_id is null and c.reversed_at is null`);
}

/** A commission's state now (see {@link AgentCommission}). */
function commissionStatus(row: { reversed_at: Date | null; available_at: Date; payout_paid: boolean }): AgentCommission['status'] {
  if (row.reversed_at) return 'reversed';
  if (row.payout_paid) return 'paid_out';
  return row.available_at.getTime() <= Date.now() ? 'earned' : 'pending';
}

async function toPayouts(db: Db, rows: (typeof agentPayouts.$inferSelect)[]): Promise<AgentPayout[]> {
  const agents = rows.length ? await db.select().from(salesAgents).where(inArray(salesAgents.id, [...new Set(rows.map((row) => row.agent_id))])) : [];
  const people = await getUserContacts(db, agents.map((agent) => agent.user_id));
  return rows.map((row) => {
    const agent = agents.find((one) => one.id === row.agent_id)!;
    const person = people.get(agent.user_id);
    return {
      id: row.id,
      agent: { id: agent.id, full_name: person?.full_name ?? '', email: person?.email ?? '', code: agent.code },
      amount: row.amount,
      to: row.to,
      status: row.paid_at ? 'paid' : 'requested',
      requested_at: toIso(row.requested_at),
      paid_at: toIso(row.paid_at),
    };
  });
}

/** The agent of user `userId`, or null. */
async function agentOfUser(db: Db, userId: number): Promise<AgentRow | null> {
  const [agent] = await db.select().from(salesAgents).where(eq(salesAgents.user_id, userId));
  return agent ?? null;
}

/** The most commissions and payouts the agent's page lists (newest first). */
const AGENT_LIST_LIMIT = 100;

/**
 * `GET /api/agent`: what the agent `userId` sees (issue 36 item 4): code and link, the sums in tomans
 * (pending, available, requested, paid out, summed by the database), their commissions and payouts,
 * newest first (at most {@link AGENT_LIST_LIMIT} each).
 * @throws ApiError 404 `notAnAgent` for a user who is not an agent
 */
export async function getAgentDashboard(db: Db, userId: number, origin: string): Promise<AgentDashboard> {
  const agent = await agentOfUser(db, userId);
  if (!agent) throw notFound(COMMERCE_MESSAGES.notAnAgent);
  const tomans = (condition: SQL) => sql<number>`coalesce(sum(amount) filter (where ${condition}), 0)::int`;
  const [[commissionSums], [payoutSums], rows, payouts] = await Promise.all([
    db
      .select({
        pending: tomans(sql`reversed_at is null and payout_id is null and available_at > now()`),
        available: tomans(sql`reversed_at is null and payout_id is null and available_at <= now()`),
      })
      .from(agentCommissions)
      .where(eq(agentCommissions.agent_id, agent.id)),
    db
      .select({ requested: tomans(sql`paid_at is null`), paid_out: tomans(sql`paid_at is not null`) })
      .from(agentPayouts)
      .where(eq(agentPayouts.agent_id, agent.id)),
    db
      .select({
        commission: agentCommissions,
        total: orders.total_price,
        payout_paid: sql<boolean>`coalesce((select p.paid_at is not null from ${agentPayouts} as p where p.id = ${agentCommissions.payout_id}), false)`,
        titles: sql<string[]>`(select coalesce(json_agg(oi.title order by oi.id), '[]'::json) from ${orderItems} as oi where oi.order_id = ${orders.id})`,
      })
      .from(agentCommissions)
      .innerJoin(orders, eq(orders.id, agentCommissions.order_id))
      .where(eq(agentCommissions.agent_id, agent.id))
      .orderBy(desc(agentCommissions.id))
      .limit(AGENT_LIST_LIMIT),
    db.select().from(agentPayouts).where(eq(agentPayouts.agent_id, agent.id)).orderBy(desc(agentPayouts.id)).limit(AGENT_LIST_LIMIT),
  ]);
  return {
    code: agent.code,
    percent: agent.percent,
    link: linkOf(origin, agent.code),
    pending: commissionSums?.pending ?? 0,
    available: commissionSums?.available ?? 0,
    requested: payoutSums?.requested ?? 0,
    paid_out: payoutSums?.paid_out ?? 0,
    commissions: rows.map(({ commission, total, payout_paid, titles }) => ({
      id: commission.id,
      order_id: commission.order_id,
      titles,
      paid: total,
      amount: commission.amount,
      status: commissionStatus({ ...commission, payout_paid: Boolean(payout_paid) }),
      available_at: toIso(commission.available_at),
      created_at: toIso(commission.created_at),
    })),
    payouts: await toPayouts(db, payouts),
  };
}

/**
 * `POST /api/agent/payouts` (issue 36 item 4): the agent asks for everything earned and not yet asked
 * for, to the bank or the wallet, in one transaction that claims those commissions (`payout_id`), so
 * two requests at once never ask for the same toman twice.
 * @throws ApiError 404 `notAnAgent`; 422 `nothingToPayOut` when nothing is earned and unclaimed
 */
export async function requestPayout(db: Db, userId: number, to: AgentPayout['to']): Promise<AgentPayout> {
  const agent = await agentOfUser(db, userId);
  if (!agent) throw notFound(COMMERCE_MESSAGES.notAnAgent);
  const payout = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_NAMESPACE}, ${agent.id})`);
    const earned = and(
      eq(agentCommissions.agent_id, agent.id),
      isNull(agentCommissions.payout_id),
      isNull(agentCommissions.reversed_at),
      sql`${agentCommissions.available_at} <= now()`,
      gt(agentCommissions.amount, 0),
    );
    const [{ total } = { total: 0 }] = await tx.select({ total: sql<number>`coalesce(sum(${agentCommissions.amount}), 0)::int` }).from(agentCommissions).where(earned);
    if (total === 0) throw new ApiError(422, COMMERCE_MESSAGES.nothingToPayOut);
    const [row] = await tx.insert(agentPayouts).values({ agent_id: agent.id, amount: total, to }).returning();
    await tx.update(agentCommissions).set({ payout_id: row!.id }).where(earned);
    return row!;
  });
  return (await toPayouts(db, [payout]))[0]!;
}

/** Namespace of the advisory lock of one agent's payouts (6004 checkout, 6006 reconciliation, 6007 wallet). */
const PAYOUT_LOCK_NAMESPACE = 6008;

/**
 * Staff mark a payout paid (issue 36 item 4), once (a conditional update); one asked to the wallet is
 * credited to the agent's wallet in the same transaction. Audited as an `agent_payout` update.
 * @throws ApiError 404 unknown; 422 `payoutAlreadyPaid`
 */
export async function markPayoutPaid(db: Db, payoutId: number, audit: AuditContext): Promise<AgentPayout> {
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [paid] = await tx
      .update(agentPayouts)
      .set({ paid_at: sql`now()`, paid_by: audit.actorId })
      .where(and(eq(agentPayouts.id, payoutId), isNull(agentPayouts.paid_at)))
      .returning();
    if (!paid) {
      const [found] = await tx.select({ id: agentPayouts.id }).from(agentPayouts).where(eq(agentPayouts.id, payoutId));
      throw found ? new ApiError(422, COMMERCE_MESSAGES.payoutAlreadyPaid) : notFound();
    }
    if (paid.to === 'wallet') {
      const [agent] = await tx.select({ user_id: salesAgents.user_id }).from(salesAgents).where(eq(salesAgents.id, paid.agent_id));
      await addWalletEntry(tx, agent!.user_id, { kind: 'agent_payout', amount: paid.amount, createdBy: audit.actorId });
    }
    await audit.record(tx, { entity: 'agent_payout', id: payoutId, action: 'update', before: { paid_at: null }, after: { paid_at: paid.paid_at, amount: paid.amount, to: paid.to } });
    return paid;
  });
  return (await toPayouts(db, [row]))[0]!;
}

/** A page of payouts, oldest asked first among those not paid, then the paid ones newest first (`status` filters). */
export async function listPayouts(db: Db, query: { status?: AgentPayout['status']; page?: number; per_page?: number }): Promise<Paginated<AgentPayout>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = query.status === 'requested' ? isNull(agentPayouts.paid_at) : query.status === 'paid' ? sql`${agentPayouts.paid_at} is not null` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(agentPayouts)
      .where(where)
      .orderBy(sql`${agentPayouts.paid_at} is not null`, sql`case when ${agentPayouts.paid_at} is null then ${agentPayouts.id} else -${agentPayouts.id} end`)
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(agentPayouts).where(where),
  ]);
  return { data: await toPayouts(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

async function toAgents(db: Db, rows: AgentRow[], origin: string): Promise<SalesAgent[]> {
  const people = await getUserContacts(db, rows.map((row) => row.user_id));
  return rows.map((row) => {
    const person = people.get(row.user_id);
    return {
      id: row.id,
      user: { id: row.user_id, full_name: person?.full_name ?? '', email: person?.email ?? '' },
      code: row.code,
      percent: row.percent,
      is_active: row.is_active,
      link: linkOf(origin, row.code),
      created_at: toIso(row.created_at),
    };
  });
}

/** Every agent, newest first (super). */
export async function listSalesAgents(db: Db, origin: string): Promise<SalesAgent[]> {
  return toAgents(db, await db.select().from(salesAgents).orderBy(desc(salesAgents.id)), origin);
}

/**
 * Makes a user an agent, or changes an agent (super, audited as a `sales_agent`).
 * @throws ApiError 422 on `user_id` (unknown, already an agent) or `code` (taken); 404 for an unknown agent on update
 */
export async function saveSalesAgent(
  db: Db,
  input: { id?: number; user_id?: number; code: string; percent: number; is_active: boolean },
  audit: AuditContext,
  origin: string,
): Promise<SalesAgent> {
  if (input.id === undefined && !(await getUserContacts(db, [input.user_id!])).has(input.user_id!)) {
    throw validationFailed({ user_id: [COMMERCE_MESSAGES.agentUserUnknown] });
  }
  try {
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const values = { code: input.code, percent: input.percent, is_active: input.is_active };
      if (input.id === undefined) {
        const [made] = await tx.insert(salesAgents).values({ ...values, user_id: input.user_id! }).returning();
        await audit.record(tx, { entity: 'sales_agent', id: made!.id, action: 'create', after: { user_id: made!.user_id, ...values } });
        return made!;
      }
      const [before] = await tx.select().from(salesAgents).where(eq(salesAgents.id, input.id)).for('update');
      if (!before) throw notFound();
      const [changed] = await tx.update(salesAgents).set(values).where(eq(salesAgents.id, input.id)).returning();
      await audit.record(tx, {
        entity: 'sales_agent',
        id: input.id,
        action: 'update',
        before: { code: before.code, percent: before.percent, is_active: before.is_active },
        after: values,
      });
      return changed!;
    });
    return (await toAgents(db, [row], origin))[0]!;
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === null) throw error;
    throw validationFailed(violated.includes('user') ? { user_id: [COMMERCE_MESSAGES.agentUserTaken] } : { code: [COMMERCE_MESSAGES.agentCodeTaken] });
  }
}

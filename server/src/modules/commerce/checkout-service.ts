/**
 * Checkout, payment attempts and their verification (issue 6 "Payments"; SPEC §4, §7, §8). Owns
 * `orders` (checkout ones), `order_items` and `payments`. An order is priced from the database in
 * one transaction; verify flips the attempt pending → paid and the order unpaid → paid with
 * conditional updates in one transaction, so twenty concurrent callbacks grant access once.
 * One user's checkouts run one at a time, and the same cart checked out again while its order is
 * unpaid answers that order (issue 32 item 2); the buyer may cancel an unpaid order.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { CartItem, CheckoutAnswer, Order, PaymentForm, User } from '@shop/contracts';
import { formatToman } from '@shop/format';
import type { Db } from '../../db/client';
import { orderItems, orders, payments } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { uniqueViolation } from '../../lib/db-errors';
import { COMMERCE_MESSAGES } from './messages';
import { cartDiscountCodeId, cartItemsOf } from './cart-service';
import { discountFor, discountRefused, orderDiscountHolds, type DiscountPricing } from './discount-codes';
import { openOrdersOfCourses, type OpenOrder } from './own-orders';
import { boughtProductIds, getOrder } from './ownership';
import type { OrderWorkflow } from './order-workflow';
import { queueUnpaidReminder } from './unpaid-reminder';
import { addWalletEntry, lockedWalletBalance, moveOrderWalletShares } from './wallet';
import { createPaymentGateways, gatewayNamed, type PaymentChoice, type PaymentGateways } from './payments/gateways';
import { PaymentGatewayError, PaymentNotEligibleError, type PaymentGateway, type VerifyResult } from './payments/payment-gateway';

/** Path of the form that opens the gateway (SPEC §7: hidden form POST with a `token` field). */
export const PAYMENT_START_PATH = '/api/payments/start';
/** Path the gateway sends the browser back to, with `Authority` and `Status` (SnappPay posts its form there, issue 36 item 2). */
export const PAYMENT_CALLBACK_PATH = '/api/payments/callback';

/** What checkout and verify need besides the database. */
export interface PaymentContext {
  /** The gateway the buyer picked: new attempts go to it (issue 36 item 2). */
  gateway: PaymentGateway;
  /** All the app's gateways: an attempt is verified by the one its `payments.gateway` names. */
  gateways: PaymentGateways;
  /** The site's public origin (settings `publicUrl`): the gateway's callback and the start form's action. */
  origin: string;
  /** The app's order workflow: a paid order raises `order.paid` there (order-workflow.ts). */
  workflow: OrderWorkflow;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Minutes an unpaid order holds its discount code (settings' DISCOUNT_HOLD_MINUTES; issue 25). */
  discountHoldMinutes: number;
  /** Queues on `tx`, the transaction that makes the unpaid order `orderId`, its win-back reminder (unpaid-reminder.ts). */
  remindUnpaid: (tx: Db, orderId: number) => Promise<void>;
}

/**
 * The app's payment gateways (made once from its settings, payments/gateways.ts; throws when
 * PAYMENT_GATEWAY=zarinpal lacks ZARINPAL_MERCHANT_ID) and `of(request, choice)`, each request's
 * {@link PaymentContext}: the gateway of `choice` (default `'default'`; `'snapppay'`, issue 36 item 2),
 * PUBLIC_URL, the request's logger and the app's order workflow and reminder queue.
 */
export function paymentContexts(app: FastifyInstance): {
  gateways: PaymentGateways;
  of: (request: FastifyRequest, choice?: PaymentChoice) => PaymentContext;
} {
  const gateways = createPaymentGateways(app.settings.payment);
  return {
    gateways,
    of: (request, choice = 'default') => {
      const origin = app.settings.publicUrl;
      return {
        gateway: gateways[choice],
        gateways,
        origin,
        log: request.log,
        workflow: app.orderWorkflow,
        discountHoldMinutes: app.settings.discountHoldMinutes,
        remindUnpaid: (tx, orderId) => queueUnpaidReminder(app, tx, orderId, origin),
      };
    },
  };
}

/** A checkout answer and whether a new order was made (201) or a keyed one answered again (200). */
export interface CheckoutResult {
  answer: CheckoutAnswer;
  created: boolean;
}

const replayed = () => new ApiError(409, COMMERCE_MESSAGES.paymentReplayed);

/** Namespace of the advisory locks that serialize one user's checkouts (issue 32 item 2; 6002 and 6003 are financial-service's and the sales rollup's). */
const CHECKOUT_LOCK_NAMESPACE = 6004;

/**
 * Takes the user's checkout lock for the rest of the transaction `tx`: their other checkouts, and the
 * orders of their instalment parts (instalments.ts, a part's order being a checkout), wait for it.
 */
export async function lockCheckout(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_NAMESPACE}, ${userId})`);
}

/** The user's order with the key and its payment status, or null. */
async function keyedOrder(db: Db, userId: number, key: string): Promise<{ id: number; payment_status: Order['payment_status'] } | null> {
  const [row] = await db
    .select({ id: orders.id, payment_status: orders.payment_status })
    .from(orders)
    .where(and(eq(orders.user_id, userId), eq(orders.idempotency_key, key)));
  return row ?? null;
}

/** An order of `userId` without its owner field; 404 when unknown or someone else's. */
export async function getOwnOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  const found = await getOrder(db, orderId);
  if (!found || found.user_id !== userId) throw notFound();
  const { user_id: _owner, ...order } = found;
  return order;
}

/** The order a checkout answers: a new one, or the cart's open order reused (issue 32 item 2). */
interface CartOrder {
  orderId: number;
  created: boolean;
}

/** A code priced on the cart, with the code's row. */
type CartPricing = Extract<DiscountPricing, { ok: true }> & { code: { id: number; code: string } };

/**
 * True when the open order `order` (of the cart's courses, see {@link openOrdersOfCourses}) is the
 * cart as priced now, "the same cart" (issue 32 item 2): the same discount code or none, and each
 * course at the same purchase price with the same share of the discount, so the same total, and the
 * same share paid from the wallet (`walletShare`: what it would take now, its own share counted back),
 * and the same sales agent (issue 36 item 4).
 */
function isSameCart(order: OpenOrder, items: CartItem[], discount: CartPricing | null, total: number, walletShare: number, agentId: number | null): boolean {
  if (order.discount_code_id !== (discount?.code.id ?? null) || order.total_price !== total || order.wallet_amount !== walletShare || order.agent_id !== agentId) return false;
  const prices = new Map(items.map((item) => [item.product_id, item.price]));
  return order.items.every(
    (item) => prices.get(item.product_id) === item.price && item.discount === (discount?.perItem.get(item.product_id) ?? 0),
  );
}

/**
 * Cancels, in the transaction `tx`, the orders `orderIds` that are still unpaid (issue 32 item 2),
 * each by a conditional update: a paid one stays paid. A cancelled order holds no discount code, gets
 * no reminder, and gives its wallet share back (issue 36 item 3).
 * @returns the ids it cancelled
 */
async function cancelUnpaid(tx: Db, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .update(orders)
    .set({ payment_status: 'cancelled', updated_at: new Date() })
    .where(and(inArray(orders.id, orderIds), eq(orders.payment_status, 'unpaid')))
    .returning({ id: orders.id });
  const cancelled = rows.map((row) => row.id);
  await moveOrderWalletShares(tx, cancelled, 'return');
  return cancelled;
}

/**
 * The order of the cart, in one transaction that holds the user's checkout lock (an advisory lock,
 * so concurrent checkouts of one user run one after another on PGlite and PostgreSQL alike).
 * The user's open orders of exactly the cart's courses (issue 32 item 2) are left out of the code's
 * uses; the newest one that is the same cart ({@link isSameCart}) is answered again, not made anew,
 * and the others (same courses, other prices, code or discount) are cancelled, replaced by this one.
 * Otherwise a new order: items priced from the database keep their
 * purchase price and title. With `useWallet` (issue 36 item 3) the order takes as much of its total
 * as the user's wallet holds, under the wallet's lock, so two checkouts never spend the same credit;
 * the gateway is asked for the rest. An order with nothing left to pay (free, a 100 % code, or paid
 * from the wallet in full) is paid at once, raising
 * `order.paid` by the buyer in this transaction (order-workflow.ts: receipt number and mail, the
 * cart, certificates; issue 26); an unpaid one gets its win-back reminder queued in it. The cart's discount code (issue 25) is locked (`SELECT …
 * FOR UPDATE`), every rule checked again and its uses counted, so concurrent checkouts keep its
 * caps; the order records the code, the discount, each item's share and `total_price` = subtotal − discount.
 * @throws ApiError 422 `cartEmpty` when nothing is left to buy; 422 on `code` with the refusal of a
 * code that no longer fits (nothing is created or cancelled)
 * @returns the order's id, and whether it is new
 */
async function orderOfCart(
  db: Db,
  context: PaymentContext,
  userId: number,
  idempotencyKey: string | null,
  useWallet: boolean,
  agentId: number | null,
): Promise<CartOrder> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCheckout(tx, userId);
    const items = await cartItemsOf(tx, { userId });
    if (items.length === 0) throw new ApiError(422, COMMERCE_MESSAGES.cartEmpty);
    const open = await openOrdersOfCourses(tx, userId, items.map((item) => item.product_id));
    const codeId = await cartDiscountCodeId(tx, { userId });
    const pricing =
      codeId === null
        ? null
        : await discountFor(tx, items, codeId, userId, {
            holdMinutes: context.discountHoldMinutes,
            lock: true,
            exceptOrderIds: open.map((order) => order.id),
          });
    if (pricing && !pricing.ok) throw discountRefused(pricing.refusal);
    const discount = pricing?.ok ? pricing : null;
    const total = items.reduce((sum, item) => sum + item.price, 0) - (discount?.discount.amount ?? 0);
    const balance = useWallet ? await lockedWalletBalance(tx, userId) : 0;
    const same = open.find((order) => isSameCart(order, items, discount, total, useWallet ? Math.min(total, balance + order.wallet_amount) : 0, agentId));
    await cancelUnpaid(tx, open.filter((order) => order !== same).map((order) => order.id));
    if (same) return { orderId: same.id, created: false };
    // The shares of the orders just cancelled are back in the wallet.
    const walletShare = useWallet ? Math.min(total, await lockedWalletBalance(tx, userId)) : 0;
    const paidAtOnce = total - walletShare === 0;
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        user_id: userId,
        total_price: total,
        wallet_amount: walletShare,
        agent_id: agentId,
        idempotency_key: idempotencyKey,
        ...(discount
          ? { discount_code_id: discount.code.id, discount_code: discount.code.code, discount_amount: discount.discount.amount }
          : {}),
        ...(paidAtOnce ? { payment_status: 'paid' as const, paid_at: now } : {}),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      items.map((item) => ({
        order_id: order!.id,
        product_id: item.product_id,
        title: item.title,
        price: item.price,
        discount: discount?.perItem.get(item.product_id) ?? 0,
      })),
    );
    if (walletShare > 0) await addWalletEntry(tx, userId, { kind: 'order_payment', amount: -walletShare, orderId: order!.id });
    const productIds = items.map((item) => item.product_id);
    if (paidAtOnce) await context.workflow.emit(tx, 'order.paid', { orderId: order!.id, userId, productIds, paidAt: now, source: 'checkout', by: 'buyer' });
    else await context.remindUnpaid(tx, order!.id);
    return { orderId: order!.id, created: true };
  });
}

/**
 * The unpaid order `orderId`'s total without its discount (its items' prices), when the discount
 * code it was priced with no longer holds ({@link orderDiscountHolds}; issue 31 item 3); null for an
 * order without a discount, or whose code still holds.
 */
async function lapsedDiscountOf(db: Db, holdMinutes: number, orderId: number): Promise<{ totalWithout: number } | null> {
  const [order] = await db
    .select({
      id: orders.id,
      user_id: orders.user_id,
      discount_code_id: orders.discount_code_id,
      discount_amount: orders.discount_amount,
      total_price: orders.total_price,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.discount_code_id === null || order.discount_amount === 0) return null;
  if (await orderDiscountHolds(db, { ...order, discount_code_id: order.discount_code_id }, holdMinutes)) return null;
  return { totalWithout: order.total_price + order.discount_amount };
}

/**
 * Asks the picked gateway for a new attempt at `order` and stores it pending, `payments.gateway`
 * naming the adapter. 422 on `code` `orderDiscountLapsed` (with the total without the code; nothing
 * asked, nothing stored) when the order's discount code no longer holds (issue 31 item 3); 422
 * `paymentGatewayFailed` when the gateway fails; 422 on `gateway` `snapppayNotEligible` when SnappPay
 * does not take the amount (issue 36 item 2: the buyer picks another gateway).
 */
async function startAttempt(db: Db, context: PaymentContext, user: User, order: Order): Promise<PaymentForm> {
  const lapsed = await lapsedDiscountOf(db, context.discountHoldMinutes, order.id);
  if (lapsed) throw discountRefused(COMMERCE_MESSAGES.orderDiscountLapsed(formatToman(lapsed.totalWithout)));
  let authority: string;
  try {
    ({ authority } = await context.gateway.requestPayment({
      orderId: order.id,
      amount: order.total_price - order.wallet_amount,
      description: COMMERCE_MESSAGES.paymentDescription(order.id),
      callbackUrl: `${context.origin}${PAYMENT_CALLBACK_PATH}`,
      email: user.email,
      mobile: user.mobile,
    }));
  } catch (error) {
    if (error instanceof PaymentNotEligibleError) {
      throw new ApiError(422, COMMERCE_MESSAGES.snapppayNotEligible, { gateway: [COMMERCE_MESSAGES.snapppayNotEligible] });
    }
    if (!(error instanceof PaymentGatewayError)) throw error;
    context.log.warn({ err: error, orderId: order.id }, 'payment request failed');
    throw new ApiError(422, COMMERCE_MESSAGES.paymentGatewayFailed);
  }
  await db.insert(payments).values({ order_id: order.id, gateway: context.gateway.name, authority, amount: order.total_price - order.wallet_amount });
  return { action: `${context.origin}${PAYMENT_START_PATH}`, token: authority };
}

/** A new attempt at `order`, answered with the order as it is now, its new attempt included (issue 22 item 9). */
async function newAttemptAnswer(db: Db, context: PaymentContext, user: User, order: Order): Promise<CheckoutAnswer> {
  const payment = await startAttempt(db, context, user, order);
  return { order: await getOwnOrder(db, user.id, order.id), payment };
}

/** The answer for an existing order: nothing to pay when paid, else its pending attempt at the picked gateway or a new one. */
async function answerFor(db: Db, context: PaymentContext, user: User, order: Order): Promise<CheckoutAnswer> {
  if (order.payment_status === 'paid') return { order, payment: null };
  const [pending] = await db
    .select({ authority: payments.authority })
    .from(payments)
    .where(and(eq(payments.order_id, order.id), eq(payments.status, 'pending'), eq(payments.gateway, context.gateway.name)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (pending) return { order, payment: { action: `${context.origin}${PAYMENT_START_PATH}`, token: pending.authority } };
  return newAttemptAnswer(db, context, user, order);
}

/**
 * `POST /api/checkout` (issue 6; the route first refuses it while selling is off: support's
 * `assertSellingOpen`): 422 `cartEmpty`; 422 on
 * `code` when the cart's discount code no longer fits (issue 25), or when a keyed order answered
 * again needs a new attempt and its code lapsed since (`orderDiscountLapsed`, issue 31 item 3);
 * 422 `paymentGatewayFailed` (the order stays unpaid). The same `Idempotency-Key` of the same
 * user answers the same order, also when two requests race (the unique constraint decides), unless
 * that order was cancelled since: then the cart is checked out as without a key.
 * The same cart checked out again while its order is unpaid, with any key or none (issue 32 item 2,
 * see {@link orderOfCart}), answers that order with a new attempt (`created` false: 200), also when
 * several checkouts race (the user's checkout lock decides).
 * With `useWallet` the wallet pays what it holds of a new order (issue 36 item 3; see {@link orderOfCart});
 * `agentId` names the sales agent whose link or code brought the buyer (issue 36 item 4) on a new order.
 * An order with nothing left to pay is paid at once (`payment: null`); otherwise `payment` is the gateway form.
 */
export async function checkout(
  db: Db,
  context: PaymentContext,
  user: User,
  idempotencyKey: string | null,
  { useWallet, agentId = null }: { useWallet: boolean; agentId?: number | null } = { useWallet: false },
): Promise<CheckoutResult> {
  const resume = async (orderId: number): Promise<CheckoutResult> => ({
    answer: await answerFor(db, context, user, await getOwnOrder(db, user.id, orderId)),
    created: false,
  });
  const keyed = idempotencyKey ? await keyedOrder(db, user.id, idempotencyKey) : null;
  if (keyed && keyed.payment_status !== 'cancelled') return resume(keyed.id);
  // A cancelled keyed order keeps its key (unique per user): the cart's new order goes without one.
  const key = keyed ? null : idempotencyKey;
  let made: CartOrder;
  try {
    made = await orderOfCart(db, context, user.id, key, useWallet, agentId);
  } catch (error) {
    const winner = key && uniqueViolation(error) !== null ? await keyedOrder(db, user.id, key) : null;
    if (winner === null) throw error;
    return resume(winner.id);
  }
  const order = await getOwnOrder(db, user.id, made.orderId);
  if (!made.created) return { answer: await newAttemptAnswer(db, context, user, order), created: false };
  return { answer: await answerFor(db, context, user, order), created: true };
}

/**
 * `POST /api/orders/:orderId/pay`: a new attempt for the owner's unpaid order (the "try again"
 * after a cancel at the gateway, and «پرداخت» of the profile's orders, issue 32 item 2; the route
 * first refuses it while selling is off): 404 unknown or someone else's; 422 `orderAlreadyPaid`; 422
 * `orderCancelledNotPayable` for a cancelled order (issue 32 item 2);
 * 422 `orderHasBoughtCourse` when the user bought one of its courses through another order meanwhile
 * (two checkouts of one cart, the older one paid later, would charge twice for that course);
 * 422 on `code` `orderDiscountLapsed` when its discount code was switched off, ended or used up
 * since checkout (issue 31 item 3): the buyer checks the cart out again, a new order priced now.
 */
export async function payOrder(db: Db, context: PaymentContext, user: User, orderId: number): Promise<CheckoutAnswer> {
  const order = await getOwnOrder(db, user.id, orderId);
  if (order.payment_status === 'paid') throw new ApiError(422, COMMERCE_MESSAGES.orderAlreadyPaid);
  if (order.payment_status === 'cancelled') throw new ApiError(422, COMMERCE_MESSAGES.orderCancelledNotPayable);
  // A part of a course bought in parts is paid while its course is open (issue 36 item 2).
  if (order.source !== 'instalment' && (await ownsAnyOf(db, user.id, order.id))) throw new ApiError(422, COMMERCE_MESSAGES.orderHasBoughtCourse);
  return newAttemptAnswer(db, context, user, order);
}

/**
 * `POST /api/orders/:orderId/cancel` (issue 32 item 2): the owner cancels an unpaid order with one
 * conditional update (`unpaid` → `cancelled`), whatever the selling switch. From then on it holds
 * no discount code (its place goes back to other buyers), its reminder mail is not sent, it cannot
 * be paid (`orderCancelledNotPayable`), its pending attempts do not open the gateway, and its wallet
 * share goes back to the wallet (issue 36 item 3); a payment already under way at the gateway still
 * wins when verified (see {@link handleCallback}), unless the order had a wallet share, so money
 * taken is never lost.
 * @returns the order as it is now, `payment_status` `cancelled`
 * @throws ApiError 404 unknown or someone else's; 422 `orderPaidNotCancellable` for a paid order,
 * 422 `orderAlreadyCancelled` for a cancelled one
 */
export async function cancelOwnOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  const order = await getOwnOrder(db, userId, orderId);
  const [cancelled] = await db.transaction(async (tx) => cancelUnpaid(tx as unknown as Db, [order.id]));
  const current = await getOwnOrder(db, userId, orderId);
  if (cancelled !== undefined) return current;
  throw new ApiError(422, current.payment_status === 'paid' ? COMMERCE_MESSAGES.orderPaidNotCancellable : COMMERCE_MESSAGES.orderAlreadyCancelled);
}

/** True when the user already owns a course of the unpaid order `orderId` (bought through another order). */
async function ownsAnyOf(db: Db, userId: number, orderId: number): Promise<boolean> {
  const items = await db.select({ product_id: orderItems.product_id }).from(orderItems).where(eq(orderItems.order_id, orderId));
  return (await boughtProductIds(db, userId, items.map((item) => item.product_id))).size > 0;
}

/**
 * What `POST /api/payments/start` does with a token: open the gateway, or send the browser back to
 * the order with why (`discount-lapsed`, issue 31 item 3; `order-cancelled`, issue 32 item 2).
 */
export type PaymentStart = { open: true } | { open: false; orderId: number; why: 'discount-lapsed' | 'order-cancelled' };

/**
 * `POST /api/payments/start` (issue 31 item 3): a pending attempt of an unpaid order opens at the
 * gateway only while the order's discount code holds; else the attempt is closed as failed (never
 * paid: a callback for it answers 409, and an unverified payment goes back to the payer) and the
 * browser is sent back to the order, whose page says why with the total without the code. A
 * pending attempt of a cancelled order (issue 32 item 2: an old form sent again) is closed as
 * cancelled and not opened, nothing being paid yet. An attempt no longer pending opens as before
 * (the gateway and the callback refuse it).
 * @throws ApiError 404 `paymentUnknown` for an unknown token
 */
export async function startPayment(db: Db, holdMinutes: number, authority: string): Promise<PaymentStart> {
  const [row] = await db
    .select({ id: payments.id, status: payments.status, order_id: payments.order_id, payment_status: orders.payment_status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(eq(payments.authority, authority));
  if (!row) throw notFound(COMMERCE_MESSAGES.paymentUnknown);
  if (row.status !== 'pending' || row.payment_status === 'paid') return { open: true };
  const cancelled = row.payment_status === 'cancelled';
  if (!cancelled && (await lapsedDiscountOf(db, holdMinutes, row.order_id)) === null) return { open: true };
  await db
    .update(payments)
    .set({ status: cancelled ? 'cancelled' : 'failed', verified_at: new Date() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
  return { open: false, orderId: row.order_id, why: cancelled ? 'order-cancelled' : 'discount-lapsed' };
}

/** Tomans asked for an attempt (the sandbox page shows it); 404 `paymentUnknown` for an unknown token. */
export async function paymentAmount(db: Db, authority: string): Promise<number> {
  const [row] = await db.select({ amount: payments.amount }).from(payments).where(eq(payments.authority, authority));
  if (!row) throw notFound(COMMERCE_MESSAGES.paymentUnknown);
  return row.amount;
}

/** Ends a pending attempt as `cancelled` or `failed`; 409 when it is no longer pending. */
async function closeAttempt(db: Db, paymentId: number, status: 'cancelled' | 'failed'): Promise<void> {
  const [closed] = await db
    .update(payments)
    .set({ status, verified_at: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!closed) throw replayed();
}

/**
 * Marks the attempt paid and the order paid in one transaction, each with a conditional update,
 * and raises `order.paid` by the buyer there (order-workflow.ts: the receipt number, issue 25, the
 * bought courses out of the cart, certificates, the receipt mail, issue 26). Only the winner of a race for one attempt gets
 * here without 409; a second attempt verified for an order another attempt paid is kept in the buyer's
 * wallet as an `overpayment` (issue 36 item 6: a part paid twice loses no toman). An order
 * cancelled while this payment was at the gateway is paid too (issue 32 item 2): the money was
 * taken, so the payment wins over the cancel (logged).
 */
async function grantPaidOrder(db: Db, context: PaymentContext, payment: { id: number; order_id: number; user_id: number; amount: number }, refId: string | null) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const now = new Date();
    const [won] = await tx
      .update(payments)
      .set({ status: 'paid', ref_id: refId, verified_at: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!won) throw replayed();
    const [before] = await tx.select({ status: orders.payment_status }).from(orders).where(eq(orders.id, payment.order_id)).for('update');
    const [paid] = await tx
      .update(orders)
      .set({ payment_status: 'paid', paid_at: now, updated_at: now })
      .where(and(eq(orders.id, payment.order_id), inArray(orders.payment_status, ['unpaid', 'cancelled'])))
      .returning({ id: orders.id });
    if (!paid) {
      // Another attempt paid the order first (two tabs, a part paid twice): the gateway has taken this
      // one too, so it is kept in the buyer's wallet, never lost (issue 36 item 6).
      await addWalletEntry(tx, payment.user_id, { kind: 'overpayment', amount: payment.amount, orderId: payment.order_id });
      context.log.warn({ orderId: payment.order_id, paymentId: payment.id }, 'a second payment of a paid order was verified: kept in the wallet');
      return;
    }
    if (before?.status === 'cancelled') {
      context.log.warn({ orderId: payment.order_id, paymentId: payment.id }, 'a payment under way when its order was cancelled was verified: the order is paid');
    }
    const items = await tx.select({ product_id: orderItems.product_id }).from(orderItems).where(eq(orderItems.order_id, payment.order_id));
    const productIds = items.map((item) => item.product_id);
    await context.workflow.emit(tx, 'order.paid', { orderId: payment.order_id, userId: payment.user_id, productIds, paidAt: now, source: 'checkout', by: 'buyer' });
  });
}

/** Query of the gateway's callback. */
export interface CallbackQuery {
  Authority: string;
  Status: 'OK' | 'NOK';
}

/** Where the callback sends the browser: the cart page with the outcome. */
export interface CallbackOutcome {
  outcome: 'paid' | 'failed';
  orderId: number;
}

/**
 * `GET /api/payments/callback` for the signed-in `user` (issue 6): 404 `paymentUnknown`; 403
 * `paymentNotYours`; 409 `paymentReplayed` for an attempt no longer pending (or an order paid by
 * another attempt). `NOK` cancels the attempt; `OK` asks the gateway its `payments.gateway` names (issue 36 item 2; 422 `paymentGatewayFailed`
 * when it cannot answer; a refusal fails the attempt); a verified amount other than the order's
 * gateway part (its total less its wallet share, issue 36 item 3) fails the attempt, is logged and answers 422 `paymentAmountMismatch`; else the order is paid once.
 * An order with a course the user bought meanwhile through another order is not verified: the
 * attempt fails and the gateway returns the money.
 */
export async function handleCallback(db: Db, context: PaymentContext, user: User, query: CallbackQuery): Promise<CallbackOutcome> {
  const [row] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      gateway: payments.gateway,
      gateway_reference: payments.gateway_reference,
      order_id: payments.order_id,
      user_id: orders.user_id,
      total_price: orders.total_price,
      wallet_amount: orders.wallet_amount,
      payment_status: orders.payment_status,
      source: orders.source,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(eq(payments.authority, query.Authority));
  if (!row) throw notFound(COMMERCE_MESSAGES.paymentUnknown);
  if (row.user_id !== user.id) throw new ApiError(403, COMMERCE_MESSAGES.paymentNotYours);
  if (row.status !== 'pending') throw replayed();
  const failed = { outcome: 'failed', orderId: row.order_id } as const;
  if (query.Status !== 'OK') {
    await closeAttempt(db, row.id, 'cancelled');
    return failed;
  }
  // Bought meanwhile through another order: not verified, so the gateway gives the payer the money
  // back (Zarinpal returns unverified payments), and the course is not paid for twice.
  // A cancelled order gave its wallet share back (issue 36 item 3): paying only the gateway's part
  // would sell it for less, so it is not verified and the gateway gives the payer the money back.
  if (row.payment_status === 'cancelled' && row.wallet_amount > 0) {
    await closeAttempt(db, row.id, 'failed');
    context.log.warn({ orderId: row.order_id, authority: query.Authority }, 'payment left unverified: its order was cancelled and gave its wallet share back');
    return failed;
  }
  if (row.source !== 'instalment' && (await ownsAnyOf(db, user.id, row.order_id))) {
    await closeAttempt(db, row.id, 'failed');
    context.log.warn({ orderId: row.order_id, authority: query.Authority }, 'payment left unverified: the buyer already owns a course of the order');
    return failed;
  }
  let result: VerifyResult;
  try {
    // The adapter the attempt names (a SnappPay attempt never goes to the default gateway; issue 36 item 2).
    result = await gatewayNamed(context.gateways, row.gateway).verify({ authority: query.Authority, amount: row.amount, reference: row.gateway_reference });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    context.log.warn({ err: error, orderId: row.order_id }, 'payment verify failed');
    throw new ApiError(422, COMMERCE_MESSAGES.paymentGatewayFailed);
  }
  if (result.status === 'failed') {
    await closeAttempt(db, row.id, 'failed');
    return failed;
  }
  if (result.amount !== row.total_price - row.wallet_amount) {
    await closeAttempt(db, row.id, 'failed');
    context.log.warn(
      { orderId: row.order_id, authority: query.Authority, expected: row.total_price - row.wallet_amount, verified: result.amount },
      'verified payment amount differs from the order total; order left unpaid',
    );
    throw new ApiError(422, COMMERCE_MESSAGES.paymentAmountMismatch);
  }
  await grantPaidOrder(db, context, row, result.refId);
  return { outcome: 'paid', orderId: row.order_id };
}

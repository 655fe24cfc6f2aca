/**
 * The gateway page of `POST /api/payments/start` (issue 6; issue 36 item 2): the attempt's own
 * gateway (by `payments.gateway`, never the default one for a SnappPay attempt) is handed the
 * attempt, its order's courses, wallet share and buyer's mobile, and answers the page to send the
 * browser to; a reference it gives on opening (SnappPay's `paymentToken`) is kept in `payments.gateway_reference`
 * for verify.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/api-error';
import { getUserContacts } from '../../users';
import { COMMERCE_MESSAGES } from '../messages';
import { orderItems, orders, payments } from '../tables';
import { gatewayNamed, type PaymentGateways } from './gateways';
import { PaymentGatewayError, type PaymentPage } from './payment-gateway';

/** Where `POST /api/payments/start` sends the browser: the gateway's page, or back to the order when it cannot be opened. */
export type OpenedPayment = { url: string } | { url: null; orderId: number };

/**
 * Opens the attempt `authority` at its gateway. `callbackUrl` is the absolute callback
 * (`…/api/payments/callback`); the attempt's return URL adds its `Authority`.
 * @returns the page's URL; `url: null` with the order when the gateway cannot open it (an attempt no
 * longer pending at SnappPay, or SnappPay refusing or failing, logged: the attempt stays pending and
 * the buyer may try again)
 * @throws ApiError 404 `paymentUnknown` for an unknown authority
 */
export async function openPaymentPage(
  db: Db,
  gateways: PaymentGateways,
  log: Pick<FastifyBaseLogger, 'warn'>,
  callbackUrl: string,
  authority: string,
): Promise<OpenedPayment> {
  const [row] = await db
    .select({
      id: payments.id,
      gateway: payments.gateway,
      amount: payments.amount,
      status: payments.status,
      order_id: payments.order_id,
      user_id: orders.user_id,
      wallet_amount: orders.wallet_amount,
      payment_status: orders.payment_status,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(eq(payments.authority, authority));
  if (!row) throw notFound(COMMERCE_MESSAGES.paymentUnknown);
  const items = await db
    .select({ id: orderItems.product_id, title: orderItems.title, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.order_id, row.order_id))
    .orderBy(orderItems.id);
  const contact = (await getUserContacts(db, [row.user_id])).get(row.user_id);
  let page: PaymentPage | null;
  try {
    page = await gatewayNamed(gateways, row.gateway).open({
      authority,
      amount: row.amount,
      pending: row.status === 'pending' && row.payment_status !== 'paid',
      returnUrl: `${callbackUrl}?Authority=${encodeURIComponent(authority)}`,
      orderId: row.order_id,
      items,
      wallet: row.wallet_amount,
      mobile: contact?.mobile ?? null,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    log.warn({ err: error, orderId: row.order_id }, 'payment page could not be opened');
    return { url: null, orderId: row.order_id };
  }
  if (page === null) return { url: null, orderId: row.order_id };
  if (page.reference !== null) {
    await db.update(payments).set({ gateway_reference: page.reference }).where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
  }
  return { url: page.url };
}

/**
 * Receipts of checkout orders and of each part of a course bought in parts (issue 25 "Receipts"; issue
 * 36 item 2): numbers that run per Jalali year without
 * gaps, the receipt mail of each payment and the refund mail, each queued in the transaction of
 * its payment or refund (issue 26). Owns `receipt_counters` and
 * `orders.receipt_number`. A number is taken in the transaction that marks the order paid, from
 * the year's counter row (an upsert whose row lock serializes payers), so a rolled-back payment
 * takes none; manual orders (courses given by hand) get none. The VAT rate of the site settings is
 * kept with the order beside its number (issue 36 item 5), so a later change of the rate leaves
 * issued receipts as they were.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { toJalaali } from 'jalaali-js';
import type { Db } from '../../db/client';
import { orders, receiptCounters } from './tables';
import { tehranDateOf } from '../../lib/jalali-periods';
import type { Mailer } from '../../lib/mail';
import { receiptMail, refundMail } from './mails';
import { getSiteInformation } from '../support';
import { getUserContacts } from '../users';
import { getOrder } from './ownership';

/** The Jalali year (Tehran time) of an instant: 2026-03-20T20:30Z is Nowruz 1405 in Tehran. */
export function jalaliYearOf(instant: Date): number {
  const { gy, gm, gd } = tehranDateOf(instant);
  return toJalaali(gy, gm, gd).jy;
}

/** `<year>-<6 digits>` («1405-000123»). */
export function formatReceiptNumber(jalaliYear: number, serial: number): string {
  return `${jalaliYear}-${String(serial).padStart(6, '0')}`;
}

/**
 * Gives the checkout or instalment order `orderId`, paid at `paidAt`, the next receipt number of that moment's
 * Jalali year (issue 25) and the site settings' VAT rate (issue 36 item 5), inside the caller's
 * transaction `tx` that marks it paid. An order that has a number keeps it and its rate (paid again
 * after staff set it unpaid); a manual order gets neither.
 * @returns the order's receipt number, or null for a manual order
 */
export async function assignReceiptNumber(tx: Db, orderId: number, paidAt: Date): Promise<string | null> {
  const [order] = await tx
    .select({ source: orders.source, receipt_number: orders.receipt_number })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order || order.source === 'manual') return null;
  if (order.receipt_number) return order.receipt_number;
  const year = jalaliYearOf(paidAt);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ jalali_year: year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.jalali_year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  const number = formatReceiptNumber(year, counter!.last);
  const { vat_percent: vatPercent } = await getSiteInformation(tx);
  await tx.update(orders).set({ receipt_number: number, vat_percent: vatPercent }).where(and(eq(orders.id, orderId), isNull(orders.receipt_number)));
  return number;
}

/** The absolute link of an order's receipt page (commerce remote, `/orders/:orderId/receipt`). */
export const receiptLink = (origin: string, orderId: number) => `${origin}/orders/${orderId}/receipt`;

/** What the receipt and refund mails need besides the transaction: the mailer and the links' origin. */
export interface ReceiptMailContext {
  mailer: Mailer;
  /** The site's public origin (settings `publicUrl`). */
  origin: string;
}

/**
 * Queues the receipt mail of the paid checkout or instalment order `orderId` to its buyer (issue 25) on `tx`, the
 * transaction that marks it paid, reading the order there: the mail commits with the payment or
 * not at all (issue 26). Does nothing for an unknown, unpaid or manual order; rejects with the
 * database's error, failing the payment with it.
 */
export async function sendReceiptMail(tx: Db, { mailer, origin }: ReceiptMailContext, orderId: number): Promise<void> {
  const order = await getOrder(tx, orderId);
  if (!order || order.payment_status !== 'paid' || order.source === 'manual' || !order.paid_at) return;
  const buyer = (await getUserContacts(tx, [order.user_id])).get(order.user_id);
  if (!buyer) return;
  const paidAttempt = order.payments.find((attempt) => attempt.status === 'paid');
  await mailer.sendLater(
    tx,
    receiptMail({
      to: buyer.email,
      fullName: buyer.full_name,
      receiptNumber: order.receipt_number,
      paidAt: new Date(order.paid_at),
      items: order.items.map((item) => ({ title: item.title, price: item.purchase_price })),
      discountCode: order.discount_code,
      discountAmount: order.discount_amount,
      total: order.total_price,
      walletAmount: order.wallet_amount,
      vatPercent: order.vat_percent,
      vatAmount: order.vat_amount,
      refId: paidAttempt?.ref_id ?? null,
      link: receiptLink(origin, order.id),
    }),
  );
}

/**
 * Queues the refund mail of the refunded order item `orderItemId` of order `orderId` (issue 25):
 * the course, the tomans given back, the receipt number and the receipt link, on `tx`, the
 * transaction of the refund (issue 26). Does nothing when the item is not refunded; rejects with
 * the database's error, failing the refund with it.
 */
export async function sendRefundMail(tx: Db, { mailer, origin }: ReceiptMailContext, orderId: number, orderItemId: number): Promise<void> {
  const order = await getOrder(tx, orderId);
  const item = order?.items.find((candidate) => candidate.id === orderItemId);
  if (!order || !item?.refunded_at || item.refund_amount === null) return;
  const buyer = (await getUserContacts(tx, [order.user_id])).get(order.user_id);
  if (!buyer) return;
  await mailer.sendLater(
    tx,
    refundMail({
      to: buyer.email,
      fullName: buyer.full_name,
      title: item.title,
      amount: item.refund_amount,
      refundedAt: new Date(item.refunded_at),
      receiptNumber: order.receipt_number,
      link: receiptLink(origin, order.id),
    }),
  );
}

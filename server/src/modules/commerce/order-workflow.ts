/**
 * What follows a change of an order, as one workflow (issue 34 item 3, after Medusa's workflows):
 * the change (a payment verified, a free checkout, staff setting a payment status, a course given,
 * changed or taken back by hand, a refund) raises an {@link OrderEvents} event inside its own
 * transaction, and every step registered for that event runs there, in the order registered, so
 * receipts, the cart, certificates and mail commit with the change or not at all (issue 26). A new
 * step is added in one place, {@link createOrderWorkflow}.
 */
import type { OrderSource } from '@shop/contracts';
import type { Db } from '../../db/client';
import { syncOrderGrants } from './access-ledger';
import { removeBoughtFromCart } from './cart-service';
import { reconcileCertificates } from './certificates';
import { syncPlanGrants } from './instalments';
import { recordCommission, reviseCommission } from './sales-agents';
import { assignReceiptNumber, sendReceiptMail, sendRefundMail, type ReceiptMailContext } from './receipts';

/** The events of an order and what each carries. */
export interface OrderEvents {
  /**
   * Order `orderId` of `userId` (made by a checkout or by staff by hand: `source`) became paid at
   * `paidAt` with its courses `productIds`: `by` its buyer (a verified payment, a free checkout) or
   * by staff (a payment status set paid, a course given by hand).
   */
  'order.paid': { orderId: number; userId: number; productIds: number[]; paidAt: Date; source: OrderSource; by: 'buyer' | 'staff' };
  /**
   * `userId`'s right to the courses `productIds` may have ended or moved otherwise: an order set
   * unpaid, a manual order deleted or given another course.
   */
  'ownership.changed': { userId: number; productIds: number[] };
  /** Item `orderItemId` (course `productId`) of `userId`'s order `orderId` was refunded. */
  'item.refunded': { orderId: number; orderItemId: number; userId: number; productId: number };
}

/** A step of event `E`: runs in the transaction `tx` of the change; its rejection undoes the change. */
export type OrderStep<E extends keyof OrderEvents> = (tx: Db, event: OrderEvents[E]) => Promise<unknown>;

type Steps = { [E in keyof OrderEvents]: { name: string; run: OrderStep<E> }[] };

/** The steps of each order event, run by {@link OrderWorkflow.emit}. */
export class OrderWorkflow {
  private readonly steps: Steps = { 'order.paid': [], 'ownership.changed': [], 'item.refunded': [] };

  /** Adds step `name` to event `event`, after the ones added before. @returns this workflow */
  on<E extends keyof OrderEvents>(event: E, name: string, run: OrderStep<E>): this {
    this.steps[event].push({ name, run });
    return this;
  }

  /**
   * Runs event `event`'s steps one after another in `tx`, the transaction of the change.
   * @throws the first step's rejection (the caller's transaction then rolls back)
   */
  async emit<E extends keyof OrderEvents>(tx: Db, event: E, payload: OrderEvents[E]): Promise<void> {
    for (const step of this.steps[event] as { name: string; run: OrderStep<E> }[]) await step.run(tx, payload);
  }
}

/**
 * The shop's order workflow, every step in one place, each event's first the access ledger's grants
 * brought in line with the orders (issue 36 item 1) and with the courses bought in parts (item 2):
 * - `order.paid`: the receipt number (checkout and instalment orders, issue 25), the bought courses leave the
 *   buyer's cart (when the buyer paid), certificates follow ownership (issue 24), the receipt mail
 *   (checkout and instalment orders, issue 25);
 *   and the sales agent's commission of an order that names one (issue 36 item 4);
 * - `ownership.changed`: certificates follow ownership;
 * - `item.refunded`: certificates follow ownership, the agent's commission within the refund window
 *   lowered to what stays paid, the refund mail (issue 25).
 * `mail`: the mailer and the site's origin of the receipt and refund mails; `refundWindowDays`: the
 * days a refund takes a commission back (REFUND_WINDOW_DAYS).
 */
export function createOrderWorkflow(mail: ReceiptMailContext, { refundWindowDays }: { refundWindowDays: number }): OrderWorkflow {
  // The access ledger first: the later steps (certificates) read who may open a course.
  return new OrderWorkflow()
    .on('order.paid', 'access grants', (tx, paid) => syncOrderGrants(tx, paid.userId, paid.productIds))
    .on('ownership.changed', 'access grants', (tx, changed) => syncOrderGrants(tx, changed.userId, changed.productIds))
    .on('item.refunded', 'access grants', (tx, refunded) => syncOrderGrants(tx, refunded.userId, [refunded.productId]))
    .on('order.paid', 'instalment grants', (tx, paid) => syncPlanGrants(tx, paid.userId, paid.productIds))
    .on('ownership.changed', 'instalment grants', (tx, changed) => syncPlanGrants(tx, changed.userId, changed.productIds))
    .on('item.refunded', 'instalment grants', (tx, refunded) => syncPlanGrants(tx, refunded.userId, [refunded.productId]))
    .on('order.paid', 'receipt number', async (tx, paid) => {
      if (paid.source !== 'manual') await assignReceiptNumber(tx, paid.orderId, paid.paidAt);
    })
    .on('order.paid', 'leave the cart', async (tx, paid) => {
      if (paid.by === 'buyer') await removeBoughtFromCart(tx, paid.userId, paid.productIds);
    })
    .on('order.paid', 'certificates', (tx, paid) => reconcileCertificates(tx, paid.userId, paid.productIds))
    .on('order.paid', 'agent commission', (tx, paid) => recordCommission(tx, paid.orderId, refundWindowDays))
    .on('order.paid', 'receipt mail', async (tx, paid) => {
      if (paid.source !== 'manual') await sendReceiptMail(tx, mail, paid.orderId);
    })
    .on('ownership.changed', 'certificates', (tx, changed) => reconcileCertificates(tx, changed.userId, changed.productIds))
    .on('item.refunded', 'certificates', (tx, refunded) => reconcileCertificates(tx, refunded.userId, [refunded.productId]))
    .on('item.refunded', 'agent commission', (tx, refunded) => reviseCommission(tx, refunded.orderId))
    .on('item.refunded', 'refund mail', (tx, refunded) => sendRefundMail(tx, mail, refunded.orderId, refunded.orderItemId));
}

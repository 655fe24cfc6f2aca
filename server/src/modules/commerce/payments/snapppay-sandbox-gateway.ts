/**
 * SnappPay's built-in sandbox (issue 36 item 2, the embedded default while SNAPPPAY_CLIENT_ID is
 * unset): no outside service. It takes amounts within {@link SNAPPPAY_SANDBOX_RANGE} as SnappPay's
 * eligibility would (others answer 422 at checkout), serves its own pay page
 * (`GET /api/payments/snapppay-sandbox/:token`, «اسنپ‌پی (آزمایشی)»: the amount, the four parts
 * the buyer pays SnappPay and that the shop is paid in full), whose «تأیید و پرداخت» / «انصراف»
 * link to the callback with `Authority` and `Status=OK|NOK`, and verify pays the stored amount.
 */
import { randomBytes } from 'node:crypto';
import { formatToman, toPersianDigits } from '@shop/format';
import { COMMERCE_MESSAGES } from '../messages';
import {
  PaymentNotEligibleError,
  type PaymentGateway,
  type PaymentPage,
  type PaymentRequest,
  type PaymentToOpen,
  type PaymentToVerify,
  type VerifyResult,
} from './payment-gateway';
import type { SandboxPage } from './sandbox-gateway';

/** Path prefix of the SnappPay sandbox's pay page. */
export const SNAPPPAY_SANDBOX_PAGE_PATH = '/api/payments/snapppay-sandbox/';
/** Tomans the sandbox takes, both ends included (SnappPay's own range is its contract's). */
export const SNAPPPAY_SANDBOX_RANGE = { min: 20_000, max: 50_000_000 } as const;
/** Parts the buyer pays SnappPay in. */
export const SNAPPPAY_PARTS = 4;

/** {@link PaymentGateway} named `snapppay` that needs nothing outside: eligibility by range, verify pays the stored amount. */
export class SnappPaySandboxGateway implements PaymentGateway {
  readonly name = 'snapppay' as const;

  /** A random authority for `request.amount` tomans within the range; else PaymentNotEligibleError. */
  async requestPayment(request: PaymentRequest): Promise<{ authority: string }> {
    if (request.amount < SNAPPPAY_SANDBOX_RANGE.min || request.amount > SNAPPPAY_SANDBOX_RANGE.max) {
      throw new PaymentNotEligibleError(`amount ${request.amount} outside the sandbox's range`);
    }
    return { authority: `SNPS${randomBytes(16).toString('hex')}` };
  }

  /** Its own page on this server, for any attempt (the callback refuses one no longer pending). */
  async open(attempt: PaymentToOpen): Promise<PaymentPage> {
    return { url: `${SNAPPPAY_SANDBOX_PAGE_PATH}${encodeURIComponent(attempt.authority)}`, reference: null };
  }

  async verify(payment: PaymentToVerify): Promise<VerifyResult> {
    return { status: 'paid', amount: payment.amount, refId: `SNAPPPAY-SANDBOX-${payment.authority.slice(4, 16)}` };
  }
}

/** `amount` tomans in {@link SNAPPPAY_PARTS} whole parts, the first taking the remainder. */
export function snapppayParts(amount: number): number[] {
  const part = Math.floor(amount / SNAPPPAY_PARTS);
  return [amount - part * (SNAPPPAY_PARTS - 1), ...Array.from({ length: SNAPPPAY_PARTS - 1 }, () => part)];
}

/**
 * The SnappPay sandbox's pay page (see {@link sandboxPageHtml}) for `amount` tomans, labelled
 * «اسنپ‌پی (آزمایشی)»: the amount, its four parts the buyer pays SnappPay and that the shop is paid
 * in full; «تأیید و پرداخت» pays.
 */
export function snapppaySandboxPage(amount: number): SandboxPage {
  const parts = snapppayParts(amount)
    .map((value, index) => `<li><span>${COMMERCE_MESSAGES.snapppaySandboxPart(toPersianDigits(index + 1))}</span><span>${formatToman(value, { zeroIsFree: false })}</span></li>`)
    .join('\n');
  return {
    title: COMMERCE_MESSAGES.snapppaySandboxName,
    accent: '#0b57d0',
    amountLabel: COMMERCE_MESSAGES.snapppaySandboxAmount,
    amount,
    details: `<p>${COMMERCE_MESSAGES.snapppaySandboxParts}</p>\n<ol>\n${parts}\n</ol>\n<p>${COMMERCE_MESSAGES.snapppaySandboxShop}</p>`,
    payLabel: COMMERCE_MESSAGES.snapppaySandboxPay,
  };
}

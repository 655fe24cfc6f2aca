/**
 * SnappPay's built-in sandbox (issue 36 item 2, the embedded default while SNAPPPAY_CLIENT_ID is
 * unset): no outside service. It takes amounts within {@link SNAPPPAY_SANDBOX_RANGE} as SnappPay's
 * eligibility would (others answer 422 at checkout), serves its own pay page
 * (`GET /api/payments/snapppay-sandbox/:token`, «اسنپ‌پی (آزمایشی)»: the amount, the four parts
 * the buyer pays SnappPay and that the shop is paid in full), whose «تأیید و پرداخت» / «انصراف»
 * link to the callback with `Authority` and `Status=OK|NOK`, and verify pays the stored amount.
 */
import { randomBytes } from 'node:crypto';
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
import { escapeHtml } from './sandbox-gateway';

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
 * The SnappPay sandbox's pay page: self-contained Persian RTL HTML (no script, no outside resource)
 * labelled «اسنپ‌پی (آزمایشی)», with the amount in tomans, its four parts and that the shop is paid
 * in full, and two links styled as buttons: «تأیید و پرداخت» → callback `Status=OK`, «انصراف» → `Status=NOK`.
 */
export function snapppaySandboxPageHtml(authority: string, amount: number, callbackPath: string): string {
  const back = (status: 'OK' | 'NOK') =>
    escapeHtml(`${callbackPath}?Authority=${encodeURIComponent(authority)}&Status=${status}`);
  const digits = new Intl.NumberFormat('fa-IR');
  const toman = (value: number) => `${digits.format(value)} ${COMMERCE_MESSAGES.toman}`;
  const parts = snapppayParts(amount)
    .map((value, index) => `<li><span>${COMMERCE_MESSAGES.snapppaySandboxPart(digits.format(index + 1))}</span><span>${toman(value)}</span></li>`)
    .join('\n');
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${COMMERCE_MESSAGES.snapppaySandboxName}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f2f5fb;font-family:Vazirmatn,Tahoma,sans-serif;color:#1c2025}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:380px;width:90%;text-align:center}
h1{font-size:1.3rem;margin:0 0 8px;color:#0b57d0}p{color:#555;margin:0 0 16px}
.amount{font-size:1.6rem;font-weight:700;margin:8px 0 20px}
ol{list-style:none;padding:0;margin:0 0 16px;text-align:right}li{display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid #eceff1}
.actions{display:flex;gap:12px;justify-content:center;margin-top:24px}
a{display:inline-block;padding:10px 24px;border-radius:8px;text-decoration:none;font-weight:700}
.pay{background:#0b57d0;color:#fff}.cancel{background:#eceff1;color:#1c2025}
</style>
</head>
<body>
<main>
<h1>${COMMERCE_MESSAGES.snapppaySandboxName}</h1>
<p>${COMMERCE_MESSAGES.sandboxNote}</p>
<div>${COMMERCE_MESSAGES.snapppaySandboxAmount}</div>
<div class="amount">${toman(amount)}</div>
<p>${COMMERCE_MESSAGES.snapppaySandboxParts}</p>
<ol>
${parts}
</ol>
<p>${COMMERCE_MESSAGES.snapppaySandboxShop}</p>
<div class="actions">
<a class="pay" href="${back('OK')}">${COMMERCE_MESSAGES.snapppaySandboxPay}</a>
<a class="cancel" href="${back('NOK')}">${COMMERCE_MESSAGES.sandboxCancel}</a>
</div>
</main>
</body>
</html>
`;
}

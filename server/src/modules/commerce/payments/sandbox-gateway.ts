/**
 * The built-in sandbox gateway (issue 6, the embedded default): no outside service. Its pay page
 * is served by this server (`GET /api/payments/sandbox/:token`, «پرداخت» / «انصراف»), and verify
 * answers paid with the amount stored for the attempt.
 */
import { randomBytes } from 'node:crypto';
import { COMMERCE_MESSAGES } from '../messages';
import type { PaymentGateway, PaymentPage, PaymentToOpen, PaymentToVerify, VerifyResult } from './payment-gateway';

/** Path prefix of the sandbox pay page. */
export const SANDBOX_PAGE_PATH = '/api/payments/sandbox/';

/** {@link PaymentGateway} that always succeeds: authorities are random, verify pays the stored amount. */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  async requestPayment(): Promise<{ authority: string }> {
    return { authority: `SBX${randomBytes(16).toString('hex')}` };
  }

  /** Its own page on this server, for any attempt (the callback refuses one no longer pending). */
  async open(attempt: PaymentToOpen): Promise<PaymentPage> {
    return { url: `${SANDBOX_PAGE_PATH}${encodeURIComponent(attempt.authority)}`, reference: null };
  }

  async verify(payment: PaymentToVerify): Promise<VerifyResult> {
    return { status: 'paid', amount: payment.amount, refId: `SANDBOX-${payment.authority.slice(3, 15)}` };
  }
}

/** `text` safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sandbox pay page: self-contained Persian RTL HTML (no script, no outside resource) with the
 * amount in tomans and two links styled as buttons, «پرداخت» → callback `Status=OK` and
 * «انصراف» → `Status=NOK`.
 */
export function sandboxPageHtml(authority: string, amount: number, callbackPath: string): string {
  const back = (status: 'OK' | 'NOK') =>
    escapeHtml(`${callbackPath}?Authority=${encodeURIComponent(authority)}&Status=${status}`);
  const price = `${new Intl.NumberFormat('fa-IR').format(amount)} ${COMMERCE_MESSAGES.toman}`;
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${COMMERCE_MESSAGES.sandboxTitle}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;font-family:Vazirmatn,Tahoma,sans-serif;color:#1c2025}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:360px;width:90%;text-align:center}
h1{font-size:1.3rem;margin:0 0 8px}p{color:#555;margin:0 0 24px}
.amount{font-size:1.6rem;font-weight:700;margin:8px 0 28px}
.actions{display:flex;gap:12px;justify-content:center}
a{display:inline-block;padding:10px 28px;border-radius:8px;text-decoration:none;font-weight:700}
.pay{background:#2e7d32;color:#fff}.cancel{background:#eceff1;color:#1c2025}
</style>
</head>
<body>
<main>
<h1>${COMMERCE_MESSAGES.sandboxTitle}</h1>
<p>${COMMERCE_MESSAGES.sandboxNote}</p>
<div>${COMMERCE_MESSAGES.sandboxAmount}</div>
<div class="amount">${price}</div>
<div class="actions">
<a class="pay" href="${back('OK')}">${COMMERCE_MESSAGES.sandboxPay}</a>
<a class="cancel" href="${back('NOK')}">${COMMERCE_MESSAGES.sandboxCancel}</a>
</div>
</main>
</body>
</html>
`;
}

/**
 * The built-in sandbox gateway (issue 6, the embedded default): no outside service. Its pay page
 * is served by this server (`GET /api/payments/sandbox/:token`, «پرداخت» / «انصراف»), and verify
 * answers paid with the amount stored for the attempt.
 */
import { randomBytes } from 'node:crypto';
import { formatToman } from '@shop/format';
import { escapeHtml } from '../../../lib/mail';
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

/** What a sandbox's pay page says between its title and its buttons (HTML, its text escaped by the caller). */
export interface SandboxPage {
  title: string;
  /** The title's and the pay button's colour, CSS. */
  accent: string;
  amountLabel: string;
  /** Tomans. */
  amount: number;
  /** HTML after the amount, e.g. SnappPay's parts. */
  details?: string;
  payLabel: string;
}

/**
 * A sandbox's pay page (the Zarinpal-like sandbox's and SnappPay's): self-contained Persian RTL
 * HTML (no script, no outside resource) with the title, that no money moves, the amount in tomans,
 * the page's details, and two links styled as buttons: the pay label → callback `Status=OK`,
 * «انصراف» → `Status=NOK`, each with `Authority`.
 */
export function sandboxPageHtml(page: SandboxPage, authority: string, callbackPath: string): string {
  const back = (status: 'OK' | 'NOK') => escapeHtml(`${callbackPath}?Authority=${encodeURIComponent(authority)}&Status=${status}`);
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;font-family:Vazirmatn,Tahoma,sans-serif;color:#1c2025}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:380px;width:90%;text-align:center}
h1{font-size:1.3rem;margin:0 0 8px;color:${page.accent}}p{color:#555;margin:0 0 16px}
.amount{font-size:1.6rem;font-weight:700;margin:8px 0 20px}
ol{list-style:none;padding:0;margin:0 0 16px;text-align:right}li{display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid #eceff1}
.actions{display:flex;gap:12px;justify-content:center;margin-top:24px}
a{display:inline-block;padding:10px 24px;border-radius:8px;text-decoration:none;font-weight:700}
.pay{background:${page.accent};color:#fff}.cancel{background:#eceff1;color:#1c2025}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${COMMERCE_MESSAGES.sandboxNote}</p>
<div>${escapeHtml(page.amountLabel)}</div>
<div class="amount">${formatToman(page.amount, { zeroIsFree: false })}</div>
${page.details ?? ''}
<div class="actions">
<a class="pay" href="${back('OK')}">${escapeHtml(page.payLabel)}</a>
<a class="cancel" href="${back('NOK')}">${COMMERCE_MESSAGES.sandboxCancel}</a>
</div>
</main>
</body>
</html>
`;
}

/** The sandbox gateway's pay page for `amount` tomans. */
export const zarinpalSandboxPage = (amount: number): SandboxPage => ({
  title: COMMERCE_MESSAGES.sandboxTitle,
  accent: '#2e7d32',
  amountLabel: COMMERCE_MESSAGES.sandboxAmount,
  amount,
  payLabel: COMMERCE_MESSAGES.sandboxPay,
});

/**
 * SnappPay («اسنپ‌پی»), buy now, pay later (issue 36 item 2): the buyer pays SnappPay in four parts,
 * SnappPay pays the shop the whole amount once the purchase is settled. Its online merchant API
 * (v1) as merchants are given it; SnappPay publishes no public reference, so this follows the
 * document as the maintained public clients of it implement it (shetabit/multipay's SnappPay
 * driver, farayaz/larapay's), which agree on every call used here:
 *
 * - `POST /api/online/v1/oauth/token`: HTTP Basic `client_id:client_secret` and a form with
 *   `grant_type=password`, `scope=online-merchant`, `username`, `password` (the OAuth2 *password*
 *   grant, not client credentials as issue 36 put it) → `{access_token, expires_in}`; the token is
 *   kept until a minute before it expires, and asked again once when an API call answers 401.
 * - `GET /api/online/offer/v1/eligible?amount=<rials>` → `{successful, response: {eligible,
 *   title_message, description}}`: at checkout; an amount SnappPay does not take answers 422.
 * - `POST /api/online/payment/v1/token` with the amount, the cart (`cartList`), `discountAmount`,
 *   `externalSourceAmount` (here the wallet's share), `mobile`, `paymentMethodTypeDto: INSTALLMENT`,
 *   `transactionId` and `returnURL` → `{paymentToken, paymentPageUrl}`. It is asked when the buyer
 *   goes to pay (`POST /api/payments/start`), not at checkout: SnappPay answers a page URL that the
 *   payments table has no column for, and a token asked when the page opens never expires before.
 *   The token is kept in `payments.gateway_reference`; a second opening of the same attempt asks a new one
 *   (its `transactionId` gets a new suffix, SnappPay refusing one twice), which replaces it.
 * - SnappPay posts the browser back to `returnURL` (the callback with the attempt's `Authority`) with
 *   a form `transactionId`, `state` (`OK` or `FAILED`), `amount`; routes/commerce/payments.ts turns
 *   that POST into the callback's `GET …?Authority=&Status=OK|NOK`.
 * - `POST /api/online/payment/v1/verify` then `/settle` with `{paymentToken}` → `{transactionId}`;
 *   a verify or settle refused or unanswered is looked up with `GET /api/online/payment/v1/status`
 *   (`PENDING`, `VERIFY`, `SETTLE`, …), so a callback sent twice, or retried after a lost answer,
 *   neither fails a paid purchase nor settles twice. An amount other than the one asked is reverted
 *   (`POST /api/online/payment/v1/revert`), never settled.
 *
 * Every answer is `{successful, response, errorData: {errorCode, message}}`. Amounts are rials
 * (tomans × 10 here, at the edge). Each call waits at most `timeoutMs` (10 s); a call that fails,
 * times out or answers something else throws {@link PaymentGatewayError} (the API answers 422 and
 * the attempt stays pending, so the callback can be tried again).
 */
import { randomBytes } from 'node:crypto';
import {
  PaymentGatewayError,
  PaymentNotEligibleError,
  type PaymentGateway,
  type PaymentPage,
  type PaymentRequest,
  type PaymentToOpen,
  type PaymentToVerify,
  type VerifyResult,
} from './payment-gateway';

/** Rials per toman. */
const RIALS_PER_TOMAN = 10;
/** The API's paths. */
export const SNAPPPAY_PATHS = {
  oauth: '/api/online/v1/oauth/token',
  eligible: '/api/online/offer/v1/eligible',
  token: '/api/online/payment/v1/token',
  verify: '/api/online/payment/v1/verify',
  settle: '/api/online/payment/v1/settle',
  revert: '/api/online/payment/v1/revert',
  status: '/api/online/payment/v1/status',
} as const;
/** The cart category SnappPay is told for a course (its contract may name another). */
const CATEGORY = 'education';

/** Settings of {@link SnappPayGateway} (env SNAPPPAY_*). */
export interface SnappPayOptions {
  /** Origin of the API, e.g. https://api.snapppay.ir, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** Longest wait for one answer, ms (default 10 000). */
  timeoutMs?: number;
}

/** One answer of the API: whether it was `successful`, its `response`, and the refusal's code and message. */
interface Answer {
  successful: boolean;
  response: Record<string, unknown>;
  error: { code: unknown; message: unknown } | null;
}

/** `value` as a non-empty string, or null. */
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A stored mobile as SnappPay writes it (`+989…`), or null when it is not an Iranian mobile. */
export function snapppayMobile(mobile: string | null): string | null {
  const digits = (mobile ?? '').replace(/[\s-]/g, '').replace(/^(\+98|0098|98|0)(?=9\d{9}$)/, '');
  return /^9\d{9}$/.test(digits) ? `+98${digits}` : null;
}

/** {@link PaymentGateway} over SnappPay's online merchant API, with global fetch and a timeout per call. */
export class SnappPayGateway implements PaymentGateway {
  readonly name = 'snapppay' as const;
  private readonly timeoutMs: number;
  private token: { value: string; until: number } | null = null;
  private tokenAsked: Promise<string> | null = null;

  constructor(private readonly options: SnappPayOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** fetch with this gateway's timeout; a failure to reach the API is a {@link PaymentGatewayError}. */
  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new PaymentGatewayError(`snapppay ${path} failed`, { cause: error });
    }
  }

  /** A bearer token: the kept one, or a new one (one request at a time). */
  private async accessToken(fresh = false): Promise<string> {
    if (!fresh && this.token && this.token.until > Date.now()) return this.token.value;
    this.tokenAsked ??= this.askToken().finally(() => {
      this.tokenAsked = null;
    });
    return this.tokenAsked;
  }

  private async askToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`, 'utf8').toString('base64');
    const response = await this.fetch(SNAPPPAY_PATHS.oauth, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'password', scope: 'online-merchant', username: this.options.username, password: this.options.password }).toString(),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    const value = text(body?.access_token);
    if (!response.ok || value === null) throw new PaymentGatewayError(`snapppay oauth answered ${response.status}`);
    const seconds = typeof body?.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    this.token = { value, until: Date.now() + Math.max(seconds - 60, 0) * 1000 };
    return value;
  }

  /**
   * Calls the API with the bearer token (a new one once on 401). A refusal (`successful: false`,
   * whatever the HTTP status below 500) is answered; anything else that is not a success throws.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: object, retried = false): Promise<Answer> {
    const token = await this.accessToken(retried);
    const response = await this.fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status === 401 && !retried) return this.call(method, path, body, true);
    const answer = (await response.json().catch(() => null)) as { successful?: unknown; response?: unknown; errorData?: Record<string, unknown> } | null;
    if (response.status >= 500 || answer === null || typeof answer.successful !== 'boolean') {
      throw new PaymentGatewayError(`snapppay ${path} answered ${response.status}`);
    }
    const successful = answer.successful && response.ok;
    return {
      successful,
      response: answer.response && typeof answer.response === 'object' ? (answer.response as Record<string, unknown>) : {},
      error: successful ? null : { code: answer.errorData?.errorCode, message: answer.errorData?.message },
    };
  }

  /**
   * Asks SnappPay whether it takes `request.amount` tomans; answers a new authority (ours, the base
   * of each opening's `transactionId`). Nothing is registered at SnappPay yet.
   * @throws PaymentNotEligibleError when SnappPay does not take this amount; PaymentGatewayError when it fails
   */
  async requestPayment(request: PaymentRequest): Promise<{ authority: string }> {
    const answer = await this.call('GET', `${SNAPPPAY_PATHS.eligible}?amount=${request.amount * RIALS_PER_TOMAN}`);
    if (!answer.successful) throw new PaymentGatewayError(`snapppay eligible refused: ${String(answer.error?.code)}`);
    if (answer.response.eligible !== true) {
      throw new PaymentNotEligibleError(text(answer.response.title_message) ?? 'not eligible');
    }
    return { authority: `SNP${randomBytes(12).toString('hex')}` };
  }

  /**
   * Registers the purchase of a pending attempt (rials; the wallet's share as an external source)
   * and answers SnappPay's page and `paymentToken`; null for an attempt no longer pending.
   * @throws PaymentGatewayError when SnappPay refuses or fails
   */
  async open(attempt: PaymentToOpen): Promise<PaymentPage | null> {
    if (!attempt.pending) return null;
    const cartItems = attempt.items.map((item) => ({
      id: item.id,
      name: item.title.slice(0, 100),
      count: 1,
      amount: item.price * RIALS_PER_TOMAN,
      category: CATEGORY,
    }));
    const totalAmount = cartItems.reduce((sum, item) => sum + item.amount, 0);
    const amount = attempt.amount * RIALS_PER_TOMAN;
    const externalSourceAmount = attempt.wallet * RIALS_PER_TOMAN;
    const mobile = snapppayMobile(attempt.mobile);
    const answer = await this.call('POST', SNAPPPAY_PATHS.token, {
      amount,
      // SnappPay checks amount = totalAmount − discountAmount − externalSourceAmount.
      discountAmount: Math.max(totalAmount - externalSourceAmount - amount, 0),
      externalSourceAmount,
      ...(mobile ? { mobile } : {}),
      paymentMethodTypeDto: 'INSTALLMENT',
      returnURL: attempt.returnUrl,
      transactionId: `${attempt.authority}-${randomBytes(2).toString('hex')}`,
      cartList: [
        { cartId: attempt.orderId, cartItems, isShipmentIncluded: false, isTaxIncluded: false, shippingAmount: 0, taxAmount: 0, totalAmount },
      ],
    });
    const reference = text(answer.response.paymentToken);
    const url = text(answer.response.paymentPageUrl);
    if (!answer.successful || reference === null || url === null || !/^https?:\/\//.test(url)) {
      throw new PaymentGatewayError(`snapppay token refused: ${String(answer.error?.code)} ${String(answer.error?.message)}`);
    }
    return { url, reference };
  }

  /** SnappPay's status of a purchase (`PENDING`, `VERIFY`, `SETTLE`, `REVERT`, …) and its answer, or null when refused. */
  private async status(paymentToken: string): Promise<{ status: string; response: Record<string, unknown> } | null> {
    const answer = await this.call('GET', `${SNAPPPAY_PATHS.status}?paymentToken=${encodeURIComponent(paymentToken)}`);
    return answer.successful ? { status: String(answer.response.status ?? '').toUpperCase(), response: answer.response } : null;
  }

  /** Reverts a verified purchase that is not to be settled; best effort (SnappPay reverts what stays unsettled). */
  private async revert(paymentToken: string): Promise<void> {
    await this.call('POST', SNAPPPAY_PATHS.revert, { paymentToken }).catch(() => undefined);
  }

  /**
   * Verifies the attempt's purchase (the `paymentToken` kept by {@link open}) and settles it when
   * SnappPay reports the amount asked, `payment.amount` tomans (else reverts it and answers the
   * reported amount in tomans, which checkout refuses). A verify refused because it was verified
   * before (status `VERIFY`) is settled; one already settled (`SETTLE`) is `already-verified`; an
   * attempt never opened at SnappPay (no reference) or refused otherwise is `failed`. The reference is
   * SnappPay's `transactionId` of the settle, else the `paymentToken`.
   * @throws PaymentGatewayError when SnappPay fails or does not answer (the attempt stays pending)
   */
  async verify(payment: PaymentToVerify): Promise<VerifyResult> {
    const failed: VerifyResult = { status: 'failed', amount: 0, refId: null };
    const paymentToken = payment.reference ?? null;
    if (paymentToken === null) return failed;
    const asked = payment.amount * RIALS_PER_TOMAN;
    let verified = await this.call('POST', SNAPPPAY_PATHS.verify, { paymentToken });
    if (!verified.successful) {
      const known = await this.status(paymentToken);
      if (known?.status === 'SETTLE') return { status: 'already-verified', amount: this.tomans(known.response, asked), refId: this.refId(known.response, paymentToken) };
      if (known?.status !== 'VERIFY') return failed;
      verified = { successful: true, response: known.response, error: null };
    }
    const amount = this.tomans(verified.response, asked);
    if (amount * RIALS_PER_TOMAN !== asked) {
      await this.revert(paymentToken);
      return { status: 'paid', amount, refId: this.refId(verified.response, paymentToken) };
    }
    const settled = await this.call('POST', SNAPPPAY_PATHS.settle, { paymentToken });
    if (settled.successful) return { status: 'paid', amount, refId: this.refId(settled.response, paymentToken) };
    const known = await this.status(paymentToken);
    if (known?.status === 'SETTLE') return { status: 'paid', amount, refId: this.refId(known.response, paymentToken) };
    await this.revert(paymentToken);
    return failed;
  }

  /** Tomans of a reported `amount` (rials), or of the amount asked when SnappPay reports none. */
  private tomans(response: Record<string, unknown>, askedRials: number): number {
    const rials = typeof response.amount === 'number' ? response.amount : askedRials;
    return rials / RIALS_PER_TOMAN;
  }

  /** SnappPay's `transactionId` in an answer, else the `paymentToken`: what `payments.ref_id` keeps once paid. */
  private refId(response: Record<string, unknown>, paymentToken: string): string {
    const id = response.transactionId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : paymentToken;
  }
}

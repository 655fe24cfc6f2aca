/**
 * Zarinpal REST v4 (issue 6 "Payments"; `PAYMENT_GATEWAY=zarinpal`): `POST /pg/v4/payment/request.json`
 * answers an authority (code 100), the browser pays at `/pg/StartPay/<authority>`, then
 * `POST /pg/v4/payment/verify.json` answers code 100 (paid) or 101 (already verified) with a
 * `ref_id`. Zarinpal counts in rials: tomans × 10 here, at the edge.
 */
import {
  PaymentGatewayError,
  type PaymentGateway,
  type PaymentPage,
  type PaymentRequest,
  type PaymentToOpen,
  type PaymentToVerify,
  type VerifyResult,
} from './payment-gateway';

/** Rials per toman. */
const RIALS_PER_TOMAN = 10;
/** Zarinpal's success codes. */
const CODE_PAID = 100;
const CODE_ALREADY_VERIFIED = 101;

/** `data` of a v4 answer. */
interface AnswerData {
  code?: number;
  authority?: string;
  ref_id?: number | string;
  amount?: number;
}

/** Body of every v4 answer: `data` on success, `errors` (code, message) on failure; the other one is `[]`. */
interface ZarinpalAnswer {
  data?: AnswerData | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

/** Settings of {@link ZarinpalGateway}. */
export interface ZarinpalOptions {
  merchantId: string;
  /** Origin, e.g. https://payment.zarinpal.com, without a trailing slash. */
  baseUrl: string;
  /** Longest wait for an answer, ms (default 10 000). */
  timeoutMs?: number;
}

/** {@link PaymentGateway} over Zarinpal's REST v4 API with global fetch and a timeout. */
export class ZarinpalGateway implements PaymentGateway {
  readonly name = 'zarinpal' as const;
  private readonly timeoutMs: number;

  constructor(private readonly options: ZarinpalOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** POSTs JSON; answers the code (of `data`, else of `errors`) and `data` (empty when Zarinpal sent `[]`). */
  private async post(path: string, body: object): Promise<{ code: number | null; data: AnswerData }> {
    let answer: ZarinpalAnswer;
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      answer = (await response.json()) as ZarinpalAnswer;
    } catch (error) {
      throw new PaymentGatewayError(`zarinpal ${path} failed`, { cause: error });
    }
    const data: AnswerData = answer.data && !Array.isArray(answer.data) ? answer.data : {};
    const errorCode = answer.errors && !Array.isArray(answer.errors) ? answer.errors.code : undefined;
    return { code: typeof data.code === 'number' ? data.code : (errorCode ?? null), data };
  }

  async requestPayment(request: PaymentRequest): Promise<{ authority: string }> {
    const { code, data } = await this.post('/pg/v4/payment/request.json', {
      merchant_id: this.options.merchantId,
      amount: request.amount * RIALS_PER_TOMAN,
      description: request.description,
      callback_url: request.callbackUrl,
      metadata: { email: request.email, ...(request.mobile ? { mobile: request.mobile } : {}) },
    });
    if (code !== CODE_PAID || typeof data.authority !== 'string' || data.authority === '') {
      throw new PaymentGatewayError(`zarinpal request answered code ${code}`);
    }
    return { authority: data.authority };
  }

  /** StartPay of the authority, for any attempt (Zarinpal and the callback refuse one no longer pending). */
  async open(attempt: PaymentToOpen): Promise<PaymentPage> {
    return { url: `${this.options.baseUrl}/pg/StartPay/${encodeURIComponent(attempt.authority)}`, reference: null };
  }

  /** Verifies with the stored amount; the paid amount is the one Zarinpal reports, else the one it accepted. */
  async verify(payment: PaymentToVerify): Promise<VerifyResult> {
    const { code, data } = await this.post('/pg/v4/payment/verify.json', {
      merchant_id: this.options.merchantId,
      amount: payment.amount * RIALS_PER_TOMAN,
      authority: payment.authority,
    });
    const amount = typeof data.amount === 'number' ? data.amount / RIALS_PER_TOMAN : payment.amount;
    const refId = data.ref_id === undefined ? null : String(data.ref_id);
    if (code === CODE_PAID) return { status: 'paid', amount, refId };
    if (code === CODE_ALREADY_VERIFIED) return { status: 'already-verified', amount, refId };
    return { status: 'failed', amount: 0, refId: null };
  }
}

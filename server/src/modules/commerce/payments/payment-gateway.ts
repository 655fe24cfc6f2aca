/**
 * The payment adapter (DESIGN.md "Money, payments"; issue 6 "Payments"): checkout asks a gateway
 * for an authority, the browser pays on the gateway's page, the callback asks the gateway to
 * verify. Amounts cross this interface in whole tomans; an adapter converts at its own edge.
 */

/** What checkout asks a gateway for: one attempt to pay an order. */
export interface PaymentRequest {
  orderId: number;
  /** Whole tomans, > 0. */
  amount: number;
  description: string;
  /** Absolute URL the gateway sends the browser back to (`/api/payments/callback`). */
  callbackUrl: string;
  email: string;
  mobile: string | null;
}

/** The stored attempt that the callback asks the gateway to verify. */
export interface PaymentToVerify {
  authority: string;
  /** Tomans asked of the gateway for this attempt (the `payments.amount` column). */
  amount: number;
}

/**
 * A gateway's verdict: `paid` now, `already-verified` earlier (Zarinpal code 101), or `failed`;
 * `amount` is what the gateway says was paid, tomans; `refId` its reference number.
 */
export interface VerifyResult {
  status: 'paid' | 'already-verified' | 'failed';
  amount: number;
  refId: string | null;
}

/** A gateway that did not answer, answered late, or refused a request (the API answers 422). */
export class PaymentGatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayError';
  }
}

/** One payment gateway: the built-in sandbox or Zarinpal v4. */
export interface PaymentGateway {
  /** Stored in `payments.gateway`. */
  readonly name: 'sandbox' | 'zarinpal';
  /** Registers an attempt and answers the gateway's token; throws {@link PaymentGatewayError}. */
  requestPayment(request: PaymentRequest): Promise<{ authority: string }>;
  /** Where the browser pays an attempt (absolute, or a path on this server). */
  payUrl(authority: string): string;
  /** Asks the gateway whether an attempt was paid; throws {@link PaymentGatewayError} when it cannot tell. */
  verify(payment: PaymentToVerify): Promise<VerifyResult>;
}

/**
 * The payment adapter (DESIGN.md "Money, payments"; issue 6 "Payments"; issue 36 item 2): checkout
 * asks a gateway for an authority, `POST /api/payments/start` asks it for the page the browser pays
 * on, the callback asks it to verify. Amounts cross this interface in whole tomans; an adapter
 * converts at its own edge (Zarinpal and SnappPay count in rials: tomans × 10).
 */

/** What `payments.gateway` records of an attempt, and which adapter verifies it. */
export type PaymentGatewayName = 'sandbox' | 'zarinpal' | 'snapppay';

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

/** One course of the order an attempt pays, at its list price in tomans. */
export interface PaymentCartItem {
  id: number;
  title: string;
  price: number;
}

/**
 * A stored attempt that `POST /api/payments/start` opens: what a gateway that registers the
 * purchase only when the buyer goes to pay (SnappPay, issue 36 item 2) needs besides the authority.
 */
export interface PaymentToOpen {
  authority: string;
  /** Tomans asked of the gateway for this attempt (the `payments.amount` column). */
  amount: number;
  /** False once the attempt was paid, failed or cancelled, or its order paid by another attempt. */
  pending: boolean;
  /** Absolute callback URL of this attempt, `…/api/payments/callback?Authority=<authority>`. */
  returnUrl: string;
  orderId: number;
  /** The order's courses; their prices less the order's discount and `wallet` make `amount`. */
  items: PaymentCartItem[];
  /** Tomans of the order paid from the buyer's wallet (issue 36 item 3), not asked of the gateway. */
  wallet: number;
  /** The buyer's mobile (`+98…`), or null. */
  mobile: string | null;
}

/**
 * Where the browser pays an attempt (absolute, or a path on this server), and the gateway's own
 * reference for it when it gives one on opening (SnappPay's `paymentToken`), which the attempt keeps
 * in `payments.gateway_reference` for verify.
 */
export interface PaymentPage {
  url: string;
  reference: string | null;
}

/** The stored attempt that the callback asks the gateway to verify. */
export interface PaymentToVerify {
  authority: string;
  /** Tomans asked of the gateway for this attempt (the `payments.amount` column). */
  amount: number;
  /** The attempt's `payments.gateway_reference`: the reference {@link PaymentGateway.open} gave; null or absent when none. */
  reference?: string | null;
}

/**
 * A gateway's verdict: `paid` now, `already-verified` earlier (Zarinpal code 101), or `failed`;
 * `amount` is what the gateway says was paid, tomans; `refId` its reference number. A gateway that
 * captures in a second step (SnappPay's settle) captures only an `amount` equal to the one asked,
 * and gives any other back at once, so checkout's refusal of a differing amount loses nobody money.
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

/**
 * A gateway that does not offer itself for this amount (SnappPay's eligibility, issue 36 item 2):
 * checkout answers 422 on `gateway` and the buyer picks another gateway.
 */
export class PaymentNotEligibleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentNotEligibleError';
  }
}

/** One payment gateway: the built-in sandbox, Zarinpal v4, SnappPay or SnappPay's sandbox. */
export interface PaymentGateway {
  /** Stored in `payments.gateway`. */
  readonly name: PaymentGatewayName;
  /**
   * Registers an attempt of `request.amount` tomans and answers its authority.
   * @throws PaymentGatewayError when the gateway fails; PaymentNotEligibleError when it does not take this amount
   */
  requestPayment(request: PaymentRequest): Promise<{ authority: string }>;
  /**
   * The page the browser pays `attempt` on, or null when the attempt cannot be opened any more (the
   * browser goes back to the order).
   * @throws PaymentGatewayError when the gateway fails
   */
  open(attempt: PaymentToOpen): Promise<PaymentPage | null>;
  /** Asks the gateway whether an attempt was paid; throws {@link PaymentGatewayError} when it cannot tell. */
  verify(payment: PaymentToVerify): Promise<VerifyResult>;
}

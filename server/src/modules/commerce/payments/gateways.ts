/**
 * The app's payment gateways (issue 36 item 2): the default one (the built-in sandbox, or Zarinpal v4
 * with PAYMENT_GATEWAY=zarinpal) and SnappPay beside it (its API when SNAPPPAY_* are set, else its
 * built-in sandbox). A buyer picks one per attempt (`gateway: 'default' | 'snapppay'`); the attempt
 * records the adapter's name in `payments.gateway`, and that name picks the adapter that opens and
 * verifies it, whatever the buyer picks later.
 */
import { COMMERCE_MESSAGES } from '../messages';
import type { PaymentSettings } from '../../../settings';
import type { PaymentGateway, PaymentGatewayName } from './payment-gateway';
import { SandboxGateway } from './sandbox-gateway';
import { SnappPayGateway } from './snapppay-gateway';
import { SnappPaySandboxGateway } from './snapppay-sandbox-gateway';
import { ZarinpalGateway } from './zarinpal-gateway';

/** What a buyer picks at checkout: the default gateway, or SnappPay's instalments. */
export type PaymentChoice = 'default' | 'snapppay';

/** The gateways of the app, one per {@link PaymentChoice}. */
export type PaymentGateways = Record<PaymentChoice, PaymentGateway>;

/** One gateway a buyer can pick (`GET /api/payments/gateways`): its choice, Persian name and description. */
export interface PaymentGatewayOption {
  id: PaymentChoice;
  name: string;
  description: string;
}

/** The gateways made for each app's payment settings, so every route plugin shares them (and SnappPay's OAuth token). */
const made = new WeakMap<PaymentSettings, PaymentGateways>();

/**
 * The adapters the settings name, made once per settings object (one app's): the default one
 * (Zarinpal v4 with `gateway: 'zarinpal'`, else the built-in sandbox) and SnappPay (its API with
 * `snapppay` settings, else its built-in sandbox).
 * @throws Error when `gateway` is `zarinpal` without `zarinpalMerchantId`
 */
export function createPaymentGateways(settings: PaymentSettings): PaymentGateways {
  const known = made.get(settings);
  if (known) return known;
  const gateways: PaymentGateways = {
    default: createDefaultGateway(settings),
    snapppay: settings.snapppay ? new SnappPayGateway(settings.snapppay) : new SnappPaySandboxGateway(),
  };
  made.set(settings, gateways);
  return gateways;
}

function createDefaultGateway(settings: PaymentSettings): PaymentGateway {
  if (settings.gateway !== 'zarinpal') return new SandboxGateway();
  if (!settings.zarinpalMerchantId) throw new Error('ZARINPAL_MERCHANT_ID is required when PAYMENT_GATEWAY=zarinpal');
  return new ZarinpalGateway({ merchantId: settings.zarinpalMerchantId, baseUrl: settings.zarinpalBaseUrl });
}

/** The adapter of an attempt whose `payments.gateway` is `name`: SnappPay's for `snapppay`, else the default one. */
export function gatewayNamed(gateways: PaymentGateways, name: string): PaymentGateway {
  return name === gateways.snapppay.name ? gateways.snapppay : gateways.default;
}

/** True when SnappPay's adapter is its built-in sandbox (whose pay page this server serves). */
export function isSnappPaySandbox(gateways: PaymentGateways): boolean {
  return gateways.snapppay instanceof SnappPaySandboxGateway;
}

const DEFAULT_NAMES: Record<Exclude<PaymentGatewayName, 'snapppay'>, string> = {
  sandbox: COMMERCE_MESSAGES.gatewaySandboxName,
  zarinpal: COMMERCE_MESSAGES.gatewayZarinpalName,
};

/** The gateways a buyer can pick, the default first, in Persian (`GET /api/payments/gateways`). */
export function paymentGatewayOptions(gateways: PaymentGateways): PaymentGatewayOption[] {
  const defaultName = gateways.default.name === 'snapppay' ? COMMERCE_MESSAGES.snapppayName : DEFAULT_NAMES[gateways.default.name];
  return [
    { id: 'default', name: defaultName, description: COMMERCE_MESSAGES.gatewayDefaultDescription },
    {
      id: 'snapppay',
      name: isSnappPaySandbox(gateways) ? COMMERCE_MESSAGES.snapppaySandboxName : COMMERCE_MESSAGES.snapppayName,
      description: COMMERCE_MESSAGES.snapppayDescription,
    },
  ];
}

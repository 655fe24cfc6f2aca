/**
 * The wallet's forms (issue 36 item 3): redeeming a gift card (the profile), making one, and staff's
 * credit or debit of a wallet (the dashboard). Shared by the forms and the server (STYLE.md habit 4),
 * with the Persian messages of messages.ts.
 */
import { mixed, object, string, type InferType } from 'yup';
import { PRICE_MAX } from './commerce-schemas';
import { optionalInstantField, requiredString, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';
import { normalizeDigits } from './normalize-digits';

/** Longest gift card code (the column is varchar(32)); the shortest a person may choose is {@link GIFT_CARD_CODE_MIN}. */
export const GIFT_CARD_CODE_MAX = 32;
export const GIFT_CARD_CODE_MIN = 4;
/** Longest reason of a credit or debit (the column is varchar(500)). */
export const WALLET_REASON_MAX = 500;

/** A code as typed: any digit set, spaces and dashes dropped, upper case («hedieh-۱۰۰» → `HEDIEH100`). */
const codeText = (value: unknown) => (typeof value === 'string' ? normalizeDigits(value).replace(/[\s-]/g, '').toUpperCase() : value);

/** `POST /api/wallet/gift-cards/redeem`: a code of Latin letters and digits. */
export const giftCardRedeemSchema = object({
  code: requiredString(fieldLabels.gift_card_code)
    .transform(codeText)
    .max(GIFT_CARD_CODE_MAX, messages.max)
    .matches(/^[A-Z0-9]+$/, { name: 'latinCode', message: messages.latinCode }),
});

/**
 * A new gift card: an optional code ({@link GIFT_CARD_CODE_MIN}–{@link GIFT_CARD_CODE_MAX} Latin
 * letters and digits; empty: the server makes one), an amount of 1..PRICE_MAX tomans, and an optional
 * expiry in the future.
 */
export const giftCardSchema = object({
  code: string()
    .label(fieldLabels.gift_card_code)
    .transform(codeText)
    .transform((value: unknown) => (value === '' ? undefined : value))
    .min(GIFT_CARD_CODE_MIN, messages.min)
    .max(GIFT_CARD_CODE_MAX, messages.max)
    .matches(/^[A-Z0-9]+$/, { name: 'latinCode', message: messages.latinCode }),
  amount: wholeNumberField(fieldLabels.amount, { min: 1, max: PRICE_MAX }).required(messages.required),
  expires_at: optionalInstantField(fieldLabels.expires_at).test({
    name: 'future',
    message: messages.futureDate,
    test: (v) => v == null || Date.parse(v) > Date.now(),
  }),
});

/** Staff's credit or debit of a wallet: a direction, 1..PRICE_MAX tomans and a reason (at most {@link WALLET_REASON_MAX} characters). */
export const walletAdjustmentSchema = object({
  direction: mixed<'credit' | 'debit'>().label(fieldLabels.direction).oneOf(['credit', 'debit'], messages.invalid).required(messages.required),
  amount: wholeNumberField(fieldLabels.amount, { min: 1, max: PRICE_MAX }).required(messages.required),
  reason: requiredString(fieldLabels.reason).max(WALLET_REASON_MAX, messages.max),
});

export type GiftCardRedeemInput = InferType<typeof giftCardRedeemSchema>;
export type GiftCardInput = InferType<typeof giftCardSchema>;
export type WalletAdjustmentInput = InferType<typeof walletAdjustmentSchema>;

/**
 * The discount code form (issue 25 "Staff … /dashboard/discount-codes"): shared by the dashboard's
 * form and the server (STYLE.md habit 4), with the Persian messages of messages.ts.
 */
import { array, boolean, mixed, object, type InferType } from 'yup';
import { DISCOUNT_KINDS, type DiscountKind } from '@shop/contracts';
import { PRICE_MAX } from './commerce-schemas';
import { idField, optionalInstantField, requiredString, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';

/** Longest code (the column is varchar(32)). */
export const DISCOUNT_CODE_MAX = 32;

/** An optional cap or amount: a whole number in `min..max`, or null when empty. */
const optionalCount = (label: string, min: number, max: number) =>
  wholeNumberField(label, { min, max }).nullable().default(null);

/**
 * A discount code: Latin letters and digits only (no spaces, no Persian letters), cast to upper
 * case; a percent 1–100 or an amount of 1..{@link PRICE_MAX} tomans; for every course or at least
 * one chosen; optional start and end (the end after the start), caps ≥ 1 and a minimum cart total.
 */
export const discountCodeSchema = object({
  code: requiredString(fieldLabels.discount_code)
    .max(DISCOUNT_CODE_MAX, messages.max)
    .matches(/^[A-Za-z0-9]+$/, { name: 'latinCode', message: messages.latinCode })
    .transform((value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value)),
  kind: mixed<DiscountKind>().label(fieldLabels.discount_kind).oneOf([...DISCOUNT_KINDS], messages.invalid).required(messages.required),
  value: wholeNumberField(fieldLabels.discount_value, { min: 1, max: PRICE_MAX })
    .required(messages.required)
    .when('kind', {
      is: 'percent',
      then: (s) => s.max(100, messages.maxValue),
    }),
  applies_to_all: boolean().typeError(messages.invalid).default(true),
  product_ids: array(idField(fieldLabels.product_id).required(messages.invalid))
    .label(fieldLabels.product_ids)
    .typeError(messages.invalid)
    .default([])
    .when('applies_to_all', {
      is: false,
      then: (s) => s.min(1, messages.productsRequired),
    }),
  starts_at: optionalInstantField(fieldLabels.starts_at),
  ends_at: optionalInstantField(fieldLabels.ends_at).test({
    name: 'endAfterStart',
    message: messages.endAfterStart,
    test: (end, context) => {
      const start = (context.parent as { starts_at?: unknown }).starts_at;
      return end == null || typeof start !== 'string' || Date.parse(end) > Date.parse(start);
    },
  }),
  total_cap: optionalCount(fieldLabels.total_cap, 1, 1_000_000_000),
  per_user_cap: optionalCount(fieldLabels.per_user_cap, 1, 1_000_000_000),
  min_cart_total: optionalCount(fieldLabels.min_cart_total, 1, PRICE_MAX),
  is_active: boolean().typeError(messages.invalid).default(true),
});

/** A valid discount code form, cast (code upper-case, empties null). */
export type DiscountCodeInput = InferType<typeof discountCodeSchema>;

/**
 * A course's plan to buy it in parts (issue 36 item 2), shared by the dashboard's form and the
 * server (STYLE.md habit 4), with the Persian messages of messages.ts.
 */
import { boolean, object, type InferType } from 'yup';
import { PRICE_MAX } from './commerce-schemas';
import { idField, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';

/**
 * A plan: 2–12 parts, the first 1–99 % of the total, 1–365 days between parts, an optional surcharge
 * of 0..PRICE_MAX tomans (default 0), 0–60 grace days before a missed part pauses access (default 7),
 * active unless said otherwise.
 */
export const instalmentPlanSchema = object({
  parts: wholeNumberField(fieldLabels.parts, { min: 2, max: 12 }).required(messages.required),
  first_share_percent: wholeNumberField(fieldLabels.first_share_percent, { min: 1, max: 99 }).required(messages.required),
  days_between: wholeNumberField(fieldLabels.days_between, { min: 1, max: 365 }).required(messages.required),
  surcharge: wholeNumberField(fieldLabels.surcharge, { min: 0, max: PRICE_MAX }).default(0),
  grace_days: wholeNumberField(fieldLabels.grace_days, { min: 0, max: 60 }).default(7),
  is_active: boolean().typeError(messages.invalid).default(true),
});

/** `POST /products/:productId/instalment-purchases`: the plan chosen. */
export const instalmentPurchaseSchema = object({
  plan_id: idField(fieldLabels.plan_id).required(messages.required),
});

export type InstalmentPlanInput = InferType<typeof instalmentPlanSchema>;
export type InstalmentPurchaseInput = InferType<typeof instalmentPurchaseSchema>;

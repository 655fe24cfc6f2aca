/**
 * Sales agents' forms (issue 36 item 4): super's agent form, the agent code a buyer types in the cart,
 * and an agent's payout request. Shared by the forms and the server (STYLE.md habit 4).
 */
import { boolean, mixed, object, type InferType } from 'yup';
import { idField, requiredString, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';
import { normalizeDigits } from './normalize-digits';

/** An agent's code as typed: any digit set, spaces dropped, upper case. */
const agentCode = () =>
  requiredString(fieldLabels.agent_code)
    .transform((value: unknown) => (typeof value === 'string' ? normalizeDigits(value).replace(/\s/g, '').toUpperCase() : value))
    .min(3, messages.min)
    .max(32, messages.max)
    .matches(/^[A-Z0-9]+$/, { name: 'latinCode', message: messages.latinCode });

/** Super's agent form: the user (on create), a code of 3–32 Latin letters and digits, 1–50 percent, active unless said otherwise. */
export const salesAgentSchema = object({
  user_id: idField(fieldLabels.user_id),
  code: agentCode(),
  percent: wholeNumberField(fieldLabels.agent_percent, { min: 1, max: 50 }).required(messages.required),
  is_active: boolean().typeError(messages.invalid).default(true),
});

/** `PUT /api/cart/agent-code`: the agent's code a buyer types. */
export const agentCodeSchema = object({ code: agentCode() });

/** `POST /api/agent/payouts`: where the payout goes, the bank (by staff's hand) or the agent's wallet. */
export const payoutRequestSchema = object({
  to: mixed<'bank' | 'wallet'>().label(fieldLabels.payout_to).oneOf(['bank', 'wallet'], messages.invalid).default('bank'),
});

export type SalesAgentInput = InferType<typeof salesAgentSchema>;
export type AgentCodeInput = InferType<typeof agentCodeSchema>;
export type PayoutRequestInput = InferType<typeof payoutRequestSchema>;

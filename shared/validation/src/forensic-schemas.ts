/**
 * The forensic watermark's staff forms (issue 38 item 4). Shared by the forms and the server
 * (STYLE.md habit 4).
 */
import { object, type InferType } from 'yup';
import { requiredString } from './fields';
import { fieldLabels, messages } from './messages';

/** Bounds of staff's reason for a revocation, characters after trimming (the buyer's mail quotes it). */
export const REVOCATION_REASON_LENGTH = { min: 3, max: 500 } as const;

/** `POST /api/dashboard/forensic-identifications/:id/revocation`: why the named account loses its access. */
export const forensicRevocationSchema = object({
  reason: requiredString(fieldLabels.reason).min(REVOCATION_REASON_LENGTH.min, messages.min).max(REVOCATION_REASON_LENGTH.max, messages.max),
});

export type ForensicRevocationInput = InferType<typeof forensicRevocationSchema>;

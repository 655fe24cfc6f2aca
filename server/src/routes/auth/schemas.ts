/**
 * The auth routes' response schemas: a sign-in's answer (AuthTokenAnswer).
 * Beside the routes that answer with them (issue 34 item 5); what several domains share is in
 * lib/schemas.ts.
 */
import { userSchema } from '../../lib/schemas';

/** A sign-in's answer (AuthTokenAnswer): the plain token, the Persian message and the user (password or SMS code login, register). */
export const tokenAnswerSchema = {
  type: 'object',
  required: ['token', 'message', 'data'],
  properties: {
    token: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object', required: ['user'], properties: { user: userSchema } },
  },
} as const;

/**
 * The users routes' response schemas: a permission with its holders (issue 7).
 * Beside the routes that answer with them (issue 34 item 5); what several domains share is in
 * lib/schemas.ts.
 */
import { int, str } from '../../lib/schemas';

/** PermissionDetail of accounts.ts: the name, whether the code checks it, and its holders. */
export const permissionDetailSchema = {
  type: 'object',
  required: ['id', 'name', 'is_builtin', 'users'],
  properties: {
    id: int,
    name: str,
    is_builtin: { type: 'boolean' },
    users: {
      type: 'array',
      items: { type: 'object', required: ['id', 'full_name', 'email'], properties: { id: int, full_name: str, email: str } },
    },
  },
} as const;

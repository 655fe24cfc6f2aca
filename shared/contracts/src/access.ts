/**
 * Wire shapes of the access ledger (issue 36 item 1): every right to a course is a grant with its
 * source and period, and a daily reconciliation compares paid orders with the grants. Same
 * conventions as entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoint (super users): `GET /api/dashboard/access-mismatches` → {@link AccessMismatches}.
 */

/**
 * What the reconciliation found: a paid, unrefunded order item whose buyer has no active grant of its
 * course (`missing_grant`: paid, but cannot open it), or an active order grant that no paid item pays
 * for (`unpaid_grant`: opens it without paying).
 */
export interface AccessMismatch {
  kind: 'missing_grant' | 'unpaid_grant';
  user: { id: number; full_name: string; email: string };
  product: { id: number; title: string };
  order_item_id: number | null;
  grant_id: number | null;
}

/** The last reconciliation: when it ran (null: never), the paid, unrefunded items it checked, and what it found. */
export interface AccessMismatches {
  checked_at: string | null;
  checked_items: number;
  data: AccessMismatch[];
}

import { useCallback, useState } from 'react';
import { claimApiError, readApiError, type FetchBaseQueryError } from '@shop/api-client';
import { Alert } from '@shop/ui-kit';

/** Texts that explain a refusal better than the server's message, by HTTP status (405: a buyer). */
export type Refusals = Partial<Record<number, string>>;

/**
 * The reason a failed write gives, claimed so the shell's error catalogue adds no toast of its own
 * (issue 22 item 11): the text `refusals` has for its status, else the server's Persian message;
 * undefined (nothing claimed) when neither exists, so the catalogue still speaks (a lost network).
 */
export function claimRefusal(error: unknown, refusals: Refusals): string | undefined {
  const { status, message } = readApiError(error as FetchBaseQueryError);
  const reason = refusals[status] ?? message;
  if (reason) claimApiError(error as FetchBaseQueryError);
  return reason;
}

/**
 * A refused write's reason kept on the page above the list (a course that was sold, a builtin
 * permission, oneself), until closed or replaced: what `useUndoableAction` shows when the server
 * says no.
 * @returns `refuse(error)` (claims the error when it has a reason to show), `clear()`, and the `element` to render
 */
export function useRefusal(refusals: Refusals) {
  const [reason, setReason] = useState<string | null>(null);
  const clear = useCallback(() => setReason(null), []);
  return {
    refuse: (error: unknown) => setReason(claimRefusal(error, refusals) ?? null),
    clear,
    element: reason && (
      <Alert severity="warning" role="alert" onClose={clear} sx={{ mb: 2 }}>
        {reason}
      </Alert>
    ),
  };
}

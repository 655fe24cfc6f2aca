import { claimApiError, readApiError, type ApiErrorInfo, type FetchBaseQueryError } from '@shop/api-client';
import { enqueueSnackbar } from '@shop/ui-kit';
import { t } from '../strings';

/**
 * The refusals whose Persian message the releases page shows itself (an unknown or pruned version,
 * a version already active, no canary, nothing to roll back to). The rest stay the shell's error
 * catalogue's: 401 signs out, 403 leaves the dashboard, 429 and 5xx have its own toasts, so no
 * error is shown twice (issue 22 item 11).
 */
const SHOWN_HERE: readonly number[] = [404, 409, 422];

/**
 * Reads a failed release write and, for a refusal of {@link SHOWN_HERE}, claims it so the error
 * catalogue stays quiet. Call it in the `catch`, before awaiting anything else.
 * @returns the error's status, message and field errors, and whether this page must show them
 */
export function claimReleaseRefusal(error: unknown): ApiErrorInfo & { shownHere: boolean } {
  const info = readApiError(error as FetchBaseQueryError);
  const shownHere = SHOWN_HERE.includes(info.status);
  if (shownHere) claimApiError(error as FetchBaseQueryError);
  return { ...info, shownHere };
}

/**
 * Runs one release write of `/dashboard/releases` (issue 35 item 5) and says how it went in a
 * toast: `success` when it is done, the server's Persian message for a refusal (a 409 included,
 * which the catalogue would only call «خطایی رخ داد»); other failures are the catalogue's toast.
 * @param request the mutation's result (what `trigger(arg)` returns)
 * @param success the toast's text once it is done
 * @returns true when the write was done
 */
export async function runReleaseAction(request: { unwrap: () => Promise<unknown> }, success: string): Promise<boolean> {
  try {
    await request.unwrap();
    enqueueSnackbar(success, { variant: 'success' });
    return true;
  } catch (error) {
    const { shownHere, message } = claimReleaseRefusal(error);
    if (shownHere) enqueueSnackbar(message ?? t.errors.generic, { variant: 'error' });
    return false;
  }
}

import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorBody } from '@shop/contracts';

/** An RTK Query error read as the API's error shape (DESIGN.md: `{ message, errors? }`). */
export interface ApiErrorInfo {
  /** HTTP status, or 0 when the request never got an answer (network, abort, parse). */
  status: number;
  message?: string;
  fieldErrors: Record<string, string[]>;
}

/** Errors a screen shows itself (see {@link claimApiError}); weak, so a forgotten error is collected. */
const claimed = new WeakSet<object>();

/** Reads status, message and per-field errors from whatever RTK Query returned as an error. */
export function readApiError(error: FetchBaseQueryError | SerializedError | undefined): ApiErrorInfo {
  if (!error || !('status' in error) || typeof error.status !== 'number') {
    return { status: 0, fieldErrors: {} };
  }
  const body = (error.data ?? {}) as Partial<ApiErrorBody>;
  return {
    status: error.status,
    message: typeof body.message === 'string' ? body.message : undefined,
    fieldErrors: body.errors && typeof body.errors === 'object' ? body.errors : {},
  };
}

/**
 * Reads a failed request's error, as {@link readApiError} does, for a screen that shows the error
 * itself (a form's alert, its fields, a refusal): the error is claimed, and the shell's error
 * catalogue then adds no toast of its own, so one error gives one message, the screen's more
 * specific one (issue 22 item 11). The catalogue still signs out and leaves the page on 401/403.
 * Claim in the `catch` (or on the trigger's result) before awaiting anything else: the catalogue
 * decides once the request's promise callbacks have run.
 *
 * @example
 * try { await save(body).unwrap(); } catch (error) { const { message } = claimApiError(error as FetchBaseQueryError); setStatus({ error: message }); }
 */
export function claimApiError(error: FetchBaseQueryError | SerializedError | undefined): ApiErrorInfo {
  if (error && typeof error === 'object') claimed.add(error);
  return readApiError(error);
}

/** Whether a screen claimed this error with {@link claimApiError} (the shell's error catalogue asks). */
export function isApiErrorClaimed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && claimed.has(error);
}

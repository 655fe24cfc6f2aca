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

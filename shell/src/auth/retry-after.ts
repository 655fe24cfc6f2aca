import type { FetchBaseQueryError } from '@shop/api-client';
import { toPersianDigits } from '@shop/format';
import { t } from '../strings';

/**
 * An RTK Query `transformErrorResponse` that keeps a 429's `Retry-After` header (seconds or an
 * HTTP date) in the error's data as `retry_after` (whole seconds), so the page can say how long
 * to wait. Other errors pass through unchanged.
 * @param error the base query's error
 * @param meta the base query's meta; fetchBaseQuery puts the `Response` there
 */
export function withRetryAfter(error: FetchBaseQueryError, meta: unknown): FetchBaseQueryError {
  if (typeof error.status !== 'number' || error.status !== 429) return error;
  // The facade's base query is typed without meta; at run time it is fetchBaseQuery's `{ request, response }`.
  const header = (meta as { response?: Response } | undefined)?.response?.headers.get('retry-after')?.trim();
  if (!header) return error;
  const seconds = /^\d+$/.test(header) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return error;
  return { ...error, data: { ...(typeof error.data === 'object' ? error.data : {}), retry_after: seconds } };
}

/** The seconds that {@link withRetryAfter} kept on a 429 error; undefined when the server did not say. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const value = (error as { data?: { retry_after?: unknown } } | undefined)?.data?.retry_after;
  return typeof value === 'number' ? value : undefined;
}

/** The Persian «please wait» of a 429 (SPEC §8): with the seconds when known, else generic. */
export function waitMessage(seconds: number | undefined): string {
  return seconds === undefined ? t.wait.generic : t.wait.seconds(toPersianDigits(seconds));
}

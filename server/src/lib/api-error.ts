/** HTTP errors with the `{ message, errors? }` body of DESIGN.md "API server". */
import type { ApiErrorBody } from '@shop/contracts';
import { MESSAGES } from './messages';

/** An error the error handler answers as-is: status code, Persian message, field errors. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body of this error. */
  toBody(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 404 with the Persian "not found" message (SPEC §8). */
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);

/** 422 with per-field Persian messages (SPEC §8: entered data is not valid). */
export const validationFailed = (errors: Record<string, string[]>) =>
  new ApiError(422, MESSAGES.validationFailed, errors);

/** 401: no valid token (SPEC §8: go to /login). */
export const unauthenticated = () => new ApiError(401, MESSAGES.unauthenticated);

/** 403 whose message contains `forbidden`, so the client tells it from an unverified email (SPEC §8). */
export const forbidden = () => new ApiError(403, MESSAGES.forbidden);

import type { DetailedError } from 'tus-js-client';

/**
 * The Persian message of a failed resumable upload (a lesson's, issue 24; a submission's files,
 * issue 37 item 3): the server's refusal (`{message}`), else `fallback` (the connection was lost,
 * or a gateway answered with its own page).
 */
export function tusRefusalMessage(error: Error, fallback: string): string {
  const response = (error as DetailedError).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: string };
      if (body.message) return body.message;
    } catch {
      // not the server's JSON: a gateway page
    }
  }
  return fallback;
}

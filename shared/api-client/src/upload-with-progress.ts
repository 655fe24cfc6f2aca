import { CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from './csrf';

/** Status the server answers when the CSRF token is missing or stale (Sanctum's 419). */
const CSRF_MISMATCH = 419;

/** Options of {@link uploadWithProgress}. */
export interface UploadOptions {
  /** Path or URL of the endpoint, e.g. `/api/dashboard/posts`. */
  url: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  /** The multipart body; the browser sets the boundary. */
  body: FormData;
  /** Called with the percent of the body sent, 0–100 (SPEC §3 "upload progress"). */
  onProgress?: (percent: number) => void;
  /** Aborts the upload; the promise then resolves with status 0. */
  signal?: AbortSignal;
}

/** What the server answered: its status (0 when there was no answer) and its JSON body, if any. */
export interface UploadResult<T = unknown> {
  status: number;
  data: T | null;
}

function sendOnce<T>({ url, method = 'POST', body, onProgress, signal }: UploadOptions): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let data: T | null = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as T) : null;
      } catch {
        data = null;
      }
      resolve({ status: xhr.status, data });
    });
    const noAnswer = () => resolve({ status: 0, data: null });
    xhr.addEventListener('error', noAnswer);
    xhr.addEventListener('abort', noAnswer);
    xhr.addEventListener('timeout', noAnswer);
    if (signal) {
      if (signal.aborted) {
        noAnswer();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/**
 * Sends a multipart body with upload progress, which `fetch` (and so RTK Query) cannot
 * report. Like the API's base query it sends cookies and the CSRF header, and after a 419 it
 * fetches a new CSRF cookie and retries once. It never rejects: errors come back as their
 * status (0 for no answer), so a form can show the server's message and keep what was typed.
 *
 * @example
 * const body = new FormData(form);
 * const { status, data } = await uploadWithProgress({
 *   url: '/api/dashboard/posts',
 *   body,
 *   onProgress: (percent) => dispatch(uploadProgressed(percent)),
 * });
 * if (status === 201) navigate('/dashboard/posts');
 */
export async function uploadWithProgress<T = unknown>(options: UploadOptions): Promise<UploadResult<T>> {
  const first = await sendOnce<T>(options);
  if (first.status !== CSRF_MISMATCH) return first;
  const target = new URL(options.url, window.location.href);
  await refreshCsrfCookie(target.origin === window.location.origin ? '' : target.origin);
  return sendOnce<T>(options);
}

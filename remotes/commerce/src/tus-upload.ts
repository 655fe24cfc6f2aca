import { useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from '@shop/api-client';

/**
 * The Persian message of a failed resumable upload (a lesson's, issue 24; a submission's files,
 * issue 37 item 3; a leaked copy, issue 38): the server's refusal (`{message}`), else `fallback` (the
 * connection was lost, or a gateway answered with its own page).
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

/** Bytes per request of a large file (a lesson, a leaked copy): a dropped connection costs at most this much again (the gateway takes 51 MB). */
export const LARGE_FILE_CHUNK_BYTES = 32 * 1024 * 1024;

/** Waits before a failed piece of a large file is tried again, ms; then staff are told. */
export const LARGE_FILE_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** The upload's id: the last path segment of its tus URL (`/api/forensic-uploads/<id>`). */
export function uploadIdOf(url: string): string {
  return new URL(url, 'http://upload.invalid').pathname.split('/').filter(Boolean).pop() ?? '';
}

/** What {@link useTusUpload} sends to, and how. */
export interface TusUploadOptions {
  /** The tus endpoint (`/api/dashboard/lesson-uploads`). */
  endpoint: string;
  /** Starts each stored fingerprint (`lesson`): the same file for another endpoint or session is another upload. */
  kind: string;
  /** Bytes per request (a dropped connection costs at most this much again); by default the whole file in one. */
  chunkSize?: number;
  /** Waits before a failed piece is tried again, ms; then the user is told. */
  retryDelays: number[];
  /** What the user is told when no refusal of the server came back (the connection was lost). */
  connectionLost: string;
}

/** An upload under way: the file's name and the percent sent. */
export interface TusProgress {
  name: string;
  percent: number;
}

/**
 * A resumable upload (tus) to one of the site's endpoints, with the CSRF header the API asks for:
 * the same file chosen again for the same session after a reload or a dropped connection goes on
 * from where it stopped. One file at a time; leaving the page stops it.
 * @returns `progress` (null when idle), whether it is `paused` or was `resumed`, the last refusal in
 * Persian as `error` (`refuse` shows one made before sending, `clearError` hides it), `upload(file,
 * sessionId)`, which resolves to the upload's id once whole or to null on a refusal, and
 * `pause`/`resume`
 */
export function useTusUpload({ endpoint, kind, chunkSize, retryDelays, connectionLost }: TusUploadOptions) {
  const current = useRef<Upload | null>(null);
  const [progress, setProgress] = useState<TusProgress | null>(null);
  const [paused, setPaused] = useState(false);
  const [resumed, setResumed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void current.current?.abort(), []);

  const upload = async (file: File, sessionId: number): Promise<string | null> => {
    setError(null);
    setResumed(false);
    if (!readCsrfToken()) await refreshCsrfCookie();
    return new Promise((resolve) => {
      const tus = new Upload(file, {
        endpoint,
        ...(chunkSize ? { chunkSize } : {}),
        retryDelays,
        metadata: { session_id: String(sessionId), filename: file.name, filetype: file.type },
        fingerprint: async (chosen: File) => `${kind}-${sessionId}-${chosen.name}-${chosen.size}-${chosen.lastModified}`,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => request.setHeader(CSRF_HEADER, readCsrfToken() ?? ''),
        onProgress: (sent, total) => setProgress({ name: file.name, percent: Math.floor((sent / total) * 100) }),
        onError: (failure) => {
          setError(tusRefusalMessage(failure, connectionLost));
          setProgress(null);
          current.current = null;
          resolve(null);
        },
        onSuccess: () => {
          setProgress(null);
          current.current = null;
          resolve(uploadIdOf(tus.url ?? ''));
        },
      });
      void tus.findPreviousUploads().then((previous) => {
        if (previous[0]) {
          tus.resumeFromPreviousUpload(previous[0]);
          setResumed(true);
        }
        current.current = tus;
        setPaused(false);
        setProgress({ name: file.name, percent: 0 });
        tus.start();
      });
    });
  };

  const pause = async () => {
    await current.current?.abort();
    setPaused(true);
  };
  const resume = () => {
    setPaused(false);
    current.current?.start();
  };

  return { progress, paused, resumed, error, refuse: setError, clearError: () => setError(null), upload, pause, resume };
}

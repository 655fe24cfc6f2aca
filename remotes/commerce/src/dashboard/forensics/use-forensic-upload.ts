import { useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from '@shop/api-client';
import { LESSON_UPLOAD_CHUNK_BYTES } from '../catalog/lesson-upload';
import { tusRefusalMessage } from '../../tus-refusal';
import { FORENSIC_UPLOADS_URL } from './forensic-paths';
import { forensicStrings } from './forensic-strings';

/** Waits before the client tries a failed piece again, ms (as lesson uploads); then staff are told. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** The largest copy the server takes: 2 GB. */
export const FORENSIC_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** The upload's id: the last path segment of the tus upload URL (`/api/forensic-uploads/<id>`). */
export function uploadIdOf(url: string): string {
  return new URL(url, 'http://upload.invalid').pathname.split('/').filter(Boolean).pop() ?? '';
}

/** The server's refusal of a copy: its first message about the file (`errors.file`), else its `message`, else `fallback`. */
function refusalOf(failure: Error): string {
  const response = (failure as DetailedError).originalResponse;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { errors?: { file?: string[] } };
    if (body.errors?.file?.[0]) return body.errors.file[0];
  } catch {
    // not the server's JSON: tusRefusalMessage says so
  }
  return tusRefusalMessage(failure, forensicStrings.form.connectionLost);
}

/**
 * The resumable upload (tus, as lesson uploads: the CSRF header, 32 MB pieces, the same retries) of
 * a leaked copy for session `sessionId`: the same file chosen again for the same session after a
 * reload or a dropped connection goes on from where it stopped.
 * @returns the percent sent (null when idle), whether it is paused or was resumed, the last refusal
 * in Persian, `upload(file, sessionId)` which resolves to the upload's id once whole (null on a
 * refusal), and `pause`/`resume`
 */
export function useForensicUpload() {
  const current = useRef<Upload | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
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
        endpoint: FORENSIC_UPLOADS_URL,
        chunkSize: LESSON_UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { session_id: String(sessionId), filename: file.name, filetype: file.type },
        // Per session too: the same file sent for another session is another upload.
        fingerprint: async (chosen: File) => `forensic-${sessionId}-${chosen.name}-${chosen.size}-${chosen.lastModified}`,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => request.setHeader(CSRF_HEADER, readCsrfToken() ?? ''),
        onProgress: (sent, total) => setPercent(Math.floor((sent / total) * 100)),
        onError: (failure) => {
          setError(refusalOf(failure));
          setPercent(null);
          current.current = null;
          resolve(null);
        },
        onSuccess: () => {
          setPercent(null);
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
        setPercent(0);
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

  return { percent, paused, resumed, error, upload, pause, resume };
}

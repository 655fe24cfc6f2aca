import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { api, CSRF_HEADER, readCsrfToken, refreshCsrfCookie, useAppDispatch } from '@shop/api-client';
import { ASSIGNMENT_UPLOADS_URL } from './assignment-api';
import { assignmentStrings as t } from './assignment-strings';
import { tusRefusalMessage } from '../tus-refusal';

/** Waits before a failed piece is tried again, ms; then the buyer is told. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];

/**
 * Uploads files of the buyer's next submission of assignment `sessionId` one at a time by the
 * resumable upload (tus, the way lesson files go up): the same file chosen again after a dropped
 * connection goes on from where it stopped. Once a file is whole the assignment's overview is
 * refetched, where it appears among the files not sent; the server's refusal (a type, size or
 * count past the assignment's limits) is kept as `error`.
 * @returns the file under way with its percent (or null), the last error, and `start(file)`
 */
export function useAssignmentUpload(sessionId: number) {
  const dispatch = useAppDispatch();
  const upload = useRef<Upload | null>(null);
  const [current, setCurrent] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    setError(null);
    if (!readCsrfToken()) await refreshCsrfCookie();
    const tus = new Upload(file, {
      endpoint: ASSIGNMENT_UPLOADS_URL,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { session_id: String(sessionId), filename: file.name, filetype: file.type },
      fingerprint: async (chosen: File) => `assignment-${sessionId}-${chosen.name}-${chosen.size}-${chosen.lastModified}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => request.setHeader(CSRF_HEADER, readCsrfToken() ?? ''),
      onProgress: (sent, total) => setCurrent({ name: file.name, percent: Math.floor((sent / total) * 100) }),
      onError: (failure) => {
        setError(tusRefusalMessage(failure, t.form.connectionLost));
        setCurrent(null);
        upload.current = null;
      },
      onSuccess: () => {
        setCurrent(null);
        upload.current = null;
        dispatch(api.util.invalidateTags([{ type: 'Assignment', id: `session-${sessionId}` }]));
      },
    });
    const previous = await tus.findPreviousUploads();
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    upload.current = tus;
    setCurrent({ name: file.name, percent: 0 });
    tus.start();
  };

  return { current, error, start, clearError: () => setError(null) };
}

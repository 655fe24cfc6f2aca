import { api, useAppDispatch } from '@shop/api-client';
import { ASSIGNMENT_UPLOADS_URL } from './assignment-api';
import { assignmentStrings as t } from './assignment-strings';
import { useTusUpload } from '../tus-upload';

/** Waits before a failed piece is tried again, ms; then the buyer is told. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];

/**
 * Uploads files of the buyer's next submission of assignment `sessionId` one at a time by the
 * resumable upload ({@link useTusUpload}, the way lesson files go up): the same file chosen again
 * after a dropped connection goes on from where it stopped. Once a file is whole the assignment's
 * overview is refetched, where it appears among the files not sent; the server's refusal (a type,
 * size or count past the assignment's limits) is kept as `error`.
 * @returns the file under way with its percent (or null), the last error, and `start(file)`
 */
export function useAssignmentUpload(sessionId: number) {
  const dispatch = useAppDispatch();
  const { progress, error, clearError, upload } = useTusUpload({
    endpoint: ASSIGNMENT_UPLOADS_URL,
    kind: 'assignment',
    retryDelays: RETRY_DELAYS_MS,
    connectionLost: t.form.connectionLost,
  });

  const start = async (file: File) => {
    if ((await upload(file, sessionId)) !== null) dispatch(api.util.invalidateTags([{ type: 'Assignment', id: `session-${sessionId}` }]));
  };

  return { current: progress, error, start, clearError };
}

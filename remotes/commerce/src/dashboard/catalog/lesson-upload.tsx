import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Upload } from 'tus-js-client';
import { api, readCsrfToken, refreshCsrfCookie, useAppDispatch, CSRF_HEADER } from '@shop/api-client';
import type { DashboardProductSession } from '@shop/contracts';
import { formatClock, formatNumber } from '@shop/format';
import { SESSION_FILE_EXTENSIONS, SESSION_FILE_MAX_KB } from '@shop/validation';
import { Alert, Box, Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { LinearProgress } from '@shop/ui-kit/lazy';
import { useGetAdminSessionQuery, useRetryLessonMediaMutation } from './catalog-admin-api';
import { t } from '../../strings';
import { tusRefusalMessage } from '../../tus-refusal';

/** The tus endpoint of lesson uploads (server routes/commerce/lesson-uploads.ts). */
export const LESSON_UPLOADS_URL = '/api/dashboard/lesson-uploads';

/** Bytes per request: a dropped connection costs at most this much again (the gateway takes 51 MB). */
export const LESSON_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

/** Waits before the client tries a failed piece again, ms; then the staff member is told. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** How often a queued or processing lesson's state is read again, ms. */
const POLL_MS = 2_000;

/** Where the latest upload is: the queue, processing with percent, ready, failed. */
function LessonState({ session }: { session: DashboardProductSession }) {
  const [retry, { isLoading: retrying }] = useRetryLessonMediaMutation();
  const { media_status: status } = session;
  if (status === 'queued') {
    return (
      <Typography role="status" variant="body2">
        {t.lesson.queued}
      </Typography>
    );
  }
  if (status === 'processing') {
    return (
      <Box role="status">
        <Typography variant="body2">{t.lesson.processing(formatNumber(session.media_progress))}</Typography>
        <LinearProgress variant="determinate" value={session.media_progress} aria-label={t.lesson.processingLabel} />
      </Box>
    );
  }
  if (status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void retry(session.id)} disabled={retrying}>
            {t.lesson.retry}
          </Button>
        }
      >
        {session.media_error ?? t.lesson.failed}
        {session.media_kind && <Typography variant="body2">{t.lesson.keepsPlaying}</Typography>}
      </Alert>
    );
  }
  if (session.media_kind) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t.lesson.ready(session.media_kind === 'video' ? t.lesson.video : t.lesson.audio, formatClock(session.duration_seconds ?? 0))}
      </Typography>
    );
  }
  if (session.has_file) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t.form.currentFile(session.file_type ?? '—', formatNumber(Math.ceil((session.file_size ?? 0) / 1024)))}
      </Typography>
    );
  }
  return <Typography variant="body2" color="text.secondary">{t.noFile}</Typography>;
}

/**
 * The lesson of a saved session (issue 24): its processing state (read again every 2 s while
 * queued or processing, with a retry after a failure), and a resumable upload (tus) of a new
 * lesson file up to `SESSION_FILE_MAX_KB` with progress in percent, pause and resume; the same
 * file chosen again after a reload or a dropped connection goes on from where it stopped.
 */
export function LessonUpload({ sessionId }: { sessionId: number }) {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  const { data } = useGetAdminSessionQuery(sessionId, { pollingInterval: polling ? POLL_MS : 0 });
  const session = data?.data;
  useEffect(() => setPolling(session?.media_status === 'queued' || session?.media_status === 'processing'), [session?.media_status]);

  const upload = useRef<Upload | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    setError(null);
    setResumed(false);
    if (file.size > SESSION_FILE_MAX_KB * 1024) {
      setError(t.lesson.tooLarge(formatNumber(SESSION_FILE_MAX_KB / 1024 / 1024)));
      return;
    }
    if (!readCsrfToken()) await refreshCsrfCookie();
    const tus = new Upload(file, {
      endpoint: LESSON_UPLOADS_URL,
      chunkSize: LESSON_UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { session_id: String(sessionId), filename: file.name, filetype: file.type },
      // The fingerprint is per session too: the same file for another session is another upload.
      fingerprint: async (chosen: File) => `lesson-${sessionId}-${chosen.name}-${chosen.size}-${chosen.lastModified}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => request.setHeader(CSRF_HEADER, readCsrfToken() ?? ''),
      onProgress: (sent, total) => setPercent(Math.floor((sent / total) * 100)),
      onError: (failure) => {
        setError(tusRefusalMessage(failure, t.lesson.connectionLost));
        setPercent(null);
        upload.current = null;
      },
      onSuccess: () => {
        setPercent(null);
        upload.current = null;
        dispatch(api.util.invalidateTags([{ type: 'ProductSession', id: sessionId }, { type: 'ProductSession', id: 'LIST' }]));
      },
    });
    const previous = await tus.findPreviousUploads();
    if (previous[0]) {
      tus.resumeFromPreviousUpload(previous[0]);
      setResumed(true);
    }
    upload.current = tus;
    setPaused(false);
    setPercent(0);
    tus.start();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  };
  const pause = async () => {
    await upload.current?.abort();
    setPaused(true);
  };
  const resume = () => {
    setPaused(false);
    upload.current?.start();
  };

  const busy = percent !== null;
  const processing = session?.media_status === 'queued' || session?.media_status === 'processing';
  return (
    <Paper variant="outlined" component="section" aria-label={t.lesson.title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mt: 3 }}>
      <Stack spacing={2} useFlexGap>
        <Typography variant="h6" component="h2">
          {t.lesson.title}
        </Typography>
        {session && <LessonState session={session} />}
        {busy && (
          <Box role="status">
            <Typography variant="body2">{paused ? t.lesson.paused(formatNumber(percent)) : t.lesson.uploading(formatNumber(percent))}</Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={t.lesson.uploadingLabel} />
            {resumed && <Typography variant="caption">{t.lesson.resumed}</Typography>}
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!busy && (
            <Button variant="contained" component="label" disabled={processing}>
              {t.lesson.choose}
              <input hidden type="file" accept={SESSION_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',')} onChange={choose} />
            </Button>
          )}
          {busy && !paused && (
            <Button variant="outlined" onClick={pause}>
              {t.lesson.pause}
            </Button>
          )}
          {busy && paused && (
            <Button variant="contained" onClick={resume}>
              {t.lesson.resume}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t.lesson.help(formatNumber(SESSION_FILE_MAX_KB / 1024 / 1024))}
        </Typography>
      </Stack>
    </Paper>
  );
}

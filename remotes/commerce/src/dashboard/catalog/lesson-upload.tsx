import { useEffect, useState, type ChangeEvent } from 'react';
import { api, useAppDispatch } from '@shop/api-client';
import type { DashboardProductSession } from '@shop/contracts';
import { formatClock, formatNumber } from '@shop/format';
import { SESSION_FILE_EXTENSIONS, SESSION_FILE_MAX_KB } from '@shop/validation';
import { Alert, Box, Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { LinearProgress } from '@shop/ui-kit/lazy';
import { useGetAdminSessionQuery, useRetryLessonMediaMutation } from './catalog-admin-api';
import { t } from '../../strings';
import { LARGE_FILE_CHUNK_BYTES, LARGE_FILE_RETRY_DELAYS_MS, useTusUpload } from '../../tus-upload';

/** The tus endpoint of lesson uploads (server routes/commerce/lesson-uploads.ts). */
const LESSON_UPLOADS_URL = '/api/dashboard/lesson-uploads';

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

  const { progress, paused, resumed, error, refuse, upload, pause, resume } = useTusUpload({
    endpoint: LESSON_UPLOADS_URL,
    kind: 'lesson',
    chunkSize: LARGE_FILE_CHUNK_BYTES,
    retryDelays: LARGE_FILE_RETRY_DELAYS_MS,
    connectionLost: t.lesson.connectionLost,
  });
  const percent = progress?.percent ?? null;

  const start = async (file: File) => {
    if (file.size > SESSION_FILE_MAX_KB * 1024) {
      refuse(t.lesson.tooLarge(formatNumber(SESSION_FILE_MAX_KB / 1024 / 1024)));
      return;
    }
    if ((await upload(file, sessionId)) !== null) {
      dispatch(api.util.invalidateTags([{ type: 'ProductSession', id: sessionId }, { type: 'ProductSession', id: 'LIST' }]));
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
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

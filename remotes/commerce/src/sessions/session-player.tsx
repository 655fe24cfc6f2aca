import { useEffect } from 'react';
import { MediaPlayer } from '@shop/content-ui';
import type { LessonMedia, ProductSessionDetail } from '@shop/contracts';
import { formatFileSize } from '@shop/format';
import { Alert, Button, Icon, Paper, Skeleton, Typography } from '@shop/ui-kit';
import { useGetProductSessionQuery, useSaveSessionPositionMutation } from './sessions-api';
import { DeviceLimitPanel } from './device-limit-panel';
import { RESIGN_BEFORE_EXPIRY_MS, RESIGN_MIN_WAIT_MS, useLessonPlayback } from './use-lesson-playback';
import { playbackStrings } from './playback-strings';
import { t } from '../strings';

export { RESIGN_BEFORE_EXPIRY_MS };

/** A saved position past this share of the lesson starts it from the beginning (issue 24). */
const RESUME_MAX_SHARE = 0.95;

/** Where a lesson starts: the buyer's saved position when past 0 and before 95 % of a known length. */
function resumePosition(session: ProductSessionDetail): number {
  const position = session.position_seconds;
  const length = session.media?.duration_seconds ?? 0;
  return position > 0 && (!length || position < length * RESUME_MAX_SHARE) ? position : 0;
}

/**
 * Fetches the session again shortly before its signed file URL expires (`file_url_expires_at`), so
 * the player goes on with a new one at the same position (issue 24). A streamed lesson renews its
 * own URLs (useLessonPlayback).
 */
function useResignFileBeforeExpiry(session: ProductSessionDetail): void {
  const { refetch } = useGetProductSessionQuery(session.id);
  const expiresAt = session.file_url_expires_at;
  useEffect(() => {
    if (!expiresAt) return undefined;
    const wait = Math.max(RESIGN_MIN_WAIT_MS, Date.parse(expiresAt) - Date.now() - RESIGN_BEFORE_EXPIRY_MS);
    const timer = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(timer);
  }, [expiresAt, refetch]);
}

/** What every player of the session shares: its names, where it starts and where the position goes. */
interface PlayerBasics {
  title: string;
  label: string;
  seekLabel: string;
  startAt: number;
  onPosition: ((seconds: number, leaving: boolean) => void) | undefined;
}

/**
 * A processed lesson (issues 24 and 38): its URLs are asked for on this device once the page runs;
 * meanwhile a placeholder. A device beyond the account's limit gets the device screen instead; a
 * stream another device or page took over stops, says why, and offers to play here again.
 */
function StreamedLesson({ session, media, basics }: { session: ProductSessionDetail; media: LessonMedia; basics: PlayerBasics }) {
  const { state, start, renew, stop } = useLessonPlayback(session.id);
  const region = `${t.player}: ${session.title}`;
  if (state.status === 'device-limit') return <DeviceLimitPanel message={state.message} devices={state.devices} onRemoved={start} />;
  if (state.status !== 'ready') {
    const stopped = state.status === 'superseded' || state.status === 'failed';
    return (
      <Paper variant="outlined" component="section" aria-label={region} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, mb: 3 }}>
        {stopped ? (
          <Alert
            severity={state.status === 'superseded' ? 'warning' : 'error'}
            action={
              <Button color="inherit" variant="outlined" size="small" onClick={start} startIcon={<Icon name="PlayArrow" />} sx={{ whiteSpace: 'nowrap' }}>
                {state.status === 'superseded' ? playbackStrings.playHere : playbackStrings.retry}
              </Button>
            }
          >
            {state.message}
          </Alert>
        ) : (
          <>
            <Skeleton variant="rounded" height={media.kind === 'video' ? 240 : 96} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {playbackStrings.preparing}
            </Typography>
          </>
        )}
      </Paper>
    );
  }
  const { playback } = state;
  return (
    <MediaPlayer
      {...basics}
      key={session.id}
      kind={media.kind}
      format="hls"
      src={playback.hls_url}
      durationHint={media.duration_seconds}
      poster={media.poster_url}
      subtitles={playback.subtitles_url}
      watermark={media.watermark}
      onStreamError={(refusal) => (refusal?.code === 'stream_superseded' ? stop(refusal.message) : renew())}
    />
  );
}

/**
 * A session's lesson (issues 6, 24): a processed lesson (`media`) streams in the site's own Persian
 * player with its poster, subtitles, quality menu and the viewer's watermark; a lesson file not
 * processed plays whole (audio or video by its MIME type); any other file (pdf, zip…) is a download
 * link (a processed lesson's source never comes: its `file_url` is null). URLs are signed for this
 * viewer, who opens them by the sign-in cookie, and expire, so a copied link opens for no one else
 * and stops working (issue 31 item 4); the page signs them again before they do. A buyer's position is saved on the server while playing, on pause and when the
 * page is left, and the lesson opens there («ادامه از …»). A processed lesson plays on the
 * account's devices only, one stream at a time by default (issue 38: {@link StreamedLesson}).
 */
export function SessionPlayer({ session }: { session: ProductSessionDetail }) {
  const { media, file_url: url, file_type: type, file_size: size } = session;
  useResignFileBeforeExpiry(session);
  const [savePosition] = useSaveSessionPositionMutation();
  if (!media && !url) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t.noFile}
      </Alert>
    );
  }
  const onPosition = session.is_bought
    ? (seconds: number, leaving: boolean) => void savePosition({ sessionId: session.id, productId: session.product_id, position_seconds: seconds, keepalive: leaving })
    : undefined;
  const shared: PlayerBasics = { title: session.title, label: t.player, seekLabel: t.playerSeek, startAt: session.is_bought ? resumePosition(session) : 0, onPosition };
  if (media) return <StreamedLesson session={session} media={media} basics={shared} />;
  const kind = type?.startsWith('video/') ? 'video' : type?.startsWith('audio/') ? 'audio' : null;
  const sizeLine = size !== null && (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t.fileSize(formatFileSize(size))}
    </Typography>
  );
  if (kind !== null) {
    return (
      <MediaPlayer {...shared} key={session.id} kind={kind} src={url!}>
        {sizeLine}
      </MediaPlayer>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label={`${t.download}: ${session.title}`} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, mb: 3 }}>
      <Button component="a" href={url!} download variant="contained" startIcon={<Icon name="Download" />}>
        {t.download}
      </Button>
      {sizeLine}
    </Paper>
  );
}

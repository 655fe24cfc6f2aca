import { useEffect } from 'react';
import { MediaPlayer } from '@shop/content-ui';
import type { ProductSessionDetail } from '@shop/contracts';
import { formatFileSize } from '@shop/format';
import { Alert, Button, Icon, Paper, Typography } from '@shop/ui-kit';
import { useGetProductSessionQuery, useSaveSessionPositionMutation } from './sessions-api';
import { t } from '../strings';

/** Signed URLs are fetched again this long before they expire, milliseconds. */
export const RESIGN_BEFORE_EXPIRY_MS = 60_000;

/** Never fetched again sooner than this after a page got them (a client clock ahead of the server's), milliseconds. */
const RESIGN_MIN_WAIT_MS = 10_000;

/** A saved position past this share of the lesson starts it from the beginning (issue 24). */
const RESUME_MAX_SHARE = 0.95;

/** Where a lesson starts: the buyer's saved position when past 0 and before 95 % of a known length. */
function resumePosition(session: ProductSessionDetail): number {
  const position = session.position_seconds;
  const length = session.media?.duration_seconds ?? 0;
  return position > 0 && (!length || position < length * RESUME_MAX_SHARE) ? position : 0;
}

/**
 * Fetches the session again shortly before its signed URLs expire (`media.expires_at`, or the
 * file's `file_url_expires_at`), so the player goes on with new ones at the same position
 * (issue 24); `refetch` is also what the player calls when a stream is refused.
 */
function useResignBeforeExpiry(session: ProductSessionDetail): () => void {
  const { refetch } = useGetProductSessionQuery(session.id);
  const expiresAt = session.media?.expires_at ?? session.file_url_expires_at;
  useEffect(() => {
    if (!expiresAt) return undefined;
    const wait = Math.max(RESIGN_MIN_WAIT_MS, Date.parse(expiresAt) - Date.now() - RESIGN_BEFORE_EXPIRY_MS);
    const timer = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(timer);
  }, [expiresAt, refetch]);
  return () => void refetch();
}

/**
 * A session's lesson (issues 6, 24): a processed lesson (`media`) streams in the site's own Persian
 * player with its poster, subtitles, quality menu and the viewer's watermark; a lesson file not
 * processed plays whole (audio or video by its MIME type); any other file (pdf, zip…) is a download
 * link (a processed lesson's source never comes: its `file_url` is null). URLs are signed for this
 * viewer, who opens them by the sign-in cookie, and expire, so a copied link opens for no one else
 * and stops working (issue 31 item 4); the page signs them again before they do. A buyer's position is saved on the server while playing, on pause and when the
 * page is left, and the lesson opens there («ادامه از …»).
 */
export function SessionPlayer({ session }: { session: ProductSessionDetail }) {
  const { media, file_url: url, file_type: type, file_size: size } = session;
  const resign = useResignBeforeExpiry(session);
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
  const shared = { title: session.title, label: t.player, seekLabel: t.playerSeek, startAt: session.is_bought ? resumePosition(session) : 0, onPosition };
  if (media) {
    return (
      <MediaPlayer
        {...shared}
        key={session.id}
        kind={media.kind}
        format="hls"
        src={media.hls_url}
        durationHint={media.duration_seconds}
        poster={media.poster_url}
        subtitles={media.subtitles_url}
        watermark={media.watermark}
        onStreamError={resign}
      />
    );
  }
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

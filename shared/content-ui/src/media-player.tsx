import { useId, useRef, useState, type Ref, type ReactNode } from 'react';
import { Alert, Box, Button, Paper } from '@shop/ui-kit';
import { formatClock } from '@shop/format';
import { SettingsBar, ShortcutList, TransportBar } from './media-player-controls';
import { playerKeyHandler } from './media-player-keyboard';
import { PLAYBACK_RATES, usePlayback } from './media-player-playback';
import { POSITION_REPORT_SECONDS, useResumePosition } from './media-player-position';
import { useQualityLevels } from './media-player-quality';
import { useMediaSource } from './media-player-source';
import type { StreamRefusal } from './hls-stream';
import { useFullscreen, useSubtitles } from './media-player-video';
import { Watermark, WATERMARK_MOVE_MS } from './media-player-watermark';
import { t } from './strings';

export { PLAYBACK_RATES, POSITION_REPORT_SECONDS, WATERMARK_MOVE_MS };

/** What a {@link MediaPlayer} plays and how it names itself. */
export interface MediaPlayerProps {
  /** `<audio>` (the default) or `<video>`, shown above the controls. */
  kind?: 'audio' | 'video';
  src: string;
  /**
   * `file` (the default): `src` is a file the element plays. `hls`: `src` is an HLS master
   * playlist, played by hls.js (loaded then) with a quality menu, or by the browser itself where
   * it has no Media Source Extensions (see `attachHlsStream`). A new `src` (a re-signed URL) goes on at the same position, still playing,
   * at the same speed, quality and subtitles: hls.js takes the new query for its next requests without a reload.
   */
  format?: 'file' | 'hls';
  /** The episode's or session's title, in the player's name. */
  title: string;
  /** What the player is, in its name: «پخش‌کننده پادکست». */
  label: string;
  /** The seek bar's name: «جابه‌جایی در اپیزود». */
  seekLabel: string;
  /** localStorage key of the listening position (`podcast-position:4`); none with `startAt`. */
  positionKey?: string;
  /** Where to start, seconds (a position saved on the server), read at mount; when > 0 a notice offers to start over. */
  startAt?: number;
  /**
   * Told the position, whole seconds: every {@link POSITION_REPORT_SECONDS} s of playing, on a
   * pause or a seek, at the end, and with `leaving` true when the page is hidden or left (the
   * caller then sends it with `keepalive`).
   */
  onPosition?: (seconds: number, leaving: boolean) => void;
  /**
   * Called when the stream cannot go on: with the server's refusal when it gave a reason (issue 38:
   * another stream took over; the player shows its message and stops), else null (an expired
   * signature: the caller may give a new `src`).
   */
  onStreamError?: (refusal: StreamRefusal | null) => void;
  /** Length in seconds known before the file loads (shown until it does). */
  durationHint?: number | null;
  /** Video only: the image shown before playing. */
  poster?: string | null;
  /** Video only: Persian WebVTT subtitles, shown by default and switched with a button or C. */
  subtitles?: string | null;
  /** Video only: the viewer's identity drawn over the picture, moving (masked mobile or email). */
  watermark?: string | null;
  /** Shown under the controls, inside the player (a file's size). */
  children?: ReactNode;
}

/**
 * The site's own media player (podcasts, and a course session's audio or video; issue 22 item 8,
 * issue 24): a native `<audio>` or `<video>` (an HLS stream through hls.js, or the browser's own
 * HLS where it has no Media Source Extensions) with right-to-left controls from the ui kit and Persian names: play/pause, ±10 s, a seek bar
 * with the time in Persian digits, mute, speed 0.75×–2×, and for a video full screen of the
 * player (the watermark stays in it), subtitles on/off and, for a stream with several renditions,
 * a quality menu («خودکار», «۷۲۰p»…). Keyboard shortcuts while focus is in the player (space/K,
 * arrows ±10 s with the left arrow forward as the bar runs right to left, F, M, C, < and >) are
 * listed behind the «میان‌برهای صفحه‌کلید» button and named in `aria-keyshortcuts`; letters are
 * read by physical key, so they work on a Persian keyboard layout too. A video also plays and
 * pauses on a click. The position is kept per `positionKey` in localStorage (cleared at the end),
 * or started at `startAt` and reported through `onPosition`.
 */
export function MediaPlayer({
  kind = 'audio',
  src,
  format = 'file',
  title,
  label,
  seekLabel,
  positionKey,
  startAt = 0,
  onPosition,
  onStreamError,
  durationHint,
  poster,
  subtitles,
  watermark,
  children,
}: MediaPlayerProps) {
  const audioRef = useRef<HTMLMediaElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const baseId = useId();
  const video = kind === 'video';
  const playback = usePlayback(audioRef, durationHint);
  const position = useResumePosition({ audioRef, positionKey, startAt, onPosition, playback });
  const { started, carryOver } = position;
  const { current, playing } = playback;
  const { failed, refusal, levels, stream } = useMediaSource({ audioRef, src, format, onStreamError, current, playing, started, carryOver });
  const quality = useQualityLevels(stream, levels);
  const captions = useSubtitles(audioRef, subtitles);
  const fullscreen = useFullscreen(boxRef);
  const onKeyDown = playerKeyHandler({
    ...playback,
    seekTo: position.seekTo,
    toggleFullscreen: video ? fullscreen.toggle : undefined,
    toggleCaptions: subtitles ? captions.toggle : undefined,
  });

  const startOver = () => position.seekTo(0);
  const speedId = `${baseId}-speed`;
  const shortcutsId = `${baseId}-shortcuts`;
  const qualityMenuId = `${baseId}-quality`;
  const events = {
    src: format === 'file' ? src : undefined,
    preload: 'metadata',
    ...playback.events,
    ...position.events,
  } as const;
  return (
    <Paper
      ref={boxRef}
      variant="outlined"
      component="section"
      aria-label={`${label}: ${title}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderRadius: 3,
        mb: 3,
        outline: 'none',
        '&:fullscreen': { display: 'flex', flexDirection: 'column', justifyContent: 'center', borderRadius: 0, overflow: 'auto' },
      }}
    >
      {video ? (
        <Box sx={{ position: 'relative', overflow: 'hidden', borderRadius: 2, mb: 1, bgcolor: 'common.black' }}>
          {/* The controls below play and pause it too; the click is a shortcut for the pointer. */}
          <Box
            component="video"
            ref={audioRef as Ref<HTMLVideoElement>}
            {...events}
            poster={poster ?? undefined}
            playsInline
            onClick={playback.toggle}
            sx={{ width: '100%', display: 'block', cursor: 'pointer', maxHeight: fullscreen.active ? 'calc(100vh - 140px)' : undefined }}
          >
            {subtitles && <track kind="subtitles" srcLang="fa" label={t.player.subtitlesLanguage} src={subtitles} default />}
          </Box>
          {watermark && <Watermark text={watermark} />}
        </Box>
      ) : (
        <audio ref={audioRef as Ref<HTMLAudioElement>} {...events} />
      )}
      {failed && (
        <Alert severity={refusal ? 'warning' : 'error'} sx={{ mb: 1 }}>
          {refusal?.message ?? t.player.streamFailed}
        </Alert>
      )}
      {position.resumed > 0 && (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              {t.player.startOver}
            </Button>
          }
        >
          {t.player.resumedAt(formatClock(position.resumed))}
        </Alert>
      )}
      <TransportBar playback={playback} seekTo={position.seekTo} seekLabel={seekLabel} />
      <SettingsBar
        speedId={speedId}
        qualityMenuId={qualityMenuId}
        shortcutsId={shortcutsId}
        playback={playback}
        quality={quality}
        subtitles={video && subtitles ? captions : undefined}
        fullscreen={video ? fullscreen : undefined}
        showShortcuts={showShortcuts}
        toggleShortcuts={() => setShowShortcuts((on) => !on)}
      />
      {showShortcuts && <ShortcutList id={shortcutsId} />}
      {children}
    </Paper>
  );
}

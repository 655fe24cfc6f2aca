import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import { Alert, Box, Button, IconButton, Icon, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@shop/ui-kit';
import { Menu, MenuItem, Slider, Tooltip } from '@shop/ui-kit/lazy';
import { formatClock, formatNumber, toPersianDigits } from '@shop/format';
import { attachHlsStream, type StreamController, type StreamLevel } from './hls-stream';
import { t } from './strings';

/** Playback speeds a listener or viewer may pick (issue 24: 0.75× to 2×). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Seconds the back/forward buttons and the arrow keys skip. */
const SKIP_SECONDS = 10;

/**
 * Within this many seconds of the end a saved position is not worth resuming, or within 5 % of a
 * short clip's length, whichever is less (a 4-second clip stopped at 2 s resumes there).
 */
const RESUME_END_MARGIN = 5;

/** Seconds of playing past the resumed position after which «ادامه از …» goes away (a seek hides it at once). */
const RESUME_NOTICE_SECONDS = 10;

/** Seconds of playing between two `onPosition` reports. */
export const POSITION_REPORT_SECONDS = 5;

/** How often the watermark moves, milliseconds. */
export const WATERMARK_MOVE_MS = 5000;

/** Tooltips drawn inside the player, so they show in full screen too (a portal to the body would not). */
const TOOLTIP_SLOTS = { popper: { disablePortal: true } } as const;

/** The quality menu's value for «خودکار»: hls.js picks by bandwidth. */
const AUTO_LEVEL = -1;

function readPosition(key: string): number {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function writePosition(key: string | undefined, seconds: number | null) {
  if (key === undefined) return;
  try {
    if (seconds === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(Math.floor(seconds)));
  } catch {
    // Private mode or a full storage: the player works, it just will not resume.
  }
}

/** «۷۲۰p», or «فقط صدا» for the audio-only rendition. */
function levelLabel(level: StreamLevel): string {
  return level.height > 0 ? t.player.qualityHeight(toPersianDigits(level.height)) : t.player.qualityAudioOnly;
}

/** A random place for the watermark, percent of the frame from its top and its start. */
function randomPlace() {
  return { top: 5 + Math.random() * 80, start: 5 + Math.random() * 60 };
}

/**
 * The viewer's identity over the video (issue 24: discourages screen recording): Persian digits,
 * semi-transparent, moving to a random place every {@link WATERMARK_MOVE_MS}; not selectable and
 * transparent to the pointer, hidden from screen readers (it is not content).
 */
function Watermark({ text }: { text: string }) {
  // A fixed first place, so the server's HTML and the first browser render agree (hydration).
  const [place, setPlace] = useState({ top: 8, start: 8 });
  useEffect(() => {
    setPlace(randomPlace());
    const timer = window.setInterval(() => setPlace(randomPlace()), WATERMARK_MOVE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box
      aria-hidden
      // An attribute, not CSS: the right-to-left style plugin flips a CSS `direction`. A mobile or an email reads left to right.
      dir="ltr"
      data-testid="player-watermark"
      sx={{
        position: 'absolute',
        top: `${place.top}%`,
        insetInlineStart: `${place.start}%`,
        color: 'common.white',
        opacity: 0.45,
        textShadow: '0 0 3px rgba(0,0,0,0.9)',
        fontSize: { xs: 12, sm: 15 },
        whiteSpace: 'nowrap',
        userSelect: 'none',
        pointerEvents: 'none',
        transition: 'top 0.6s, inset-inline-start 0.6s',
      }}
    >
      {toPersianDigits(text)}
    </Box>
  );
}

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
  /** Called when the stream cannot go on (an expired signature): the caller may give a new `src`. */
  onStreamError?: () => void;
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
  positionKey: key,
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
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(durationHint ?? 0);
  const [rate, setRate] = useState<number>(1);
  const [muted, setMuted] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [captions, setCaptions] = useState(true);
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [level, setLevel] = useState(AUTO_LEVEL);
  const [qualityAnchor, setQualityAnchor] = useState<HTMLElement | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [resumed, setResumed] = useState(startAt > 0 ? startAt : 0);
  const [failed, setFailed] = useState(false);
  const lastSaved = useRef(-1);
  const lastReported = useRef(-1);
  const stream = useRef<StreamController | null>(null);
  /** Set when a new `src` replaces a playing one: where to go on once it loads. */
  const carryOver = useRef<{ time: number; play: boolean } | null>(null);
  const started = useRef(false);
  /** Read once: a later `startAt` (the caller's cache updated by the saves) must not seek again. */
  const startAtFirst = useRef(startAt);
  const baseId = useId();
  const video = kind === 'video';

  const restore = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const length = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
    if (length) setDuration(length);
    const carry = carryOver.current;
    carryOver.current = null;
    const saved = carry ? carry.time : started.current ? 0 : key !== undefined ? readPosition(key) : startAtFirst.current;
    started.current = true;
    const start = saved > 0 && (!length || saved < length - Math.min(RESUME_END_MARGIN, length * 0.05)) ? saved : 0;
    // «ادامه از …» says what happened: none when the place was too near the end.
    if (start === 0) setResumed(0);
    if (start > 0) {
      audio.currentTime = start;
      setCurrent(start);
    }
    lastReported.current = Math.floor(start);
    if (carry?.play) void audio.play().catch(() => setPlaying(false));
  }, [key]);

  // The metadata may have loaded before React attached its listener (cached file).
  useEffect(() => {
    if (audioRef.current && audioRef.current.readyState >= 1) restore();
  }, [restore]);

  const report = useCallback(
    (seconds: number, leaving: boolean) => {
      const whole = Math.floor(seconds);
      if (whole === lastReported.current && !leaving) return;
      lastReported.current = whole;
      onPosition?.(whole, leaving);
    },
    [onPosition],
  );

  // A hidden or closed page may never come back: report where it stopped.
  useEffect(() => {
    if (!onPosition) return;
    const leave = () => {
      const audio = audioRef.current;
      if (audio && started.current) report(audio.currentTime, true);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [onPosition, report]);

  // A re-signed HLS URL (same path, new query) reaches a stream that follows the query without a
  // reload, so nothing the viewer set is disturbed (issue 32 item 1: place, speed, quality,
  // subtitles); any other new URL, or one after a failure, is attached anew.
  const query = useRef('');
  const [attached, setAttached] = useState(src);
  useEffect(() => {
    const url = new URL(src, window.location.href);
    query.current = url.search;
    const same = new URL(attached, window.location.href);
    const followed = stream.current?.followsQuery === true && !failed && same.origin === url.origin && same.pathname === url.pathname;
    if (!followed) setAttached(src);
    // Only a new `src` asks this; `attached` and `failed` are read as they are then.
  }, [src]);

  // An HLS stream is attached here (a file is the element's `src`). Leaving one URL for a new one
  // notes where it was, so the new one goes on there.
  useEffect(() => {
    const audio = audioRef.current;
    if (format !== 'hls' || !audio) return undefined;
    setFailed(false);
    let cancelled = false;
    void attachHlsStream(audio, attached, {
      onLevels: (found) => {
        if (!cancelled) setLevels(found);
      },
      onFatal: () => {
        if (cancelled) return;
        setFailed(true);
        onStreamError?.();
      },
      query: () => query.current,
    }).then((controller) => {
      if (cancelled) controller.destroy();
      else stream.current = controller;
    });
    return () => {
      cancelled = true;
      if (started.current) carryOver.current = { time: audio.currentTime, play: !audio.paused };
      stream.current?.destroy();
      stream.current = null;
    };
    // onStreamError is read when a fault happens; a new callback is no reason to reload the stream.
  }, [attached, format]);

  // A file's new URL: the element reloads it, so note where it was (an HLS one is noted above).
  const previousSrc = useRef(src);
  useEffect(() => {
    if (format === 'hls' || previousSrc.current === src) return;
    previousSrc.current = src;
    if (started.current) carryOver.current = { time: current, play: playing };
    // Only a new URL matters here; `current` and `playing` are read as they were before it.
  }, [src, format]);

  useEffect(() => {
    stream.current?.setLevel(level);
  }, [level, levels]);

  useEffect(() => {
    const tracks = audioRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) track.mode = captions ? 'showing' : 'hidden';
  }, [captions, subtitles]);

  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const save = (seconds: number) => {
    const whole = Math.floor(seconds);
    if (whole === lastSaved.current) return;
    lastSaved.current = whole;
    writePosition(key, whole);
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    // The play/pause events set `playing`, so it follows the element whatever started it.
    if (playing) audio.pause();
    else void audio.play().catch(() => setPlaying(false));
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const target = Math.max(0, duration ? Math.min(duration, seconds) : seconds);
    audio.currentTime = target;
    setCurrent(target);
    save(target);
    if (started.current) report(target, false);
    setResumed(0);
  };

  const changeRate = (next: number) => {
    if (!audioRef.current) return;
    // The default too: a new source (a re-signed URL) starts at the default rate (issue 32 item 1).
    audioRef.current.defaultPlaybackRate = next;
    audioRef.current.playbackRate = next;
    setRate(next);
  };

  const toggleMute = () => {
    if (!audioRef.current) return;
    audioRef.current.muted = !audioRef.current.muted;
    setMuted(audioRef.current.muted);
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void boxRef.current?.requestFullscreen().catch(() => undefined);
  };

  const startOver = () => seekTo(0);

  /** The player's shortcuts, read by physical key (`code`) so a Persian layout works the same. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // The seek bar's own arrows, a menu's keys and the activation of a focused button stay theirs.
    if (target.closest('input, textarea, select, [role="menu"]')) return;
    const onButton = target.closest('button, a') !== null;
    const code = event.code || event.key;
    let handled = true;
    if ((code === 'Space' || code === ' ') && !onButton) toggle();
    else if (code === 'KeyK') toggle();
    // Right to left: the seek bar starts on the right and runs left, so left is forward.
    else if (code === 'ArrowLeft') seekTo(current + SKIP_SECONDS);
    else if (code === 'ArrowRight') seekTo(current - SKIP_SECONDS);
    else if (code === 'KeyF' && video) toggleFullscreen();
    else if (code === 'KeyM') toggleMute();
    else if (code === 'KeyC' && subtitles) setCaptions((on) => !on);
    else if (event.key === '>' || (event.shiftKey && code === 'Period')) changeRate(PLAYBACK_RATES.find((value) => value > rate) ?? rate);
    else if (event.key === '<' || (event.shiftKey && code === 'Comma')) changeRate([...PLAYBACK_RATES].reverse().find((value) => value < rate) ?? rate);
    else handled = false;
    if (handled) event.preventDefault();
  };

  const shown = dragging ?? current;
  const speedId = `${baseId}-speed`;
  const shortcutsId = `${baseId}-shortcuts`;
  const qualityMenuId = `${baseId}-quality`;
  const events = {
    src: format === 'file' ? src : undefined,
    preload: 'metadata',
    onLoadedMetadata: restore,
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => {
      const length = event.currentTarget.duration;
      if (Number.isFinite(length) && length > 0) setDuration(length);
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => {
      const time = event.currentTarget.currentTime;
      setCurrent(time);
      save(time);
      if (resumed > 0 && time > resumed + RESUME_NOTICE_SECONDS) setResumed(0);
      const switching = carryOver.current !== null;
      if (!event.currentTarget.paused && !switching && Math.abs(Math.floor(time) - lastReported.current) >= POSITION_REPORT_SECONDS) report(time, false);
    },
    onPlay: () => setPlaying(true),
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      setPlaying(false);
      save(event.currentTarget.currentTime);
      // A pause of the old URL while a new one takes its place is not the viewer's.
      if (!event.currentTarget.ended && carryOver.current === null) report(event.currentTarget.currentTime, false);
    },
    onEnded: (event: SyntheticEvent<HTMLMediaElement>) => {
      setPlaying(false);
      lastSaved.current = -1;
      writePosition(key, null);
      report(event.currentTarget.duration || event.currentTarget.currentTime, false);
    },
    onRateChange: (event: SyntheticEvent<HTMLMediaElement>) => setRate(event.currentTarget.playbackRate),
    onVolumeChange: (event: SyntheticEvent<HTMLMediaElement>) => setMuted(event.currentTarget.muted),
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
            onClick={toggle}
            sx={{ width: '100%', display: 'block', cursor: 'pointer', maxHeight: fullscreen ? 'calc(100vh - 140px)' : undefined }}
          >
            {subtitles && <track kind="subtitles" srcLang="fa" label={t.player.subtitlesLanguage} src={subtitles} default />}
          </Box>
          {watermark && <Watermark text={watermark} />}
        </Box>
      ) : (
        <audio ref={audioRef as Ref<HTMLAudioElement>} {...events} />
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t.player.streamFailed}
        </Alert>
      )}
      {resumed > 0 && (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              {t.player.startOver}
            </Button>
          }
        >
          {t.player.resumedAt(formatClock(resumed))}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
        <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.back}>
          <IconButton aria-label={t.player.back} aria-keyshortcuts="ArrowRight" onClick={() => seekTo(current - SKIP_SECONDS)}>
            <Icon name="Replay10" />
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label={playing ? t.player.pause : t.player.play}
          aria-keyshortcuts="K Space"
          onClick={toggle}
          color="primary"
          size="large"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
        >
          <Icon name={playing ? 'Pause' : 'PlayArrow'} fontSize="large" />
        </IconButton>
        <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.forward}>
          <IconButton aria-label={t.player.forward} aria-keyshortcuts="ArrowLeft" onClick={() => seekTo(current + SKIP_SECONDS)}>
            <Icon name="Forward10" />
          </IconButton>
        </Tooltip>
        <Box sx={{ flexGrow: 1, px: 1, minWidth: 0 }}>
          <Slider
            aria-label={seekLabel}
            value={Math.min(shown, duration || shown)}
            min={0}
            max={duration || 1}
            step={1}
            disabled={!duration}
            getAriaValueText={(value) => t.player.elapsed(formatClock(value), formatClock(duration))}
            onChange={(_, value) => setDragging(value as number)}
            onChangeCommitted={(_, value) => {
              setDragging(null);
              seekTo(value as number);
            }}
            size="small"
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', color: 'text.secondary', fontSize: 13, mt: -0.5 }}>
            <Typography component="span" variant="caption" data-testid="player-current">
              {formatClock(shown)}
            </Typography>
            <Typography component="span" variant="caption" data-testid="player-duration">
              {formatClock(duration)}
            </Typography>
          </Stack>
        </Box>
        <Tooltip slotProps={TOOLTIP_SLOTS} title={muted ? t.player.unmute : t.player.mute}>
          <IconButton aria-label={t.player.mute} aria-pressed={muted} aria-keyshortcuts="M" onClick={toggleMute}>
            <Icon name={muted ? 'VolumeOff' : 'VolumeUp'} />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 1, flexWrap: 'wrap' }}>
        <Typography id={speedId} variant="body2" color="text.secondary">
          {t.player.speed}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={rate}
          aria-labelledby={speedId}
          onChange={(_, next: number | null) => {
            if (next !== null) changeRate(next);
          }}
        >
          {PLAYBACK_RATES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.25, py: 0.25 }}>
              {t.player.speedValue(formatNumber(value))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {levels.length > 1 && (
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<Icon name="Tune" />}
              aria-haspopup="menu"
              aria-controls={qualityAnchor ? qualityMenuId : undefined}
              aria-expanded={qualityAnchor !== null}
              onClick={(event) => setQualityAnchor(event.currentTarget)}
            >
              {t.player.qualityValue(level === AUTO_LEVEL ? t.player.qualityAuto : levelLabel(levels[level]!))}
            </Button>
            <Menu id={qualityMenuId} anchorEl={qualityAnchor} open={qualityAnchor !== null} onClose={() => setQualityAnchor(null)} disablePortal>
              {[AUTO_LEVEL, ...levels.map((_, index) => index)].map((index) => (
                <MenuItem
                  key={index}
                  role="menuitemradio"
                  aria-checked={index === level}
                  selected={index === level}
                  onClick={() => {
                    setLevel(index);
                    setQualityAnchor(null);
                  }}
                >
                  {index === AUTO_LEVEL ? t.player.qualityAuto : levelLabel(levels[index]!)}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        {video && subtitles && (
          <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.subtitles}>
            <IconButton aria-label={t.player.subtitles} aria-pressed={captions} aria-keyshortcuts="C" onClick={() => setCaptions((on) => !on)}>
              <Icon name={captions ? 'Subtitles' : 'SubtitlesOff'} />
            </IconButton>
          </Tooltip>
        )}
        {video && (
          <Tooltip slotProps={TOOLTIP_SLOTS} title={fullscreen ? t.player.exitFullscreen : t.player.fullscreen}>
            <IconButton aria-label={fullscreen ? t.player.exitFullscreen : t.player.fullscreen} aria-keyshortcuts="F" onClick={toggleFullscreen}>
              <Icon name={fullscreen ? 'FullscreenExit' : 'Fullscreen'} />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.shortcuts}>
          <IconButton aria-label={t.player.shortcuts} aria-expanded={showShortcuts} aria-controls={shortcutsId} onClick={() => setShowShortcuts((on) => !on)}>
            <Icon name="Keyboard" />
          </IconButton>
        </Tooltip>
      </Stack>
      {showShortcuts && (
        <Box component="dl" id={shortcutsId} aria-label={t.player.shortcuts} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, fontSize: 14, mt: 1, mb: 0 }}>
          {t.player.shortcutList.map(([keys, action]) => (
            <Box key={keys} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 'bold' }}>
                {keys}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {action}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {children}
    </Paper>
  );
}

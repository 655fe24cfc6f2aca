import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import {
  Box,
  IconButton,
  Icon,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@shop/ui-kit';
import { Slider, Tooltip } from '@shop/ui-kit/lazy';
import { formatClock, formatNumber } from '@shop/format';
import { t } from './strings';

/** Playback speeds listeners expect. */
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

/** Seconds the back/forward buttons skip. */
const SKIP_SECONDS = 10;

/** Within this many seconds of the end a saved position is not worth resuming. */
const RESUME_END_MARGIN = 5;

function readPosition(key: string): number {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function writePosition(key: string, seconds: number | null) {
  try {
    if (seconds === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(Math.floor(seconds)));
  } catch {
    // Private mode or a full storage: the player works, it just will not resume.
  }
}

/** What a {@link MediaPlayer} plays and how it names itself. */
export interface MediaPlayerProps {
  /** `<audio>` (the default) or `<video>`, shown above the controls. */
  kind?: 'audio' | 'video';
  src: string;
  /** The episode's or session's title, in the player's name. */
  title: string;
  /** What the player is, in its name: «پخش‌کننده پادکست». */
  label: string;
  /** The seek bar's name: «جابه‌جایی در اپیزود». */
  seekLabel: string;
  /** localStorage key of the listening position: one per file (`podcast-position:4`). */
  positionKey: string;
  /** Length in seconds known before the file loads (shown until it does). */
  durationHint?: number | null;
  /** Shown under the controls, inside the player (a file's size). */
  children?: ReactNode;
}

/**
 * The site's own media player (podcasts, and a course session's audio or video; issue 22 item 8):
 * a native `<audio>` or `<video>` with custom controls from the ui kit (play/pause, ±10 s, a seek
 * bar with the time in Persian digits, speed 1×–2×), all reachable by keyboard (buttons, arrow keys
 * on the seek bar), never the browser's controls with their Latin «0:09». A video also plays and
 * pauses on a click. The position is saved per `positionKey` in localStorage while playing,
 * restored when the file loads, and cleared at the end.
 */
export function MediaPlayer({ kind = 'audio', src, title, label, seekLabel, positionKey: key, durationHint, children }: MediaPlayerProps) {
  const audioRef = useRef<HTMLMediaElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(durationHint ?? 0);
  const [rate, setRate] = useState<number>(1);
  const [dragging, setDragging] = useState<number | null>(null);
  const lastSaved = useRef(-1);

  const restore = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const length = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
    if (length) setDuration(length);
    const saved = readPosition(key);
    if (saved > 0 && (!length || saved < length - RESUME_END_MARGIN)) {
      audio.currentTime = saved;
      setCurrent(saved);
    }
  }, [key]);

  // The metadata may have loaded before React attached its listener (cached file).
  useEffect(() => {
    if (audioRef.current && audioRef.current.readyState >= 1) restore();
  }, [restore]);

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
  };

  const shown = dragging ?? current;
  const speedId = `speed-${key}`;
  const events = {
    src,
    preload: 'metadata',
    onLoadedMetadata: restore,
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => {
          const length = event.currentTarget.duration;
      if (Number.isFinite(length) && length > 0) setDuration(length);
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => {
      setCurrent(event.currentTarget.currentTime);
      save(event.currentTarget.currentTime);
    },
    onPlay: () => setPlaying(true),
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      setPlaying(false);
      save(event.currentTarget.currentTime);
    },
    onEnded: () => {
      setPlaying(false);
      lastSaved.current = -1;
      writePosition(key, null);
    },
    onRateChange: (event: SyntheticEvent<HTMLMediaElement>) => setRate(event.currentTarget.playbackRate),
  } as const;
  return (
    <Paper variant="outlined" component="section" aria-label={`${label}: ${title}`} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, mb: 3 }}>
      {kind === 'video' ? (
        // The controls below play and pause it too; the click is a shortcut for the pointer.
        <Box
          component="video"
          ref={audioRef as Ref<HTMLVideoElement>}
          {...events}
          playsInline
          onClick={toggle}
          sx={{ width: '100%', borderRadius: 2, display: 'block', bgcolor: 'common.black', mb: 1, cursor: 'pointer' }}
        />
      ) : (
        <audio ref={audioRef as Ref<HTMLAudioElement>} {...events} />
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
        <Tooltip title={t.player.back}>
          <IconButton aria-label={t.player.back} onClick={() => seekTo(current - SKIP_SECONDS)}>
            <Icon name="Replay10" />
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label={playing ? t.player.pause : t.player.play}
          onClick={toggle}
          color="primary"
          size="large"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }}
        >
          <Icon name={playing ? 'Pause' : 'PlayArrow'} fontSize="large" />
        </IconButton>
        <Tooltip title={t.player.forward}>
          <IconButton aria-label={t.player.forward} onClick={() => seekTo(current + SKIP_SECONDS)}>
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
            if (next === null || !audioRef.current) return;
            audioRef.current.playbackRate = next;
            setRate(next);
          }}
        >
          {PLAYBACK_RATES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.5, py: 0.25 }}>
              {t.player.speedValue(formatNumber(value))}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {children}
    </Paper>
  );
}

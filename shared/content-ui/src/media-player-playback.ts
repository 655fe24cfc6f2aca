import { useState, type RefObject, type SyntheticEvent } from 'react';

/** Playback speeds a listener or viewer may pick (issue 24: 0.75× to 2×). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Seconds the back/forward buttons and the arrow keys skip. */
export const SKIP_SECONDS = 10;

/**
 * The media element's state as the controls show it, and what they do to it, for `MediaPlayer`:
 * takes the element's ref and the length in seconds known before the file loads (shown until it
 * does); returns `playing`, `current` and `duration` (seconds, with their setters for the position's
 * hook), `rate` and `muted`; `toggle` (play/pause), `changeRate` and `toggleMute`; and `events`, the
 * element's listeners that keep this state (the position's are `useResumePosition`'s).
 */
export function usePlayback(audioRef: RefObject<HTMLMediaElement | null>, durationHint: number | null | undefined) {
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(durationHint ?? 0);
  const [rate, setRate] = useState<number>(1);
  const [muted, setMuted] = useState(false);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    // The play/pause events set `playing`, so it follows the element whatever started it.
    if (playing) audio.pause();
    else void audio.play().catch(() => setPlaying(false));
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

  const events = {
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => {
      const length = event.currentTarget.duration;
      if (Number.isFinite(length) && length > 0) setDuration(length);
    },
    onPlay: () => setPlaying(true),
    onRateChange: (event: SyntheticEvent<HTMLMediaElement>) => setRate(event.currentTarget.playbackRate),
    onVolumeChange: (event: SyntheticEvent<HTMLMediaElement>) => setMuted(event.currentTarget.muted),
  };

  return { playing, setPlaying, current, setCurrent, duration, setDuration, rate, muted, toggle, changeRate, toggleMute, events };
}

/** What {@link usePlayback} returns. */
export type Playback = ReturnType<typeof usePlayback>;

import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import type { Playback } from './media-player-playback';

/**
 * Within this many seconds of the end a saved position is not worth resuming, or within 5 % of a
 * short clip's length, whichever is less (a 4-second clip stopped at 2 s resumes there).
 */
const RESUME_END_MARGIN = 5;

/** Seconds of playing past the resumed position after which «ادامه از …» goes away (a seek hides it at once). */
const RESUME_NOTICE_SECONDS = 10;

/** Seconds of playing between two `onPosition` reports. */
export const POSITION_REPORT_SECONDS = 5;

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

/** Where a new `src` that replaced a playing one goes on once it loads: `time` in seconds, and whether it was playing. */
export interface CarryOver {
  time: number;
  play: boolean;
}

/**
 * Tells `onPosition` the position in whole seconds, not twice the same second unless `leaving`, and
 * with `leaving` true when the page is hidden or left once the element has `started`. Returns
 * `report(seconds, leaving)` and `lastReported`, the whole second last reported (-1 before any).
 */
function usePositionReports(
  audioRef: RefObject<HTMLMediaElement | null>,
  started: RefObject<boolean>,
  onPosition: ((seconds: number, leaving: boolean) => void) | undefined,
) {
  const lastReported = useRef(-1);

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

  return { report, lastReported };
}

/** What {@link useResumePosition} takes (see `MediaPlayerProps` for `positionKey`, `startAt` and `onPosition`). */
export interface ResumeOptions {
  audioRef: RefObject<HTMLMediaElement | null>;
  /** localStorage key of the listening position (`podcast-position:4`); none with `startAt`. */
  positionKey: string | undefined;
  /** Where to start, seconds, read at mount. */
  startAt: number;
  /** Told the position, whole seconds, and whether the page is being left. */
  onPosition: ((seconds: number, leaving: boolean) => void) | undefined;
  /** The element's time (seconds), length and playing state that a seek or the first metadata set. */
  playback: Pick<Playback, 'duration' | 'setCurrent' | 'setDuration' | 'setPlaying'>;
}

/**
 * Where playing starts and how the position is kept. On the element's metadata it seeks to where a
 * replaced `src` was (`carryOver`, playing on if it played), else, the first time, to the position
 * saved under `positionKey` or to `startAt` (seconds), unless that is within
 * {@link RESUME_END_MARGIN} s of the end. It saves the position (whole seconds) while playing,
 * clears it at the end, and reports it to `onPosition` every {@link POSITION_REPORT_SECONDS} s of
 * playing, on a pause or a seek, at the end, and when the page is left.
 *
 * Returns `resumed` (seconds: the place «ادامه از …» names, 0 once it goes away), `seekTo(seconds)`,
 * `events` (the element's listeners for its metadata, time, pause and end), and the refs `started`
 * (the first metadata was read) and `carryOver`, which `useMediaSource` sets when it leaves a URL.
 */
export function useResumePosition({ audioRef, positionKey: key, startAt, onPosition, playback }: ResumeOptions) {
  const { duration, setCurrent, setDuration, setPlaying } = playback;
  const [resumed, setResumed] = useState(startAt > 0 ? startAt : 0);
  const lastSaved = useRef(-1);
  /** Set when a new `src` replaces a playing one: where to go on once it loads. */
  const carryOver = useRef<CarryOver | null>(null);
  const started = useRef(false);
  /** Read once: a later `startAt` (the caller's cache updated by the saves) must not seek again. */
  const startAtFirst = useRef(startAt);
  const { report, lastReported } = usePositionReports(audioRef, started, onPosition);

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

  const save = (seconds: number) => {
    const whole = Math.floor(seconds);
    if (whole === lastSaved.current) return;
    lastSaved.current = whole;
    writePosition(key, whole);
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

  const events = {
    onLoadedMetadata: restore,
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => {
      const time = event.currentTarget.currentTime;
      setCurrent(time);
      save(time);
      if (resumed > 0 && time > resumed + RESUME_NOTICE_SECONDS) setResumed(0);
      const switching = carryOver.current !== null;
      if (!event.currentTarget.paused && !switching && Math.abs(Math.floor(time) - lastReported.current) >= POSITION_REPORT_SECONDS) report(time, false);
    },
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
  };

  return { resumed, seekTo, events, started, carryOver };
}

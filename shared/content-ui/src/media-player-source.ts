import { useEffect, useRef, useState, type RefObject } from 'react';
import { attachHlsStream, type StreamController, type StreamLevel, type StreamRefusal } from './hls-stream';
import type { CarryOver } from './media-player-position';

/** What {@link useMediaSource} takes (see `MediaPlayerProps` for `src`, `format` and `onStreamError`). */
export interface MediaSourceOptions {
  audioRef: RefObject<HTMLMediaElement | null>;
  src: string;
  format: 'file' | 'hls';
  onStreamError: ((refusal: StreamRefusal | null) => void) | undefined;
  /** The time shown (seconds) and whether it plays, noted when a file's URL changes. */
  current: number;
  playing: boolean;
  /** `useResumePosition`'s: whether the first metadata was read, and where a new URL goes on. */
  started: RefObject<boolean>;
  carryOver: RefObject<CarryOver | null>;
}

/**
 * Puts `src` on the element: a file is the element's own `src` (the caller sets it), an HLS stream is
 * attached here through `attachHlsStream`. Leaving a URL for a new one notes in `carryOver` where it
 * was (seconds) and whether it played, so the new one goes on there. Returns `failed` (the stream
 * cannot go on: `onStreamError` was called), `refusal` (the server's reason when it gave one: the
 * element is paused then), the stream's `levels` (renditions, in the playlist's order) and
 * `stream`, the attached stream's controller (null before it is attached and for a file).
 */
export function useMediaSource({ audioRef, src, format, onStreamError, current, playing, started, carryOver }: MediaSourceOptions) {
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [failed, setFailed] = useState(false);
  const [refusal, setRefusal] = useState<StreamRefusal | null>(null);
  const stream = useRef<StreamController | null>(null);

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
    setRefusal(null);
    let cancelled = false;
    void attachHlsStream(audio, attached, {
      onLevels: (found) => {
        if (!cancelled) setLevels(found);
      },
      onFatal: (reason) => {
        if (cancelled) return;
        // Refused with a reason (another stream took over): it stops here, whatever is buffered.
        if (reason) audio.pause();
        setFailed(true);
        setRefusal(reason ?? null);
        onStreamError?.(reason ?? null);
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

  return { failed, refusal, levels, stream };
}

import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a video's subtitles show (on by default): takes the element's ref and the subtitles' URL,
 * and shows or hides every text track of the element to match (again for a new URL's track).
 * Returns `shown` (true while they show) and `toggle`.
 */
export function useSubtitles(audioRef: RefObject<HTMLMediaElement | null>, subtitles: string | null | undefined) {
  const [captions, setCaptions] = useState(true);

  useEffect(() => {
    const tracks = audioRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) track.mode = captions ? 'showing' : 'hidden';
  }, [captions, subtitles]);

  return { shown: captions, toggle: () => setCaptions((on) => !on) };
}

/** What {@link useSubtitles} returns. */
export type Subtitles = ReturnType<typeof useSubtitles>;

/**
 * Full screen of the player's box (so the watermark stays in it): takes the box's ref; returns
 * `active` (true while the box, not another element, is the full-screen one) and `toggle`, which
 * enters or leaves it.
 */
export function useFullscreen(boxRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void boxRef.current?.requestFullscreen().catch(() => undefined);
  };

  return { active: fullscreen, toggle };
}

/** What {@link useFullscreen} returns. */
export type Fullscreen = ReturnType<typeof useFullscreen>;

import type { KeyboardEvent } from 'react';
import { PLAYBACK_RATES, SKIP_SECONDS, type Playback } from './media-player-playback';

/** What the player's keyboard shortcuts do: `usePlayback`'s actions, time (seconds) and speed, and the rest. */
export interface ShortcutActions extends Pick<Playback, 'toggle' | 'current' | 'rate' | 'changeRate' | 'toggleMute'> {
  /** Goes to `seconds` from the start (`useResumePosition`'s). */
  seekTo: (seconds: number) => void;
  /** F: a video's full screen; none for audio. */
  toggleFullscreen?: () => void;
  /** C: subtitles on and off; none without subtitles. */
  toggleCaptions?: () => void;
}

/**
 * The player's shortcuts (space/K, the arrows ±{@link SKIP_SECONDS} s, F, M, C, < and >), read by
 * physical key (`code`) so a Persian layout works the same: takes what they do and returns the
 * player box's `onKeyDown`, which prevents the default of a key it handled.
 */
export function playerKeyHandler(actions: ShortcutActions) {
  const { toggle, seekTo, current, rate, changeRate, toggleMute, toggleFullscreen, toggleCaptions } = actions;
  return (event: KeyboardEvent<HTMLElement>) => {
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
    else if (code === 'KeyF' && toggleFullscreen) toggleFullscreen();
    else if (code === 'KeyM') toggleMute();
    else if (code === 'KeyC' && toggleCaptions) toggleCaptions();
    else if (event.key === '>' || (event.shiftKey && code === 'Period')) changeRate(PLAYBACK_RATES.find((value) => value > rate) ?? rate);
    else if (event.key === '<' || (event.shiftKey && code === 'Comma')) changeRate([...PLAYBACK_RATES].reverse().find((value) => value < rate) ?? rate);
    else handled = false;
    if (handled) event.preventDefault();
  };
}

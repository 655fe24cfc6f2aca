import { useState } from 'react';
import { Box, IconButton, Icon, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@shop/ui-kit';
import { Slider, Tooltip } from '@shop/ui-kit/lazy';
import { formatClock, formatNumber } from '@shop/format';
import { PLAYBACK_RATES, SKIP_SECONDS, type Playback } from './media-player-playback';
import { QualityMenu, type QualityLevels } from './media-player-quality';
import type { Fullscreen, Subtitles } from './media-player-video';
import { t } from './strings';

/** Tooltips drawn inside the player, so they show in full screen too (a portal to the body would not). */
const TOOLTIP_SLOTS = { popper: { disablePortal: true } } as const;

/** What {@link TransportBar} takes. */
export interface TransportBarProps {
  /** `usePlayback`'s state (seconds) and actions. */
  playback: Pick<Playback, 'playing' | 'current' | 'duration' | 'muted' | 'toggle' | 'toggleMute'>;
  /** Goes to `seconds` from the start (`useResumePosition`'s). */
  seekTo: (seconds: number) => void;
  /** The seek bar's name: «جابه‌جایی در اپیزود». */
  seekLabel: string;
}

/**
 * The player's first row: ±{@link SKIP_SECONDS} s around play/pause, the seek bar with the time and
 * the length in Persian digits (the time follows the thumb while it is dragged, and the element
 * seeks when it is let go), and mute.
 */
export function TransportBar({ playback, seekTo, seekLabel }: TransportBarProps) {
  const { playing, current, duration, muted, toggle, toggleMute } = playback;
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? current;
  return (
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
  );
}

/** What {@link SettingsBar} takes. */
export interface SettingsBarProps {
  /** The ids of the speed label, the quality menu and the shortcut list. */
  speedId: string;
  qualityMenuId: string;
  shortcutsId: string;
  /** `usePlayback`'s speed and its setter. */
  playback: Pick<Playback, 'rate' | 'changeRate'>;
  quality: QualityLevels;
  /** A video's subtitles switch; none for audio or without subtitles. */
  subtitles?: Subtitles;
  /** A video's full screen; none for audio. */
  fullscreen?: Fullscreen;
  /** Whether the shortcut list is shown, and the button's action that shows or hides it. */
  showShortcuts: boolean;
  toggleShortcuts: () => void;
}

/**
 * The player's second row: the speeds, the quality menu (a stream with several renditions), the
 * subtitles and full-screen buttons (a video), and the button that shows the shortcut list.
 */
export function SettingsBar({ speedId, qualityMenuId, shortcutsId, playback, quality, subtitles, fullscreen, showShortcuts, toggleShortcuts }: SettingsBarProps) {
  const { rate, changeRate } = playback;
  return (
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
      <QualityMenu quality={quality} id={qualityMenuId} />
      {subtitles && (
        <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.subtitles}>
          <IconButton aria-label={t.player.subtitles} aria-pressed={subtitles.shown} aria-keyshortcuts="C" onClick={subtitles.toggle}>
            <Icon name={subtitles.shown ? 'Subtitles' : 'SubtitlesOff'} />
          </IconButton>
        </Tooltip>
      )}
      {fullscreen && (
        <Tooltip slotProps={TOOLTIP_SLOTS} title={fullscreen.active ? t.player.exitFullscreen : t.player.fullscreen}>
          <IconButton aria-label={fullscreen.active ? t.player.exitFullscreen : t.player.fullscreen} aria-keyshortcuts="F" onClick={fullscreen.toggle}>
            <Icon name={fullscreen.active ? 'FullscreenExit' : 'Fullscreen'} />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip slotProps={TOOLTIP_SLOTS} title={t.player.shortcuts}>
        <IconButton aria-label={t.player.shortcuts} aria-expanded={showShortcuts} aria-controls={shortcutsId} onClick={toggleShortcuts}>
          <Icon name="Keyboard" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The shortcut list (`id` is the one its button controls): each shortcut's keys, then what they do. */
export function ShortcutList({ id }: { id: string }) {
  return (
    <Box component="dl" id={id} aria-label={t.player.shortcuts} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, fontSize: 14, mt: 1, mb: 0 }}>
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
  );
}

import { useEffect, useState, type RefObject } from 'react';
import { Button, Icon } from '@shop/ui-kit';
import { Menu, MenuItem } from '@shop/ui-kit/lazy';
import { toPersianDigits } from '@shop/format';
import type { StreamController, StreamLevel } from './hls-stream';
import { t } from './strings';

/** The quality menu's value for «خودکار»: hls.js picks by bandwidth. */
const AUTO_LEVEL = -1;

/** «خودکار» for {@link AUTO_LEVEL}, else rendition `index`'s «۷۲۰p», or «فقط صدا» for the audio-only one. */
function levelLabel(levels: StreamLevel[], index: number): string {
  if (index === AUTO_LEVEL) return t.player.qualityAuto;
  const level = levels[index]!;
  return level.height > 0 ? t.player.qualityHeight(toPersianDigits(level.height)) : t.player.qualityAudioOnly;
}

/**
 * The rendition the viewer picked and the quality menu's state: takes the attached stream's
 * controller and the renditions it offers (`useMediaSource`'s), and plays the chosen one on it
 * (again once new renditions are reported). Returns `levels`, `level` (an index into them, or -1
 * for «خودکار», the default), `menuAnchor` (the button the open menu hangs from, null when closed)
 * with `setMenuAnchor`, and `choose(index)`, which picks a level and closes the menu.
 */
export function useQualityLevels(stream: RefObject<StreamController | null>, levels: StreamLevel[]) {
  const [level, setLevel] = useState(AUTO_LEVEL);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  useEffect(() => {
    stream.current?.setLevel(level);
  }, [level, levels]);

  const choose = (index: number) => {
    setLevel(index);
    setMenuAnchor(null);
  };

  return { levels, level, menuAnchor, setMenuAnchor, choose };
}

/** What {@link useQualityLevels} returns. */
export type QualityLevels = ReturnType<typeof useQualityLevels>;

/**
 * The «کیفیت: خودکار» button and its menu of «خودکار» and each rendition (`id` is the menu's), for
 * a stream with more than one rendition; nothing otherwise.
 */
export function QualityMenu({ quality, id }: { quality: QualityLevels; id: string }) {
  const { levels, level, menuAnchor, setMenuAnchor, choose } = quality;
  if (levels.length <= 1) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Icon name="Tune" />}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? id : undefined}
        aria-expanded={menuAnchor !== null}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        {t.player.qualityValue(levelLabel(levels, level))}
      </Button>
      <Menu id={id} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)} disablePortal>
        {[AUTO_LEVEL, ...levels.map((_, index) => index)].map((index) => (
          <MenuItem key={index} role="menuitemradio" aria-checked={index === level} selected={index === level} onClick={() => choose(index)}>
            {levelLabel(levels, index)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

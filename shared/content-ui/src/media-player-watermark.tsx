import { useEffect, useState } from 'react';
import { Box } from '@shop/ui-kit';
import { toPersianDigits } from '@shop/format';

/** How often the watermark moves, milliseconds. */
export const WATERMARK_MOVE_MS = 5000;

/** A random place for the watermark, percent of the frame from its top and its start. */
function randomPlace() {
  return { top: 5 + Math.random() * 80, start: 5 + Math.random() * 60 };
}

/**
 * Where the watermark is: takes nothing; returns `{ top, start }`, percent of the frame from its
 * top and its start, a fixed place at first and a random one after mount and every
 * {@link WATERMARK_MOVE_MS} ms.
 */
export function useMovingWatermark() {
  // A fixed first place, so the server's HTML and the first browser render agree (hydration).
  const [place, setPlace] = useState({ top: 8, start: 8 });
  useEffect(() => {
    setPlace(randomPlace());
    const timer = window.setInterval(() => setPlace(randomPlace()), WATERMARK_MOVE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return place;
}

/**
 * The viewer's identity over the video (issue 24: discourages screen recording): Persian digits,
 * semi-transparent, moving to a random place every {@link WATERMARK_MOVE_MS}; not selectable and
 * transparent to the pointer, hidden from screen readers (it is not content).
 */
export function Watermark({ text }: { text: string }) {
  const place = useMovingWatermark();
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

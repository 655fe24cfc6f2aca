import { toPersianDigits } from './to-persian-digits';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A media player's clock in Persian digits (issue 22 item 8: the site's own player, never the
 * browser's «0:09»): «۰۴:۰۵», or «۱:۰۲:۰۳» past an hour; an unknown length shows «۰۰:۰۰».
 * @param seconds a position or length in seconds (fractions dropped)
 */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return toPersianDigits(h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`);
}

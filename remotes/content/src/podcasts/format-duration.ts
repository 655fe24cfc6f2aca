import { formatNumber, toPersianDigits } from '@shop/format';
import { t } from '../strings';

const pad = (n: number) => String(n).padStart(2, '0');

/** A player clock in Persian digits: «۰۴:۰۵», or «۱:۰۲:۰۳» past an hour; unknown lengths show «۰۰:۰۰». */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return toPersianDigits(h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`);
}

/** A card's length line, whole minutes: «۴۵ دقیقه»; empty when the length is unknown. */
export function formatMinutes(seconds: number | null): string {
  if (seconds == null || !(seconds > 0)) return '';
  return t.minutes(formatNumber(Math.max(1, Math.round(seconds / 60))));
}

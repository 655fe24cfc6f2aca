import { toPersianDigits } from '@shop/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** A player clock in Persian digits: «۰۴:۰۵», or «۱:۰۲:۰۳» past an hour; unknown lengths show «۰۰:۰۰». */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return toPersianDigits(h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`);
}

/**
 * An episode's length on its card and page, in minutes and seconds as the player shows it:
 * «۰۰:۰۸» for 8.5 s, «۴۵:۱۰», «۱:۰۲:۰۳» past an hour (issue 8: whole minutes labelled an 8.5-second
 * episode «۱ دقیقه»); empty when the length is unknown.
 */
export function formatMinutes(seconds: number | null): string {
  if (seconds == null || !(seconds > 0)) return '';
  return formatClock(seconds);
}

import { formatClock } from '@shop/format';

/**
 * An episode's length on its card and page, in minutes and seconds as the player shows it:
 * «۰۰:۰۸» for 8.5 s, «۴۵:۱۰», «۱:۰۲:۰۳» past an hour (issue 8: whole minutes labelled an 8.5-second
 * episode «۱ دقیقه»); empty when the length is unknown.
 */
export function formatMinutes(seconds: number | null): string {
  if (seconds == null || !(seconds > 0)) return '';
  return formatClock(seconds);
}

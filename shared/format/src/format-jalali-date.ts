import { dateFormat } from './intl-cache';

/** Options of {@link formatJalaliDate}. */
export interface JalaliDateOptions {
  /** Append the time of day, 24-hour: «…، ساعت ۱۴:۳۰». */
  withTime?: boolean;
  /** IANA time zone the date is shown in; the site's audience is in Iran. */
  timeZone?: string;
}

/**
 * Formats a date in the Persian (Jalali) calendar with Persian digits (SPEC §9: dates in the
 * Persian calendar with optional time): «۱ آذر ۱۴۰۵», or «۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰» with
 * `withTime`. Shown in Asia/Tehran unless `timeZone` says otherwise. A missing or unparsable
 * date gives `''`, so one bad row never breaks a list.
 *
 * The calendar maths come from the platform's `Intl` (ICU's Persian calendar), which Node 20
 * (full ICU) and every current browser ship: no date library to download or keep up to date.
 * The date and the time are formatted apart and joined here, so the result does not depend on
 * how an ICU version combines them.
 *
 * @example formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true }) // '۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰'
 */
export function formatJalaliDate(
  value: string | Date | null | undefined,
  { withTime = false, timeZone = 'Asia/Tehran' }: JalaliDateOptions = {},
): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = dateFormat({ timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  if (!withTime) return day;
  const time = dateFormat({ timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${day}، ساعت ${time}`;
}

/**
 * Period boundaries of the sales and refund summaries (SPEC §2 "Sales can be filtered by: all,
 * day, week, month, three months, six months, year"; issue 6). Every period ends at the next
 * midnight in Asia/Tehran and starts at a Jalali boundary there. Calendar math is jalaali-js; the
 * Tehran offset of an instant comes from Intl, so past daylight-saving years stay right.
 */
import { isValidJalaaliDate, jalaaliWeek, toGregorian, toJalaali } from 'jalaali-js';
import type { SalesPeriod } from '@shop/contracts';
import { normalizePersianText } from './text';

/** The time zone every period and summary day is measured in. */
export const TEHRAN_TIME_ZONE = 'Asia/Tehran';

const MINUTE_MS = 60 * 1000;

/** A civil (wall-calendar) Gregorian date: year, month 1–12, day 1–31. */
export interface CivilDate {
  gy: number;
  gm: number;
  gd: number;
}

/** `[from, to)` of a period; `from` is null for `all`. */
export interface PeriodRange {
  from: Date | null;
  to: Date;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TEHRAN_TIME_ZONE, timeZoneName: 'longOffset' });
const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TEHRAN_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Minutes Tehran is ahead of UTC at `instant` (+210, or +270 in a past daylight-saving summer). */
export function tehranOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The Tehran calendar date of an instant. */
export function tehranDateOf(instant: Date): CivilDate {
  const parts = dateFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { gy: part('year'), gm: part('month'), gd: part('day') };
}

/**
 * The instant a Tehran calendar day starts (00:00, or the first minute after a skipped midnight).
 * Days overflow like `Date.UTC`: `{gy: 2025, gm: 3, gd: 32}` is April 1st.
 */
export function tehranMidnight({ gy, gm, gd }: CivilDate): Date {
  const wall = Date.UTC(gy, gm - 1, gd);
  const guess = wall - tehranOffsetMinutes(new Date(wall)) * MINUTE_MS;
  return new Date(wall - tehranOffsetMinutes(new Date(guess)) * MINUTE_MS);
}

/** The civil date `days` after `date` (negative goes back). */
export function addDays({ gy, gm, gd }: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(gy, gm - 1, gd + days));
  return { gy: d.getUTCFullYear(), gm: d.getUTCMonth() + 1, gd: d.getUTCDate() };
}

/** `YYYY-MM-DD` of a civil date, the key of a summary day. */
export function civilKey({ gy, gm, gd }: CivilDate): string {
  return `${gy}-${String(gm).padStart(2, '0')}-${String(gd).padStart(2, '0')}`;
}

/** The start of the Jalali month `monthsBack` months before the Jalali month of `today`. */
function jalaliMonthStart(today: CivilDate, monthsBack: number): CivilDate {
  const { jy, jm } = toJalaali(today.gy, today.gm, today.gd);
  const index = jy * 12 + (jm - 1) - monthsBack;
  return toGregorian(Math.floor(index / 12), (index % 12) + 1, 1);
}

/**
 * `[from, to)` of a summary period at `now`: `to` is the next Tehran midnight; `from` is today's
 * Tehran midnight (`day`), the last Saturday's (`week`), the 1st of this Jalali month (`month`),
 * of the month 2 or 5 months back (`three-months`, `six-months`), 1 Farvardin (`year`), or null (`all`).
 */
export function periodRange(period: SalesPeriod, now: Date = new Date()): PeriodRange {
  const today = tehranDateOf(now);
  const to = tehranMidnight(addDays(today, 1));
  const start = (date: CivilDate | null): PeriodRange => ({ from: date ? tehranMidnight(date) : null, to });
  switch (period) {
    case 'day':
      return start(today);
    case 'week': {
      const { jy, jm, jd } = toJalaali(today.gy, today.gm, today.gd);
      const { saturday } = jalaaliWeek(jy, jm, jd);
      return start(toGregorian(saturday.jy, saturday.jm, saturday.jd));
    }
    case 'month':
      return start(jalaliMonthStart(today, 0));
    case 'three-months':
      return start(jalaliMonthStart(today, 2));
    case 'six-months':
      return start(jalaliMonthStart(today, 5));
    case 'year': {
      const { jy } = toJalaali(today.gy, today.gm, today.gd);
      return start(toGregorian(jy, 1, 1));
    }
    case 'all':
    default:
      return start(null);
  }
}

/**
 * The Tehran calendar days of a chart series: every day from `from` (or, when earlier or null,
 * `maxDays` days before `to`) up to the day before `to`, oldest first.
 */
export function seriesDays(range: PeriodRange, maxDays = 366): CivilDate[] {
  const last = tehranDateOf(new Date(range.to.getTime() - 1));
  const earliest = addDays(last, -(maxDays - 1));
  const first = range.from && range.from.getTime() > tehranMidnight(earliest).getTime() ? tehranDateOf(range.from) : earliest;
  const days: CivilDate[] = [];
  for (let day = first; tehranMidnight(day) < range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A Jalali date once its digits are Latin and its separators `-`. */
const JALALI_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * The instant a Jalali date (`1405-09-05`, `۱۴۰۵/۰۹/۰۵`) starts in Tehran, `days` later; null when
 * the text is not a valid Jalali date (the audit log's day filters, a session's release date).
 */
export function tehranDayStart(text: string, days = 0): Date | null {
  const match = JALALI_DATE.exec(normalizePersianText(text).replace(/\//g, '-'));
  if (!match) return null;
  const [jy, jm, jd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isValidJalaaliDate(jy, jm, jd)) return null;
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  return tehranMidnight(addDays({ gy, gm, gd }, days));
}

/** The Jalali day in Tehran of an instant as `1405-09-12` (Latin digits), as the day pickers and {@link tehranDayStart} read it. */
export function jalaliDayKey(instant: Date): string {
  const { gy, gm, gd } = tehranDateOf(instant);
  const { jy, jm, jd } = toJalaali(gy, gm, gd);
  return `${jy}-${String(jm).padStart(2, '0')}-${String(jd).padStart(2, '0')}`;
}

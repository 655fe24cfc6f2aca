import { formatJalaliDate } from './format-jalali-date';

describe('formatJalaliDate', () => {
  // 11:00 UTC is 14:30 in Tehran (UTC+03:30, no daylight saving since 2022).
  const azar1 = '2026-11-22T11:00:00Z';

  it('formats an ISO string in the Persian calendar with Persian digits', () => {
    expect(formatJalaliDate(azar1)).toBe('۱ آذر ۱۴۰۵');
  });

  it('adds the time when asked', () => {
    expect(formatJalaliDate(azar1, { withTime: true })).toBe('۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
  });

  it('takes a Date', () => {
    expect(formatJalaliDate(new Date(azar1), { withTime: true })).toBe('۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
  });

  it('uses Tehran time by default, so the day can differ from the UTC day', () => {
    const lateUtc = '2026-11-22T20:35:00Z';
    expect(formatJalaliDate(lateUtc, { withTime: true })).toBe('۲ آذر ۱۴۰۵، ساعت ۰۰:۰۵');
    expect(formatJalaliDate(lateUtc, { withTime: true, timeZone: 'UTC' })).toBe('۱ آذر ۱۴۰۵، ساعت ۲۰:۳۵');
  });

  it('handles the turn of the Persian year (Nowruz)', () => {
    expect(formatJalaliDate('2026-03-20T20:00:00Z')).toBe('۲۹ اسفند ۱۴۰۴');
    expect(formatJalaliDate('2026-03-20T21:00:00Z')).toBe('۱ فروردین ۱۴۰۵');
  });

  it('names every month', () => {
    // The 10th of each Gregorian month, noon UTC, falls in a different Persian month.
    const months = Array.from({ length: 12 }, (_, i) =>
      formatJalaliDate(new Date(Date.UTC(2026, i, 10, 12))).split(' ')[1],
    );
    expect(months).toEqual([
      'دی',
      'بهمن',
      'اسفند',
      'فروردین',
      'اردیبهشت',
      'خرداد',
      'تیر',
      'مرداد',
      'شهریور',
      'مهر',
      'آبان',
      'آذر',
    ]);
  });

  it('gives an empty string for a missing or invalid date', () => {
    expect(formatJalaliDate('')).toBe('');
    expect(formatJalaliDate('not a date')).toBe('');
    expect(formatJalaliDate(null)).toBe('');
    expect(formatJalaliDate(undefined)).toBe('');
    expect(formatJalaliDate(new Date(Number.NaN))).toBe('');
  });
});

import { SALES_PERIODS, type SalesPeriod } from '@shop/contracts';
import {
  periodRange,
  seriesDays,
  tehranDateOf,
  tehranMidnight,
  tehranOffsetMinutes,
} from '../../src/lib/jalali-periods';

const iso = (period: SalesPeriod, now: string) => {
  const { from, to } = periodRange(period, new Date(now));
  return { from: from?.toISOString() ?? null, to: to.toISOString() };
};

describe('Tehran clock', () => {
  it('reads the offset from the time-zone database, daylight saving of past years included', () => {
    expect(tehranOffsetMinutes(new Date('2025-06-01T00:00:00Z'))).toBe(210);
    expect(tehranOffsetMinutes(new Date('2021-06-01T00:00:00Z'))).toBe(270);
    expect(tehranOffsetMinutes(new Date('2021-12-01T00:00:00Z'))).toBe(210);
  });

  it('gives the Tehran calendar date of an instant on both sides of its midnight', () => {
    expect(tehranDateOf(new Date('2025-03-22T20:29:59Z'))).toEqual({ gy: 2025, gm: 3, gd: 22 });
    expect(tehranDateOf(new Date('2025-03-22T20:30:00Z'))).toEqual({ gy: 2025, gm: 3, gd: 23 });
  });

  it('finds midnight at +03:30 and at +04:30 (a daylight-saving summer)', () => {
    expect(tehranMidnight({ gy: 2025, gm: 3, gd: 21 }).toISOString()).toBe('2025-03-20T20:30:00.000Z');
    expect(tehranMidnight({ gy: 2021, gm: 6, gd: 1 }).toISOString()).toBe('2021-05-31T19:30:00.000Z');
    expect(tehranMidnight({ gy: 2025, gm: 2, gd: 29 }).toISOString()).toBe('2025-02-28T20:30:00.000Z');
  });
});

describe('periodRange', () => {
  it('on 1 Farvardin 1404 (Friday 2025-03-21): the year and month start today, the week last Saturday', () => {
    const now = '2025-03-21T10:00:00Z';
    const to = '2025-03-21T20:30:00.000Z';
    expect(iso('day', now)).toEqual({ from: '2025-03-20T20:30:00.000Z', to });
    expect(iso('week', now)).toEqual({ from: '2025-03-14T20:30:00.000Z', to });
    expect(iso('month', now)).toEqual({ from: '2025-03-20T20:30:00.000Z', to });
    expect(iso('year', now)).toEqual({ from: '2025-03-20T20:30:00.000Z', to });
    // Bahman and Aban 1403: two and five months back, across the year boundary.
    expect(iso('three-months', now)).toEqual({ from: '2025-01-19T20:30:00.000Z', to });
    expect(iso('six-months', now)).toEqual({ from: '2024-10-21T20:30:00.000Z', to });
    expect(iso('all', now)).toEqual({ from: null, to });
  });

  it('on a Saturday the week starts that same midnight; a minute after Friday midnight too', () => {
    expect(iso('week', '2025-03-22T05:00:00Z')).toEqual({
      from: '2025-03-21T20:30:00.000Z',
      to: '2025-03-22T20:30:00.000Z',
    });
    expect(iso('week', '2025-03-21T20:31:00Z').from).toBe('2025-03-21T20:30:00.000Z');
    expect(iso('week', '2025-03-21T20:29:00Z').from).toBe('2025-03-14T20:30:00.000Z');
  });

  it('on 30 Esfand 1403 (a leap year, 2025-03-20 late evening): the year began 1 Farvardin 1403', () => {
    const now = '2025-03-20T19:00:00Z';
    const to = '2025-03-20T20:30:00.000Z';
    expect(iso('day', now)).toEqual({ from: '2025-03-19T20:30:00.000Z', to });
    expect(iso('month', now)).toEqual({ from: '2025-02-18T20:30:00.000Z', to }); // 1 Esfand 1403
    expect(iso('three-months', now)).toEqual({ from: '2024-12-20T20:30:00.000Z', to }); // 1 Dey 1403
    expect(iso('six-months', now)).toEqual({ from: '2024-09-21T20:30:00.000Z', to }); // 1 Mehr 1403
    expect(iso('year', now)).toEqual({ from: '2024-03-19T20:30:00.000Z', to }); // 1 Farvardin 1403
  });

  it('counts months inside the year too (Mordad 1404 → Khordad and Esfand starts)', () => {
    const now = '2025-08-10T12:00:00Z'; // 19 Mordad 1404
    expect(iso('month', now).from).toBe('2025-07-22T20:30:00.000Z'); // 1 Mordad
    expect(iso('three-months', now).from).toBe('2025-05-21T20:30:00.000Z'); // 1 Khordad
    expect(iso('six-months', now).from).toBe('2025-02-18T20:30:00.000Z'); // 1 Esfand 1403
  });

  it('nests the periods: each starts no later than the shorter one', () => {
    for (const now of ['2025-03-21T10:00:00Z', '2025-08-10T12:00:00Z', '2026-01-01T00:00:00Z']) {
      const starts = SALES_PERIODS.filter((p) => p !== 'all').map((p) => periodRange(p, new Date(now)).from!.getTime());
      const [day, week, month, three, six, year] = starts;
      expect(week).toBeLessThanOrEqual(day!);
      expect(three).toBeLessThanOrEqual(month!);
      expect(six).toBeLessThanOrEqual(three!);
      expect(year).toBeLessThanOrEqual(month!);
    }
  });
});

describe('seriesDays', () => {
  it('lists every Tehran day of the period, oldest first', () => {
    const days = seriesDays(periodRange('week', new Date('2025-03-21T10:00:00Z')));
    expect(days.map((d) => d.gd)).toEqual([15, 16, 17, 18, 19, 20, 21]);
  });

  it('keeps at most the last 366 days for long periods', () => {
    const days = seriesDays(periodRange('all', new Date('2025-03-21T10:00:00Z')));
    expect(days).toHaveLength(366);
    expect(days.at(-1)).toEqual({ gy: 2025, gm: 3, gd: 21 });
    expect(days[0]).toEqual({ gy: 2024, gm: 3, gd: 21 });
  });
});

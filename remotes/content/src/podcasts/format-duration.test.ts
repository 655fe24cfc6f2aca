import { formatClock } from '@shop/format';
import { formatMinutes } from './format-duration';

describe('formatMinutes (a podcast length on its card and page)', () => {
  it.each([
    [8.5, '۰۰:۰۸'],
    [59, '۰۰:۵۹'],
    [60, '۰۱:۰۰'],
    [2710, '۴۵:۱۰'],
    [3723, '۱:۰۲:۰۳'],
  ])('%p seconds read %p, minutes and seconds in Persian digits', (seconds, shown) => {
    expect(formatMinutes(seconds)).toBe(shown);
  });

  it('agrees with the player clock, so the card and the player show one length', () => {
    for (const seconds of [8.5, 2710, 3723]) expect(formatMinutes(seconds)).toBe(formatClock(seconds));
  });

  it('is empty when the length is unknown', () => {
    for (const seconds of [null, 0, -3, Number.NaN]) expect(formatMinutes(seconds)).toBe('');
  });
});

import { formatClock } from './format-clock';

describe('formatClock (the media player)', () => {
  it.each([
    [8.5, '۰۰:۰۸'],
    [125, '۰۲:۰۵'],
    [3723, '۱:۰۲:۰۳'],
  ])('%p seconds read %p', (seconds, shown) => {
    expect(formatClock(seconds)).toBe(shown);
  });

  it('shows «۰۰:۰۰» for an unknown length', () => {
    expect(formatClock(Number.NaN)).toBe('۰۰:۰۰');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('۰۰:۰۰');
  });
});

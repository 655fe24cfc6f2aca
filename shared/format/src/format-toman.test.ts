import { FREE_LABEL, formatToman } from './format-toman';

describe('formatToman', () => {
  it('formats tomans with separators', () => {
    expect(formatToman(490000)).toBe('۴۹۰٬۰۰۰ تومان');
    expect(formatToman(1500)).toBe('۱٬۵۰۰ تومان');
    expect(formatToman(50)).toBe('۵۰ تومان');
  });

  it('reads zero as free', () => {
    expect(formatToman(0)).toBe('رایگان');
    expect(FREE_LABEL).toBe('رایگان');
  });

  it('reads a zero balance as «۰ تومان» when asked, and a negative amount with its sign', () => {
    expect(formatToman(0, { zeroIsFree: false })).toBe('۰ تومان');
    expect(formatToman(-25000, { zeroIsFree: false })).toBe('\u200e−۲۵٬۰۰۰ تومان');
  });

  it('rounds to whole tomans', () => {
    expect(formatToman(1999.6)).toBe('۲٬۰۰۰ تومان');
  });
});

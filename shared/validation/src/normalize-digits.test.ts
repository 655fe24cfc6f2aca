import { normalizeDigits, persianDigits } from './normalize-digits';

describe('normalizeDigits', () => {
  it('turns Persian digits into Latin ones', () => {
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('turns Arabic-Indic digits into Latin ones', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('keeps Latin digits and every other character', () => {
    expect(normalizeDigits('کد: 12-۳٤ ab')).toBe('کد: 12-34 ab');
    expect(normalizeDigits('')).toBe('');
  });
});

describe('persianDigits', () => {
  it('writes numbers in Persian digits', () => {
    expect(persianDigits(1402)).toBe('۱۴۰۲');
    expect(persianDigits('size 250')).toBe('size ۲۵۰');
  });
});

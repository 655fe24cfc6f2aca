import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it('uses Persian digits and the Persian thousands separator', () => {
    expect(formatNumber(0)).toBe('۰');
    expect(formatNumber(999)).toBe('۹۹۹');
    expect(formatNumber(1000)).toBe('۱٬۰۰۰');
    expect(formatNumber(490000)).toBe('۴۹۰٬۰۰۰');
    expect(formatNumber(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
  });

  it('uses the Persian decimal separator, at most 3 decimals', () => {
    expect(formatNumber(1234.5)).toBe('۱٬۲۳۴٫۵');
    expect(formatNumber(0.12345)).toBe('۰٫۱۲۳');
  });

  it('writes negatives left-to-right with a minus sign', () => {
    expect(formatNumber(-5)).toBe('\u200e\u2212۵');
  });
});

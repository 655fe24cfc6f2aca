import { toPersianDigits } from './to-persian-digits';

describe('toPersianDigits', () => {
  it('writes Latin and Arabic-Indic digits in Persian and keeps the rest', () => {
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('سفارش 42، 12:30')).toBe('سفارش ۴۲، ۱۲:۳۰');
  });

  it('takes numbers, without grouping them', () => {
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(toPersianDigits(490000)).toBe('۴۹۰۰۰۰');
    expect(toPersianDigits(2.5)).toBe('۲.۵');
  });
});

import { normalizeForSearch, normalizePersianText, searchColumnsOf } from '../../src/lib/text';

describe('normalizeForSearch', () => {
  it('turns Arabic ي ى ك into Persian ی ک', () => {
    expect(normalizeForSearch('كتاب علي و موسى')).toBe('کتاب علی و موسی');
  });

  it('turns Persian and Arabic-Indic digits into Latin', () => {
    expect(normalizeForSearch('۱۲۳۴۵۶۷۸۹۰ و ٠١٢٣٤٥٦٧٨٩')).toBe('1234567890 و 0123456789');
  });

  it('removes ZWNJ, so joined and non-joined spellings match', () => {
    expect(normalizeForSearch('می‌خواهم')).toBe('میخواهم');
    expect(normalizeForSearch('نام‌گذاری')).toBe(normalizeForSearch('نامگذاری'));
  });

  it('removes Arabic diacritics (U+064B–U+065F, U+0670) and tatweel', () => {
    expect(normalizeForSearch('کِتابٌ عَلیٰ')).toBe('کتاب علی');
    expect(normalizeForSearch('ســــلام')).toBe('سلام');
  });

  it('lowercases, trims and collapses whitespace', () => {
    expect(normalizeForSearch('  TypeScript \n  و   React ')).toBe('typescript و react');
  });

  it('keeps ZWNJ in display text normalization', () => {
    expect(normalizePersianText(' علي‌زاده ')).toBe('علی‌زاده');
  });

  it('builds search columns from the plain text of the description', () => {
    expect(searchColumnsOf('گيت', '<p>متن <strong>۲</strong> تست</p><script>x()</script>')).toEqual({
      search_title: 'گیت',
      search_text: 'متن 2 تست',
    });
  });
});

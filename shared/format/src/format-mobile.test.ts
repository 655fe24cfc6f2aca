import { formatMobile } from './format-mobile';

describe('formatMobile', () => {
  it('writes an Iranian mobile nationally, grouped 4-3-4, in Persian digits', () => {
    expect(formatMobile('+989121234567')).toBe('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    expect(formatMobile('+989351112233')).toBe('۰۹۳۵ ۱۱۱ ۲۲۳۳');
  });

  it('reads every form the site stores or people type', () => {
    for (const typed of ['09121234567', '00989121234567', '989121234567', '9121234567', '۰۹۱۲ ۱۲۳ ۴۵۶۷', '٠٩١٢-١٢٣-٤٥٦٧', '+98 (912) 123 4567']) {
      expect(formatMobile(typed)).toBe('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    }
  });

  it('keeps a foreign number international, in Persian digits', () => {
    expect(formatMobile('+447911123456')).toBe('+۴۴۷۹۱۱۱۲۳۴۵۶');
    expect(formatMobile('+1 (415) 555-0100')).toBe('+۱۴۱۵۵۵۵۰۱۰۰');
  });

  it('does not invent an Iranian number from too few or too many digits', () => {
    expect(formatMobile('+98912123456')).toBe('+۹۸۹۱۲۱۲۳۴۵۶');
    expect(formatMobile('091212345678')).toBe('۰۹۱۲۱۲۳۴۵۶۷۸');
    expect(formatMobile('+988121234567')).toBe('+۹۸۸۱۲۱۲۳۴۵۶۷');
  });
});

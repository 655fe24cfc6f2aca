import { formatMobileInput } from './format-mobile-input';
import { normalizeMobile } from './normalize-mobile';

describe('formatMobileInput (issue 22 item 8)', () => {
  it('shows a stored or typed Iranian mobile in the national form, in Persian digits', () => {
    for (const typed of ['+989121234567', '09121234567', '۰۹۱۲۱۲۳۴۵۶۷', '٠٩١٢١٢٣٤٥٦٧', '0098 912 123 4567']) {
      expect(formatMobileInput(typed)).toBe('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    }
  });

  it('groups a number still being typed, and reads back as E.164', () => {
    expect(formatMobileInput('0912')).toBe('۰۹۱۲');
    expect(formatMobileInput('۰۹۱۲۱۲')).not.toMatch(/[0-9]/);
    expect(normalizeMobile(formatMobileInput('09121234567'))).toBe('+989121234567');
  });

  it('keeps text that is no phone number as typed, and empty as empty', () => {
    expect(formatMobileInput('')).toBe('');
    expect(formatMobileInput('abc12')).toBe('abc۱۲');
  });
});

import { normalizeMobile } from './normalize-mobile';

const E164 = '+989123456789';

describe('normalizeMobile', () => {
  it.each([
    ['Latin national form', '09123456789'],
    ['Persian digits', '۰۹۱۲۳۴۵۶۷۸۹'],
    ['Arabic-Indic digits', '٠٩١٢٣٤٥٦٧٨٩'],
    ['+98 form', '+989123456789'],
    ['0098 form', '00989123456789'],
    ['spaces and dashes', '0912 345-6789'],
    ['no leading zero', '9123456789'],
    ['+98 in Persian digits', '+۹۸۹۱۲۳۴۵۶۷۸۹'],
  ])('accepts the %s and returns E.164', (_, input) => {
    expect(normalizeMobile(input)).toBe(E164);
  });

  it('accepts newer ranges such as 099x', () => {
    expect(normalizeMobile('09901234567')).toBe('+989901234567');
  });

  it.each([
    ['a Tehran landline', '02188776655'],
    ['a landline in +98 form', '+982188776655'],
    ['a too-short number', '0912345'],
    ['a too-long number', '091234567891'],
    ['letters', 'not a phone'],
    ['an empty string', ''],
  ])('rejects %s', (_, input) => {
    expect(normalizeMobile(input)).toBeNull();
  });

  it('rejects a valid mobile of another country when parsing against IR', () => {
    expect(normalizeMobile('+447400123456')).toBeNull();
    expect(normalizeMobile('+447400123456', 'GB')).toBe('+447400123456');
  });

  it('rejects input longer than 250 characters, even when it holds a valid number (SPEC §9)', () => {
    const padded = '09123456789'.padEnd(251, ' ');
    expect(padded).toHaveLength(251);
    expect(normalizeMobile(padded)).toBeNull();
    expect(normalizeMobile(padded.slice(0, 250))).toBe(E164);
  });
});

/** The forms a phone query takes in the stored E.164 mobile (modules/users/user-search.ts). */
import { mobileForms } from '../../../src/modules/users/user-search';
import { normalizePersianText } from '../../../src/lib/text';

describe('mobileForms', () => {
  const forms = (q: string) => mobileForms(normalizePersianText(q));

  it('reads a local 0… number also as +98… in Persian, Arabic-Indic or Latin digits', () => {
    expect(forms('۰۹۱۲')).toEqual(['0912', '+98912']);
    expect(forms('٠٩١٢')).toEqual(['0912', '+98912']);
    expect(forms('0912')).toEqual(['0912', '+98912']);
  });

  it('strips spaces, dashes, dots and brackets, and reads 00… as +…', () => {
    expect(forms('۰۹۱۲ ۱۲۳-۴۵')).toEqual(['091212345', '+9891212345']);
    expect(forms('(0912) 123.45')).toEqual(['091212345', '+9891212345']);
    expect(forms('0098 912 1')).toEqual(['00989121', '+989121']);
    expect(forms('+98 912')).toEqual(['+98912']);
  });

  it('keeps a bare part as typed and answers nothing for text', () => {
    expect(forms('912')).toEqual(['912']);
    expect(forms('مریم')).toEqual([]);
    expect(forms('user@example.com')).toEqual([]);
    expect(forms('12a')).toEqual([]);
    expect(forms('-')).toEqual([]);
  });
});

import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { normalizeDigits } from './normalize-digits';
import { normalizeMobile } from './normalize-mobile';

const PERSIAN_ZERO = 0x06f0;

/**
 * A mobile number as a mobile input shows it (issue 22 item 8), from what is stored or typed in
 * any digits: a whole number of `country` in libphonenumber-js's national form («۰۹۱۲ ۱۲۳ ۴۵۶۷»
 * from `+989121234567`, `۰۹۱۲۱۲۳۴۵۶۷` or `٠٩١٢١٢٣٤٥٦٧`), a number still being typed grouped as
 * libphonenumber-js's as-you-type formatter does, in Persian digits; text that is not a phone
 * number keeps its letters, so the rules can report it. `normalizeMobile` reads the result back.
 *
 * @example formatMobileInput('+989121234567') // '۰۹۱۲ ۱۲۳ ۴۵۶۷'
 * @example formatMobileInput('0912') // '۰۹۱۲'
 */
export function formatMobileInput(text: string, country: CountryCode = 'IR'): string {
  const latin = normalizeDigits(text);
  const whole = normalizeMobile(latin, country);
  const shown = whole !== null ? parsePhoneNumberFromString(whole)!.formatNational() : /^[+\d\s\-()]*$/.test(latin) ? new AsYouType(country).input(latin) : latin;
  return shown.replace(/[0-9]/g, (digit) => String.fromCharCode(PERSIAN_ZERO + Number(digit)));
}

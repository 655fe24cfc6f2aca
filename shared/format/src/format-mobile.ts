import { toPersianDigits } from './to-persian-digits';

/** An Iranian mobile in any of the forms the site stores or people type: `+98…`, `0098…`, `98…` or `09…`. */
const IRANIAN_MOBILE = /^(?:\+98|0098|98|0)?(9\d{2})(\d{3})(\d{4})$/;
/** Spaces, dashes, dots and parentheses people put between digits. */
const SEPARATORS = /[\s\-.()\u200c\u200e\u200f]/g;
/** Persian (U+06F0…) and Arabic-Indic (U+0660…) digits. */
const EASTERN_DIGITS = /[\u06f0-\u06f9\u0660-\u0669]/g;

/**
 * A mobile number as people read it (issue 8: one formatter for tickets, users and orders):
 * Persian digits, and an Iranian number in its national form grouped 4-3-4. Any other number
 * keeps its international form (`+` and country code), in Persian digits, ungrouped. Show it
 * left to right (`<bdi dir="ltr">`), so the `+` and the groups stay in reading order.
 *
 * @example formatMobile('+989121234567') // '۰۹۱۲ ۱۲۳ ۴۵۶۷'
 * @example formatMobile('+447911123456') // '+۴۴۷۹۱۱۱۲۳۴۵۶'
 * @param mobile as stored (E.164, `+98…`) or as typed (national, Persian digits, with spaces)
 */
export function formatMobile(mobile: string): string {
  const compact = mobile.replace(SEPARATORS, '').replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
  const iranian = IRANIAN_MOBILE.exec(compact);
  if (iranian) return toPersianDigits(`0${iranian[1]} ${iranian[2]} ${iranian[3]}`);
  return toPersianDigits(compact || mobile.trim());
}

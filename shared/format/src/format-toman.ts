import { numberFormat } from './intl-cache';

/** What a price of zero reads as: "free". */
export const FREE_LABEL = 'رایگان';

/**
 * Formats an amount of tomans (SPEC §9: money in tomans) in Persian digits with thousands
 * separators, rounded to whole tomans; zero reads «رایگان» (free).
 *
 * @example formatToman(490000) // '۴۹۰٬۰۰۰ تومان'
 */
export function formatToman(amount: number): string {
  if (amount === 0) return FREE_LABEL;
  return `${numberFormat({ maximumFractionDigits: 0 }).format(amount)} تومان`;
}

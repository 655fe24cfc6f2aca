import { numberFormat } from './intl-cache';

/** What a price of zero reads as: "free". */
export const FREE_LABEL = 'رایگان';

/**
 * Formats an amount of tomans (SPEC §9: money in tomans) in Persian digits with thousands
 * separators, rounded to whole tomans; zero reads «رایگان» (free), a price's zero, unless
 * `zeroIsFree: false` (a balance or a sum: «۰ تومان»).
 *
 * @example formatToman(490000) // '۴۹۰٬۰۰۰ تومان'
 * @example formatToman(0, { zeroIsFree: false }) // '۰ تومان'
 */
export function formatToman(amount: number, { zeroIsFree = true }: { zeroIsFree?: boolean } = {}): string {
  if (amount === 0 && zeroIsFree) return FREE_LABEL;
  return `${numberFormat({ maximumFractionDigits: 0 }).format(amount)} تومان`;
}

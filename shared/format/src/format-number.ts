import { numberFormat } from './intl-cache';

/**
 * Formats a number with Persian digits and Persian separators (٬ for thousands, ٫ for decimals),
 * at most 3 decimals (DESIGN.md "Persian and right-to-left").
 *
 * @example formatNumber(1234.5) // '۱٬۲۳۴٫۵'
 */
export function formatNumber(value: number | bigint): string {
  return numberFormat({}).format(value);
}

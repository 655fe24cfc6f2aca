const PERSIAN_ZERO = 0x06f0;

/**
 * Writes Latin and Arabic-Indic digits as Persian ones (DESIGN.md "Persian and right-to-left":
 * digits shown in Persian); other characters are kept. Numbers are not grouped: see `formatNumber`.
 *
 * @example toPersianDigits('Order 42') // 'Order ۴۲'
 */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String.fromCharCode(PERSIAN_ZERO + (code <= 0x39 ? code - 0x30 : code - 0x0660));
  });
}

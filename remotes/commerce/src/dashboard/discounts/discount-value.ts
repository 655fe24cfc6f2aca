import type { DiscountKind } from '@shop/contracts';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { t } from '../../strings';

/**
 * A code's value as the list and the cart show it: «۲۰٪» for a percent, «۵۰٬۰۰۰ تومان» for an amount.
 *
 * @example discountValueText('percent', 20) // '۲۰٪'
 */
export function discountValueText(kind: DiscountKind, value: number): string {
  return kind === 'percent' ? t.discounts.percentValue(formatNumber(value)) : formatToman(value);
}

/** A code's period in Jalali date and time (Tehran): «از …»، «تا …», both, or «همیشه». */
export function discountPeriodText(startsAt: string | null, endsAt: string | null): string {
  const parts = [
    startsAt && t.discounts.from(formatJalaliDate(startsAt, { withTime: true })),
    endsAt && t.discounts.until(formatJalaliDate(endsAt, { withTime: true })),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : t.discounts.always;
}

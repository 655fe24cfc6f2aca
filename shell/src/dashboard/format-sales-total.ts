import { formatToman } from '@shop/format';
import { t } from '../strings';

/**
 * A sales total in tomans, Persian digits: «۱٬۴۷۰٬۰۰۰ تومان»; zero reads «۰ تومان», since
 * `formatToman`'s «رایگان» (free) is for prices, not for what was sold.
 */
export function formatSalesTotal(amount: number): string {
  return amount > 0 ? formatToman(amount) : t.dashboard.noSales;
}

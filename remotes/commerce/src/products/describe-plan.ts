import type { InstalmentPlan } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { t } from '../strings';

/**
 * A plan's terms in one Persian line (issue 36 item 2), on the course page and in the dashboard.
 * @example describePlan({ parts: 3, first_share_percent: 40, days_between: 30 }) // '۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز'
 */
export function describePlan(plan: Pick<InstalmentPlan, 'parts' | 'first_share_percent' | 'days_between'>): string {
  return t.schedule.summary(formatNumber(plan.parts), formatNumber(plan.first_share_percent), formatNumber(plan.days_between));
}

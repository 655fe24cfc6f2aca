import type { DailySales } from '@shop/contracts';
import { Box, Typography } from '@shop/ui-kit';
import { DailyTotalsChart } from '@shop/ui-kit/charts';
import { t } from '../strings';
import { formatSalesTotal } from './format-sales-total';

/**
 * The last 30 days' sales of the dashboard home (issue 8), a bar a day with `DailyTotalsChart` of
 * `@shop/ui-kit/charts`: one Jalali date per Tehran day, thinned from today backwards so today is
 * always named (issue 22 items 5 and 6), the tooltip in tomans. Default export, loaded with
 * `React.lazy`, so only this page downloads the charting code.
 */
export default function SalesChart({ days }: { days: DailySales[] }) {
  return (
    <Box component="figure" aria-labelledby="sales-chart-title" sx={{ m: 0 }}>
      <Typography variant="subtitle1" component="figcaption" id="sales-chart-title">
        {t.dashboard.salesChart}
      </Typography>
      <DailyTotalsChart height={280} days={days} seriesLabel={t.dashboard.salesAmount} formatValue={formatSalesTotal} />
    </Box>
  );
}

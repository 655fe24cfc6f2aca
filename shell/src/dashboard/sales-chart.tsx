import type { DailySales } from '@shop/contracts';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Box, Typography, useTheme } from '@shop/ui-kit';
import { BarChart } from '@shop/ui-kit/charts';
import { t } from '../strings';
import { formatSalesTotal } from './format-sales-total';

/** One day in seven carries its date, so the labels never crowd. */
const LABEL_EVERY_DAYS = 7;

/**
 * The last 30 days' sales of the dashboard home (issue 8), a bar a day with MUI X Charts through
 * `@shop/ui-kit/charts`: Jalali dates and Persian digits, the tooltip in tomans; in a right-to-left
 * page the days run from the right and the amounts' axis stands on the right. Default export,
 * loaded with `React.lazy`, so only this page downloads the charting code.
 */
export default function SalesChart({ days }: { days: DailySales[] }) {
  const rtl = useTheme().direction === 'rtl';
  return (
    <Box component="figure" aria-labelledby="sales-chart-title" sx={{ m: 0 }}>
      <Typography variant="subtitle1" component="figcaption" id="sales-chart-title">
        {t.dashboard.salesChart}
      </Typography>
      <BarChart
        height={280}
        dataset={days.map((day) => ({ day: day.date, total: day.total }))}
        xAxis={[
          {
            scaleType: 'band',
            dataKey: 'day',
            reverse: rtl,
            // At the default 25 px, Vazirmatn's line box does not fit and the chart leaves the labels out.
            height: 36,
            valueFormatter: (value: string) => formatJalaliDate(value),
            tickLabelInterval: (_value: string, index: number) => index % LABEL_EVERY_DAYS === 0,
          },
        ]}
        yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: (value: number) => formatNumber(value), width: 80 }]}
        series={[{ dataKey: 'total', label: t.dashboard.salesAmount, valueFormatter: (value: number | null) => formatSalesTotal(value ?? 0) }]}
        hideLegend
      />
    </Box>
  );
}

import type { SalesSummaryAnswer } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { Stack, Typography, useTheme } from '@shop/ui-kit';
import { BarChart, DailyTotalsChart } from '@shop/ui-kit/charts';
import { t } from '../../strings';

const HEIGHT = 280;

/**
 * The charts of a sales or refund summary (issue 6, MUI X Charts through `@shop/ui-kit/charts`):
 * the total of each course as bars, and the daily totals of the period a bar a day (one label per
 * Tehran day, thinned when they do not fit: `DailyTotalsChart`, issue 22 items 5 and 6). Labels and
 * values in Persian digits; in a right-to-left page the axes run from the right. Loaded only by
 * the summary pages (`React.lazy`), so no other page downloads the charting code.
 */
export default function SummaryChart({ summary }: { summary: SalesSummaryAnswer }) {
  const rtl = useTheme().direction === 'rtl';
  const money = (value: number | null) => (value === null ? '' : formatToman(value));
  return (
    <Stack spacing={2} useFlexGap>
      <Typography variant="subtitle1" component="h3">
        {t.financial.chartByProduct}
      </Typography>
      <BarChart
        height={HEIGHT}
        dataset={summary.data.map((row) => ({ name: row.product_name, total: row.total }))}
        xAxis={[{ scaleType: 'band', dataKey: 'name', reverse: rtl }]}
        yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: (value: number) => formatNumber(value), width: 80 }]}
        series={[{ dataKey: 'total', label: t.financial.amount, valueFormatter: money }]}
        hideLegend
      />
      {summary.series.length > 1 && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t.financial.chartByDay}
          </Typography>
          <DailyTotalsChart height={HEIGHT} days={summary.series} seriesLabel={t.financial.amount} formatValue={formatToman} />
        </>
      )}
    </Stack>
  );
}

import type { SalesSummaryAnswer } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { Stack, Typography, useMediaQuery, useTheme } from '@shop/ui-kit';
import { BarChart, DailyTotalsChart } from '@shop/ui-kit/charts';
import { t } from '../../strings';

const HEIGHT = 280;

/** Each course's bar in the chart by course, px: the names are read across, never under the bars. */
const BAR_ROW_HEIGHT = 48;

/** The amounts' axis under the bars, px: at MUI's default 25 px, Vazirmatn's line box does not fit and the labels are dropped. */
const AMOUNT_AXIS_HEIGHT = 36;

/** About this many amounts are labelled on a phone and wider («۱,۵۰۰,۰۰۰» is wide: more would collide). */
const AMOUNT_TICKS = { phone: 2, wider: 4 };

/** Room beyond the longest bar, px: half the widest amount label, which is centred on the axis's end. */
const FAR_MARGIN = 40;

/** Room above the first bar, px. */
const TOP_MARGIN = 20;

/** The course names' axis, px, on a phone and wider: a longer name ends in «…» (its full name is in the table above). */
const NAME_AXIS_WIDTH = { phone: 120, wider: 200 };

/**
 * The charts of a sales or refund summary (issue 6, MUI X Charts through `@shop/ui-kit/charts`):
 * the total of each course as a bar across, its name beside it (issue 32 item 8: names under
 * upright bars collided, and vanished, at 1280 px), and the daily totals of the period a bar a day (one label per
 * Tehran day, thinned when they do not fit: `DailyTotalsChart`, issue 22 items 5 and 6). Labels and
 * values in Persian digits; in a right-to-left page the axes run from the right. Loaded only by
 * the summary pages (`React.lazy`), so no other page downloads the charting code.
 */
export default function SummaryChart({ summary }: { summary: SalesSummaryAnswer }) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const money = (value: number | null) => (value === null ? '' : formatToman(value));
  return (
    <Stack spacing={2} useFlexGap>
      <Typography variant="subtitle1" component="h3">
        {t.financial.chartByProduct}
      </Typography>
      <BarChart
        layout="horizontal"
        height={BAR_ROW_HEIGHT * summary.data.length + AMOUNT_AXIS_HEIGHT + TOP_MARGIN}
        dataset={summary.data.map((row) => ({ name: row.product_name, total: row.total }))}
        yAxis={[{ scaleType: 'band', dataKey: 'name', position: rtl ? 'right' : 'left', width: phone ? NAME_AXIS_WIDTH.phone : NAME_AXIS_WIDTH.wider }]}
        xAxis={[{ reverse: rtl, height: AMOUNT_AXIS_HEIGHT, tickNumber: phone ? AMOUNT_TICKS.phone : AMOUNT_TICKS.wider, valueFormatter: (value: number) => formatNumber(value) }]}
        series={[{ dataKey: 'total', label: t.financial.amount, valueFormatter: money }]}
        margin={{ top: TOP_MARGIN, [rtl ? 'left' : 'right']: FAR_MARGIN }}
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

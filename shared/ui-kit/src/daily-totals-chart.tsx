import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';
import { formatJalaliDate, formatNumber } from '@shop/format';

/** One day of a {@link DailyTotalsChart}: the instant its Tehran day starts (ISO 8601) and its total. */
export interface DailyTotal {
  date: string;
  total: number;
}

/** Props of {@link DailyTotalsChart}. */
export interface DailyTotalsChartProps {
  /** The days, oldest first, one entry per Tehran calendar day (the server's series). */
  days: DailyTotal[];
  /** Name of the values, read in the tooltip («مبلغ»). */
  seriesLabel: string;
  /** A value as the tooltip shows it (tomans, say). */
  formatValue: (value: number) => string;
  /** Height in px; 280 unless given. */
  height?: number;
}

/** Room one date label takes on the axis, gap included, in px («۲۵ اردیبهشت ۱۴۰۵» in Vazirmatn at 12 px). */
const LABEL_ROOM_PX = 104;
/** Space kept free on the far side from the values' axis, so the newest day's label is never cut. */
const EDGE_PX = LABEL_ROOM_PX / 2;
/** Height of the dates' axis: at the default 25 px, Vazirmatn's line box does not fit. */
const DATE_AXIS_PX = 36;

/**
 * Which day of `count` carries its date on an axis whose days are `step` px apart: every day
 * when they fit, else every k-th counted back from the newest, so the last day always has one
 * (issue 22 item 5).
 */
export function dailyLabelShown(index: number, count: number, step: number): boolean {
  const every = Math.max(1, Math.ceil(LABEL_ROOM_PX / Math.max(step, 1)));
  return (count - 1 - index) % every === 0;
}

/**
 * A bar a day of totals (issue 22 items 5 and 6): one band per Tehran calendar day, its label
 * the Jalali date in Persian digits («۵ آذر ۱۴۰۵», the day the server counted, whatever the
 * browser's zone), thinned from the newest day when they do not fit, and never cut at the edges;
 * the tooltip shows the date and the value. In a right-to-left page the days run from the
 * right and the values' axis stands on the right. Used by every daily chart of the dashboard.
 */
export function DailyTotalsChart({ days, seriesLabel, formatValue, height = 280 }: DailyTotalsChartProps) {
  const rtl = useTheme().direction === 'rtl';
  const count = days.length;
  const dayLabel = (value: string, context: AxisValueFormatterContext<'band'>) => {
    if (context.location !== 'tick') return formatJalaliDate(value);
    const index = context.scale.domain().findIndex((day) => String(day) === value);
    return dailyLabelShown(index, count, context.scale.step()) ? formatJalaliDate(value) : '';
  };
  return (
    <BarChart
      height={height}
      margin={rtl ? { left: EDGE_PX } : { right: EDGE_PX }}
      dataset={days.map((day) => ({ day: day.date, total: day.total }))}
      xAxis={[{ scaleType: 'band', dataKey: 'day', reverse: rtl, height: DATE_AXIS_PX, valueFormatter: dayLabel }]}
      yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: (value: number) => formatNumber(value), width: 80 }]}
      series={[{ dataKey: 'total', label: seriesLabel, valueFormatter: (value: number | null) => formatValue(value ?? 0) }]}
      hideLegend
    />
  );
}

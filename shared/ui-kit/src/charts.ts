/**
 * The ui kit's charts entry (MUI X Charts): only the sales and refund summary pages of the
 * dashboard import it, through a dynamic import, so no other page pays for the charting code.
 * Same growth rule as the main entry: only add exports (and bump `UI_KIT_VERSION`).
 */
export { BarChart } from '@mui/x-charts/BarChart';
export { LineChart } from '@mui/x-charts/LineChart';
export { DailyTotalsChart, dailyLabelShown, type DailyTotal, type DailyTotalsChartProps } from './daily-totals-chart';

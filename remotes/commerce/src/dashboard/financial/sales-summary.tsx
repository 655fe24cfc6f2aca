import { lazy, Suspense } from 'react';
import type { SalesPeriod, SalesSummaryRow } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { DataTable } from '@shop/dashboard-ui';
import { useGetSummaryQuery, type SummaryQuery } from './financial-api';
import { t } from '../../strings';

const SummaryChart = lazy(() => import('./summary-chart'));
const COLUMNS = ['product_name', 'count', 'total'] as const;

/**
 * A sales or refund summary of one period (SPEC §2–§3): product name, count and total in tomans
 * per course with the totals; for sales, the courses given by hand in the period, counted apart
 * (issue 22 item 10); then its charts (loaded on demand).
 */
export function SalesSummary({ kind, period }: { kind: SummaryQuery['kind']; period: SalesPeriod }) {
  const { data, isLoading, isFetching } = useGetSummaryQuery({ kind, period });
  const title = kind === 'sales' ? t.financial.sales : t.financial.refundSummary;
  const cell = (row: SalesSummaryRow, column: (typeof COLUMNS)[number]) =>
    column === 'product_name' ? row.product_name : formatNumber(row[column]);
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <DataTable
        label={title}
        columns={COLUMNS}
        labels={t.financial.summaryColumns}
        rows={data?.data}
        rowKey={(row) => row.product_id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={kind === 'sales' ? t.financial.noSales : t.financial.noRefunds}
        minWidth={480}
      />
      {data && data.data.length > 0 && (
        <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 1, px: 2 }} role="status" aria-label={t.financial.totals}>
          <Typography sx={{ fontWeight: 700 }}>{t.financial.totals}:</Typography>
          <Typography>{t.financial.itemsCount(formatNumber(data.meta.total_count))}</Typography>
          <Typography>{formatToman(data.meta.total_amount)}</Typography>
        </Stack>
      )}
      {kind === 'sales' && data && data.meta.given_count > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, px: 2, flexWrap: 'wrap' }} role="status" aria-label={t.financial.givenByHand}>
          <Typography sx={{ fontWeight: 700 }}>{t.financial.givenByHand}:</Typography>
          <Typography>{t.financial.givenByHandCount(formatNumber(data.meta.given_count))}</Typography>
        </Stack>
      )}
      {data && data.data.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" height={280} sx={{ mt: 2 }} role="progressbar" aria-label={t.financial.loadingChart} />}>
          <SummaryChart summary={data} />
        </Suspense>
      )}
    </Paper>
  );
}

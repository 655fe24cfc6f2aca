import { lazy, Suspense } from 'react';
import type { SalesPeriod, SalesSummaryRow } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { DataTable, ExportCsvButton } from '@shop/dashboard-ui';
import { FINANCIAL_EXPORTS, useGetSummaryQuery, type SummaryQuery } from './financial-api';
import { t } from '../../strings';

const SummaryChart = lazy(() => import('./summary-chart'));
/** Sales show gross, discount and net apart (issue 25) and what is still owed on parts (issue 36 item 5); refunds what was given back. */
const COLUMNS = {
  sales: ['product_name', 'count', 'total', 'discount', 'net', 'outstanding'],
  refunds: ['product_name', 'count', 'total'],
} as const satisfies Record<SummaryQuery['kind'], ReadonlyArray<keyof SalesSummaryRow>>;
type Column = (typeof COLUMNS)[SummaryQuery['kind']][number];

/** One line of figures under the table: a bold label, then its values. */
function FiguresLine({ label, values }: { label: string; values: string[] }) {
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 1, px: 2, flexWrap: 'wrap' }} role="status" aria-label={label}>
      <Typography sx={{ fontWeight: 700 }}>{label}:</Typography>
      {values.map((value, index) => (
        <Typography key={index}>{value}</Typography>
      ))}
    </Stack>
  );
}

/**
 * A sales or refund summary of one period (SPEC §2–§3): per course the count and tomans with the
 * totals; for sales, gross (list prices), the discount codes' share and net apart (issue 25), what
 * is still owed on courses bought in parts, the net's wallet and gateway shares and the sales agents'
 * commission (issue 36 item 5), the period's refunds apart, and the courses given by hand in the
 * period, counted apart (issue 22 item 10); then its charts (loaded on demand). «خروجی CSV»
 * downloads its lines (issue 25).
 */
export function SalesSummary({ kind, period }: { kind: SummaryQuery['kind']; period: SalesPeriod }) {
  const { data, isLoading, isFetching } = useGetSummaryQuery({ kind, period });
  const title = kind === 'sales' ? t.financial.sales : t.financial.refundSummary;
  const cell = (row: SalesSummaryRow, column: Column) =>
    column === 'product_name' ? row.product_name : formatNumber(row[column]);
  const meta = data?.meta;
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <ExportCsvButton path={FINANCIAL_EXPORTS.summary(kind)} params={{ period }} of={title} />
      </Stack>
      <DataTable
        label={title}
        columns={COLUMNS[kind]}
        labels={{ ...t.financial.salesColumns, ...(kind === 'refunds' ? t.financial.summaryColumns : {}) }}
        rows={data?.data}
        rowKey={(row) => row.product_id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={kind === 'sales' ? t.financial.noSales : t.financial.noRefunds}
        minWidth={kind === 'sales' ? 760 : 480}
      />
      {meta && data.data.length > 0 && (
        <FiguresLine
          label={t.financial.totals}
          values={[
            t.financial.itemsCount(formatNumber(meta.total_count)),
            ...(kind === 'sales'
              ? [
                  t.financial.gross(formatNumber(meta.total_amount)),
                  t.financial.discount(formatNumber(meta.total_discount)),
                  t.financial.net(formatNumber(meta.total_net)),
                ]
              : [formatToman(meta.total_amount)]),
          ]}
        />
      )}
      {kind === 'sales' && meta && data.data.length > 0 && (
        <FiguresLine
          label={t.financial.salesDetails.label}
          values={[
            t.financial.salesDetails.wallet(formatToman(meta.total_wallet, { zeroIsFree: false })),
            t.financial.salesDetails.gateway(formatToman(meta.total_gateway, { zeroIsFree: false })),
            t.financial.salesDetails.outstanding(formatToman(meta.total_outstanding, { zeroIsFree: false })),
            t.financial.salesDetails.commission(formatToman(meta.total_commission, { zeroIsFree: false })),
          ]}
        />
      )}
      {kind === 'sales' && meta && meta.refund_count > 0 && (
        <FiguresLine
          label={t.financial.refundsInPeriod}
          values={[t.financial.itemsCount(formatNumber(meta.refund_count)), t.financial.tomans(formatNumber(meta.refund_amount))]}
        />
      )}
      {kind === 'sales' && meta && meta.given_count > 0 && (
        <FiguresLine label={t.financial.givenByHand} values={[t.financial.givenByHandCount(formatNumber(meta.given_count))]} />
      )}
      {data && data.data.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" height={280} sx={{ mt: 2 }} role="progressbar" aria-label={t.financial.loadingChart} />}>
          <SummaryChart summary={data} />
        </Suspense>
      )}
    </Paper>
  );
}

import type { Refund } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { formatJalaliDate, formatToman } from '@shop/format';
import { Box } from '@shop/ui-kit';
import { DataTable, ExportCsvButton, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { FINANCIAL_EXPORTS, useGetRefundsQuery } from './financial-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['title', 'user', 'amount', 'to', 'refunded_by', 'refunded_at'] as const;

/**
 * `/dashboard/financial-info/money-refund-status` (manage-refunds, SPEC §2, §4): the refunded
 * courses, newest first, with the buyer, the amount given back, where it went (the gateway or the
 * buyer's wallet, issue 36 item 3: «مقصد وجه»), who refunded and when;
 * «خروجی CSV» downloads them all (issue 25).
 */
export default function RefundsPage() {
  const [params, update] = useUrlParams();
  const { data, isLoading, isFetching } = useGetRefundsQuery({ page: pageOf(params), per_page: PER_PAGE });
  const cell = (refund: Refund, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'title':
        return refund.title;
      case 'user':
        return (
          <>
            {refund.user.full_name} — <span dir="ltr">{refund.user.email}</span>
          </>
        );
      case 'amount':
        return formatToman(refund.amount);
      case 'to':
        return t.financial.refundDestinationsShort[refund.to];
      case 'refunded_by':
        return refund.refunded_by?.full_name ?? '—';
      case 'refunded_at':
        return <time dateTime={refund.refunded_at}>{formatJalaliDate(refund.refunded_at, { withTime: true })}</time>;
    }
  };
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t.financial.refunds}
        intro={t.financial.refundsIntro}
        parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]}
        add={{ label: t.financial.addRefund, to: FINANCIAL_PATHS.addRefund }}
      />
      <ListToolbar total={data?.meta.total}>
        <ExportCsvButton path={FINANCIAL_EXPORTS.refunds} of={t.financial.refunds} />
      </ListToolbar>
      <DataTable
        label={t.financial.refunds}
        columns={COLUMNS}
        labels={t.financial.refundColumns}
        rows={data?.data}
        rowKey={(refund) => refund.order_item_id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}

import type { DashboardOrder } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatToman } from '@shop/format';
import { Box } from '@shop/ui-kit';
import { DataTable, ExportCsvButton, ListToolbar, PageHeader, RowActions, useUndoableDelete } from '@shop/dashboard-ui';
import { FINANCIAL_EXPORTS, useDeleteManualOrderMutation, useGetManualOrdersQuery } from './financial-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['title', 'email', 'full_name', 'total_price', 'created_at', 'actions'] as const;
const LABELS = { ...t.financial.orderColumns, title: t.financial.product, actions: t.dashboard.productColumns.actions };

/** The course of a manual order (it has one item). */
const titleOf = (order: DashboardOrder) => order.items[0]?.title ?? '—';

/**
 * `/dashboard/financial-info/list-of-products-added-to-users` (show-financial-info, SPEC §2, §8):
 * courses staff gave users by hand, with the server's note that a zero price may mean a manual
 * add; search and page in the URL; change the course, or take it back, which waits 10 seconds for
 * «بازگردانی» before it is sent (issue 32 item 5);
 * «خروجی CSV» downloads every row of the search (issue 25).
 */
export default function ManualOrdersPage() {
  const { page, q, setPage, setQuery } = useTableParams(['created_at'] as const, '-created_at');
  const query = useGetManualOrdersQuery({ page, per_page: PER_PAGE, q });
  const { data, isLoading, isFetching } = query;
  const [remove] = useDeleteManualOrderMutation();
  const deletion = useUndoableDelete({
    query,
    send: (order) => remove(order.id).unwrap(),
    message: (order) => t.financial.manualDeleted(titleOf(order), order.user.full_name),
  });
  const note = data?.data.find((order) => order.note)?.note;

  const cell = (order: DashboardOrder, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'title':
        return titleOf(order);
      case 'email':
        return <span dir="ltr">{order.user.email}</span>;
      case 'full_name':
        return order.user.full_name;
      case 'total_price':
        return formatToman(order.total_price);
      case 'created_at':
        return <time dateTime={order.created_at}>{formatJalaliDate(order.created_at, { withTime: true })}</time>;
      case 'actions':
        return <RowActions title={titleOf(order)} editTo={`${FINANCIAL_PATHS.manual}/${order.id}`} onDelete={() => deletion.remove(order)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t.financial.manual}
        intro={note ? `${t.financial.manualIntro} ${note}` : t.financial.manualIntro}
        parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]}
        add={{ label: t.financial.addManual, to: FINANCIAL_PATHS.addManual }}
      />
      <ListToolbar total={deletion.list?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.financial.searchOrders} />
        <ExportCsvButton path={FINANCIAL_EXPORTS.manual} params={{ q }} of={t.financial.manual} />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={t.financial.manual}
        columns={COLUMNS}
        labels={LABELS}
        rows={deletion.list?.data}
        rowKey={(order) => order.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}

import type { DashboardOrder, OrderSource, PaymentStatus } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { formatJalaliDate, formatMobile, formatNumber, formatToman } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { DataTable, ExportCsvButton, FilterSelect, ListToolbar, PageHeader, filterOf } from '@shop/dashboard-ui';
import { FINANCIAL_EXPORTS, useGetOrdersQuery } from './financial-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { PaymentStatusChip } from './payment-status-chip';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['id', 'email', 'mobile', 'full_name', 'payment_status', 'total_price', 'items', 'created_at'] as const;

/**
 * `/dashboard/financial-info/orders` (show-financial-info, SPEC §2–§3): every order, newest
 * first, with the buyer's email, mobile and name, payment status, total paid in tomans, item
 * count and Jalali date and time; search (`q`), payment status and source filters and the
 * page live in the URL. Each order opens its page; «خروجی CSV» downloads every order of the
 * filters (issue 25).
 */
export default function OrdersPage() {
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const paymentStatus = filterOf<PaymentStatus>(params.get('payment_status'), t.financial.paymentStatuses);
  const source = filterOf<OrderSource>(params.get('source'), t.financial.sources);
  const page = pageOf(params);
  const { data, isLoading, isFetching } = useGetOrdersQuery({
    page,
    per_page: PER_PAGE,
    q,
    payment_status: paymentStatus || undefined,
    source: source || undefined,
  });

  const cell = (order: DashboardOrder, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'id':
        return (
          <MuiLink component={Link} to={`${FINANCIAL_PATHS.orders}/${order.id}`} underline="hover" aria-label={t.financial.openOrder(formatNumber(order.id))}>
            {formatNumber(order.id)}
          </MuiLink>
        );
      case 'email':
        return <span dir="ltr">{order.user.email}</span>;
      case 'mobile':
        return order.user.mobile ? <bdi dir="ltr">{formatMobile(order.user.mobile)}</bdi> : '—';
      case 'full_name':
        return order.user.full_name;
      case 'payment_status':
        return <PaymentStatusChip status={order.payment_status} />;
      case 'total_price':
        return formatToman(order.total_price);
      case 'items':
        return t.financial.itemsCount(formatNumber(order.items.length));
      case 'created_at':
        return <time dateTime={order.created_at}>{formatJalaliDate(order.created_at, { withTime: true })}</time>;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.financial.orders} intro={t.financial.ordersIntro} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]} />
      <ListToolbar total={data?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={(next) => update({ q: next.trim(), page: null }, true)} label={t.dashboard.search} placeholder={t.financial.searchOrders} />
        <FilterSelect label={t.financial.paymentStatus} value={paymentStatus} options={t.financial.paymentStatuses} onChange={(next) => update({ payment_status: next, page: null })} />
        <FilterSelect label={t.financial.source} value={source} options={t.financial.sources} onChange={(next) => update({ source: next, page: null })} />
        <ExportCsvButton path={FINANCIAL_EXPORTS.orders} params={{ q, payment_status: paymentStatus, source }} of={t.financial.orders} />
      </ListToolbar>
      <DataTable
        label={t.financial.orders}
        columns={COLUMNS}
        labels={t.financial.orderColumns}
        rows={data?.data}
        rowKey={(order) => order.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        minWidth={960}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}

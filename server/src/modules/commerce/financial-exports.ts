/**
 * The financial lists and summaries as CSV files (issue 25 "Exports"): the rows of the list's own
 * filters, read by financial-service.ts and sales-summary-service.ts, in the columns a spreadsheet
 * needs (lib/csv-export.ts: Persian headers, whole tomans, Jalali and ISO dates).
 */
import type { DashboardOrder, OrderItem, Refund, SalesPeriod, SalesSummaryRow } from '@shop/contracts';
import type { Db } from '../../db/client';
import { csvDateColumns, csvMobile, type CsvColumn, type CsvExport } from '../../lib/csv-export';
import { COMMERCE_CSV_TEXT } from './messages';
import { CSV_TEXT } from '../../lib/messages';
import { exportDashboardOrders, exportRefunds, type OrderExportQuery } from './financial-service';
import { getSalesSummary, type SummaryKind } from './sales-summary-service';

const sumOf = (items: OrderItem[], figure: (item: OrderItem) => number) => items.reduce((n, item) => n + figure(item), 0);

const buyerColumns = <Row extends { user: DashboardOrder['user'] }>(
  headers: { buyer: string; email: string; mobile: string },
): Array<CsvColumn<Row>> => [
  { header: headers.buyer, cell: (row) => row.user.full_name },
  { header: headers.email, cell: (row) => row.user.email },
  { header: headers.mobile, cell: (row) => csvMobile(row.user.mobile) },
];

const H = COMMERCE_CSV_TEXT.orderColumns;
const ORDER_COLUMNS: Array<CsvColumn<DashboardOrder>> = [
  { header: H.id, cell: (order) => order.id },
  ...buyerColumns<DashboardOrder>(H),
  { header: H.paymentStatus, cell: (order) => COMMERCE_CSV_TEXT.paymentStatuses[order.payment_status] },
  { header: H.source, cell: (order) => COMMERCE_CSV_TEXT.sources[order.source] },
  { header: H.courses, cell: (order) => order.items.map((item) => item.title).join(CSV_TEXT.listSeparator) },
  { header: H.count, cell: (order) => sumOf(order.items, (item) => item.quantity) },
  { header: H.gross, cell: (order) => sumOf(order.items, (item) => item.purchase_price * item.quantity) },
  { header: H.discountCode, cell: (order) => order.discount_code },
  { header: H.discount, cell: (order) => order.discount_amount },
  { header: H.paid, cell: (order) => order.total_price },
  { header: H.refunded, cell: (order) => sumOf(order.items, (item) => item.refund_amount ?? 0) },
  { header: H.receipt, cell: (order) => order.receipt_number },
  ...csvDateColumns<DashboardOrder>(H.createdAt, (order) => order.created_at),
  ...csvDateColumns<DashboardOrder>(H.paidAt, (order) => order.paid_at),
];

/**
 * Orders of a list's filters as the file `name` (`GET …/orders/export` as `orders`, the courses
 * added by hand as `products-added-to-users`): one line per order, newest first, with its buyer,
 * courses, gross, discount, amount paid, refunds, receipt number and dates.
 */
export async function ordersCsv(db: Db, name: string, query: OrderExportQuery): Promise<CsvExport<DashboardOrder>> {
  return { name, columns: ORDER_COLUMNS, rows: await exportDashboardOrders(db, query) };
}

const R = COMMERCE_CSV_TEXT.refundColumns;
const REFUND_COLUMNS: Array<CsvColumn<Refund>> = [
  { header: R.itemId, cell: (refund) => refund.order_item_id },
  { header: R.orderId, cell: (refund) => refund.order_id },
  { header: R.productId, cell: (refund) => refund.product_id },
  { header: R.course, cell: (refund) => refund.title },
  ...buyerColumns<Refund>(R),
  { header: R.amount, cell: (refund) => refund.amount },
  { header: R.refundedBy, cell: (refund) => refund.refunded_by?.full_name ?? null },
  ...csvDateColumns<Refund>(R.refundedAt, (refund) => refund.refunded_at),
];

/** Refunds of the list's search (`GET …/money-refund-status/export`), newest first. */
export async function refundsCsv(db: Db, query: { q?: string }): Promise<CsvExport<Refund>> {
  return { name: 'refunds', columns: REFUND_COLUMNS, rows: await exportRefunds(db, query) };
}

const S = COMMERCE_CSV_TEXT.summaryColumns;
const SUMMARY_COLUMNS: Record<SummaryKind, Array<CsvColumn<SalesSummaryRow>>> = {
  sales: [
    { header: S.productId, cell: (row) => row.product_id },
    { header: S.course, cell: (row) => row.product_name },
    { header: S.count, cell: (row) => row.count },
    { header: S.gross, cell: (row) => row.total },
    { header: S.discount, cell: (row) => row.discount },
    { header: S.net, cell: (row) => row.net },
    { header: S.outstanding, cell: (row) => row.outstanding },
  ],
  refunds: [
    { header: S.productId, cell: (row) => row.product_id },
    { header: S.course, cell: (row) => row.product_name },
    { header: S.refundCount, cell: (row) => row.count },
    { header: S.refunded, cell: (row) => row.total },
  ],
};

/**
 * A sales or refund summary's lines (`GET …/sales|refunds/export?period=`), as the dashboard
 * shows them: per course, the count and, for sales, gross, discount, net (issue 25) and what is
 * still owed in parts (issue 36 item 5).
 */
export async function summaryCsv(db: Db, kind: SummaryKind, period: SalesPeriod): Promise<CsvExport<SalesSummaryRow>> {
  const summary = await getSalesSummary(db, kind, period);
  return { name: `${kind === 'sales' ? 'sales' : 'refund'}-summary-${period}`, columns: SUMMARY_COLUMNS[kind], rows: summary.data };
}

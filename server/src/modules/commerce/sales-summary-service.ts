/**
 * Sales and refund summaries of the dashboard (SPEC §2 "Sales can be filtered by …", §3 "Sales
 * summary" / "Refund summary"; issue 6): per product the count and total in tomans over a Jalali
 * period (lib/jalali-periods.ts), the totals, and a series per Tehran day for the chart.
 * Sales are items of paid checkout orders and the paid parts of courses bought in parts (issue 36
 * item 5: each part's tomans when it is paid, the course counted once, by its first part) by
 * `orders.paid_at`; a later refund does not undo a sale, it appears in the refund summary by
 * `order_items.refunded_at`. Courses staff gave by hand
 * (manual orders, at 0) are neither sales nor refunds: they are counted apart, by `paid_at`
 * (issue 22 item 10). Issue 25: a sale's total is its list price (gross); the discount codes took
 * `order_items.discount` off it, and net = gross − discount; the refunds stay a figure apart.
 * Issue 36 item 5: the net splits into the wallet's and the gateways' shares, beside the tomans still
 * owed on the period's purchases in parts and the sales agents' commission (read live: those tables
 * are small, and the wallet's share reads only orders the wallet paid part of).
 *
 * Speed (issue 6 "Performance"): days before yesterday come from the `sales_daily` rollup, filled
 * on demand; yesterday and today are read live, so a payment whose transaction spans midnight is
 * never missed. Writers that change an older day (staff edits, seeds) refresh or reset the rollup.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DailySales, DashboardOverview, Order, SalesPeriod, SalesSummaryAnswer } from '@shop/contracts';
import type { Db } from '../../db/client';
import { outstandingByProduct } from './instalments';
import { commissionOfSales } from './sales-agents';
import { instalments, orderItems, orders, products, salesDaily, salesDailyState } from './tables';
import {
  addDays,
  civilKey,
  periodRange,
  seriesDays,
  tehranDateOf,
  tehranMidnight,
  TEHRAN_TIME_ZONE,
  type CivilDate,
} from '../../lib/jalali-periods';

/** Which summary: items sold or items refunded. */
export type SummaryKind = 'sales' | 'refunds';

/** What the rollup counts: the two summaries, and the courses given by hand. */
type CountedKind = SummaryKind | 'given';

const KINDS: CountedKind[] = ['sales', 'refunds', 'given'];
/** Advisory lock key that serializes writes to the rollup. */
const ROLLUP_LOCK = [6003, 0] as const;
/** Days read live, not from the rollup: yesterday and today. */
const LIVE_DAYS = 2;

/** Count and tomans of a group of items: `total` at list prices, `discount` the codes took off them. */
interface Totals {
  count: number;
  total: number;
  discount: number;
}

/** Totals of one product on one Tehran day (`YYYY-MM-DD`). */
interface Cell extends Totals {
  product_id: number;
  day: string;
}

/** The orders that sell: checkouts and the parts of courses bought in parts (issue 36 item 5). */
const SELLING_SOURCES: Order['source'][] = ['checkout', 'instalment'];

/**
 * Per kind: the instant that places an item in time, its amount, the discount on it (issue 25:
 * only sales carry one; a refund's amount is already what was given back), how many it counts (a
 * course bought in parts once, by its first part) and what makes it count.
 */
function summarySource(kind: CountedKind): { at: AnyPgColumn; amount: SQL; discount: SQL; count: SQL; counts: SQL | undefined } {
  const paid = eq(orders.payment_status, 'paid');
  const listPrice = sql`${orderItems.price} * ${orderItems.quantity}`;
  const quantity = sql`${orderItems.quantity}`;
  switch (kind) {
    case 'sales':
      return {
        at: orders.paid_at,
        amount: listPrice,
        discount: sql`${orderItems.discount}`,
        count: sql`case when ${orders.source} = 'instalment' and not exists (
          select 1 from ${instalments} as i where i.order_id = ${orders.id} and i.number = 1) then 0 else ${quantity} end`,
        counts: and(paid, inArray(orders.source, SELLING_SOURCES)),
      };
    case 'given':
      return { at: orders.paid_at, amount: listPrice, discount: sql`0`, count: quantity, counts: and(paid, eq(orders.source, 'manual')) };
    case 'refunds':
      return {
        at: orderItems.refunded_at,
        amount: sql`coalesce(${orderItems.refund_amount}, 0)`,
        discount: sql`0`,
        count: quantity,
        counts: inArray(orders.source, SELLING_SOURCES),
      };
  }
}

/** Live totals per product and Tehran day of items placed in `[from, to)` (from null = the beginning). */
async function liveCells(db: Db, kind: CountedKind, from: Date | null, to: Date): Promise<Cell[]> {
  const { at, amount, discount, count, counts } = summarySource(kind);
  // The zone is a constant written into the SQL, so the grouped expression matches the selected one.
  const day = sql<string>`to_char(${at} at time zone ${sql.raw(`'${TEHRAN_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  return db
    .select({
      product_id: orderItems.product_id,
      day,
      count: sql<number>`sum(${count})`.mapWith(Number),
      total: sql<number>`sum(${amount})`.mapWith(Number),
      discount: sql<number>`sum(${discount})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(counts, from ? gte(at, from) : sql`${at} is not null`, lt(at, to)))
    .groupBy(orderItems.product_id, day);
}

async function writeCells(db: Db, kind: CountedKind, cells: Cell[]): Promise<void> {
  if (cells.length > 0) await db.insert(salesDaily).values(cells.map((cell) => ({ kind, ...cell })));
}

function civilOf(key: string): CivilDate {
  const [gy, gm, gd] = key.split('-').map(Number);
  return { gy: gy!, gm: gm!, gd: gd! };
}

async function rolledThrough(db: Db): Promise<string | null> {
  const [state] = await db.select().from(salesDailyState).where(eq(salesDailyState.id, 1));
  return state?.through ?? null;
}

async function lockRollup(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK[0]}, ${ROLLUP_LOCK[1]})`);
}

/** Extends the rollup so it holds every day up to `through` (inclusive), in one serialized transaction. */
async function rollUpThrough(db: Db, through: CivilDate): Promise<void> {
  const throughKey = civilKey(through);
  const current = await rolledThrough(db);
  if (current !== null && current >= throughKey) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockRollup(tx);
    const last = await rolledThrough(tx);
    if (last !== null && last >= throughKey) return;
    const from = last === null ? null : tehranMidnight(addDays(civilOf(last), 1));
    const to = tehranMidnight(addDays(through, 1));
    for (const kind of KINDS) await writeCells(tx, kind, await liveCells(tx, kind, from, to));
    await tx
      .insert(salesDailyState)
      .values({ id: 1, through: throughKey })
      .onConflictDoUpdate({ target: salesDailyState.id, set: { through: throughKey } });
  });
}

/** Empties the rollup; the next summary rebuilds it. For bulk writes of past orders (seeds). */
export async function resetSalesRollup(db: Db): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockRollup(tx);
    await tx.delete(salesDailyState);
    await tx.delete(salesDaily);
  });
}

/**
 * Recomputes the rollup's days that `order` touches (its paid day and its items' refund days),
 * after a staff edit changed them. Pass the order as it was before the edit; days not rolled up
 * yet are left alone.
 */
export async function refreshSalesRollup(db: Db, order: Pick<Order, 'paid_at' | 'items'>): Promise<void> {
  const instants = [order.paid_at, ...order.items.map((i) => i.refunded_at)].filter((at): at is string => at !== null);
  const days = [...new Map(instants.map((at) => tehranDateOf(new Date(at))).map((d) => [civilKey(d), d])).values()];
  if (days.length === 0) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockRollup(tx);
    const through = await rolledThrough(tx);
    for (const day of days.filter((d) => through !== null && civilKey(d) <= through)) {
      await tx.delete(salesDaily).where(eq(salesDaily.day, civilKey(day)));
      for (const kind of KINDS) {
        await writeCells(tx, kind, await liveCells(tx, kind, tehranMidnight(day), tehranMidnight(addDays(day, 1))));
      }
    }
  });
}

/** Cells of `[from, to)`: rolled-up days first (filled on demand), then the live days. */
async function summaryCells(db: Db, kind: CountedKind, from: Date | null, to: Date, now: Date): Promise<Cell[]> {
  const liveFrom = tehranMidnight(addDays(tehranDateOf(now), 1 - LIVE_DAYS));
  if (from && from >= liveFrom) return liveCells(db, kind, from, to);
  const lastRolled = addDays(tehranDateOf(liveFrom), -1);
  await rollUpThrough(db, lastRolled);
  const rolled = await db
    .select({
      product_id: salesDaily.product_id,
      day: salesDaily.day,
      count: salesDaily.count,
      total: salesDaily.total,
      discount: salesDaily.discount,
    })
    .from(salesDaily)
    .where(and(eq(salesDaily.kind, kind), from ? gte(salesDaily.day, civilKey(tehranDateOf(from))) : undefined));
  return [...rolled, ...(await liveCells(db, kind, liveFrom, to))];
}

function addTo<K>(map: Map<K, Totals>, key: K, cell: Totals): void {
  const sum = map.get(key) ?? { count: 0, total: 0, discount: 0 };
  map.set(key, { count: sum.count + cell.count, total: sum.total + cell.total, discount: sum.discount + cell.discount });
}

/** A day of a chart: count and tomans at list prices. */
function dayOf(date: Date, totals: Totals | undefined): DailySales {
  return { date: date.toISOString(), count: totals?.count ?? 0, total: totals?.total ?? 0 };
}

/** Sum of one figure over cells or rows. */
function sumOf<T>(rows: T[], figure: (row: T) => number): number {
  return rows.reduce((n, row) => n + figure(row), 0);
}

/** Tomans of the wallet's share of the sales paid in `[from, to)` (from null: since the beginning). */
async function walletShareOfSales(db: Db, from: Date | null, to: Date): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${orders.wallet_amount}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        // orders_wallet_paid_idx: only the orders the wallet paid part of are read.
        sql`${orders.wallet_amount} > 0`,
        eq(orders.payment_status, 'paid'),
        inArray(orders.source, SELLING_SOURCES),
        from ? gte(orders.paid_at, from) : undefined,
        lt(orders.paid_at, to),
      ),
    );
  return row?.amount ?? 0;
}

/**
 * The summary of `kind` over `period` at `now`: rows per product sorted by total (then count)
 * descending, each with its gross (list prices), discount, net and still owed in parts in tomans
 * (issue 25, issue 36 item 5; refunds carry no discount and owe nothing), and in `meta` the totals,
 * the net's wallet and gateway shares, the tomans owed, the agents' commission, the refunds of the
 * period apart (the refund summary's own totals, in the refund summary) and the courses given by
 * hand in the period, apart (0 for `refunds`); then a zero-filled `series` of the period's Tehran
 * days (at most the last 366).
 */
export async function getSalesSummary(
  db: Db,
  kind: SummaryKind,
  period: SalesPeriod,
  now: Date = new Date(),
): Promise<SalesSummaryAnswer> {
  const range = periodRange(period, now);
  const byProduct = new Map<number, Totals>();
  const byDay = new Map<string, Totals>();
  for (const cell of await summaryCells(db, kind, range.from, range.to, now)) {
    addTo(byProduct, cell.product_id, cell);
    addTo(byDay, cell.day, cell);
  }
  const names = byProduct.size
    ? await db
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(inArray(products.id, [...byProduct.keys()]))
    : [];
  const nameOf = new Map(names.map((p) => [p.id, p.title]));
  const sales = kind === 'sales';
  const [given, outstanding, wallet, commission] = await Promise.all([
    sales ? summaryCells(db, 'given', range.from, range.to, now) : [],
    sales ? outstandingByProduct(db, range.from, range.to) : new Map<number, number>(),
    sales ? walletShareOfSales(db, range.from, range.to) : 0,
    sales ? commissionOfSales(db, range.from, range.to) : 0,
  ]);
  const data = [...byProduct.entries()]
    .map(([productId, sum]) => ({
      product_id: productId,
      product_name: nameOf.get(productId) ?? '',
      ...sum,
      net: sum.total - sum.discount,
      outstanding: outstanding.get(productId) ?? 0,
    }))
    .sort((a, b) => b.total - a.total || b.count - a.count || a.product_id - b.product_id);
  const refunds: Totals[] = sales ? await summaryCells(db, 'refunds', range.from, range.to, now) : data;
  const totalNet = sumOf(data, (row) => row.net);

  return {
    data,
    meta: {
      period,
      from: range.from?.toISOString() ?? null,
      to: range.to.toISOString(),
      total_count: sumOf(data, (row) => row.count),
      total_amount: sumOf(data, (row) => row.total),
      total_discount: sumOf(data, (row) => row.discount),
      total_net: totalNet,
      refund_count: sumOf(refunds, (row) => row.count),
      refund_amount: sumOf(refunds, (row) => row.total),
      given_count: sumOf(given, (cell) => cell.count),
      total_wallet: wallet,
      total_gateway: sales ? totalNet - wallet : 0,
      total_outstanding: sumOf(data, (row) => row.outstanding),
      total_commission: commission,
    },
    series: seriesDays(range).map((civil) => dayOf(tehranMidnight(civil), byDay.get(civilKey(civil)))),
  };
}

/** Tehran days of the dashboard home's sales chart (issue 8). */
const OVERVIEW_DAYS = 30;

/**
 * The dashboard home's sales at `now` (issue 8 "Dashboard home"): tomans sold today (Tehran day)
 * and this Jalali month, gross and net of discounts (issue 32 item 6), and the last
 * {@link OVERVIEW_DAYS} Tehran days' gross zero-filled, oldest first. Counted as
 * {@link getSalesSummary} counts sales, in one read of the rollup and the live days.
 */
export async function getSalesOverview(db: Db, now: Date = new Date()): Promise<NonNullable<DashboardOverview['sales']>> {
  const today = tehranDateOf(now);
  const month = periodRange('month', now);
  const monthStart = month.from!;
  const chartStart = tehranMidnight(addDays(today, 1 - OVERVIEW_DAYS));
  const from = monthStart < chartStart ? monthStart : chartStart;
  const byDay = new Map<string, Totals>();
  for (const cell of await summaryCells(db, 'sales', from, month.to, now)) addTo(byDay, cell.day, cell);
  const monthStartKey = civilKey(tehranDateOf(monthStart));
  const monthDays = [...byDay.entries()].filter(([day]) => day >= monthStartKey).map(([, day]) => day);
  const lastDays = seriesDays({ from: chartStart, to: month.to }).map((civil) => dayOf(tehranMidnight(civil), byDay.get(civilKey(civil))));
  const todays = byDay.get(civilKey(today));
  return {
    today: todays?.total ?? 0,
    today_net: todays ? todays.total - todays.discount : 0,
    this_month: sumOf(monthDays, (day) => day.total),
    this_month_net: sumOf(monthDays, (day) => day.total - day.discount),
    last_30_days: lastDays,
  };
}

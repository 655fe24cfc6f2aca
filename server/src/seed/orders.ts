/**
 * Orders of the demo data (issue 6 "Demo data") and of the benchmark: bulk inserts only, so the
 * seed stays fast in every test app. `seedDemoOrders` gives user@example.com one bought course
 * with progress on two sessions, one refund, one course added by hand and about 150 orders by
 * other demo buyers over the last 365 days (every summary period shows figures), the paid checkout
 * orders with their receipt numbers;
 * `seedBulkOrders` fills a large history (`npm run seed:orders -w server -- --count 200000`).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { OrderSource } from '@shop/contracts';
import type { Db } from '../db/client';
import { orderItems, orders, products, productSessions, sessionProgress } from '../modules/commerce/tables';
import { users } from '../modules/users/tables';
import { tehranDateOf, tehranMidnight } from '../lib/jalali-periods';
import { hashPassword } from '../lib/passwords';
import { assignReceiptNumber, resetSalesRollup, syncOrderGrants } from '../modules/commerce';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Rows per INSERT statement (PostgreSQL allows 65 535 parameters per statement). */
const BATCH = 2000;

/** A course as an order item takes it: id, title and price in tomans now. */
interface CatalogEntry {
  id: number;
  title: string;
  price: number;
}

/** One order to write; its total is the sum of its items' prices (tomans). */
export interface OrderSeed {
  userId: number;
  source?: OrderSource;
  createdAt: Date;
  /** Null for an unpaid order. */
  paidAt: Date | null;
  items: Array<{ product: CatalogEntry; refundedAt?: Date; refundedBy?: number }>;
}

/** Other buyers of the demo, so the summaries read like a shop's (names avoid the readers'). */
const DEMO_BUYERS = [
  'پریسا نوروزی',
  'امید صادقی',
  'کیان فرهادی',
  'ترانه یزدانی',
  'بهرام شریفی',
  'شیما قاسمی',
  'آرش موسوی',
  'نسترن جعفری',
  'حامد کاظمی',
  'لیلا اکبری',
  'سینا طاهری',
  'مهسا رحیمی',
  'پویا عباسی',
  'الهام نظری',
  'فرزاد بهرامی',
  'نیما فراهانی',
  'آیدا کامرانی',
  'کاوه منصوری',
  'یاسمن شاکری',
  'بردیا توکلی',
];

/** Password of the demo buyers, like the readers'. */
const BUYER_PASSWORD = 'Reader12345';

/**
 * Inserts orders and their items, `BATCH` orders per statement pair, then empties the sales
 * rollup (past days changed; the next summary rebuilds it).
 * @returns the new order ids, in the order of `seeds`.
 */
export async function insertOrders(db: Db, seeds: OrderSeed[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < seeds.length; start += BATCH) {
    const batch = seeds.slice(start, start + BATCH);
    const rows = await db
      .insert(orders)
      .values(
        batch.map((seed) => ({
          user_id: seed.userId,
          total_price: seed.items.reduce((sum, item) => sum + item.product.price, 0),
          payment_status: seed.paidAt ? ('paid' as const) : ('unpaid' as const),
          source: seed.source ?? 'checkout',
          paid_at: seed.paidAt,
          created_at: seed.createdAt,
          updated_at: seed.paidAt ?? seed.createdAt,
        })),
      )
      .returning({ id: orders.id });
    await db.insert(orderItems).values(
      batch.flatMap((seed, i) =>
        seed.items.map(({ product, refundedAt, refundedBy }) => ({
          order_id: rows[i]!.id,
          product_id: product.id,
          title: product.title,
          price: product.price,
          ...(refundedAt ? { refunded_at: refundedAt, refund_amount: product.price, refunded_by: refundedBy ?? null } : {}),
        })),
      ),
    );
    ids.push(...rows.map((r) => r.id));
  }
  // The paid items' access grants (issue 36 item 1), as the order workflow writes them.
  await syncOrderGrants(db);
  await resetSalesRollup(db);
  return ids;
}

/**
 * Up to `count` orders of `buyers` spread evenly over the `days` before `now`, newest first, the
 * newest inside today (Tehran) so the `day` summary has one. Deterministic: one in three unpaid,
 * one in ten with a second course. A buyer never pays twice for a course: an order goes to the
 * next buyer who still lacks a course, and stops the list when every buyer has every course.
 */
export function spreadOrders(input: { count: number; buyers: number[]; catalog: CatalogEntry[]; now: Date; days: number }): OrderSeed[] {
  const { count, buyers, catalog, now, days } = input;
  const todayStart = tehranMidnight(tehranDateOf(now)).getTime();
  const newest = todayStart + (now.getTime() - todayStart) / 2;
  const step = (days * DAY_MS) / count;
  const owned = new Set<string>();
  const seeds: OrderSeed[] = [];
  for (let k = 0; k < count; k++) {
    const paid = k % 3 !== 2;
    const wanted = k % 10 === 0 ? 2 : 1;
    let items: OrderSeed['items'] = [];
    let userId = 0;
    for (let b = 0; b < buyers.length && items.length === 0; b++) {
      userId = buyers[(k + b) % buyers.length]!;
      items = catalog
        .map((_, j) => catalog[(k * 5 + j) % catalog.length]!)
        .filter((product) => !owned.has(`${userId}:${product.id}`))
        .slice(0, wanted)
        .map((product) => ({ product }));
    }
    if (items.length === 0) break;
    if (paid) for (const { product } of items) owned.add(`${userId}:${product.id}`);
    const createdAt = new Date(newest - k * step);
    seeds.push({ userId, createdAt, paidAt: paid ? new Date(createdAt.getTime() + 3 * MINUTE_MS) : null, items });
  }
  return seeds;
}

async function catalogOf(db: Db): Promise<CatalogEntry[]> {
  return db.select({ id: products.id, title: products.title, price: products.price }).from(products).orderBy(asc(products.id));
}

/** Inserts buyer accounts (verified, ordinary) with one password hash; returns their ids in order. */
async function insertBuyers(
  db: Db,
  buyers: Array<{ full_name: string; email: string; mobile: string | null }>,
  createdAt: Date,
): Promise<number[]> {
  const password_hash = await hashPassword(BUYER_PASSWORD);
  const ids: number[] = [];
  for (let start = 0; start < buyers.length; start += BATCH) {
    const rows = await db
      .insert(users)
      .values(
        buyers.slice(start, start + BATCH).map((b) => ({
          ...b,
          password_hash,
          email_verified_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

async function userIdOf(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`seed-orders: no user ${email}`);
  return row.id;
}

/**
 * The demo orders (issue 6 "Demo data"), run by seed.ts after the users and products exist.
 * Needs the seeded accounts, readers and at least three products.
 */
export async function seedDemoOrders(db: Db, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const catalog = await catalogOf(db);
  const [first, second, third] = catalog;
  if (!first || !second || !third) throw new Error('seed-orders: the demo needs three products');
  const [userId, superId] = await Promise.all([userIdOf(db, 'user@example.com'), userIdOf(db, 'super@example.com')]);
  const buyerIds = await insertBuyers(
    db,
    DEMO_BUYERS.map((full_name, i) => ({
      full_name,
      email: `buyer${i + 1}@example.com`,
      mobile: `+98935100${String(i + 1).padStart(4, '0')}`,
    })),
    ago(370),
  );
  // The last buyer has the refund and the course added by hand; the others spread the sales.
  const lastBuyer = buyerIds.at(-1)!;
  await insertOrders(db, [
    // user@example.com bought the first course (progress below).
    { userId, createdAt: ago(40), paidAt: ago(40), items: [{ product: first }] },
    { userId: lastBuyer, createdAt: ago(25), paidAt: ago(25), items: [{ product: second, refundedAt: ago(20), refundedBy: superId }] },
    // SPEC §8: a course added by hand is an order at price 0.
    { userId: lastBuyer, source: 'manual', createdAt: ago(15), paidAt: ago(15), items: [{ product: { ...third, price: 0 } }] },
    ...spreadOrders({ count: 150, buyers: buyerIds.slice(0, -1), catalog, now, days: 365 }),
  ]);
  await numberPaidOrders(db);

  const sessions = await db
    .select({ id: productSessions.id })
    .from(productSessions)
    .where(eq(productSessions.product_id, first.id))
    .orderBy(asc(productSessions.position), asc(productSessions.id))
    .limit(2);
  if (sessions.length > 0) {
    await db.insert(sessionProgress).values(
      sessions.map((s, i) => ({ user_id: userId, product_session_id: s.id, created_at: ago(35 - i * 5) })),
    );
  }
}

/** Gives every paid checkout order of the demo its receipt number (issue 25), in the order they were paid. */
async function numberPaidOrders(db: Db): Promise<void> {
  const paid = await db
    .select({ id: orders.id, paid_at: orders.paid_at })
    .from(orders)
    .where(and(eq(orders.source, 'checkout'), eq(orders.payment_status, 'paid')))
    .orderBy(asc(orders.paid_at), asc(orders.id));
  for (const order of paid) await assignReceiptNumber(db, order.id, order.paid_at!);
}

/**
 * A large order history for the benchmark: one buyer account per four orders (emails
 * `bulk-<run>-<n>@example.com`), `count` orders over the last 400 days on every product.
 * @returns how many orders were written.
 */
export async function seedBulkOrders(db: Db, input: { count: number; now?: Date }): Promise<number> {
  const now = input.now ?? new Date();
  const catalog = (await catalogOf(db)).filter((p) => p.price > 0);
  if (catalog.length === 0) throw new Error('seed-orders: no priced product; seed the demo content first');
  const run = now.getTime().toString(36);
  const buyers = Array.from({ length: Math.max(1, Math.ceil(input.count / 4)) }, (_, i) => ({
    full_name: `خریدار ${i + 1}`,
    email: `bulk-${run}-${i + 1}@example.com`,
    mobile: null,
  }));
  const buyerIds = await insertBuyers(db, buyers, new Date(now.getTime() - 401 * DAY_MS));
  const seeds = spreadOrders({ count: input.count, buyers: buyerIds, catalog, now, days: 400 });
  await insertOrders(db, seeds);
  return seeds.length;
}

/**
 * Discount codes (issue 25 "Staff … /dashboard/discount-codes", "In the cart"): the dashboard's
 * CRUD, the uses of a code, the pricing rules every cart and checkout goes through, and the check
 * of an unpaid order's code when its payment starts (issue 31 item 3). Owns
 * `discount_codes` and `discount_code_products`; reads `orders` only to count uses.
 *
 * A use is an order that names the code and is paid, or unpaid and younger than the hold
 * (DISCOUNT_HOLD_MINUTES, settings.ts): the time a buyer has to pay, as WooCommerce holds coupons
 * for pending orders. A cancelled order holds nothing (issue 32 item 2).
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  CartDiscount,
  CartItem,
  DiscountCode,
  DiscountCodeUse,
  Paginated,
  PaymentStatus,
} from '@shop/contracts';
import type { DiscountCodeInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { discountCodeProducts, discountCodes, orders, products } from './tables';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { csvDateColumns, type CsvColumn, type CsvExport } from '../../lib/csv-export';
import { COMMERCE_CSV_TEXT, COMMERCE_MESSAGES } from './messages';
import { keysetRows, newestFirstAfter, newestFirstCursor, type NewestFirstCursor } from '../../lib/keyset-rows';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { qualified } from '../../lib/qualified';
import { getUserContacts } from '../users';
import type { AuditContext } from '../../lib/audit-trail';

/** A stored code row. */
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Query of `GET /api/dashboard/discount-codes`. */
export interface DiscountCodeListQuery {
  page?: number;
  per_page?: number;
  /** Part of the code, any case. */
  q?: string;
  /** `code`, `-code`, `created_at` or `-created_at` (default). */
  sort?: string;
}

/** Sort values of the list; a leading `-` means descending. */
export const DISCOUNT_CODE_SORTS = ['code', '-code', 'created_at', '-created_at'] as const;

/** The paid orders with the code, and the tomans they were given. */
const paidOrdersOfCode = sql`from ${orders} as o where o.discount_code_id = ${qualified(discountCodes.id)} and o.payment_status = 'paid'`;
const paidUses = sql<number>`(select count(*) ${paidOrdersOfCode})`.mapWith(Number);
const givenAmount = sql<number>`(select coalesce(sum(o.discount_amount), 0) ${paidOrdersOfCode})`.mapWith(Number);

/** Wire shapes of code rows with their courses, uses and money given, in the order of `rows`. */
async function toDiscountCodes(db: Db, rows: Array<DiscountCodeRow & { uses: number; given_amount: number }>): Promise<DiscountCode[]> {
  if (rows.length === 0) return [];
  const chosen = await db
    .select({ code_id: discountCodeProducts.discount_code_id, id: products.id, title: products.title })
    .from(discountCodeProducts)
    .innerJoin(products, eq(products.id, discountCodeProducts.product_id))
    .where(inArray(discountCodeProducts.discount_code_id, rows.map((row) => row.id)))
    .orderBy(asc(products.id));
  return rows.map((row) => {
    const own = chosen.filter((product) => product.code_id === row.id).map(({ id, title }) => ({ id, title }));
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      applies_to_all: row.applies_to_all,
      product_ids: own.map((product) => product.id),
      products: own,
      starts_at: toIso(row.starts_at),
      ends_at: toIso(row.ends_at),
      total_cap: row.total_cap,
      per_user_cap: row.per_user_cap,
      min_cart_total: row.min_cart_total,
      is_active: row.is_active,
      uses: row.uses,
      given_amount: row.given_amount,
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
    };
  });
}

const listColumns = { row: discountCodes, uses: paidUses, given_amount: givenAmount };

/** A page of codes for the dashboard (`q` searches the code; `sort` as {@link DISCOUNT_CODE_SORTS}). */
export async function listDiscountCodes(db: Db, query: DiscountCodeListQuery): Promise<Paginated<DiscountCode>> {
  const request = toPageRequest(query.page, query.per_page);
  const q = query.q?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = q ? ilike(discountCodes.code, `%${q}%`) : undefined;
  const sort = (DISCOUNT_CODE_SORTS as readonly string[]).includes(query.sort ?? '') ? query.sort! : '-created_at';
  const direction = sort.startsWith('-') ? desc : asc;
  const column = sort.replace(/^-/, '') === 'code' ? discountCodes.code : discountCodes.created_at;
  const [rows, [total]] = await Promise.all([
    db.select(listColumns).from(discountCodes).where(where).orderBy(direction(column), direction(discountCodes.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  const data = await toDiscountCodes(db, rows.map(({ row, uses, given_amount }) => ({ ...row, uses, given_amount })));
  return { data, meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * One code with its courses, uses and money given.
 * @throws ApiError 404 for an unknown id.
 */
export async function getDiscountCode(db: Db, id: number): Promise<DiscountCode> {
  const [found] = await db.select(listColumns).from(discountCodes).where(eq(discountCodes.id, id));
  if (!found) throw notFound();
  const [code] = await toDiscountCodes(db, [{ ...found.row, uses: found.uses, given_amount: found.given_amount }]);
  return code!;
}

/** 422 on `product_ids` unless every chosen course exists; the ids to store (none when it applies to all). */
async function chosenProducts(db: Db, input: DiscountCodeInput): Promise<number[]> {
  if (input.applies_to_all) return [];
  const ids = [...new Set(input.product_ids)];
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (found.length !== ids.length) throw validationFailed({ product_ids: [COMMERCE_MESSAGES.productUnknown] });
  return ids;
}

/** The row's columns from a checked form. */
const columnsOf = (input: DiscountCodeInput) => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  applies_to_all: input.applies_to_all,
  starts_at: input.starts_at ? new Date(input.starts_at) : null,
  ends_at: input.ends_at ? new Date(input.ends_at) : null,
  total_cap: input.total_cap ?? null,
  per_user_cap: input.per_user_cap ?? null,
  min_cart_total: input.min_cart_total ?? null,
  is_active: input.is_active,
});

/** Runs a write, answering a duplicate code (unique constraint; codes are stored upper-case) with 422 on `code`. */
async function refusingTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw validationFailed({ code: [COMMERCE_MESSAGES.discountCodeTaken] });
    throw error;
  }
}

/**
 * Adds a code (`discountCodeSchema` already checked and upper-cased it). Audited.
 * @throws ApiError 422 `code` taken (any case), `product_ids` naming an unknown course
 */
export async function createDiscountCode(db: Db, input: DiscountCodeInput, audit: AuditContext): Promise<DiscountCode> {
  const productIds = await chosenProducts(db, input);
  const id = await refusingTakenCode(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx.insert(discountCodes).values(columnsOf(input)).returning({ id: discountCodes.id });
      if (productIds.length > 0) {
        await tx.insert(discountCodeProducts).values(productIds.map((product_id) => ({ discount_code_id: row!.id, product_id })));
      }
      await audit.record(tx, { entity: 'discount_code', id: row!.id, action: 'create', after: await getDiscountCode(tx, row!.id) });
      return row!.id;
    }),
  );
  return getDiscountCode(db, id);
}

/**
 * Replaces a code's fields and courses. Orders keep the code and amount they were made with. Audited.
 * @throws ApiError 404 unknown id; 422 as {@link createDiscountCode}
 */
export async function updateDiscountCode(db: Db, id: number, input: DiscountCodeInput, audit: AuditContext): Promise<DiscountCode> {
  const productIds = await chosenProducts(db, input);
  await refusingTakenCode(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [locked] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!locked) throw notFound();
      const before = await getDiscountCode(tx, id);
      const [row] = await tx
        .update(discountCodes)
        .set({ ...columnsOf(input), updated_at: new Date() })
        .where(eq(discountCodes.id, id))
        .returning({ id: discountCodes.id });
      if (!row) throw notFound();
      await tx.delete(discountCodeProducts).where(eq(discountCodeProducts.discount_code_id, id));
      if (productIds.length > 0) {
        await tx.insert(discountCodeProducts).values(productIds.map((product_id) => ({ discount_code_id: id, product_id })));
      }
      await audit.record(tx, { entity: 'discount_code', id, action: 'update', before, after: await getDiscountCode(tx, id) });
    }),
  );
  return getDiscountCode(db, id);
}

/**
 * Deletes a code no order names; a code that was used (any order, paid or not) is deactivated
 * instead, so its orders keep it (issue 25). Audited (a deactivation as an update).
 * @returns `deleted` or `deactivated`
 * @throws ApiError 404 unknown id
 */
export async function deleteDiscountCode(db: Db, id: number, audit: AuditContext): Promise<'deleted' | 'deactivated'> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound();
    const before = await getDiscountCode(tx, id);
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.discount_code_id, id)).limit(1);
    if (used) {
      await tx.update(discountCodes).set({ is_active: false, updated_at: new Date() }).where(eq(discountCodes.id, id));
      await audit.record(tx, { entity: 'discount_code', id, action: 'update', before, after: await getDiscountCode(tx, id) });
      return 'deactivated';
    }
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await audit.record(tx, { entity: 'discount_code', id, action: 'delete', before });
    return 'deleted';
  });
}

/** Filters of the uses of a code (the dashboard list, and a CSV export of the same rows). */
export interface DiscountCodeUsesFilter {
  discount_code_id: number;
  payment_status?: PaymentStatus;
}

/**
 * The orders that used a code, newest first, as a query the caller pages (`.limit().offset()`) or
 * streams: order id, buyer id, payment status, discount and total (tomans), created and paid dates.
 */
export function discountCodeUsesQuery(db: Db, filter: DiscountCodeUsesFilter) {
  return db
    .select(useColumns)
    .from(orders)
    .where(usesWhere(filter))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .$dynamic();
}

const useColumns = {
  order_id: orders.id,
  user_id: orders.user_id,
  payment_status: orders.payment_status,
  discount_amount: orders.discount_amount,
  total_price: orders.total_price,
  created_at: orders.created_at,
  paid_at: orders.paid_at,
};

const usesWhere = (filter: DiscountCodeUsesFilter): SQL | undefined =>
  and(
    eq(orders.discount_code_id, filter.discount_code_id),
    filter.payment_status ? eq(orders.payment_status, filter.payment_status) : undefined,
  );

/** A row of {@link discountCodeUsesQuery}. */
type UseRow = Omit<DiscountCodeUse, 'user' | 'created_at' | 'paid_at'> & { user_id: number; created_at: Date; paid_at: Date | null };

/** Rows of {@link discountCodeUsesQuery} with their buyers, in the wire shape. */
async function toUses(db: Db, rows: UseRow[]): Promise<DiscountCodeUse[]> {
  const contacts = await getUserContacts(db, [...new Set(rows.map((row) => row.user_id))]);
  return rows.map(({ user_id, order_id, payment_status, discount_amount, total_price, created_at, paid_at }) => {
    const contact = contacts.get(user_id);
    return {
      order_id,
      payment_status,
      discount_amount,
      total_price,
      user: { id: user_id, full_name: contact?.full_name ?? '', email: contact?.email ?? '', mobile: contact?.mobile ?? null },
      created_at: toIso(created_at),
      paid_at: toIso(paid_at),
    };
  });
}

/** 404 unless the discount code `id` exists. */
async function assertCodeExists(db: Db, id: number): Promise<void> {
  const [code] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id));
  if (!code) throw notFound();
}

/**
 * `GET /api/dashboard/discount-codes/:id/uses`: a page of {@link discountCodeUsesQuery} with the buyers.
 * @throws ApiError 404 unknown code
 */
export async function listDiscountCodeUses(
  db: Db,
  filter: DiscountCodeUsesFilter,
  page: { page?: number; per_page?: number },
): Promise<Paginated<DiscountCodeUse>> {
  await assertCodeExists(db, filter.discount_code_id);
  const request = toPageRequest(page.page, page.per_page);
  const [rows, [total]] = await Promise.all([
    discountCodeUsesQuery(db, filter).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(orders).where(usesWhere(filter)),
  ]);
  return { data: await toUses(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

const U = COMMERCE_CSV_TEXT.discountUseColumns;
const USE_COLUMNS: Array<CsvColumn<DiscountCodeUse>> = [
  { header: U.orderId, cell: (use) => use.order_id },
  { header: U.buyer, cell: (use) => use.user.full_name },
  { header: U.email, cell: (use) => use.user.email },
  { header: U.mobile, cell: (use) => use.user.mobile },
  { header: U.paymentStatus, cell: (use) => COMMERCE_CSV_TEXT.paymentStatuses[use.payment_status] },
  { header: U.discount, cell: (use) => use.discount_amount },
  { header: U.paid, cell: (use) => use.total_price },
  ...csvDateColumns<DiscountCodeUse>(U.createdAt, (use) => use.created_at),
  ...csvDateColumns<DiscountCodeUse>(U.paidAt, (use) => use.paid_at),
];

/**
 * `GET /api/dashboard/discount-codes/:id/uses/export` (issue 25 "Exports"): every use of the
 * filter, newest first, as `discount-code-uses-<Jalali date>.csv`, read in keyset pages.
 * @throws ApiError 404 unknown code (before the download starts)
 */
export async function discountCodeUsesCsv(db: Db, filter: DiscountCodeUsesFilter): Promise<CsvExport<DiscountCodeUse>> {
  await assertCodeExists(db, filter.discount_code_id);
  const rows = keysetRows<UseRow & NewestFirstCursor, DiscountCodeUse>(
    (after, size) =>
      db
        .select({ ...useColumns, ...newestFirstCursor(orders.created_at, orders.id) })
        .from(orders)
        .where(and(usesWhere(filter), newestFirstAfter(orders.created_at, orders.id, after)))
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(size),
    (page) => toUses(db, page),
  );
  return { name: 'discount-code-uses', columns: USE_COLUMNS, rows };
}

// ── pricing ────────────────────────────────────────────────────────────────────────────────

/** How many times a code was used, in all and by one buyer (paid, or unpaid within the hold). */
export interface DiscountUses {
  total: number;
  byUser: number;
}

/**
 * The code's uses now: paid orders, and unpaid ones younger than `holdMinutes` (a cancelled one
 * holds nothing, issue 32 item 2); `byUser` those of `userId` (0 for a visitor, null).
 * `exceptOrderIds`: orders not counted: the one whose payment starts (issue 31 item 3), which must
 * not take its own place, or the open orders of the cart a checkout reuses or replaces (issue 32 item 2).
 */
export async function countDiscountUses(
  db: Db,
  codeId: number,
  userId: number | null,
  holdMinutes: number,
  exceptOrderIds: readonly number[] = [],
): Promise<DiscountUses> {
  const held = or(
    eq(orders.payment_status, 'paid'),
    and(eq(orders.payment_status, 'unpaid'), gt(orders.created_at, sql`now() - make_interval(mins => ${holdMinutes})`)),
  );
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      byUser: sql<number>`count(*) filter (where ${orders.user_id} = ${userId})`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.discount_code_id, codeId), held, exceptOrderIds.length === 0 ? undefined : notInArray(orders.id, [...exceptOrderIds])));
  return { total: row?.total ?? 0, byUser: row?.byUser ?? 0 };
}

/** A code priced on a cart: the discount and each course's share, or the Persian refusal. */
export type DiscountPricing =
  | { ok: true; discount: CartDiscount; perItem: Map<number, number> }
  | { ok: false; refusal: string };

/** What {@link priceDiscount} reads: the cart, the code, its courses (when limited), its uses and now. */
export interface DiscountPricingInput {
  items: Pick<CartItem, 'product_id' | 'price'>[];
  code: DiscountCodeRow;
  /** The code's courses when it does not apply to all. */
  productIds: number[];
  uses: DiscountUses;
  now: Date;
}

/**
 * The refusal of a code whatever the cart (issue 31 item 2), or null when it may be used now. An
 * inactive, not started, expired or used-up code reads `discountInvalid`, as an unknown one does,
 * the way shops answer «invalid code»: telling them apart would confirm to a guesser that a code is
 * real (and so its naming: YALDA1403 says try YALDA1404), and a used-up code is as useless to a
 * buyer as an unknown one. Only a live code is refused for the buyer's own reasons: used by you
 * (the per-user cap: only its own user learns of it, who already knew the code), then, in
 * {@link priceDiscount}, the cart's (empty, not for these courses, under the minimum), which tell
 * the buyer what to change; reaching those takes a live code, which guessing under the rate
 * limits (RATE_LIMIT_DISCOUNT_*) seldom finds.
 */
function codeRefusal(code: DiscountCodeRow, uses: DiscountUses, now: Date): string | null {
  const lapsed =
    !code.is_active ||
    (code.starts_at !== null && code.starts_at > now) ||
    (code.ends_at !== null && code.ends_at <= now) ||
    (code.total_cap !== null && uses.total >= code.total_cap);
  if (lapsed) return COMMERCE_MESSAGES.discountInvalid;
  if (code.per_user_cap !== null && uses.byUser >= code.per_user_cap) return COMMERCE_MESSAGES.discountUsedByYou;
  return null;
}

/**
 * The discount of a code on a cart (issue 25), or its refusal, checked in this order: the code's
 * own (inactive, not started, expired or used up: one `discountInvalid`, see {@link codeRefusal}),
 * used by this buyer (per-user cap), empty cart, not for these courses, under the minimum (the
 * cart's subtotal). A percent is taken off each
 * applicable course, rounded down to whole tomans; a fixed amount is capped at the applicable
 * courses' sum and spread over them in proportion to their prices, the tomans left by rounding
 * down going one each to the largest remainders, so the shares sum exactly to the amount.
 */
export function priceDiscount({ items, code, productIds, uses, now }: DiscountPricingInput): DiscountPricing {
  const refuse = (refusal: string): DiscountPricing => ({ ok: false, refusal });
  const refusal = codeRefusal(code, uses, now);
  if (refusal !== null) return refuse(refusal);
  if (items.length === 0) return refuse(COMMERCE_MESSAGES.discountEmptyCart);
  const limited = new Set(productIds);
  const applicable = items.filter((item) => item.price > 0 && (code.applies_to_all || limited.has(item.product_id)));
  if (applicable.length === 0) return refuse(COMMERCE_MESSAGES.discountNotForTheseCourses);
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  if (code.min_cart_total !== null && subtotal < code.min_cart_total) return refuse(COMMERCE_MESSAGES.discountUnderMinimum(code.min_cart_total));

  const perItem = new Map<number, number>();
  if (code.kind === 'percent') {
    for (const item of applicable) perItem.set(item.product_id, Math.floor((item.price * code.value) / 100));
  } else {
    const base = applicable.reduce((sum, item) => sum + item.price, 0);
    const amount = Math.min(code.value, base);
    const shares = applicable.map((item) => {
      const exact = (amount * item.price) / base;
      return { id: item.product_id, share: Math.floor(exact), rest: exact - Math.floor(exact) };
    });
    let left = amount - shares.reduce((sum, s) => sum + s.share, 0);
    for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
      if (left === 0) break;
      s.share += 1;
      left -= 1;
    }
    for (const s of shares) perItem.set(s.id, s.share);
  }
  const amount = [...perItem.values()].reduce((sum, share) => sum + share, 0);
  return {
    ok: true,
    discount: { code: code.code, kind: code.kind, value: code.value, amount, product_ids: applicable.map((item) => item.product_id), problem: null },
    perItem,
  };
}

/** The code row with this text (any case), or null. */
export async function findDiscountCode(db: Db, text: string): Promise<DiscountCodeRow | null> {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,32}$/.test(code)) return null;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row ?? null;
}

/**
 * Prices the code `codeId` on `items` for `userId` (null: a visitor, whose per-user cap is checked
 * at checkout) now (see {@link priceDiscount}). With `lock`,
 * the code's row is locked (`SELECT … FOR UPDATE`) first, so inside a transaction concurrent
 * checkouts count its uses one after another and its caps hold. `exceptOrderIds`: orders whose
 * uses are not counted (the cart's own open orders, issue 32 item 2; see {@link countDiscountUses}).
 * @returns the pricing, or null when the code no longer exists
 */
export async function discountFor(
  db: Db,
  items: Pick<CartItem, 'product_id' | 'price'>[],
  codeId: number,
  userId: number | null,
  options: { holdMinutes: number; lock?: boolean; exceptOrderIds?: readonly number[] },
): Promise<(DiscountPricing & { code: DiscountCodeRow }) | null> {
  const select = db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  const [code] = options.lock ? await select.for('update') : await select;
  if (!code) return null;
  const [chosen, uses] = await Promise.all([
    code.applies_to_all
      ? Promise.resolve([])
      : db.select({ id: discountCodeProducts.product_id }).from(discountCodeProducts).where(eq(discountCodeProducts.discount_code_id, codeId)),
    countDiscountUses(db, codeId, userId, options.holdMinutes, options.exceptOrderIds),
  ]);
  const pricing = priceDiscount({ items, code, productIds: chosen.map((row) => row.id), uses, now: new Date() });
  return { ...pricing, code };
}

/**
 * Whether the code an unpaid order was priced with still holds as its payment starts (issue 31
 * item 3: a code switched off, ended or used up after checkout no longer discounts an order made
 * before). Checked as {@link codeRefusal} does, the order's own use left out of the counts, so within
 * the hold (DISCOUNT_HOLD_MINUTES) it keeps its place and after it competes with later orders. Not
 * checked again: the order's courses and minimum, which it was priced on at checkout; an order
 * keeps the amount it was made with (see {@link updateDiscountCode}).
 * @param order the order's id, buyer and code (`discount_code_id` of `orders`)
 * @returns false when the code is gone, lapsed, used up or used up by this buyer
 */
export async function orderDiscountHolds(
  db: Db,
  order: { id: number; user_id: number; discount_code_id: number },
  holdMinutes: number,
): Promise<boolean> {
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, order.discount_code_id));
  if (!code) return false;
  const uses = await countDiscountUses(db, code.id, order.user_id, holdMinutes, [order.id]);
  return codeRefusal(code, uses, new Date()) === null;
}

/** 422 with the refusal as the message and as the `code` field's error (issue 25). */
export const discountRefused = (refusal: string) => new ApiError(422, refusal, { code: [refusal] });

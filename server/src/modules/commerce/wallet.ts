/**
 * The wallet («کیف پول») and gift cards (issue 36 item 3). Owns `wallet_entries` and `gift_cards`.
 * A wallet is a ledger: entries are only added, one user's at a time (an advisory lock per user, in
 * the transaction of the change), each with the balance after it, which a check keeps ≥ 0, so two
 * spends at once never take the same credit. Money comes in from gift cards, refunds and staff's
 * credits, goes out to staff's debits and orders' wallet shares, and comes back when such an
 * unpaid order is cancelled.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { GiftCard, WalletEntry, WalletEntryKind, WalletPage } from '@shop/contracts';
import type { GiftCardInput, WalletAdjustmentInput } from '@shop/validation';
import { formatToman } from '@shop/format';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike } from '../../lib/text';
import { getUserContacts } from '../users';
import { COMMERCE_MESSAGES } from './messages';
import { giftCards, orders, walletEntries } from './tables';

/** Namespace of the advisory locks that serialize one user's wallet entries (6004: checkout; 6006: access reconciliation). */
const WALLET_LOCK_NAMESPACE = 6007;

/** An entry to add: its kind, signed tomans, and what it is about. */
export interface NewWalletEntry {
  kind: WalletEntryKind;
  /** Tomans, positive in and negative out; never 0. */
  amount: number;
  orderId?: number | null;
  giftCardId?: number | null;
  reason?: string | null;
  /** Staff who made it (credit, debit, refund); absent for the user's own. */
  createdBy?: number | null;
}

/**
 * Takes the user's wallet lock for the rest of the transaction `tx` and answers their balance in
 * tomans: no other entry of theirs is added until `tx` ends (a checkout reads what it may take).
 */
export async function lockedWalletBalance(tx: Db, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WALLET_LOCK_NAMESPACE}, ${userId})`);
  return walletBalance(tx, userId);
}

/** The user's balance in tomans: the sum of their entries (0 without any). */
export async function walletBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amount}), 0)`.mapWith(Number) })
    .from(walletEntries)
    .where(eq(walletEntries.user_id, userId));
  return row?.balance ?? 0;
}

/**
 * Adds `entry` to the user's wallet inside the transaction `tx`, holding the user's wallet lock to its
 * end, so concurrent entries of one user are added one after another on their true balance.
 * @returns the entry's id and the balance after it
 * @throws ApiError 422 on `amount` (`walletInsufficient`) when a withdrawal is more than the balance
 */
export async function addWalletEntry(tx: Db, userId: number, entry: NewWalletEntry): Promise<{ id: number; balanceAfter: number }> {
  const balance = await lockedWalletBalance(tx, userId);
  const balanceAfter = balance + entry.amount;
  if (balanceAfter < 0) {
    const message = COMMERCE_MESSAGES.walletInsufficient(formatToman(balance, { zeroIsFree: false }));
    throw new ApiError(422, message, { amount: [message] });
  }
  const [row] = await tx
    .insert(walletEntries)
    .values({
      user_id: userId,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: balanceAfter,
      order_id: entry.orderId ?? null,
      gift_card_id: entry.giftCardId ?? null,
      reason: entry.reason ?? null,
      created_by: entry.createdBy ?? null,
    })
    .returning({ id: walletEntries.id });
  return { id: row!.id, balanceAfter };
}

/**
 * Moves the wallet shares of the orders `orderIds` in the transaction `tx` (issue 36 item 3): gives
 * them back (`return`: the orders were just cancelled) or takes them again (`take`: staff set a
 * cancelled order unpaid or paid), an entry each for those with a share.
 * @throws ApiError 422 on `amount` when a wallet no longer holds a share to take again
 */
export async function moveOrderWalletShares(tx: Db, orderIds: number[], direction: 'return' | 'take'): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx
    .select({ id: orders.id, user_id: orders.user_id, wallet_amount: orders.wallet_amount })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), gt(orders.wallet_amount, 0)));
  for (const row of rows) {
    const back = direction === 'return';
    await addWalletEntry(tx, row.user_id, {
      kind: back ? 'order_payment_returned' : 'order_payment',
      amount: back ? row.wallet_amount : -row.wallet_amount,
      orderId: row.id,
    });
  }
}

const entryColumns = {
  id: walletEntries.id,
  kind: walletEntries.kind,
  amount: walletEntries.amount,
  balance_after: walletEntries.balance_after,
  order_id: walletEntries.order_id,
  gift_card_code: giftCards.code,
  reason: walletEntries.reason,
  created_at: walletEntries.created_at,
};

/**
 * `GET /api/wallet` and the dashboard's view of a wallet: the user's balance in tomans and a page of
 * their entries, newest first (`per_page` at most 50).
 */
export async function getWallet(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<WalletPage> {
  const request = toPageRequest(query.page, query.per_page);
  const [rows, [total], balance] = await Promise.all([
    db
      .select(entryColumns)
      .from(walletEntries)
      .leftJoin(giftCards, eq(giftCards.id, walletEntries.gift_card_id))
      .where(eq(walletEntries.user_id, userId))
      .orderBy(desc(walletEntries.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.user_id, userId)),
    walletBalance(db, userId),
  ]);
  return { balance, data: rows.map(toEntry), meta: pageMeta(request, total?.n ?? 0) };
}

function toEntry(row: { created_at: Date } & Omit<WalletEntry, 'created_at'>): WalletEntry {
  return { ...row, created_at: toIso(row.created_at) };
}

/** One entry by id, as {@link getWallet} lists it. */
async function getEntry(db: Db, id: number): Promise<WalletEntry> {
  const [row] = await db.select(entryColumns).from(walletEntries).leftJoin(giftCards, eq(giftCards.id, walletEntries.gift_card_id)).where(eq(walletEntries.id, id));
  if (!row) throw notFound();
  return toEntry(row);
}

/**
 * `POST /api/wallet/gift-cards/redeem` (issue 36 item 3): marks the card `code` (as the redeem schema
 * cast it) redeemed by the user with one conditional update and credits its amount, in one
 * transaction: a card is redeemed once, however many try at once.
 * @returns the new `gift_card` entry
 * @throws ApiError 422 on `code`: unknown (`giftCardUnknown`), used (`giftCardUsed`) or expired (`giftCardExpired`)
 */
export async function redeemGiftCard(db: Db, userId: number, code: string): Promise<WalletEntry> {
  const entryId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [card] = await tx
      .update(giftCards)
      .set({ redeemed_by: userId, redeemed_at: sql`now()` })
      .where(and(eq(giftCards.code, code), isNull(giftCards.redeemed_at), or(isNull(giftCards.expires_at), gt(giftCards.expires_at, sql`now()`))))
      .returning({ id: giftCards.id, amount: giftCards.amount });
    if (!card) {
      const [found] = await tx.select({ redeemed_at: giftCards.redeemed_at }).from(giftCards).where(eq(giftCards.code, code));
      const message = !found ? COMMERCE_MESSAGES.giftCardUnknown : found.redeemed_at ? COMMERCE_MESSAGES.giftCardUsed : COMMERCE_MESSAGES.giftCardExpired;
      throw validationFailed({ code: [message] });
    }
    return (await addWalletEntry(tx, userId, { kind: 'gift_card', amount: card.amount, giftCardId: card.id })).id;
  });
  return getEntry(db, entryId);
}

/**
 * Staff's credit or debit of a user's wallet with a reason (issue 36 item 3), audited as a
 * `wallet_entry` created by the audit context's actor.
 * @returns the new entry
 * @throws ApiError 404 for an unknown user; 422 on `amount` when a debit is more than the balance
 */
export async function adjustWallet(db: Db, userId: number, input: WalletAdjustmentInput, audit: AuditContext): Promise<WalletEntry> {
  if (!(await getUserContacts(db, [userId])).has(userId)) throw notFound();
  const entryId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const credit = input.direction === 'credit';
    const kind = credit ? 'staff_credit' : 'staff_debit';
    const amount = credit ? input.amount : -input.amount;
    const { id, balanceAfter } = await addWalletEntry(tx, userId, { kind, amount, reason: input.reason, createdBy: audit.actorId });
    await audit.record(tx, {
      entity: 'wallet_entry',
      id,
      action: 'create',
      after: { user_id: userId, kind, amount, balance_after: balanceAfter, reason: input.reason },
    });
    return id;
  });
  return getEntry(db, entryId);
}

/** The dashboard's view of a user's wallet: {@link getWallet} with the user named; 404 for an unknown user. */
export async function getUserWallet(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<WalletPage> {
  const contact = (await getUserContacts(db, [userId])).get(userId);
  if (!contact) throw notFound();
  return { ...(await getWallet(db, userId, query)), user: { id: userId, ...contact } };
}

/** Query of the gift cards list: a page, and `q`, part of a code. */
export interface GiftCardListQuery {
  page?: number;
  per_page?: number;
  q?: string;
}

/** Gift cards as the dashboard shows them, with who redeemed and who made each. */
async function toGiftCards(db: Db, rows: (typeof giftCards.$inferSelect)[]): Promise<GiftCard[]> {
  const people = await getUserContacts(db, [...new Set(rows.flatMap((row) => [row.redeemed_by, row.created_by].filter((id): id is number => id !== null)))]);
  return rows.map((row) => {
    const redeemer = row.redeemed_by === null ? undefined : people.get(row.redeemed_by);
    const maker = row.created_by === null ? undefined : people.get(row.created_by);
    return {
      id: row.id,
      code: row.code,
      amount: row.amount,
      expires_at: toIso(row.expires_at),
      redeemed_by: redeemer && row.redeemed_by !== null ? { id: row.redeemed_by, full_name: redeemer.full_name, email: redeemer.email } : null,
      redeemed_at: toIso(row.redeemed_at),
      created_by: maker && row.created_by !== null ? { id: row.created_by, full_name: maker.full_name } : null,
      created_at: toIso(row.created_at),
    };
  });
}

/** A page of gift cards, newest first, those whose code contains `q` (any case). */
export async function listGiftCards(db: Db, query: GiftCardListQuery) {
  const request = toPageRequest(query.page, query.per_page);
  const text = query.q?.trim().toUpperCase();
  const where = text ? ilike(giftCards.code, `%${escapeLike(text)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(giftCards).where(where).orderBy(desc(giftCards.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(giftCards).where(where),
  ]);
  return { data: await toGiftCards(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/** Letters and digits of a made code, without the look-alikes 0/O and 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Length of a made code: 32^12 codes, too many to guess at the redeem limit. */
const MADE_CODE_LENGTH = 12;

function madeCode(): string {
  return Array.from({ length: MADE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * Makes a gift card (issue 36 item 3) with the given code, or a random one of 12 characters when
 * none is given; audited as a `gift_card` created by the audit context's actor.
 * @throws ApiError 422 on `code` (`giftCardCodeTaken`) for a code in use
 */
export async function createGiftCard(db: Db, input: GiftCardInput, audit: AuditContext): Promise<GiftCard> {
  try {
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [card] = await tx
        .insert(giftCards)
        .values({ code: input.code ?? madeCode(), amount: input.amount, expires_at: input.expires_at ? new Date(input.expires_at) : null, created_by: audit.actorId })
        .returning();
      await audit.record(tx, { entity: 'gift_card', id: card!.id, action: 'create', after: { code: card!.code, amount: card!.amount, expires_at: card!.expires_at } });
      return card!;
    });
    return (await toGiftCards(db, [row]))[0]!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw validationFailed({ code: [COMMERCE_MESSAGES.giftCardCodeTaken] });
    throw error;
  }
}

/**
 * Deletes a gift card nobody redeemed (issue 36 item 3), audited.
 * @throws ApiError 404 for an unknown card; 422 `giftCardRedeemedNotDeletable` for a redeemed one
 */
export async function deleteGiftCard(db: Db, id: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [card] = await tx.delete(giftCards).where(and(eq(giftCards.id, id), isNull(giftCards.redeemed_at))).returning();
    if (card) {
      await audit.record(tx, { entity: 'gift_card', id, action: 'delete', before: { code: card.code, amount: card.amount, expires_at: card.expires_at } });
      return;
    }
    const [found] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, id));
    if (!found) throw notFound();
    throw new ApiError(422, COMMERCE_MESSAGES.giftCardRedeemedNotDeletable);
  });
}

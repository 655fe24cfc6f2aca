/**
 * The cart of a signed-in user or of a visitor (issue 6; issue 25 "a visitor's cart"; SPEC §2
 * /shopping-cart, §8 messages). Owns `carts` and `cart_items`: a user has at most one cart, and so
 * has a visitor's cookie token (by its sha256 hash), each made on the first add.
 * Prices always come from the database, never from the client; a course is in a cart at most
 * once (the primary key says so, not a check-then-write).
 */
import { and, asc, eq, inArray, isNull, lt, not, sql, type SQL } from 'drizzle-orm';
import type { Cart, CartDiscount, CartItem } from '@shop/contracts';
import type { Db } from '../../db/client';
import { cartItems, carts, products } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { COMMERCE_MESSAGES } from './messages';
import { discountFor, discountRefused, findDiscountCode } from './discount-codes';
import { openOrdersOfCourses } from './own-orders';
import { hasBoughtProduct, ownsProductSql } from './ownership';

/** 422 about the `product_id` field, with the message as its field error too. */
const refuseProduct = (message: string) => new ApiError(422, message, { product_id: [message] });

/**
 * Whose cart (issue 25): a user's, or a visitor's by the sha256 hex of their cookie token (null:
 * no cookie, or one naming no cart; such a cart reads empty and is made on the next add).
 */
export type CartOwner = { userId: number } | { visitorTokenHash: string | null };

/** An owner whose cart can be made: a user, or a visitor with a token. */
export type NamedCartOwner = { userId: number } | { visitorTokenHash: string };

/** The condition on `carts` that picks the owner's cart (none for a visitor without one). */
const ownerIs = (owner: CartOwner): SQL =>
  'userId' in owner
    ? eq(carts.user_id, owner.userId)
    : owner.visitorTokenHash === null
      ? sql`false`
      : eq(carts.visitor_token_hash, owner.visitorTokenHash);

/**
 * The cart's items on active courses (for a user: not yet owned), oldest first, priced now
 * (tomans): what the cart shows and what checkout sells (a course bought meanwhile drops out).
 */
export async function cartItemsOf(db: Db, owner: CartOwner): Promise<CartItem[]> {
  const rows = await db
    .select({
      product_id: products.id,
      title: products.title,
      slug: products.slug,
      image: products.image,
      price: products.price,
      added_at: cartItems.created_at,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cart_id))
    .innerJoin(products, eq(products.id, cartItems.product_id))
    .where(
      and(
        ownerIs(owner),
        eq(products.is_active, true),
        'userId' in owner ? not(ownsProductSql(owner.userId, products.id)) : undefined,
      ),
    )
    .orderBy(asc(cartItems.created_at), asc(products.id));
  return rows.map((row) => ({ ...row, added_at: toIso(row.added_at) }));
}

/**
 * `GET /api/cart`: the items of {@link cartItemsOf}, their subtotal, the kept discount code priced
 * now (issue 25; with `problem` set when it no longer fits) and the total to pay, tomans.
 * `holdMinutes`: how long an unpaid order holds a code (settings' DISCOUNT_HOLD_MINUTES).
 */
export async function getCart(db: Db, owner: CartOwner, holdMinutes: number): Promise<Cart> {
  const items = await cartItemsOf(db, owner);
  const subtotal = items.reduce((sum, item) => sum + item.price, 0);
  const discount = await keptDiscount(db, owner, items, holdMinutes);
  return { items, subtotal_price: subtotal, discount, total_price: subtotal - (discount?.amount ?? 0) };
}

/** The id of the discount code kept on the owner's cart, or null (issue 25). */
export async function cartDiscountCodeId(db: Db, owner: CartOwner): Promise<number | null> {
  const [cart] = await db.select({ codeId: carts.discount_code_id }).from(carts).where(ownerIs(owner));
  return cart?.codeId ?? null;
}

/** The buyer whose uses of a code count against its per-user cap: a user, none for a visitor. */
const buyerOf = (owner: CartOwner) => ('userId' in owner ? owner.userId : null);

/**
 * The orders whose uses of a code the cart's pricing leaves out (issue 32 item 2): a user's open
 * orders of exactly the cart's courses, which checkout answers again or replaces; none for a visitor.
 */
async function ownOpenOrderIds(db: Db, owner: CartOwner, items: CartItem[]): Promise<number[]> {
  if (!('userId' in owner)) return [];
  return (await openOrdersOfCourses(db, owner.userId, items.map((item) => item.product_id))).map((order) => order.id);
}

/**
 * The kept code priced on `items`, or with its refusal as `problem` and nothing off; null without
 * one. A visitor's cart is priced without the per-user cap, which checkout checks once signed in.
 */
async function keptDiscount(db: Db, owner: CartOwner, items: CartItem[], holdMinutes: number): Promise<CartDiscount | null> {
  const codeId = await cartDiscountCodeId(db, owner);
  const pricing =
    codeId === null
      ? null
      : await discountFor(db, items, codeId, buyerOf(owner), { holdMinutes, exceptOrderIds: await ownOpenOrderIds(db, owner, items) });
  if (!pricing) return null;
  if (pricing.ok) return pricing.discount;
  const { code, kind, value } = pricing.code;
  return { code, kind, value, amount: 0, product_ids: [], problem: pricing.refusal };
}

/**
 * `PUT /api/cart/discount-code` (issue 25): keeps the code on the owner's cart when it applies now
 * (the cart holds items, so it exists; a visitor without a cart is refused as an empty cart).
 * An empty cart is refused before the code is looked up, so it tells nothing about the code; an
 * unknown code reads as an inactive, not started, expired or used-up one (issue 31 item 2).
 * @throws ApiError 422 on `code` with its Persian refusal: empty cart; `discountInvalid` (unknown,
 * inactive, not started, expired, used up); used by you, not for these courses, under the minimum
 * @returns the cart priced with it
 */
export async function applyDiscountCode(db: Db, owner: CartOwner, text: string, holdMinutes: number): Promise<Cart> {
  const items = await cartItemsOf(db, owner);
  if (items.length === 0) throw discountRefused(COMMERCE_MESSAGES.discountEmptyCart);
  const code = await findDiscountCode(db, text);
  if (!code) throw discountRefused(COMMERCE_MESSAGES.discountInvalid);
  const pricing = await discountFor(db, items, code.id, buyerOf(owner), { holdMinutes, exceptOrderIds: await ownOpenOrderIds(db, owner, items) });
  if (!pricing) throw discountRefused(COMMERCE_MESSAGES.discountInvalid);
  if (!pricing.ok) throw discountRefused(pricing.refusal);
  await db.update(carts).set({ discount_code_id: code.id, updated_at: sql`now()` }).where(ownerIs(owner));
  return getCart(db, owner, holdMinutes);
}

/** `DELETE /api/cart/discount-code` (issue 25): takes the code off the owner's cart (none is fine). */
export async function removeDiscountCode(db: Db, owner: CartOwner, holdMinutes: number): Promise<Cart> {
  await db.update(carts).set({ discount_code_id: null, updated_at: sql`now()` }).where(ownerIs(owner));
  return getCart(db, owner, holdMinutes);
}

/** The id of the owner's cart, made when they have none (a visitor's needs its token's hash); touches `updated_at`. */
async function cartIdOf(db: Db, owner: NamedCartOwner): Promise<number> {
  const [cart] = await db
    .insert(carts)
    .values('userId' in owner ? { user_id: owner.userId } : { visitor_token_hash: owner.visitorTokenHash })
    .onConflictDoUpdate({ target: 'userId' in owner ? carts.user_id : carts.visitor_token_hash, set: { updated_at: sql`now()` } })
    .returning({ id: carts.id });
  return cart!.id;
}

/** The owner's cart's id as a subquery (no row when they have none). */
const cartOf = (db: Db, owner: CartOwner) => db.select({ id: carts.id }).from(carts).where(ownerIs(owner));

/** True when the visitor's token hash names a cart (else an add makes a new token and cart). */
export async function visitorCartExists(db: Db, visitorTokenHash: string): Promise<boolean> {
  const [row] = await cartOf(db, { visitorTokenHash });
  return !!row;
}

/**
 * `POST /api/cart` (SPEC §8; issue 25 for visitors): adds an active course, making the owner's
 * cart on the first add (the route first refuses it while selling is off: support's
 * `assertSellingOpen`). 422 `productUnavailable` for an
 * unknown or inactive course, `productAlreadyBought` when a user owns it, `productAlreadyInCart`
 * when the primary key (cart, course) already holds it.
 */
export async function addToCart(db: Db, owner: NamedCartOwner, productId: number): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.is_active, true)));
  if (!product) throw refuseProduct(COMMERCE_MESSAGES.productUnavailable);
  if ('userId' in owner && (await hasBoughtProduct(db, owner.userId, productId))) throw refuseProduct(COMMERCE_MESSAGES.productAlreadyBought);
  try {
    await db.insert(cartItems).values({ cart_id: await cartIdOf(db, owner), product_id: productId });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw refuseProduct(COMMERCE_MESSAGES.productAlreadyInCart);
    throw error;
  }
}

/** `DELETE /api/cart/:productId`: 404 when the course is not in the owner's cart. */
export async function removeFromCart(db: Db, owner: CartOwner, productId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(inArray(cartItems.cart_id, cartOf(db, owner)), eq(cartItems.product_id, productId)))
    .returning({ id: cartItems.product_id });
  if (removed.length === 0) throw notFound();
  await db.update(carts).set({ updated_at: sql`now()` }).where(ownerIs(owner));
}

/**
 * Takes bought courses out of the user's cart (a paid or free order), and the discount code it
 * kept: the order used it (issue 25; a later cart starts without one, as WooCommerce's does).
 */
export async function removeBoughtFromCart(db: Db, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.delete(cartItems).where(and(inArray(cartItems.cart_id, cartOf(db, { userId })), inArray(cartItems.product_id, productIds)));
  await db.update(carts).set({ discount_code_id: null }).where(eq(carts.user_id, userId));
}

/** True when the course is in the user's cart (course page `in_cart`). */
export async function isInCart(db: Db, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.product_id })
    .from(cartItems)
    .where(and(inArray(cartItems.cart_id, cartOf(db, { userId })), eq(cartItems.product_id, productId)));
  return !!row;
}

/**
 * Merges a visitor's cart into the user's as they sign in or register (issue 25), in one
 * transaction: the visitor's courses that are active, not owned by the user and not already in
 * their cart join it (keeping when they were added); the user's applied discount code wins, else
 * the visitor's carries over; the visitor's cart is deleted. Nothing happens when the hash names
 * no cart (a second sign-in with the same cookie finds it gone). Prices are never copied: a cart
 * is always priced now.
 */
export async function mergeVisitorCart(db: Db, userId: number, visitorTokenHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .select({ id: carts.id, discount_code_id: carts.discount_code_id })
      .from(carts)
      .where(eq(carts.visitor_token_hash, visitorTokenHash))
      .for('update');
    if (!visitor) return;
    const [mine] = await tx
      .insert(carts)
      .values({ user_id: userId, discount_code_id: visitor.discount_code_id })
      .onConflictDoUpdate({
        target: carts.user_id,
        set: { updated_at: sql`now()`, discount_code_id: sql`coalesce(${carts.discount_code_id}, excluded.discount_code_id)` },
      })
      .returning({ id: carts.id });
    await tx
      .insert(cartItems)
      .select(
        tx
          .select({ cart_id: sql<number>`${mine!.id}`.as('cart_id'), product_id: cartItems.product_id, created_at: cartItems.created_at })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.product_id))
          .where(and(eq(cartItems.cart_id, visitor.id), eq(products.is_active, true), not(ownsProductSql(userId, cartItems.product_id)))),
      )
      .onConflictDoNothing();
    await tx.delete(carts).where(eq(carts.id, visitor.id));
  });
}

/**
 * Deletes visitors' carts (and their items) untouched for `days` days (issue 25: 30, the
 * cookie's lifetime); run periodically by the cart routes.
 * @returns how many carts were deleted
 */
export async function deleteStaleVisitorCarts(db: Db, days: number): Promise<number> {
  const deleted = await db
    .delete(carts)
    .where(and(isNull(carts.user_id), lt(carts.updated_at, new Date(Date.now() - days * 24 * 60 * 60 * 1000))))
    .returning({ id: carts.id });
  return deleted.length;
}

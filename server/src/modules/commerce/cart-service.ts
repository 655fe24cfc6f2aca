/**
 * The signed-in user's cart (issue 6; SPEC §2 /shopping-cart, §8 messages). Owns `cart_items`.
 * Prices always come from the database, never from the client; a course is in a cart at most
 * once (the primary key says so, not a check-then-write).
 */
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Cart, CartItem } from '@shop/contracts';
import type { Db } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { MESSAGES } from '../../lib/messages';
import { getSiteInformation } from '../support/support-service';
import { hasBoughtProduct, ownsProductSql } from './ownership';

/**
 * Throws 403 `sellingClosed` while the site's selling switch (site_settings.selling_enabled,
 * SPEC §1) is off: adding to the cart, checkout and paying are refused.
 */
export async function assertSellingOpen(db: Db): Promise<void> {
  if (!(await getSiteInformation(db)).selling_enabled) throw new ApiError(403, MESSAGES.sellingClosed);
}

/** 422 about the `product_id` field, with the message as its field error too. */
const refuseProduct = (message: string) => new ApiError(422, message, { product_id: [message] });

/**
 * The user's cart items on active courses not yet owned, oldest first, priced now (tomans): what
 * the cart shows and what checkout sells (a course bought meanwhile drops out).
 */
export async function cartItemsOf(db: Db, userId: number): Promise<CartItem[]> {
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
    .innerJoin(products, eq(products.id, cartItems.product_id))
    .where(
      and(
        eq(cartItems.user_id, userId),
        eq(products.is_active, true),
        not(ownsProductSql(userId, products.id)),
      ),
    )
    .orderBy(asc(cartItems.created_at), asc(products.id));
  return rows.map((row) => ({ ...row, added_at: toIso(row.added_at) }));
}

/** `GET /api/cart`: the items of {@link cartItemsOf} and their total, tomans. */
export async function getCart(db: Db, userId: number): Promise<Cart> {
  const items = await cartItemsOf(db, userId);
  return { items, total_price: items.reduce((sum, item) => sum + item.price, 0) };
}

/**
 * `POST /api/cart` (SPEC §8): adds an active course. 403 `sellingClosed` while selling is off;
 * 422 `productUnavailable` for an unknown or inactive course, `productAlreadyBought` when owned,
 * `productAlreadyInCart` when the primary key (user, course) already holds it.
 * @returns the cart after the add
 */
export async function addToCart(db: Db, userId: number, productId: number): Promise<Cart> {
  await assertSellingOpen(db);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.is_active, true)));
  if (!product) throw refuseProduct(MESSAGES.productUnavailable);
  if (await hasBoughtProduct(db, userId, productId)) throw refuseProduct(MESSAGES.productAlreadyBought);
  try {
    await db.insert(cartItems).values({ user_id: userId, product_id: productId });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw refuseProduct(MESSAGES.productAlreadyInCart);
    throw error;
  }
  return getCart(db, userId);
}

/** `DELETE /api/cart/:productId`: 404 when the course is not in the cart. @returns the cart after */
export async function removeFromCart(db: Db, userId: number, productId: number): Promise<Cart> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.user_id, userId), eq(cartItems.product_id, productId)))
    .returning({ id: cartItems.product_id });
  if (removed.length === 0) throw notFound();
  return getCart(db, userId);
}

/** Takes bought courses out of the user's cart (a paid or free order). */
export async function removeBoughtFromCart(db: Db, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.user_id, userId), inArray(cartItems.product_id, productIds)));
}

/** True when the course is in the user's cart (course page `in_cart`). */
export async function isInCart(db: Db, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.product_id })
    .from(cartItems)
    .where(and(eq(cartItems.user_id, userId), eq(cartItems.product_id, productId)));
  return !!row;
}

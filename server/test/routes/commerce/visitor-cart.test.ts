import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Cart, ProductDetail } from '@shop/contracts';
import { carts, discountCodes, products } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { hashToken } from '../../../src/modules/users/access-tokens';
import { deleteStaleVisitorCarts } from '../../../src/modules/commerce/cart-service';
import { DB_TARGETS, buildTestApp, csrfHeaders, setCookie, tempDir } from '../../helpers/test-app';
import { addToCart, buy, newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { COMMERCE_MESSAGES } from '../../../src/modules/commerce';

/** A visitor as the browser is: the XSRF pair, and the cart cookie once the server set one. */
interface Visitor {
  xsrf: string;
  cartToken?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Secret123';

describe.each(DB_TARGETS)('a visitor’s cart (issue 25) on %s', (target) => {
  let app: FastifyInstance;
  let courses: number[];

  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false, publicCacheMs: 60_000 });
    courses = [];
    for (const price of [120_000, 80_000, 50_000, 30_000]) courses.push((await newCourse(app, { price })).id);
  });
  afterAll(() => app.close());

  const newVisitor = async (): Promise<Visitor> => ({ xsrf: (await csrfHeaders(app))['x-xsrf-token'] });
  const headersOf = (visitor: Visitor) => ({
    cookie: `XSRF-TOKEN=${visitor.xsrf}${visitor.cartToken ? `; visitor_cart=${visitor.cartToken}` : ''}`,
    'x-xsrf-token': visitor.xsrf,
  });
  /** Sends as the visitor and keeps the cart cookie the answer sets. */
  const send = async (visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> => {
    const response = await app.inject({ method, url, headers: headersOf(visitor), ...(payload ? { payload } : {}) });
    const cookie = setCookie(response, 'visitor_cart');
    if (cookie) visitor.cartToken = cookie.value || undefined;
    return response;
  };
  const cartOf = async (visitor: Visitor) => (await send(visitor, 'GET', '/api/cart')).json<{ data: Cart }>().data;
  const add = (visitor: Visitor, productId: number) => send(visitor, 'POST', '/api/cart', { product_id: productId });
  const ids = (cart: Cart) => cart.items.map((item) => item.product_id);
  const cartRowOf = async (token: string) => (await app.db.select().from(carts).where(eq(carts.visitor_token_hash, hashToken(token))))[0];
  const discountCode = async (code: string) =>
    (await app.db.insert(discountCodes).values({ code, kind: 'percent', value: 10 }).returning({ id: discountCodes.id }))[0]!.id;

  it('reads an empty cart for a visitor without a cart, and sets no cookie', async () => {
    const response = await app.inject({ url: '/api/cart' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { items: [], subtotal_price: 0, discount: null, total_price: 0 } });
    expect(response.cookies).toEqual([]);
  });

  it('makes the cart on the first add, with an httpOnly, lax, 30-day cookie for the whole site, then lists and removes', async () => {
    const visitor = await newVisitor();
    const first = await add(visitor, courses[0]!);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('دوره به سبد خرید اضافه شد.');
    const cookie = setCookie(first, 'visitor_cart')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie(first, 'visitor_cart_hint')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60 });
    expect(setCookie(first, 'visitor_cart_hint')!.httpOnly).toBeUndefined();
    // Only the token's hash is kept.
    expect(await cartRowOf(cookie.value)).toMatchObject({ user_id: null, visitor_token_hash: hashToken(cookie.value) });

    expect((await add(visitor, courses[1]!)).statusCode).toBe(201);
    expect(visitor.cartToken).toBe(cookie.value);
    const cart = await cartOf(visitor);
    expect(ids(cart)).toEqual([courses[0], courses[1]]);
    expect(cart.total_price).toBe(200_000);

    const duplicate = await add(visitor, courses[0]!);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe('این دوره در سبد خرید شما هست.');

    const removed = await send(visitor, 'DELETE', `/api/cart/${courses[0]}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ data: Cart }>().data).toMatchObject({ total_price: 80_000, items: [{ product_id: courses[1] }] });
    expect((await send(visitor, 'DELETE', `/api/cart/${courses[0]}`)).statusCode).toBe(404);
  });

  it('makes no cart and sets no cookie for a refused add, and refuses a write without the XSRF token', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(carts);
    const visitor = await newVisitor();
    const refused = await add(visitor, 999_999);
    expect(refused.statusCode).toBe(422);
    expect(refused.cookies).toEqual([]);
    const forged = await app.inject({ method: 'POST', url: '/api/cart', payload: { product_id: courses[0] } });
    expect(forged.statusCode).toBe(419);
    expect(forged.cookies).toEqual([]);
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(carts)).toEqual(before);
  });

  it('reads an unknown or tampered cookie as an empty cart, and makes a new token on the next add', async () => {
    const owner = await newVisitor();
    await add(owner, courses[2]!);
    for (const forged of [`${owner.cartToken!.slice(0, -1)}x`, 'x'.repeat(500), '']) {
      const stranger: Visitor = { ...(await newVisitor()), cartToken: forged };
      expect(ids(await cartOf(stranger))).toEqual([]);
      expect((await send(stranger, 'DELETE', `/api/cart/${courses[2]}`)).statusCode).toBe(404);
    }
    const stranger: Visitor = { ...(await newVisitor()), cartToken: `${owner.cartToken!.slice(0, -1)}x` };
    expect((await add(stranger, courses[3]!)).statusCode).toBe(201);
    expect(stranger.cartToken).not.toMatch(/x$/);
    expect(await cartRowOf(`${owner.cartToken!.slice(0, -1)}x`)).toBeUndefined();
    // Two visitors' carts stay apart.
    expect(ids(await cartOf(stranger))).toEqual([courses[3]]);
    expect(ids(await cartOf(owner))).toEqual([courses[2]]);
  });

  it('merges the cart at login: no course twice, owned and inactive ones dropped, cookies cleared, visitor cart gone', async () => {
    const user = await newBuyer(app);
    const [email] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    const inactive = (await newCourse(app, { price: 10_000 })).id;
    await buy(app, user, courses[1]!);
    await addToCart(app, user, courses[0]!);

    const visitor = await newVisitor();
    for (const id of [courses[2]!, courses[0]!, courses[1]!, inactive]) expect((await add(visitor, id)).statusCode).toBe(201);
    await app.db.update(products).set({ is_active: false }).where(eq(products.id, inactive));
    const token = visitor.cartToken!;

    const login = await send(visitor, 'POST', '/api/auth/login', { email: email!.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    for (const name of ['visitor_cart', 'visitor_cart_hint']) {
      expect(setCookie(login, name)).toMatchObject({ value: '', path: '/', expires: new Date(0) });
    }
    expect(await cartRowOf(token)).toBeUndefined();
    // Read with the bearer token the login answered (API clients), as with its cookie (the browser).
    const bearer = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const merged = (await app.inject({ url: '/api/cart', headers: bearer })).json<{ data: Cart }>().data;
    expect(ids(merged)).toEqual([courses[0], courses[2]]);
    const auth = setCookie(login, 'auth_token')!.value;
    expect(ids((await app.inject({ url: '/api/cart', headers: { cookie: `auth_token=${auth}` } })).json<{ data: Cart }>().data)).toEqual([courses[0], courses[2]]);
    await app.db.update(products).set({ is_active: true }).where(eq(products.id, inactive));
    // The inactive course was dropped, not kept aside.
    expect(ids((await app.inject({ url: '/api/cart', headers: bearer })).json<{ data: Cart }>().data)).toEqual([courses[0], courses[2]]);

    // Signing in again with the old cookie finds nothing to merge.
    const again = await send({ ...(await newVisitor()), cartToken: token }, 'POST', '/api/auth/login', { email: email!.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(ids((await app.inject({ url: '/api/cart', headers: bearer })).json<{ data: Cart }>().data)).toEqual([courses[0], courses[2]]);
  });

  it('merges the cart at registration, into the new account’s cart', async () => {
    const visitor = await newVisitor();
    await add(visitor, courses[3]!);
    await add(visitor, courses[2]!);
    const email = `visitor-${Date.now()}@example.com`;
    const register = await send(visitor, 'POST', '/api/auth/register', {
      full_name: 'مهمان خریدار',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(register.statusCode).toBe(201);
    expect(setCookie(register, 'visitor_cart')).toMatchObject({ value: '' });
    const bearer = { authorization: `Bearer ${register.json<{ token: string }>().token}` };
    expect(ids((await app.inject({ url: '/api/cart', headers: bearer })).json<{ data: Cart }>().data)).toEqual([courses[3], courses[2]]);
  });

  it('keeps the user’s applied discount code at a merge, else takes the visitor’s', async () => {
    const [mine, theirs, other] = [await discountCode(`MINE${Date.now()}`), await discountCode(`THEIRS${Date.now()}`), await discountCode(`OTHER${Date.now()}`)];
    const login = async (userId: number, visitor: Visitor) => {
      const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      expect((await send(visitor, 'POST', '/api/auth/login', { email: row!.email, password: PASSWORD })).statusCode).toBe(200);
      return (await app.db.select({ code: carts.discount_code_id }).from(carts).where(eq(carts.user_id, userId)))[0]?.code;
    };
    const withCode = async (code: number) => {
      const visitor = await newVisitor();
      await add(visitor, courses[0]!);
      await app.db.update(carts).set({ discount_code_id: code }).where(eq(carts.visitor_token_hash, hashToken(visitor.cartToken!)));
      return visitor;
    };

    const keeper = await newBuyer(app);
    await addToCart(app, keeper, courses[2]!);
    await app.db.update(carts).set({ discount_code_id: mine }).where(eq(carts.user_id, keeper.id));
    expect(await login(keeper.id, await withCode(theirs))).toBe(mine);

    const taker = await newBuyer(app);
    expect(await login(taker.id, await withCode(other))).toBe(other);
  });

  it('lets a visitor apply a discount code to their cart and take it off; one without a cart is refused as empty', async () => {
    const code = `VISIT${Date.now()}`;
    await discountCode(code);
    const empty = await newVisitor();
    const refused = await send(empty, 'PUT', '/api/cart/discount-code', { code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([COMMERCE_MESSAGES.discountEmptyCart]);
    const visitor = await newVisitor();
    await add(visitor, courses[0]!);
    const applied = await send(visitor, 'PUT', '/api/cart/discount-code', { code: code.toLowerCase() });
    expect(applied.statusCode).toBe(200);
    const cart = applied.json<{ data: Cart }>().data;
    expect(cart.discount).toMatchObject({ code, product_ids: [courses[0]], problem: null });
    expect(cart.total_price).toBe(cart.subtotal_price - cart.discount!.amount);
    expect((await send(visitor, 'DELETE', '/api/cart/discount-code')).json<{ data: Cart }>().data.discount).toBeNull();
  });

  it('never puts a visitor’s cart in a shared answer: the course’s `in_cart` is theirs to read from the cart', async () => {
    const visitor = await newVisitor();
    await add(visitor, courses[0]!);
    const detail = await send(visitor, 'GET', `/api/products/${courses[0]}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: ProductDetail }>().data.in_cart).toBe(false);
    const anyone = await app.inject({ url: `/api/products/${courses[0]}` });
    expect(anyone.body).toBe(detail.body);
    expect(ids(await cartOf(visitor))).toEqual([courses[0]]);
  });

  it('deletes visitors’ carts untouched for 30 days, and no user’s cart', async () => {
    const old = await newVisitor();
    await add(old, courses[0]!);
    const recent = await newVisitor();
    await add(recent, courses[1]!);
    const user = await newBuyer(app);
    await addToCart(app, user, courses[3]!);
    const age = (days: number) => new Date(Date.now() - days * DAY_MS);
    await app.db.update(carts).set({ updated_at: age(31) }).where(eq(carts.visitor_token_hash, hashToken(old.cartToken!)));
    await app.db.update(carts).set({ updated_at: age(29) }).where(eq(carts.visitor_token_hash, hashToken(recent.cartToken!)));
    await app.db.update(carts).set({ updated_at: age(400) }).where(eq(carts.user_id, user.id));

    expect(await deleteStaleVisitorCarts(app.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await cartRowOf(old.cartToken!)).toBeUndefined();
    expect(ids(await cartOf(old))).toEqual([]);
    expect(ids(await cartOf(recent))).toEqual([courses[1]]);
    const left = await app.db.select({ id: carts.id }).from(carts).where(inArray(carts.user_id, [user.id]));
    expect(left).toHaveLength(1);
  });
});

/** index.html and islands.html of a shell build (as in page-renderer.test.ts). */
const shellPage = (entry: string) => `<!doctype html><html lang="fa" dir="rtl"><head>
<script id="remote-list" type="application/json"><!--REMOTE_LIST--></script>
<script defer src="/${entry}.1a2b3c4d.js"></script></head><body><div id=root></div></body></html>`;

/** A stand-in shell server bundle that shows what it was given: whether a visitor, and their cookies. */
const SHELL_SERVER = `
const { Readable } = require('node:stream');
let renders = 0;
module.exports = Promise.resolve({
  async renderPage({ url, visitor, readerCookie }) {
    renders += 1;
    return { status: 200, html: Readable.from([JSON.stringify({ url, visitor, readerCookie: readerCookie ?? null, renders })]), state: () => '{}', head: '' };
  },
});`;

describe('a visitor’s cart and the server-rendered pages (PGlite)', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const root = tempDir('shop-vcart-ssr-');
    const shellDist = path.join(root, 'shell', 'dist');
    fs.mkdirSync(path.join(shellDist, 'server'), { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'index.html'), shellPage('main'));
    fs.writeFileSync(path.join(shellDist, 'islands.html'), shellPage('islands'));
    fs.writeFileSync(path.join(shellDist, 'server', 'main.js'), SHELL_SERVER);
    app = await buildTestApp('pglite', { seed: false, serveStatic: true, shellDist, remotesRoot: path.join(root, 'remotes'), dataDir: path.join(root, 'data'), publicCacheMs: 60_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('renders a course page for a visitor holding a cart as for any visitor: without their cookies, kept and shared', async () => {
    const course = (await newCourse(app, { price: 70_000 })).id;
    const csrf = await csrfHeaders(app);
    const added = await app.inject({ method: 'POST', url: '/api/cart', headers: csrf, payload: { product_id: course } });
    expect(added.statusCode).toBe(201);
    const cookie = `visitor_cart=${setCookie(added, 'visitor_cart')!.value}; visitor_cart_hint=1`;

    const page = async (withCookie: boolean) => {
      const response = await fetch(`${base}/products/${course}`, { headers: { accept: 'text/html', ...(withCookie ? { cookie } : {}) } });
      expect(response.status).toBe(200);
      const html = await response.text();
      return JSON.parse(/\{"url".*?\}/.exec(html)![0]) as { visitor: boolean; readerCookie: string | null; renders: number };
    };
    const holder = await page(true);
    expect(holder).toMatchObject({ visitor: true, readerCookie: null });
    // The next visitor, without a cart, gets the same kept page: no render saw the cart's cookie.
    expect(await page(false)).toEqual(holder);
  });
});

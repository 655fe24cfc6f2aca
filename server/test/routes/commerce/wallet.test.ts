/**
 * The wallet and gift cards (issue 36 item 3): a wallet is ledger entries whose sum is the balance and
 * never negative; gift cards are redeemed once; staff credit and debit with a reason and may refund to
 * the wallet; checkout pays from the wallet in full or in part and the gateway the rest; a cancelled
 * order gives its share back; two checkouts at once never spend the same credit.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer, GiftCard, Order, Paginated, Refund, WalletEntry, WalletPage } from '@shop/contracts';
import { orderItems, walletEntries } from '../../../src/modules/commerce/tables';
import { newStaff } from '../../helpers/dashboard-actors';
import { addToCart, callback, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const FINANCIAL = '/api/dashboard/financial-info';

describe.each(DB_TARGETS)('the wallet on %s', (target) => {
  let app: FastifyInstance;
  let staff: { authorization: string };

  beforeAll(async () => {
    // The demo data (its permissions, and its gift card HEDIEH100); limits high for the many buyers and tries.
    app = await buildTestApp(target, { publicUrl: 'https://shop.example', rateLimit: { register: 1_000, checkout: 1_000, giftCardRedeem: 1_000 } });
    staff = await newStaff(app, ['manage-refunds']);
  }, 120_000);
  afterAll(() => app?.close());

  const wallet = async (buyer: Buyer) => (await app.inject({ url: '/api/wallet', headers: buyer.headers })).json<WalletPage>();
  const credit = (buyer: Buyer, amount: number, direction: 'credit' | 'debit' = 'credit') =>
    app.inject({ method: 'POST', url: `${FINANCIAL}/wallets/${buyer.id}/entries`, headers: staff, payload: { direction, amount, reason: 'جبران تأخیر' } });
  const newGiftCard = async (amount: number, extra: Record<string, unknown> = {}) => {
    const response = await app.inject({ method: 'POST', url: `${FINANCIAL}/gift-cards`, headers: staff, payload: { amount, ...extra } });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: GiftCard }>().data;
  };
  const redeem = (buyer: Buyer, code: string) => app.inject({ method: 'POST', url: '/api/wallet/gift-cards/redeem', headers: buyer.headers, payload: { code } });
  const checkoutWithWallet = (buyer: Buyer) =>
    app.inject({ method: 'POST', url: '/api/checkout', headers: buyer.headers, payload: { use_wallet: true } });
  const orderOf = async (buyer: Buyer, id: number) => (await app.inject({ url: `/api/orders/${id}`, headers: buyer.headers })).json<{ data: Order }>().data;
  const owns = async (buyer: Buyer, productId: number) =>
    (await app.inject({ url: `/api/products/${productId}`, headers: buyer.headers })).json<{ data: { is_bought: boolean } }>().data.is_bought;

  it('starts empty, and answers 401 to a visitor', async () => {
    const buyer = await newBuyer(app);
    expect(await wallet(buyer)).toEqual({ balance: 0, data: [], meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 } });
    expect((await app.inject({ url: '/api/wallet' })).statusCode).toBe(401);
  });

  it('redeems a gift card once, typed in Persian digits and lower case; a second try and another user are refused in Persian', async () => {
    const card = await newGiftCard(100_000, { code: 'GIFT2026A' });
    expect(card).toMatchObject({ code: 'GIFT2026A', amount: 100_000, redeemed_by: null, expires_at: null });
    const buyer = await newBuyer(app);
    const response = await redeem(buyer, 'gift۲۰۲۶a');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: '۱۰۰٬۰۰۰ تومان به کیف پول شما افزوده شد.',
      data: { kind: 'gift_card', amount: 100_000, balance_after: 100_000, gift_card_code: 'GIFT2026A' },
    });
    const again = await redeem(buyer, 'GIFT2026A');
    expect([again.statusCode, again.json().errors]).toEqual([422, { code: ['این کارت هدیه پیش‌تر استفاده شده است.'] }]);
    const other = await newBuyer(app);
    expect((await redeem(other, 'GIFT2026A')).json().errors).toEqual({ code: ['این کارت هدیه پیش‌تر استفاده شده است.'] });
    expect((await redeem(other, 'NOSUCHCARD')).json().errors).toEqual({ code: ['کارت هدیه‌ای با این کد یافت نشد.'] });
    expect((await redeem(other, 'کارت')).statusCode).toBe(422);
    expect((await wallet(buyer)).balance).toBe(100_000);
    expect((await wallet(other)).balance).toBe(0);
  });

  it("redeems the demo's gift card HEDIEH100 for 100 000 tomans", async () => {
    const buyer = await newBuyer(app);
    expect((await redeem(buyer, 'hedieh100')).json().data).toMatchObject({ kind: 'gift_card', amount: 100_000, gift_card_code: 'HEDIEH100' });
    expect((await wallet(buyer)).balance).toBe(100_000);
  });

  it('redeems a card once when the same code is tried ten times at once', async () => {
    const card = await newGiftCard(40_000);
    expect(card.code).toMatch(/^[A-Z2-9]{12}$/);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => newBuyer(app)));
    const answers = await Promise.all([...buyers, ...buyers].map((buyer) => redeem(buyer, card.code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(422)]);
    const balances = await Promise.all(buyers.map(async (buyer) => (await wallet(buyer)).balance));
    expect(balances.sort((a, b) => b - a)).toEqual([40_000, 0, 0, 0, 0]);
  });

  it('refuses an expired card, and lets staff delete only an unused one', async () => {
    const card = await newGiftCard(10_000, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    await app.db.execute(`update gift_cards set expires_at = now() - interval '1 minute' where id = ${card.id}`);
    const buyer = await newBuyer(app);
    expect((await redeem(buyer, card.code)).json().errors).toEqual({ code: ['مهلت استفاده از این کارت هدیه گذشته است.'] });
    expect((await app.inject({ method: 'DELETE', url: `${FINANCIAL}/gift-cards/${card.id}`, headers: staff })).statusCode).toBe(200);
    const used = await newGiftCard(10_000);
    await redeem(buyer, used.code);
    const refused = await app.inject({ method: 'DELETE', url: `${FINANCIAL}/gift-cards/${used.id}`, headers: staff });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'این کارت هدیه استفاده شده است و حذف نمی‌شود.']);
    const list = (await app.inject({ url: `${FINANCIAL}/gift-cards?q=${used.code.slice(0, 6).toLowerCase()}`, headers: staff })).json<Paginated<GiftCard>>();
    expect(list.data.map((row) => [row.code, row.redeemed_by?.id])).toEqual([[used.code, buyer.id]]);
  });

  it('lets staff credit and debit with a reason, never below zero, and names the user; an ordinary user gets 403', async () => {
    const buyer = await newBuyer(app);
    expect((await credit(buyer, 30_000)).json()).toMatchObject({ message: 'مبلغ به کیف پول افزوده شد.', data: { kind: 'staff_credit', amount: 30_000, reason: 'جبران تأخیر' } });
    const over = await credit(buyer, 30_001, 'debit');
    expect([over.statusCode, over.json().errors]).toEqual([422, { amount: ['موجودی کیف پول (۳۰٬۰۰۰ تومان) برای این برداشت کافی نیست.'] }]);
    expect((await credit(buyer, 30_000, 'debit')).json().data).toMatchObject({ kind: 'staff_debit', amount: -30_000, balance_after: 0 });
    const bad = await app.inject({ method: 'POST', url: `${FINANCIAL}/wallets/${buyer.id}/entries`, headers: staff, payload: { direction: 'gift', amount: 0, reason: '' } });
    expect([bad.statusCode, Object.keys(bad.json().errors).sort()]).toEqual([422, ['amount', 'direction', 'reason']]);
    const view = (await app.inject({ url: `${FINANCIAL}/wallets/${buyer.id}`, headers: staff })).json<WalletPage>();
    expect([view.balance, view.user?.id, view.data.map((entry) => entry.amount)]).toEqual([0, buyer.id, [-30_000, 30_000]]);
    expect((await app.inject({ url: `${FINANCIAL}/wallets/999999`, headers: staff })).statusCode).toBe(404);
    expect((await app.inject({ url: `${FINANCIAL}/wallets/${buyer.id}`, headers: buyer.headers })).statusCode).toBe(403);
  });

  it('pays an order from the wallet in full: paid at once, no gateway, the course owned', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 50_000 });
    await credit(buyer, 80_000);
    await addToCart(app, buyer, course.id);
    const response = await checkoutWithWallet(buyer);
    expect(response.statusCode).toBe(201);
    const { order, payment } = response.json<{ data: CheckoutAnswer }>().data;
    expect([payment, order.payment_status, order.wallet_amount, order.total_price]).toEqual([null, 'paid', 50_000, 50_000]);
    expect(await owns(buyer, course.id)).toBe(true);
    const entries = (await wallet(buyer)).data;
    expect([entries[0]!.kind, entries[0]!.amount, entries[0]!.order_id, entries[0]!.balance_after]).toEqual(['order_payment', -50_000, order.id, 30_000]);
  });

  it('pays part from the wallet and asks the gateway only for the rest; the verified amount is the rest', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 120_000 });
    await credit(buyer, 20_000);
    await addToCart(app, buyer, course.id);
    const { order, payment } = (await checkoutWithWallet(buyer)).json<{ data: CheckoutAnswer }>().data;
    expect([order.payment_status, order.wallet_amount]).toEqual(['unpaid', 20_000]);
    expect(order.payments[0]!.amount).toBe(100_000);
    expect((await wallet(buyer)).balance).toBe(0);
    expect((await callback(app, buyer, payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('paid');
    expect(await owns(buyer, course.id)).toBe(true);
  });

  it('gives the share back when the unpaid order is cancelled, and then refuses its gateway payment', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 70_000 });
    await credit(buyer, 25_000);
    await addToCart(app, buyer, course.id);
    const { order, payment } = (await checkoutWithWallet(buyer)).json<{ data: CheckoutAnswer }>().data;
    expect((await wallet(buyer)).balance).toBe(0);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: buyer.headers })).statusCode).toBe(200);
    const after = await wallet(buyer);
    expect([after.balance, after.data[0]!.kind, after.data[0]!.order_id]).toEqual([25_000, 'order_payment_returned', order.id]);
    expect((await callback(app, buyer, payment!.token)).headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect(await owns(buyer, course.id)).toBe(false);
    expect((await wallet(buyer)).balance).toBe(25_000);
  });

  it('answers the same cart again with the same share, and replaces the order when the wallet choice changes', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 60_000 });
    await credit(buyer, 10_000);
    await addToCart(app, buyer, course.id);
    const first = (await checkoutWithWallet(buyer)).json<{ data: CheckoutAnswer }>().data.order;
    const again = await checkoutWithWallet(buyer);
    expect([again.statusCode, again.json<{ data: CheckoutAnswer }>().data.order.id]).toEqual([200, first.id]);
    expect((await wallet(buyer)).balance).toBe(0);
    const without = await checkout(app, buyer);
    const replaced = without.json<{ data: CheckoutAnswer }>().data.order;
    expect([without.statusCode, replaced.wallet_amount]).toEqual([201, 0]);
    expect((await orderOf(buyer, first.id)).payment_status).toBe('cancelled');
    expect((await wallet(buyer)).balance).toBe(10_000);
  });

  it('never spends the same credit twice when two checkouts of one wallet race', async () => {
    const buyer = await newBuyer(app);
    const [a, b] = [await newCourse(app, { price: 40_000 }), await newCourse(app, { price: 40_000 })];
    await credit(buyer, 50_000);
    await addToCart(app, buyer, a.id);
    await addToCart(app, buyer, b.id);
    const [one, two] = await Promise.all([checkoutWithWallet(buyer), checkoutWithWallet(buyer)]);
    const orders = [one, two].map((response) => response.json<{ data: CheckoutAnswer }>().data.order);
    expect(orders[0]!.id).toBe(orders[1]!.id);
    expect(orders[0]!.wallet_amount).toBe(50_000);
    const rows = await app.db.select().from(walletEntries).where(eq(walletEntries.user_id, buyer.id));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(rows.every((row) => row.balance_after >= 0)).toBe(true);
  });

  it('never spends the same credit twice when a checkout races a staff debit', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = await newBuyer(app);
      const course = await newCourse(app, { price: 30_000 });
      await credit(buyer, 30_000);
      await addToCart(app, buyer, course.id);
      const [bought, debited] = await Promise.all([checkoutWithWallet(buyer), credit(buyer, 30_000, 'debit')]);
      const order = bought.json<{ data: CheckoutAnswer }>().data.order;
      // Whichever came first took the 30 000; the other found nothing (the debit refused, or the order at the gateway in full).
      expect(order.wallet_amount + (debited.statusCode === 201 ? 30_000 : 0)).toBe(30_000);
      expect((await wallet(buyer)).balance).toBe(0);
    }
  });

  it('refunds to the wallet when staff choose it, once, and the list says where the money went', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 45_000 });
    await addToCart(app, buyer, course.id);
    const { order, payment } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    await callback(app, buyer, payment!.token);
    const [item] = await app.db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    const refund = (to?: string) =>
      app.inject({ method: 'POST', url: `${FINANCIAL}/money-refund-status`, headers: staff, payload: { order_item_id: item!.id, confirmation: 'بله', ...(to ? { to } : {}) } });
    const response = await refund('wallet');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'وجه به کیف پول خریدار بازگشت و دوره از حساب او برداشته شد.', data: { to: 'wallet', amount: 45_000 } });
    expect((await refund('wallet')).statusCode).toBe(422);
    const entries = (await wallet(buyer)).data;
    expect(entries.map((entry: WalletEntry) => [entry.kind, entry.amount, entry.order_id])).toEqual([['refund', 45_000, order.id]]);
    expect(await owns(buyer, course.id)).toBe(false);
    const list = (await app.inject({ url: `${FINANCIAL}/money-refund-status?q=${encodeURIComponent('خریدار')}&per_page=50`, headers: staff })).json<Paginated<Refund>>();
    expect(list.data.find((row) => row.order_item_id === item!.id)?.to).toBe('wallet');
    expect((await refund('bank')).statusCode).toBe(422);
  });

  it('gives a cancelled order its share back when staff cancel it, and takes it again when staff set it unpaid', async () => {
    const finance = await newStaff(app, ['show-financial-info']);
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 90_000 });
    await credit(buyer, 15_000);
    await addToCart(app, buyer, course.id);
    const { order } = (await checkoutWithWallet(buyer)).json<{ data: CheckoutAnswer }>().data;
    const setStatus = (payment_status: string) =>
      app.inject({ method: 'PUT', url: `${FINANCIAL}/orders/${order.id}`, headers: finance, payload: { payment_status } });
    expect((await setStatus('cancelled')).statusCode).toBe(200);
    expect((await wallet(buyer)).balance).toBe(15_000);
    expect((await setStatus('unpaid')).statusCode).toBe(200);
    expect((await wallet(buyer)).balance).toBe(0);
    await setStatus('cancelled');
    await credit(buyer, 15_000, 'debit');
    const refused = await setStatus('unpaid');
    expect([refused.statusCode, refused.json().errors.amount]).toEqual([422, ['موجودی کیف پول (۰ تومان) برای این برداشت کافی نیست.']]);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('cancelled');
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer, Order } from '@shop/contracts';
import { payments } from '../../../src/modules/commerce/tables';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { addToCart, callback, checkoutWith, newBuyer, newCourse, startPaymentForm, type Buyer } from '../../helpers/commerce-fixtures';

describe.each(DB_TARGETS)("SnappPay's sandbox beside the default gateway on %s (issue 36 item 2)", (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // No SNAPPPAY_* settings: SnappPay is its built-in sandbox, the default gateway the sandbox.
    app = await buildTestApp(target, { seed: false, publicUrl: 'https://shop.example', payment: { snapppay: undefined } });
  });
  afterAll(() => app.close());

  async function cartWith(price: number) {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price });
    await addToCart(app, buyer, course.id);
    return { buyer, course };
  }
  const answerOf = (response: { json: <T>() => T }) => response.json<{ data: CheckoutAnswer }>().data;
  const orderOf = async (buyer: Buyer, id: number) =>
    (await app.inject({ url: `/api/orders/${id}`, headers: buyer.headers })).json<{ data: Order }>().data;
  const attempt = async (token: string) => (await app.db.select().from(payments).where(eq(payments.authority, token)))[0]!;

  it('lists the gateways a buyer picks from, in Persian, publicly and cacheably', async () => {
    const list = await app.inject({ url: '/api/payments/gateways' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=300');
    expect(list.json()).toEqual({
      data: [
        { id: 'default', name: 'درگاه پرداخت آزمایشی', description: 'پرداخت یک‌جای مبلغ با کارت‌های بانکی عضو شتاب.' },
        {
          id: 'snapppay',
          name: 'اسنپ‌پی (آزمایشی)',
          description: 'خرید اقساطی: مبلغ را در ۴ قسط به اسنپ‌پی می‌پردازید و فروشگاه همه آن را یک‌جا از اسنپ‌پی می‌گیرد.',
        },
      ],
    });
  });

  it('checks out with SnappPay: its own page shows the amount in 4 parts and the shop paid in full, and its «تأیید و پرداخت» pays the order', async () => {
    const { buyer, course } = await cartWith(125_002);
    const response = await checkoutWith(app, buyer, { gateway: 'snapppay' });
    expect(response.statusCode).toBe(201);
    const { order, payment } = answerOf(response);
    expect(payment).toEqual({ action: 'https://shop.example/api/payments/start', token: expect.stringMatching(/^SNPS[0-9a-f]{32}$/) });
    const token = payment!.token;
    expect(await attempt(token)).toMatchObject({ gateway: 'snapppay', status: 'pending', amount: 125_002 });

    const start = await startPaymentForm(app, token);
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`/api/payments/snapppay-sandbox/${token}`);
    const page = await app.inject({ url: start.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="fa" dir="rtl">');
    expect(page.body).toContain('<h1>اسنپ‌پی (آزمایشی)</h1>');
    expect(page.body).toContain('<div class="amount">۱۲۵٬۰۰۲ تومان</div>');
    expect(page.body).toContain('این مبلغ را در ۴ قسط به اسنپ‌پی می‌پردازید:');
    // 125,002 in four parts: the first takes the remainder.
    expect(page.body).toContain('<li><span>قسط ۱</span><span>۳۱٬۲۵۲ تومان</span></li>');
    for (const n of ['۲', '۳', '۴']) expect(page.body).toContain(`<li><span>قسط ${n}</span><span>۳۱٬۲۵۰ تومان</span></li>`);
    expect(page.body).toContain('فروشگاه تمام مبلغ را یک‌جا از اسنپ‌پی دریافت می‌کند.');
    expect(page.body).toContain(`href="/api/payments/callback?Authority=${token}&amp;Status=OK">تأیید و پرداخت</a>`);
    expect(page.body).toContain(`href="/api/payments/callback?Authority=${token}&amp;Status=NOK">انصراف</a>`);

    const back = await callback(app, buyer, token);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'paid' });
    expect(await attempt(token)).toMatchObject({ gateway: 'snapppay', status: 'paid', ref_id: expect.stringMatching(/^SNAPPPAY-SANDBOX-/) });
    const bought = (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: Array<{ id: number }> }>().data;
    expect(bought.map((p) => p.id)).toEqual([course.id]);
    expect((await app.inject({ url: '/api/payments/snapppay-sandbox/nope' })).statusCode).toBe(404);
  });

  it('«انصراف» cancels the attempt; the order is then paid through the default gateway', async () => {
    const { buyer } = await cartWith(60_000);
    const { order, payment } = answerOf(await checkoutWith(app, buyer, { gateway: 'snapppay' }));
    expect((await callback(app, buyer, payment!.token, 'NOK')).headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect((await attempt(payment!.token)).status).toBe('cancelled');
    const again = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: buyer.headers, payload: { gateway: 'default' } });
    expect(again.statusCode).toBe(200);
    const token = answerOf(again).payment!.token;
    expect(token).toMatch(/^SBX/);
    expect((await startPaymentForm(app, token)).headers.location).toBe(`/api/payments/sandbox/${token}`);
    expect((await callback(app, buyer, token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(await attempt(token)).toMatchObject({ gateway: 'sandbox', status: 'paid' });
  });

  it('answers 422 on gateway outside the sandbox\'s range (20,000 to 50,000,000 tomans); the default gateway takes it', async () => {
    const { buyer } = await cartWith(19_999);
    const refused = await checkoutWith(app, buyer, { gateway: 'snapppay' });
    expect(refused.statusCode).toBe(422);
    const message = 'خرید اقساطی با اسنپ‌پی برای این مبلغ در دسترس نیست؛ درگاه دیگری را انتخاب کنید.';
    expect(refused.json()).toEqual({ message, errors: { gateway: [message] } });
    const fallback = await checkoutWith(app, buyer, { gateway: 'default' });
    expect(fallback.statusCode).toBe(200);
    expect(answerOf(fallback).payment!.token).toMatch(/^SBX/);
    // The same through POST /api/orders/:id/pay.
    const orderId = answerOf(fallback).order.id;
    const pay = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay`, headers: buyer.headers, payload: { gateway: 'snapppay' } });
    expect([pay.statusCode, pay.json().errors]).toEqual([422, { gateway: [message] }]);
  });
});

/**
 * Certificates (issue 24): issued when every session of a bought course is done (by hand or by
 * watching 90 %), public by their code, listed in the profile, revoked by a refund and issued again
 * when the course is bought again (its sessions still done), and following an order set unpaid or
 * paid by staff.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Certificate } from '@shop/contracts';
import { orderItems, productSessions } from '../../../src/modules/commerce/tables';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { headersOf, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

describe.each(DB_TARGETS)('certificates on %s', (target) => {
  let app: FastifyInstance;
  let buyer: Buyer;
  let superHeaders: AuthHeaders;
  let course: { id: number; sessionIds: number[] };
  let orderId: number;
  beforeAll(async () => {
    app = await buildTestApp(target);
    course = await newCourse(app, { price: 120_000, sessions: [{}, {}] });
    // The second session holds a ready 100-second lesson: 90 s watched make it done.
    await app.db
      .update(productSessions)
      .set({ hls: 'lessons/1/x/', media_kind: 'video', media_status: 'ready', duration_seconds: 100 })
      .where(eq(productSessions.id, course.sessionIds[1]!));
    buyer = await newBuyer(app);
    orderId = await buy(app, buyer, course.id);
    superHeaders = await headersOf(app, 'super@example.com');
  });
  afterAll(() => app.close());

  const progress = (id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/product-sessions/${id}/progress`, headers: buyer.headers, payload });
  const mine = async () =>
    (await app.inject({ url: '/api/profile/certificates', headers: buyer.headers })).json<{ data: Certificate[] }>().data;
  const check = (code: string) => app.inject({ url: `/api/certificates/${code}` });
  /** The course page's `certificate_code` for the buyer (issue 32 item 7), or for a visitor. */
  const codeOnCoursePage = async (headers: Record<string, string> = buyer.headers) =>
    (await app.inject({ url: `/api/products/${course.id}`, headers })).json<{ data: { certificate_code: string | null } }>().data.certificate_code;

  it('issues none while a session is left, then one when the last is watched to 90 %', async () => {
    expect(await codeOnCoursePage()).toBeNull();
    expect((await progress(course.sessionIds[0]!, { done: true })).statusCode).toBe(200);
    expect(await mine()).toEqual([]);
    expect((await progress(course.sessionIds[1]!, { position_seconds: 89 })).statusCode).toBe(200);
    expect(await mine()).toEqual([]);
    expect((await progress(course.sessionIds[1]!, { position_seconds: 90 })).statusCode).toBe(200);
    const [certificate] = await mine();
    expect(certificate).toMatchObject({ holder_name: 'خریدار آزمایشی', product_id: course.id, revoked_at: null });
    expect(certificate!.code).toMatch(/^[A-Z0-9]{10}$/);
    // The course page links it for its holder only (issue 32 item 7).
    expect(await codeOnCoursePage()).toBe(certificate!.code);
    expect(await codeOnCoursePage({})).toBeNull();
    // Saving again issues no second one.
    expect((await progress(course.sessionIds[1]!, { position_seconds: 95 })).statusCode).toBe(200);
    expect(await mine()).toHaveLength(1);
  });

  it('shows a certificate to anyone by its code; an unknown or malformed code is 404', async () => {
    const [certificate] = await mine();
    const answer = await check(certificate!.code);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: Certificate }>().data).toEqual(certificate);
    expect((await check('AAAAAAAAAA')).statusCode).toBe(404);
    expect((await check('not-a-code')).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/profile/certificates' })).statusCode).toBe(401);
  });

  it('revokes it with a refund of the course; the page still answers, saying so', async () => {
    const [item] = await app.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.order_id, orderId), eq(orderItems.product_id, course.id)));
    const refund = await app.inject({
      method: 'POST',
      url: '/api/dashboard/financial-info/money-refund-status',
      headers: superHeaders,
      payload: { order_item_id: item!.id, confirmation: 'بله' },
    });
    expect(refund.statusCode).toBe(201);
    const [certificate] = await mine();
    expect(certificate!.revoked_at).not.toBeNull();
    expect((await check(certificate!.code)).json<{ data: Certificate }>().data.revoked_at).toBe(certificate!.revoked_at);
    expect(await codeOnCoursePage()).toBeNull();
  });

  it('issues it again, under the same code and dated anew, when the refunded course is bought again', async () => {
    const [revoked] = await mine();
    await buy(app, buyer, course.id);
    const [again] = await mine();
    expect(again).toMatchObject({ code: revoked!.code, revoked_at: null });
    expect(Date.parse(again!.issued_at)).toBeGreaterThan(Date.parse(revoked!.issued_at));
  });

  it('follows the order when staff set it unpaid and paid again', async () => {
    const [latest] = (
      await app.inject({ url: '/api/dashboard/financial-info/orders?sort=newest', headers: superHeaders })
    ).json<{ data: Array<{ id: number }> }>().data;
    const setStatus = (payment_status: 'paid' | 'unpaid') =>
      app.inject({ method: 'PUT', url: `/api/dashboard/financial-info/orders/${latest!.id}`, headers: superHeaders, payload: { payment_status } });
    expect((await setStatus('unpaid')).statusCode).toBe(200);
    expect((await mine())[0]!.revoked_at).not.toBeNull();
    expect((await setStatus('paid')).statusCode).toBe(200);
    expect((await mine())[0]!.revoked_at).toBeNull();
  });
});

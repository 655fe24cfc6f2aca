/**
 * CSV exports of the financial lists and summaries (issue 25 "Exports" and "Reports"), on every
 * database target: the download's headers and BOM, Persian text intact, the list's filters applied
 * (the same rows in the same order as the list), Jalali and ISO dates, whole tomans, the formula
 * guard, permissions; 20 000+ orders streamed over a real socket with the retained heap not growing
 * with the row count, a client going away mid-download; and the summaries' gross, discount, net,
 * refunds and courses given by hand.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DashboardOrder, Refund, SalesSummaryAnswer } from '@shop/contracts';
import { orders, products } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { insertOrders } from '../../../src/seed/orders';
import { hashPassword } from '../../../src/lib/passwords';
import { createUser } from '../../../src/modules/users/users-service';
import { insertDiscountedOrder } from '../../helpers/commerce-fixtures';
import { csvRows, jalaliToday, listAll as listAllOf } from '../../helpers/csv';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const BASE = '/api/dashboard/financial-info';
const MANUAL = `${BASE}/list-of-products-added-to-users`;
const REFUNDS = `${BASE}/money-refund-status`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders of the streamed export; the small export is one keyset page of them. */
const BULK_ORDERS = 20_000;
const SMALL_ORDERS = 1_000;

/** `gc()` of this process, for heap figures that count only what is still reachable. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe.each(DB_TARGETS)('CSV exports on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;
  let buyer: { id: number; email: string };
  let excel: { id: number; title: string; price: number };
  let second: { id: number; title: string; price: number };
  let paidOrderId: number;
  let unpaidOrderId: number;

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
    const tag = randomBytes(4).toString('hex');
    // A buyer whose name and mobile a spreadsheet would take for formulas.
    const user = await createUser(app.db, {
      full_name: '=HYPERLINK("http://example.com";"رضا")',
      email: `export-${tag}@example.com`,
      mobile: '+989121110000',
      password_hash: await hashPassword('Reader12345'),
    });
    buyer = { id: user.id, email: user.email };
    const courses = await app.db
      .insert(products)
      .values([
        { title: 'دوره «اکسل» برای حسابداران، مقدماتی', slug: `excel-${tag}`, price: 250_000 },
        { title: 'دوره گزارش‌گیری', slug: `reports-${tag}`, price: 120_000 },
      ])
      .returning({ id: products.id, title: products.title, price: products.price });
    [excel, second] = [courses[0]!, courses[1]!];
    // 5 Azar 1405, 03:02:05 in Tehran.
    paidOrderId = await insertDiscountedOrder(app, {
      userId: buyer.id,
      code: 'YALDA30',
      paidAt: new Date('2026-11-25T23:32:05Z'),
      items: [
        { product: excel, discount: 75_000 },
        { product: second, discount: 0 },
      ],
    });
    const [unpaid] = await insertOrders(app.db, [{ userId: buyer.id, createdAt: new Date('2026-11-26T06:00:00Z'), paidAt: null, items: [{ product: second }] }]);
    unpaidOrderId = unpaid!;
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = superHeaders) => app.inject({ url, headers } satisfies InjectOptions);
  const exportRows = async (url: string) => {
    const response = await get(url);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return csvRows(response.rawPayload);
  };
  const listAll = <T>(path: string, query: string) => listAllOf<T>(app, superHeaders, path, query);

  describe('orders', () => {
    it('answers a CSV download: BOM, Persian headers and text intact, Jalali and ISO dates, whole tomans, formulas guarded', async () => {
      const response = await get(`${BASE}/orders/export?q=${encodeURIComponent(buyer.email)}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const file = `orders-${jalaliToday()}.csv`;
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
      const text = response.rawPayload.subarray(3).toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        'شماره سفارش,نام خریدار,ایمیل خریدار,موبایل خریدار,وضعیت پرداخت,نوع سفارش,دوره‌ها,تعداد دوره‌ها,' +
          'جمع قیمت دوره‌ها (تومان),کد تخفیف,تخفیف (تومان),مبلغ پرداختی (تومان),وجه بازگشتی (تومان),شماره رسید,' +
          'تاریخ ثبت (شمسی، تهران),تاریخ ثبت (ISO 8601، UTC),تاریخ پرداخت (شمسی، تهران),تاریخ پرداخت (ISO 8601، UTC)',
      );
      const rows = csvRows(response.rawPayload);
      // Newest first, as the list: the unpaid order was created later.
      expect(rows.map((row) => Number(row['شماره سفارش']))).toEqual([unpaidOrderId, paidOrderId]);
      const [unpaid, paid] = rows;
      expect(paid).toEqual({
        'شماره سفارش': String(paidOrderId),
        'نام خریدار': `'=HYPERLINK("http://example.com";"رضا")`,
        'ایمیل خریدار': buyer.email,
        'موبایل خریدار': '0912 111 0000',
        'وضعیت پرداخت': 'پرداخت‌شده',
        'نوع سفارش': 'خرید',
        'دوره‌ها': 'دوره «اکسل» برای حسابداران، مقدماتی، دوره گزارش‌گیری',
        'تعداد دوره‌ها': '2',
        'جمع قیمت دوره‌ها (تومان)': '370000',
        'کد تخفیف': 'YALDA30',
        'تخفیف (تومان)': '75000',
        'مبلغ پرداختی (تومان)': '295000',
        'وجه بازگشتی (تومان)': '0',
        'شماره رسید': '',
        'تاریخ ثبت (شمسی، تهران)': '1405/09/05 03:02:05',
        'تاریخ ثبت (ISO 8601، UTC)': '2026-11-25T23:32:05.000Z',
        'تاریخ پرداخت (شمسی، تهران)': '1405/09/05 03:02:05',
        'تاریخ پرداخت (ISO 8601، UTC)': '2026-11-25T23:32:05.000Z',
      });
      expect(unpaid).toMatchObject({
        'وضعیت پرداخت': 'پرداخت‌نشده',
        'مبلغ پرداختی (تومان)': '120000',
        'تاریخ ثبت (شمسی، تهران)': '1405/09/05 09:30:00',
        'تاریخ پرداخت (شمسی، تهران)': '',
        'تاریخ پرداخت (ISO 8601، UTC)': '',
      });
    });

    it('exports the rows of the list\'s filters, in the list\'s order, with every amount a plain integer', async () => {
      const queries = ['', '&payment_status=paid&source=checkout', '&payment_status=unpaid', '&source=manual', `&q=${encodeURIComponent('نوروزی')}`];
      for (const query of queries) {
        const listed = await listAll<DashboardOrder>(`${BASE}/orders`, query);
        const rows = await exportRows(`${BASE}/orders/export?${query.slice(1)}`);
        expect({ query, ids: rows.map((row) => Number(row['شماره سفارش'])) }).toEqual({ query, ids: listed.map((order) => order.id) });
        expect(rows.map((row) => Number(row['مبلغ پرداختی (تومان)']))).toEqual(listed.map((order) => order.total_price));
        for (const row of rows) {
          for (const column of ['جمع قیمت دوره‌ها (تومان)', 'تخفیف (تومان)', 'مبلغ پرداختی (تومان)', 'وجه بازگشتی (تومان)']) {
            expect(row[column]).toMatch(/^\d+$/);
          }
        }
      }
      expect(await exportRows(`${BASE}/orders/export?q=nobody-at-all`)).toEqual([]);
      // The manual list's export is its list: courses given by hand, each at 0.
      const manual = await listAll<DashboardOrder>(MANUAL, '');
      expect(manual.length).toBeGreaterThan(0);
      const manualRows = await exportRows(`${MANUAL}/export`);
      expect(manualRows.map((row) => Number(row['شماره سفارش']))).toEqual(manual.map((order) => order.id));
      expect(new Set(manualRows.map((row) => row['نوع سفارش']))).toEqual(new Set(['افزوده دستی']));
      const manualFile = (await get(`${MANUAL}/export`)).headers['content-disposition'];
      expect(manualFile).toContain(`filename="products-added-to-users-${jalaliToday()}.csv"`);
      // The orders list filtered to manual orders is still the orders file.
      expect((await get(`${BASE}/orders/export?source=manual`)).headers['content-disposition']).toContain(`filename="orders-${jalaliToday()}.csv"`);
    });

    it('answers bad filters with a Persian 422 and no file', async () => {
      for (const url of [`${BASE}/orders/export?payment_status=maybe`, `${BASE}/sales/export?period=decade`]) {
        const response = await get(url);
        expect(response.statusCode).toBe(422);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
      }
    });
  });

  describe('refunds', () => {
    it('exports the refunds list with the amount given back and the refund date in both forms', async () => {
      const refundedAt = new Date('2026-11-20T10:00:00Z');
      await insertDiscountedOrder(app, {
        userId: buyer.id,
        code: 'WELCOME20',
        paidAt: new Date('2026-11-19T10:00:00Z'),
        items: [{ product: excel, discount: 50_000, refundedAt }],
      });
      for (const query of ['', `&q=${encodeURIComponent(buyer.email)}`]) {
        const listed = await listAll<Refund>(REFUNDS, query);
        const rows = await exportRows(`${REFUNDS}/export?${query.slice(1)}`);
        expect(rows.map((row) => Number(row['شماره مورد']))).toEqual(listed.map((refund) => refund.order_item_id));
      }
      const [mine] = await exportRows(`${REFUNDS}/export?q=${encodeURIComponent(buyer.email)}`);
      expect(mine).toMatchObject({
        'دوره': 'دوره «اکسل» برای حسابداران، مقدماتی',
        'وجه بازگشتی (تومان)': '200000',
        'تاریخ بازگشت وجه (شمسی، تهران)': '1405/08/29 13:30:00',
        'تاریخ بازگشت وجه (ISO 8601، UTC)': '2026-11-20T10:00:00.000Z',
      });
    });
  });

  describe('permissions', () => {
    const exports = [`${BASE}/orders/export`, `${MANUAL}/export`, `${REFUNDS}/export`, `${BASE}/sales/export`, `${BASE}/refunds/export?period=day`];

    it('answers 401 to visitors and 403 to users and staff without the list\'s permission', async () => {
      const ordinary = await headersOf(app, 'user@example.com');
      const staff = await headersOf(app, 'staff@example.com');
      for (const url of exports) {
        expect({ url, status: (await get(url, {})).statusCode }).toEqual({ url, status: 401 });
        for (const headers of [ordinary, staff]) {
          const response = await get(url, headers);
          expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
          expect(response.json<{ message: string }>().message).toContain('forbidden');
        }
      }
    });

    it('lets show-financial-info export orders and summaries but not refunds, and manage-refunds export refunds', async () => {
      const finance = await newStaff(app, ['show-financial-info']);
      const refunder = await newStaff(app, ['manage-refunds']);
      for (const url of exports) {
        const isRefunds = url.startsWith(`${REFUNDS}/`);
        expect({ url, finance: (await get(url, finance)).statusCode, refunder: (await get(url, refunder)).statusCode }).toEqual({
          url,
          finance: isRefunds ? 403 : 200,
          refunder: isRefunds ? 200 : 403,
        });
      }
    });
  });

  describe('sales reports', () => {
    it('shows gross, discounts, net and refunds apart, and courses given by hand apart from sales', async () => {
      const [course] = await app.db
        .insert(products)
        .values({ title: 'دوره گزارش تخفیف', slug: `discount-report-${randomBytes(4).toString('hex')}`, price: 100_000 })
        .returning({ id: products.id, title: products.title, price: products.price });
      const summary = async (kind: 'sales' | 'refunds') => (await get(`${BASE}/${kind}?period=all`)).json<SalesSummaryAnswer>();
      const before = await summary('sales');
      const now = Date.now();
      // One sale ten days ago (read from the rollup), one today (read live) with a refund today.
      const oldOrder = await insertDiscountedOrder(app, {
        userId: buyer.id,
        code: 'WELCOME20',
        paidAt: new Date(now - 10 * DAY_MS),
        items: [{ product: course!, discount: 20_000 }],
      });
      await insertDiscountedOrder(app, {
        userId: buyer.id,
        code: 'FIXED',
        paidAt: new Date(now - 60_000),
        items: [{ product: course!, discount: 30_000, refundedAt: new Date(now - 30_000) }],
      });
      await insertOrders(app.db, [
        { userId: buyer.id, source: 'manual', createdAt: new Date(now - 5 * DAY_MS), paidAt: new Date(now - 5 * DAY_MS), items: [{ product: { ...course!, price: 0 } }] },
      ]);
      for (const pass of ['rollup built', 'rollup read']) {
        const sales = await summary('sales');
        expect({ pass, row: sales.data.find((row) => row.product_id === course!.id) }).toEqual({
          pass,
          row: { product_id: course!.id, product_name: 'دوره گزارش تخفیف', count: 2, total: 200_000, discount: 50_000, net: 150_000, outstanding: 0 },
        });
        expect({
          total_amount: sales.meta.total_amount - before.meta.total_amount,
          total_discount: sales.meta.total_discount - before.meta.total_discount,
          total_net: sales.meta.total_net - before.meta.total_net,
          refund_count: sales.meta.refund_count - before.meta.refund_count,
          refund_amount: sales.meta.refund_amount - before.meta.refund_amount,
          given_count: sales.meta.given_count - before.meta.given_count,
        }).toEqual({ total_amount: 200_000, total_discount: 50_000, total_net: 150_000, refund_count: 1, refund_amount: 70_000, given_count: 1 });
        expect(sales.meta.total_net).toBe(sales.meta.total_amount - sales.meta.total_discount);
        expect(sales.meta.total_discount).toBe(sales.data.reduce((n, row) => n + row.discount, 0));
      }
      const refunds = await summary('refunds');
      expect(refunds.data.find((row) => row.product_id === course!.id)).toEqual({
        product_id: course!.id,
        product_name: 'دوره گزارش تخفیف',
        count: 1,
        total: 70_000,
        discount: 0,
        net: 70_000,
        outstanding: 0,
      });
      expect(refunds.meta).toMatchObject({ total_discount: 0, refund_count: refunds.meta.total_count, refund_amount: refunds.meta.total_amount, given_count: 0 });

      // A staff edit of the old order refreshes its rolled-up day, discount included.
      const setStatus = (payment_status: string) =>
        app.inject({ method: 'PUT', url: `${BASE}/orders/${oldOrder}`, headers: superHeaders, payload: { payment_status } });
      expect((await setStatus('unpaid')).statusCode).toBe(200);
      expect((await summary('sales')).data.find((row) => row.product_id === course!.id)).toMatchObject({ count: 1, total: 100_000, discount: 30_000, net: 70_000 });
      expect((await setStatus('paid')).statusCode).toBe(200);

      // The summaries' exports are their lines.
      const salesRows = await exportRows(`${BASE}/sales/export?period=all`);
      const sales = await summary('sales');
      expect(salesRows).toEqual(
        sales.data.map((row) => ({
          'شناسه دوره': String(row.product_id),
          'دوره': row.product_name,
          'تعداد': String(row.count),
          'فروش ناخالص (تومان)': String(row.total),
          'تخفیف (تومان)': String(row.discount),
          'فروش خالص (تومان)': String(row.net),
          'مانده اقساط (تومان)': String(row.outstanding),
        })),
      );
      const refundRows = await exportRows(`${BASE}/refunds/export?period=all`);
      expect(refundRows).toEqual(
        refunds.data.map((row) => ({
          'شناسه دوره': String(row.product_id),
          'دوره': row.product_name,
          'تعداد بازگشت وجه': String(row.count),
          'وجه بازگشتی (تومان)': String(row.total),
        })),
      );
      const file = (await get(`${BASE}/sales/export?period=month`)).headers['content-disposition'];
      expect(file).toContain(`filename="sales-summary-month-${jalaliToday()}.csv"`);
    });
  });

  describe(`${BULK_ORDERS} orders`, () => {
    let origin: string;
    let smallBuyerEmail: string;

    beforeAll(async () => {
      const password_hash = await hashPassword('Reader12345');
      const tag = randomBytes(4).toString('hex');
      const bulkBuyers = await app.db
        .insert(users)
        .values(Array.from({ length: 20 }, (_, i) => ({ full_name: `خریدار انبوه ${i + 1}`, email: `bulk-${tag}-${i}@example.com`, password_hash })))
        .returning({ id: users.id, email: users.email });
      smallBuyerEmail = bulkBuyers[0]!.email;
      const start = Date.parse('2025-01-01T00:00:00Z');
      // Seven orders share each instant, so keyset pages end inside a group of equal times.
      const bulkOrderIds = await insertOrders(
        app.db,
        Array.from({ length: BULK_ORDERS }, (_, k) => {
          const at = new Date(start + Math.floor(k / 7) * 60_000);
          // The first buyer holds the small export's orders: one keyset page.
          const userId = bulkBuyers[k < SMALL_ORDERS ? 0 : 1 + (k % 19)]!.id;
          return { userId, createdAt: at, paidAt: k % 3 === 2 ? null : at, items: [{ product: k % 2 ? excel : second }] };
        }),
      );
      // Microseconds a JavaScript Date cannot hold: a cursor kept as a Date would skip rows.
      for (let from = 0; from < bulkOrderIds.length; from += 5_000) {
        await app.db
          .update(orders)
          .set({ created_at: sql`${orders.created_at} + (${orders.id} % 3) * interval '1 microsecond'` })
          .where(inArray(orders.id, bulkOrderIds.slice(from, from + 5_000)));
      }
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }, 240_000);

    /**
     * Downloads an export over a socket without keeping it, and measures what the process keeps
     * reachable meanwhile: every `every` bytes the download pauses, the heap is collected and its
     * use sampled. Answers the bytes, the lines and the highest use above the use before it began.
     */
    function measuredDownload(path: string, every: number): Promise<{ bytes: number; lines: number; retainedGrowth: number }> {
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      return new Promise((resolve, reject) => {
        http
          .get(`${origin}${path}`, { headers: superHeaders }, (response) => {
            let bytes = 0;
            let lines = 0;
            let next = every;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
              if (bytes >= next) {
                next += every;
                response.pause();
                setImmediate(() => {
                  gc();
                  peak = Math.max(peak, process.memoryUsage().heapUsed);
                  response.resume();
                });
              }
            });
            response.on('end', () => resolve({ bytes, lines, retainedGrowth: peak - baseline }));
            response.on('error', reject);
          })
          .on('error', reject);
      });
    }

    it('exports every order exactly once in the list\'s order, across keyset pages with equal and sub-millisecond times', async () => {
      const expected = await app.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.created_at), desc(orders.id));
      const rows = await exportRows(`${BASE}/orders/export`);
      expect(rows.length).toBe(expected.length);
      expect(rows.map((row) => Number(row['شماره سفارش']))).toEqual(expected.map((row) => row.id));
      const unpaid = await app.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.payment_status, 'unpaid')))
        .orderBy(desc(orders.created_at), desc(orders.id));
      const unpaidRows = await exportRows(`${BASE}/orders/export?payment_status=unpaid`);
      expect(unpaidRows.map((row) => Number(row['شماره سفارش']))).toEqual(unpaid.map((row) => row.id));
    }, 120_000);

    it('streams the file: what the server keeps does not grow with the row count', async () => {
      const small = await measuredDownload(`${BASE}/orders/export?q=${encodeURIComponent(smallBuyerEmail)}`, 16 * 1024);
      const large = await measuredDownload(`${BASE}/orders/export`, 256 * 1024);
      expect(small.lines).toBe(SMALL_ORDERS + 1);
      expect(large.lines).toBeGreaterThan(BULK_ORDERS);
      // Twenty times the rows (and bytes) keep about as much in memory: one keyset page at a time.
      expect(large.bytes).toBeGreaterThan(15 * small.bytes);
      // Measured here: ~0.1 MB for the small file (sent whole before the first sample), ~2.5 MB for the
      // large one (about one keyset page of orders); keeping the rows would hold some 20 pages.
      const floor = 4 * 1024 * 1024;
      expect(large.retainedGrowth).toBeLessThan(3 * Math.max(small.retainedGrowth, floor));
    }, 120_000);

    it('stops when the client goes away mid-download, and answers the next export in full', async () => {
      const received = await new Promise<number>((resolve, reject) => {
        const request = http.get(`${origin}${BASE}/orders/export`, { headers: superHeaders }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > 100_000) {
              request.destroy();
              resolve(bytes);
            }
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeLessThan(1_000_000);
      const response = await get(`${BASE}/orders/export?q=${encodeURIComponent(smallBuyerEmail)}`);
      expect(csvRows(response.rawPayload)).toHaveLength(SMALL_ORDERS);
    }, 60_000);
  });
});

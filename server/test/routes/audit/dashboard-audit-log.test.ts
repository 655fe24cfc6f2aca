/**
 * The audit log (issue 26 "Audit log"): an entry for each kind of dashboard write, written in the
 * change's transaction (a failed change leaves none; an entry that cannot be written undoes the
 * change), secrets left out, super only, the filters and the Jalali date range, the CSV, no way to
 * edit or delete an entry, and the retention job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AuditEntry, DashboardOrder, Paginated, PermissionDetail, Post, SiteInformation } from '@shop/contracts';
import { auditLog } from '../../../src/modules/audit/tables';
import { products } from '../../../src/modules/commerce/tables';
import { posts } from '../../../src/modules/content/tables';
import { users } from '../../../src/modules/users/tables';
import { AUDIT_PRUNE_QUEUE, pruneAuditLog } from '../../../src/modules/audit/audit-log';
import { addComment } from '../../../src/modules/engagement/comments-service';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { multipart, pngFile } from '../../helpers/multipart';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const BASE = '/api/dashboard/audit-log';
/** The address the requests come from, through a trusted proxy (the app trusts any here). */
const CLIENT_IP = '203.0.113.7';

/** Today's Jalali date in Tehran, `1405-09-05`, and `days` later. */
function jalaliToday(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Runs raw SQL statements one at a time (test fixtures: triggers) on either driver. */
async function execute(app: FastifyInstance, ...statements: string[]): Promise<void> {
  for (const statement of statements) await app.db.execute(sql.raw(statement));
}

describe.each(DB_TARGETS)('audit log on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders & { 'x-forwarded-for': string };
  let superId: number;
  let staffHeaders: AuthHeaders;

  beforeAll(async () => {
    app = await buildTestApp(target, { trustProxy: true, rateLimit: { global: 1_000_000 } });
    superHeaders = { ...(await headersOf(app, 'super@example.com')), 'x-forwarded-for': CLIENT_IP };
    staffHeaders = await newStaff(app, ['manage-posts', 'show-users', 'manage-permissions', 'manage-site-information']);
    superId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'super@example.com')))[0]!.id;
  }, 120_000);
  afterAll(() => app?.close());

  const call = (options: InjectOptions, headers: Record<string, string> = superHeaders) =>
    app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const ok = async <T>(options: InjectOptions, status = 200): Promise<T> => {
    const response = await call(options);
    expect([response.statusCode, response.body]).toEqual([status, expect.anything()]);
    return response.json<T>();
  };
  const entries = async (query: string) => (await ok<Paginated<AuditEntry>>({ url: `${BASE}?per_page=50&${query}` })).data;
  const entriesOf = (entity: string, id: number | string) => entries(`entity_type=${entity}&entity_id=${id}`);
  const total = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
  const sendPost = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, withImage: boolean) => {
    const form = multipart(fields, withImage ? { image: await pngFile(40, 20) } : {});
    return call({ method, url, payload: form.payload, headers: form.headers });
  };
  const postFields = (title: string, slug: string) => ({
    title,
    slug,
    description: '<p>متن نوشته برای دفتر رویدادها</p>',
    is_active: 'true',
    comment_status: 'open',
  });

  it('records a post created, updated and deleted, with who, when, from where and the fields before and after', async () => {
    const made = await sendPost('POST', '/api/dashboard/posts', postFields('نوشته دفتر رویداد', 'audit-post'), true);
    expect(made.statusCode).toBe(201);
    const post = made.json<{ data: Post }>().data;
    const [create] = await entriesOf('post', post.id);
    expect(create).toMatchObject({
      actor: { id: superId, full_name: 'مدیر سایت' },
      ip: CLIENT_IP,
      entity_type: 'post',
      entity_id: post.id,
      action: 'create',
      before: null,
      after: { title: 'نوشته دفتر رویداد', slug: 'audit-post', is_active: true, comment_status: 'open', image: post.image },
    });
    expect(Date.now() - new Date(create!.created_at).getTime()).toBeLessThan(60_000);

    const updated = await sendPost('PUT', `/api/dashboard/posts/${post.id}`, postFields('نوشته دفتر رویداد ویرایش‌شده', 'audit-post'), false);
    expect(updated.statusCode).toBe(200);
    const deleted = await call({ method: 'DELETE', url: `/api/dashboard/posts/${post.id}` });
    expect(deleted.statusCode).toBe(200);

    const [remove, update] = await entriesOf('post', post.id);
    // Only what changed, on each side.
    expect(update).toMatchObject({
      action: 'update',
      before: { title: 'نوشته دفتر رویداد' },
      after: { title: 'نوشته دفتر رویداد ویرایش‌شده' },
    });
    expect(Object.keys(update!.after!)).toEqual(['title']);
    expect(remove).toMatchObject({ action: 'delete', after: null, before: { title: 'نوشته دفتر رویداد ویرایش‌شده', slug: 'audit-post' } });
  });

  it('records a refund and a manual order', async () => {
    const ordersOf = await ok<Paginated<DashboardOrder>>({
      url: '/api/dashboard/financial-info/orders?q=user@example.com&payment_status=paid&source=checkout',
    });
    const order = ordersOf.data[0]!;
    const item = order.items[0]!;
    const refunded = await call({
      method: 'POST',
      url: '/api/dashboard/financial-info/money-refund-status',
      payload: { order_item_id: item.id, confirmation: 'بله' },
    });
    expect(refunded.statusCode).toBe(201);
    const [refund] = await entriesOf('order_item', item.id);
    expect(refund).toMatchObject({ action: 'refund', ip: CLIENT_IP, actor: { id: superId } });
    // The item as it was and as it is (issue 31 item 7): its order, buyer, course and price on both
    // sides, then the refund's own fields, unset before.
    const itemFields = { order_id: order.id, user_id: order.user.id, product_id: item.product_id, title: item.title, price: item.purchase_price, discount: item.discount };
    expect(refund!.before).toEqual({ ...itemFields, refunded_at: null, refund_amount: null, refunded_by: null, refunded_to: null });
    expect(refund!.after).toEqual({ ...itemFields, refunded_at: refunded.json<{ data: { refunded_at: string } }>().data.refunded_at, refund_amount: item.purchase_price - item.discount, refunded_by: superId, refunded_to: 'gateway' });

    // The refunded course can be given back by hand: a manual order.
    const manual = await call({
      method: 'POST',
      url: '/api/dashboard/financial-info/list-of-products-added-to-users',
      payload: { user_id: order.user.id, product_id: item.product_id },
    });
    expect(manual.statusCode).toBe(201);
    const added = manual.json<{ data: DashboardOrder }>().data;
    const [create] = await entriesOf('order', added.id);
    expect(create).toMatchObject({
      action: 'create',
      after: { source: 'manual', user_id: order.user.id, product_id: item.product_id, total_price: 0, payment_status: 'paid' },
    });
  });

  it('records permission changes and a switch turned off', async () => {
    const made = await ok<{ data: PermissionDetail }>({ method: 'POST', url: '/api/dashboard/permissions', payload: { name: 'audit-reports' } }, 201);
    const staffUser = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'));
    const staffId = staffUser[0]!.id;
    await ok({ method: 'POST', url: `/api/dashboard/permissions/${made.data.id}/users`, payload: { user_id: staffId } });
    await ok({ method: 'DELETE', url: `/api/dashboard/permissions/${made.data.id}/users/${staffId}` });
    const changes = await entriesOf('permission', made.data.id);
    expect(changes.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['unassign', { name: 'audit-reports', user_id: staffId, user_name: 'پشتیبان سایت' }, null],
      ['assign', null, { name: 'audit-reports', user_id: staffId, user_name: 'پشتیبان سایت' }],
      ['create', null, { name: 'audit-reports' }],
    ]);

    const { data: info } = await ok<{ data: SiteInformation }>({ url: '/api/dashboard/site-information' });
    const { terms_and_conditions: _terms, ...body } = info;
    await ok({ method: 'PUT', url: '/api/dashboard/site-information', payload: { ...body, comments_enabled: false } });
    await ok({ method: 'PUT', url: '/api/dashboard/site-information', payload: { ...body, comments_enabled: true } });
    const [on, off] = await entries('entity_type=site_information');
    expect([off!.before, off!.after]).toEqual([{ comments_enabled: true }, { comments_enabled: false }]);
    expect([on!.before, on!.after]).toEqual([{ comments_enabled: false }, { comments_enabled: true }]);
    expect(off!.entity_id).toBeNull();
  });

  it('records each comment of a bulk action', async () => {
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    const ids: number[] = [];
    for (const text of ['دیدگاه نخست دفتر', 'دیدگاه دوم دفتر']) {
      ids.push((await addComment(app.db, { userId: user!.id, type: 'post', itemId: 3, text, status: 'pending' })).id);
    }
    await ok({ method: 'POST', url: '/api/dashboard/comments/bulk', payload: { action: 'approve', ids } });
    for (const id of ids) {
      expect((await entriesOf('comment', id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['approve', { status: 'pending' }, { status: 'approved' }],
      ]);
    }
  });

  it('leaves passwords, tokens and secrets out', async () => {
    const made = await ok<{ data: { id: number } }>(
      {
        method: 'POST',
        url: '/api/dashboard/users',
        payload: {
          full_name: 'کاربر دفتر رویداد',
          email: 'audit-user@example.com',
          password: 'Secret12345',
          password_confirmation: 'Secret12345',
          status: 'ordinary',
          permission_ids: [],
        },
      },
      201,
    );
    await ok({
      method: 'PUT',
      url: `/api/dashboard/users/${made.data.id}`,
      payload: {
        full_name: 'کاربر دفتر رویداد',
        email: 'audit-user@example.com',
        password: 'Another12345',
        password_confirmation: 'Another12345',
        status: 'ordinary',
        permission_ids: [],
      },
    });
    const list = await entriesOf('user', made.data.id);
    expect(list.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(list[1]!.after).toMatchObject({ full_name: 'کاربر دفتر رویداد', email: 'audit-user@example.com', status: 'ordinary' });
    // A new password alone changes nothing the log keeps.
    expect([list[0]!.before, list[0]!.after]).toEqual([{}, {}]);
    const stored = JSON.stringify(await app.db.select().from(auditLog).where(eq(auditLog.entity_type, 'user')));
    for (const secret of ['Secret12345', 'Another12345', 'password', 'hash', 'token']) expect(stored).not.toContain(secret);
  });

  it('leaves no entry for a refused change, nor for one that fails at commit; an entry that fails undoes the change', async () => {
    const before = await total();
    // Refused by validation: 422, nothing written.
    const refused = await sendPost('POST', '/api/dashboard/posts', postFields('', 'bad slug!'), true);
    expect(refused.statusCode).toBe(422);
    const unknownOrder = await call({ method: 'POST', url: '/api/dashboard/financial-info/money-refund-status', payload: { order_item_id: 999999, confirmation: 'yes' } });
    expect(unknownOrder.statusCode).toBe(422);
    expect(await total()).toBe(before);

    // A constraint checked at commit fails after the update and its entry were written: both go.
    const [post] = await app.db.select({ id: posts.id, title: posts.title }).from(posts).orderBy(posts.id).limit(1);
    await execute(
      app,
      `create function audit_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`,
      `create constraint trigger audit_test_refuse after update on posts deferrable initially deferred
         for each row when (new.title = 'عنوان ردشونده') execute function audit_test_refuse()`,
    );
    try {
      const failed = await sendPost('PUT', `/api/dashboard/posts/${post!.id}`, postFields('عنوان ردشونده', `post-${post!.id}-x`), false);
      expect(failed.statusCode).toBe(500);
    } finally {
      await execute(app, 'drop trigger audit_test_refuse on posts', 'drop function audit_test_refuse()');
    }
    expect(await total()).toBe(before);
    expect((await app.db.select({ title: posts.title }).from(posts).where(eq(posts.id, post!.id)))[0]!.title).toBe(post!.title);

    // An entry that cannot be written: the change it records is undone.
    await execute(
      app,
      `create function audit_test_refuse_entry() returns trigger language plpgsql as $$ begin raise exception 'entry refused'; end $$`,
      'create trigger audit_test_refuse_entry before insert on audit_log for each row execute function audit_test_refuse_entry()',
    );
    try {
      const failed = await call({ method: 'POST', url: '/api/dashboard/permissions', payload: { name: 'never-saved' } });
      expect(failed.statusCode).toBe(500);
    } finally {
      await execute(app, 'drop trigger audit_test_refuse_entry on audit_log', 'drop function audit_test_refuse_entry()');
    }
    const permission = await ok<Paginated<PermissionDetail>>({ url: '/api/dashboard/permissions?q=never-saved' });
    expect(permission.meta.total).toBe(0);
  });

  it('is for super users only, and offers no way to edit or delete an entry', async () => {
    for (const url of [BASE, `${BASE}/export`]) {
      expect((await call({ url }, staffHeaders)).statusCode).toBe(403);
      expect((await call({ url }, await headersOf(app, 'user@example.com'))).statusCode).toBe(403);
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
    const [entry] = await entries('');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const response = await call({ method, url: `${BASE}/${entry!.id}`, payload: { action: 'create' } });
      expect([404, 405]).toContain(response.statusCode);
    }
    expect((await call({ method: 'DELETE', url: BASE })).statusCode).toBeGreaterThanOrEqual(404);
    expect((await entries(''))[0]).toEqual(entry);
  });

  it('filters by person, entity, action and Jalali date range, newest first; an upside-down range is 422', async () => {
    const all = await ok<Paginated<AuditEntry>>({ url: `${BASE}?per_page=50` });
    const times = all.data.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const byActor = await entries(`actor=${encodeURIComponent('مدیر')}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((entry) => entry.actor.full_name === 'مدیر سایت')).toBe(true);
    expect(await entries(`actor=${encodeURIComponent('کسی که نیست')}`)).toEqual([]);
    expect((await entries(`actor_id=${superId}`)).length).toBe(byActor.length);

    const deletes = await entries('entity_type=post&action=delete');
    expect(deletes.length).toBeGreaterThan(0);
    expect(deletes.every((entry) => entry.entity_type === 'post' && entry.action === 'delete')).toBe(true);

    const today = jalaliToday();
    const persianToday = today.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!).replace(/-/g, '/');
    expect((await entries(`from=${today}&to=${today}&entity_type=post`)).length).toBeGreaterThan(0);
    expect((await entries(`from=${encodeURIComponent(persianToday)}&entity_type=post`)).length).toBeGreaterThan(0);
    expect(await entries(`from=${jalaliToday(2)}`)).toEqual([]);
    expect(await entries(`to=${jalaliToday(-2)}&actor_id=${superId}&entity_type=post`)).toEqual([]);

    const upsideDown = await call({ url: `${BASE}?from=${today}&to=${jalaliToday(-1)}` });
    expect(upsideDown.statusCode).toBe(422);
    expect(upsideDown.json()).toEqual({
      message: 'اطلاعات وارد شده معتبر نیست.',
      errors: { to: ['تاریخ پایان نباید پیش از تاریخ شروع باشد.'] },
    });
    const notADate = await call({ url: `${BASE}/export?from=1405-13-01` });
    expect(notADate.statusCode).toBe(422);
    expect(notADate.json().errors).toEqual({ from: ['تاریخ را به شکل سال-ماه-روز شمسی بنویسید، مانند ۱۴۰۵-۰۹-۰۵.'] });
  });

  it('exports the filtered entries as CSV', async () => {
    const list = await entries('entity_type=post');
    const response = await call({ url: `${BASE}/export?entity_type=post` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'شماره,زمان (شمسی، تهران),زمان (ISO 8601، UTC),شناسه کاربر,کاربر,نشانی IP,نوع مورد,شناسه مورد,عملیات,پیش از تغییر (JSON),پس از تغییر (JSON)',
    );
    expect(lines).toHaveLength(list.length + 1);
    expect(lines[1]).toContain(`${list[0]!.id},`);
    expect(lines[1]).toContain(`,${CLIENT_IP},نوشته,${list[0]!.entity_id},حذف,`);
  });

  it('keeps entries for the retention and the daily job deletes only older ones', async () => {
    expect(app.settings.auditRetentionDays).toBe(365);
    expect((await app.jobs.schedules()).map((schedule) => schedule.name)).toContain(AUDIT_PRUNE_QUEUE);
    const [product] = await app.db.select({ id: products.id }).from(products).limit(1);
    const aged = (days: number) => ({
      actor_id: superId,
      actor_name: 'مدیر سایت',
      ip: '127.0.0.1',
      entity_type: 'product',
      entity_id: product!.id,
      action: 'update',
      before: { price: days },
      after: { price: days + 1 },
      created_at: new Date(Date.now() - days * 24 * 60 * 60 * 1000),
    });
    await app.db.insert(auditLog).values([aged(400), aged(366), aged(364), aged(30)]);
    const kept = async () =>
      (
        await app.db
          .select({ before: auditLog.before })
          .from(auditLog)
          .where(and(eq(auditLog.entity_type, 'product'), eq(auditLog.actor_name, 'مدیر سایت')))
      ).map((row) => (row.before as { price: number }).price).sort((a, b) => a - b);
    expect(await kept()).toEqual([30, 364, 366, 400]);
    await app.jobs.send(AUDIT_PRUNE_QUEUE, {});
    const deadline = Date.now() + 20_000;
    while ((await kept()).length > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await kept()).toEqual([30, 364]);
    expect(await pruneAuditLog(app.db, 365)).toBe(0);
  }, 60_000);
});

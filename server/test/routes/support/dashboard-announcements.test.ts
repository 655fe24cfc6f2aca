/**
 * Announcements (issue 8 "Announcements"; SPEC §3, §4, §8) through real HTTP on every database
 * target: the permission, the public list (active and not expired, newest first), create / read /
 * update / delete in the dashboard, the expiry rules (an expiry in the past is refused, an expired
 * announcement is read only but may be deleted), and bad input answered in Persian with nothing
 * changed. Every refusal is read back from the database.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Announcement, Paginated, PublicAnnouncement } from '@shop/contracts';
import { announcements } from '../../../src/modules/support/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { SUPPORT_MESSAGES } from '../../../src/modules/support';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/api/dashboard/announcements';
const HOUR_MS = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const PERSIAN = /[\u0600-\u06FF]/;

describe.each(DB_TARGETS)('announcements API on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
  }, 120_000);
  afterAll(() => app?.close());

  const call = (method: Method, url: string, headers: Record<string, string> = superHeaders, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const stored = () => app.db.select().from(announcements).orderBy(asc(announcements.id));
  const publicList = async () => (await call('GET', '/api/announcements', {})).json<{ data: PublicAnnouncement[] }>().data;

  /** An announcement whose expiry has passed: written straight to the table, since the API refuses one. */
  async function expiredAnnouncement(title: string): Promise<number> {
    const [row] = await app.db
      .insert(announcements)
      .values({ title, text: 'متن منقضی', status: 'active', expired_at: new Date(Date.now() - HOUR_MS) })
      .returning({ id: announcements.id });
    return row!.id;
  }

  it('shows visitors the seeded announcement, which expires in about 30 days', async () => {
    const response = await call('GET', '/api/announcements', {});
    expect(response.statusCode).toBe(200);
    const [seeded, ...rest] = response.json<{ data: PublicAnnouncement[] }>().data;
    expect(rest).toEqual([]);
    expect(seeded).toEqual({ id: expect.any(Number), title: expect.stringMatching(PERSIAN), text: expect.stringMatching(PERSIAN), expired_at: expect.any(String) });
    const days = (Date.parse(seeded!.expired_at) - Date.now()) / (24 * HOUR_MS);
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('needs manage-announcements: 401 visitor, 403 ordinary and other staff, nothing changed', async () => {
    const id = (await stored())[0]!.id;
    const body = { title: 'عنوان', text: 'متن', status: 'active', expired_at: inHours(5) };
    const routes: Array<[Method, string, object | undefined]> = [
      ['GET', BASE, undefined],
      ['POST', BASE, body],
      ['GET', `${BASE}/${id}`, undefined],
      ['PUT', `${BASE}/${id}`, body],
      ['DELETE', `${BASE}/${id}`, undefined],
    ];
    const before = await stored();
    const callers: Array<[Record<string, string>, number]> = [
      [await csrfHeaders(app), 401],
      [await headersOf(app, 'user@example.com'), 403],
      [await headersOf(app, 'staff@example.com'), 403],
      [await newStaff(app, ['manage-links', 'manage-terms', 'manage-site-information']), 403],
    ];
    for (const [headers, status] of callers) {
      for (const [method, url, payload] of routes) {
        const response = await call(method, url, headers, payload);
        expect([method, url, response.statusCode]).toEqual([method, url, status]);
        expect(response.json().message).toMatch(PERSIAN);
      }
    }
    expect(await stored()).toEqual(before);
    const allowed = await newStaff(app, ['manage-announcements']);
    expect((await call('GET', BASE, allowed)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${id}`, allowed)).statusCode).toBe(200);
  });

  it('creates, reads and lists announcements; the public list hides inactive and expired ones', async () => {
    const created = await call('POST', BASE, superHeaders, { title: '  اطلاعیه تازه ', text: 'متن تازه', status: 'active', expired_at: inHours(48) });
    expect(created.statusCode).toBe(201);
    const announcement = created.json<{ message: string; data: Announcement }>();
    expect(announcement).toEqual({
      message: SUPPORT_MESSAGES.announcementCreated,
      data: {
        id: expect.any(Number),
        title: 'اطلاعیه تازه',
        text: 'متن تازه',
        status: 'active',
        expired_at: expect.any(String),
        is_expired: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const inactive = await call('POST', BASE, superHeaders, { title: 'غیرفعال', text: 'پنهان', status: 'inactive', expired_at: inHours(48) });
    expect(inactive.statusCode).toBe(201);
    const expiredId = await expiredAnnouncement('منقضی');

    const read = await call('GET', `${BASE}/${announcement.data.id}`);
    expect(read.json()).toEqual({ data: announcement.data });
    expect((await call('GET', `${BASE}/${expiredId}`)).json<{ data: Announcement }>().data.is_expired).toBe(true);

    const shown = await publicList();
    expect(shown.map((a) => a.title)).toEqual(['اطلاعیه تازه', expect.stringMatching(PERSIAN)]);
    expect(shown.map((a) => a.title)).not.toContain('غیرفعال');
    expect(shown.map((a) => a.title)).not.toContain('منقضی');

    const page = (await call('GET', `${BASE}?per_page=2`)).json<Paginated<Announcement>>();
    expect(page.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 4 });
    expect(page.data.map((a) => [a.title, a.is_expired])).toEqual([
      ['منقضی', true],
      ['غیرفعال', false],
    ]);
    const second = (await call('GET', `${BASE}?per_page=2&page=2`)).json<Paginated<Announcement>>();
    expect(second.data.map((a) => a.title)).toEqual(['اطلاعیه تازه', shown[1]!.title]);
  });

  it('refuses bad input with Persian field errors and creates nothing', async () => {
    const before = await stored();
    const valid = { title: 'عنوان', text: 'متن', status: 'active', expired_at: inHours(5) };
    const cases: Array<[object, string]> = [
      [{ expired_at: inHours(-1) }, 'expired_at'],
      [{ expired_at: new Date().toISOString() }, 'expired_at'],
      [{ expired_at: 'فردا' }, 'expired_at'],
      [{ expired_at: undefined }, 'expired_at'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'ع'.repeat(151) }, 'title'],
      [{ text: '' }, 'text'],
      [{ status: 'paused' }, 'status'],
    ];
    for (const [change, field] of cases) {
      const response = await call('POST', BASE, superHeaders, { ...valid, ...change });
      expect([JSON.stringify(change), response.statusCode]).toEqual([JSON.stringify(change), 422]);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(response.json().errors[field][0]).toMatch(PERSIAN);
    }
    const past = await call('POST', BASE, superHeaders, { ...valid, expired_at: inHours(-1) });
    expect(past.json()).toEqual({ message: MESSAGES.validationFailed, errors: { expired_at: ['تاریخ انقضا باید در آینده باشد'] } });
    for (const payload of ['[]', '"متن"', 'null']) {
      const response = await app.inject({ method: 'POST', url: BASE, headers: { ...superHeaders, 'content-type': 'application/json' }, payload });
      expect([payload, response.statusCode]).toEqual([payload, 422]);
      expect(response.json().message).toMatch(PERSIAN);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps an expiry up to year 9999 and refuses a later one, never a server error', async () => {
    const far = await call('POST', BASE, superHeaders, { title: 'دور', text: 'متن', status: 'inactive', expired_at: '9999-12-31T23:59:59.000Z' });
    expect(far.statusCode).toBe(201);
    expect(far.json().data.expired_at).toBe('9999-12-31T23:59:59.000Z');
    await call('DELETE', `${BASE}/${far.json().data.id}`);
    const before = await stored();
    const farther = await call('POST', BASE, superHeaders, { title: 'دورتر', text: 'متن', status: 'inactive', expired_at: '+020000-01-01T00:00:00.000Z' });
    expect(farther.statusCode).toBe(422);
    expect(farther.json().errors).toEqual({ expired_at: ['تاریخ انقضا معتبر نیست'] });
    expect(await stored()).toEqual(before);
  });

  it('updates an announcement that has not expired; an expiry in the past is refused', async () => {
    const { data } = (await call('POST', BASE, superHeaders, { title: 'ویرایشی', text: 'متن', status: 'active', expired_at: inHours(3) })).json<{
      data: Announcement;
    }>();
    const expiry = inHours(72);
    const updated = await call('PUT', `${BASE}/${data.id}`, superHeaders, { title: 'ویرایش‌شده', text: 'متن تازه', status: 'inactive', expired_at: expiry });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      message: SUPPORT_MESSAGES.announcementUpdated,
      data: { ...data, title: 'ویرایش‌شده', text: 'متن تازه', status: 'inactive', expired_at: expiry, updated_at: expect.any(String) },
    });
    expect((await publicList()).map((a) => a.id)).not.toContain(data.id);

    const before = await stored();
    const past = await call('PUT', `${BASE}/${data.id}`, superHeaders, { title: 'ویرایش‌شده', text: 'متن', status: 'active', expired_at: inHours(-2) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ expired_at: ['تاریخ انقضا باید در آینده باشد'] });
    expect((await call('PUT', `${BASE}/${data.id}`, superHeaders, { title: '', text: 'متن', status: 'active', expired_at: inHours(2) })).statusCode).toBe(422);
    expect((await call('PUT', `${BASE}/999999`, superHeaders, { title: 'ا', text: 'م', status: 'active', expired_at: inHours(2) })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/abc`, superHeaders, { title: 'ا', text: 'م', status: 'active', expired_at: inHours(2) })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses to edit an expired announcement with SPEC §8 message, whatever the body, and changes nothing', async () => {
    const expiredId = await expiredAnnouncement('منقضی ویرایش‌نشدنی');
    // One that expires while it sits in the dashboard: its expiry is moved back as time would.
    const { data } = (await call('POST', BASE, superHeaders, { title: 'به‌زودی منقضی', text: 'متن', status: 'active', expired_at: inHours(1) })).json<{
      data: Announcement;
    }>();
    await app.db.update(announcements).set({ expired_at: new Date(Date.now() - 1000) }).where(eq(announcements.id, data.id));

    const before = await stored();
    for (const id of [expiredId, data.id]) {
      for (const body of [
        { title: 'تلاش برای ویرایش', text: 'متن', status: 'active', expired_at: inHours(24) },
        { title: '', text: '', status: 'x', expired_at: 'x' },
      ]) {
        const response = await call('PUT', `${BASE}/${id}`, superHeaders, body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ message: SUPPORT_MESSAGES.announcementExpired });
      }
    }
    expect(await stored()).toEqual(before);
    expect((await call('GET', `${BASE}/${data.id}`)).json().data).toMatchObject({ title: 'به‌زودی منقضی', is_expired: true });
  });

  it('deletes announcements, expired ones included; an unknown id is 404', async () => {
    const expiredId = await expiredAnnouncement('منقضی حذفی');
    const deleted = await call('DELETE', `${BASE}/${expiredId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: SUPPORT_MESSAGES.announcementDeleted });
    expect((await call('GET', `${BASE}/${expiredId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${expiredId}`)).statusCode).toBe(404);

    const visible = (await publicList())[0]!;
    expect((await call('DELETE', `${BASE}/${visible.id}`)).statusCode).toBe(200);
    expect((await publicList()).map((a) => a.id)).not.toContain(visible.id);
    expect((await stored()).map((a) => a.id)).not.toContain(visible.id);
  });
});

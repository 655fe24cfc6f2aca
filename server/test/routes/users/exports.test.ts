/**
 * The dashboard users list as CSV (issue 26 "Exports"), on every database target: the download's
 * headers and BOM, Persian text intact, the list's filters and sort applied (the same rows in the
 * same order as the list, across keyset pages with equal names and instants), Jalali and ISO dates,
 * the verified email and mobile, no password or token, the formula guard, and show-users.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { User } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { KEYSET_PAGE_SIZE } from '../../../src/lib/keyset-rows';
import { hashPassword } from '../../../src/lib/passwords';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { setCommentRestriction } from '../../../src/modules/users/dashboard-users';
import { createUser, grantPermissions, markMobileVerified } from '../../../src/modules/users/users-service';
import { csvRows, jalaliToday, listAll } from '../../helpers/csv';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const BASE = '/api/dashboard/users';
/** More users than one keyset page, so the export crosses pages under every sort. */
const BULK_USERS = KEYSET_PAGE_SIZE + 40;

describe.each(DB_TARGETS)('users CSV export on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;
  const tag = randomBytes(4).toString('hex');
  let formulaUser: User;
  let staffUser: User;

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
    const password_hash = await hashPassword('Reader12345');
    // A name a spreadsheet would take for a formula; 5 Azar 1405, 03:02:05 in Tehran.
    formulaUser = await createUser(app.db, {
      full_name: '=HYPERLINK("http://example.com";"رضا")',
      email: `export-a-${tag}@example.com`,
      mobile: '+989121110001',
      password_hash,
      way_of_knowing_our_website: 'معرفی دوستان، «اینستاگرام»',
      email_verified_at: new Date(),
      created_at: new Date('2026-11-25T23:32:05Z'),
    });
    staffUser = await createUser(app.db, {
      full_name: 'زهرا کارمند',
      email: `export-b-${tag}@example.com`,
      password_hash,
      status: 'staff',
      created_at: new Date('2026-11-20T08:00:00Z'),
    });
    await grantPermissions(app.db, staffUser.id, ['show-users', 'show-comments']);
    // Equal names and equal instants in groups, so keyset pages end inside a group.
    const start = Date.parse('2025-01-01T00:00:00Z');
    await app.db.insert(users).values(
      Array.from({ length: BULK_USERS }, (_, i) => ({
        full_name: `کاربر انبوه ${i % 9}`,
        email: `bulk-${tag}-${String(i).padStart(4, '0')}@example.com`,
        password_hash,
        created_at: new Date(start + Math.floor(i / 7) * 60_000),
      })),
    );
    // Microseconds a JavaScript Date cannot hold: a cursor kept as a Date would skip rows.
    await app.db
      .update(users)
      .set({ created_at: sql`${users.created_at} + (${users.id} % 3) * interval '1 microsecond'` })
      .where(sql`${users.email} like ${`bulk-${tag}-%`}`);
  }, 120_000);
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = superHeaders) => app.inject({ url, headers });
  const exportRows = async (query: string) => {
    const response = await get(`${BASE}/export?${query}`);
    expect({ query, status: response.statusCode }).toEqual({ query, status: 200 });
    return csvRows(response.rawPayload);
  };

  it('answers a CSV download: BOM, Persian headers and text intact, Jalali and ISO dates, formulas guarded, no password', async () => {
    await setCommentRestriction(app.db, formulaUser, formulaUser.id, { write_comment_status: 'temporarily-barred', barred_until: '2027-01-10T08:00:00Z' }, auditActor(formulaUser, '127.0.0.1'));
    const response = await get(`${BASE}/export?q=${encodeURIComponent(`export-a-${tag}`)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const file = `users-${jalaliToday()}.csv`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      'شناسه,نام و نام خانوادگی,ایمیل,موبایل,نوع کاربر,ایمیل تأییدشده,موبایل تأییدشده,دسترسی‌ها,وضعیت دیدگاه‌گذاری,' +
        'پایان محرومیت موقت (شمسی، تهران),پایان محرومیت موقت (ISO 8601، UTC),نحوه آشنایی با سایت,' +
        'تاریخ عضویت (شمسی، تهران),تاریخ عضویت (ISO 8601، UTC)',
    );
    expect(text).not.toMatch(/argon2|password|token/i);
    expect(csvRows(response.rawPayload)).toEqual([
      {
        'شناسه': String(formulaUser.id),
        'نام و نام خانوادگی': `'=HYPERLINK("http://example.com";"رضا")`,
        'ایمیل': formulaUser.email,
        'موبایل': '0912 111 0001',
        'نوع کاربر': 'کاربر عادی',
        'ایمیل تأییدشده': 'بله',
        'موبایل تأییدشده': 'خیر',
        'دسترسی‌ها': '',
        'وضعیت دیدگاه‌گذاری': 'موقتاً غیرمجاز',
        'پایان محرومیت موقت (شمسی، تهران)': '1405/10/20 11:30:00',
        'پایان محرومیت موقت (ISO 8601، UTC)': '2027-01-10T08:00:00.000Z',
        'نحوه آشنایی با سایت': 'معرفی دوستان، «اینستاگرام»',
        'تاریخ عضویت (شمسی، تهران)': '1405/09/05 03:02:05',
        'تاریخ عضویت (ISO 8601، UTC)': '2026-11-25T23:32:05.000Z',
      },
    ]);
    const [staff] = await exportRows(`q=${encodeURIComponent(`export-b-${tag}`)}`);
    expect(staff).toMatchObject({ 'نوع کاربر': 'کارمند', 'ایمیل تأییدشده': 'خیر', 'موبایل': '', 'موبایل تأییدشده': '' });
    expect(staff!['دسترسی‌ها']!.split('، ').sort()).toEqual(['show-comments', 'show-users']);
  });

  it('says whether the mobile is verified, as the user answers do', async () => {
    const mine = () => exportRows(`q=${encodeURIComponent(`export-a-${tag}`)}`);
    expect((await get(`${BASE}/${formulaUser.id}`)).json<{ data: User }>().data.is_mobile_verified).toBe(false);
    expect(await markMobileVerified(app.db, formulaUser.id, '+989121110001')).toBe(true);
    expect((await get(`${BASE}/${formulaUser.id}`)).json<{ data: User }>().data.is_mobile_verified).toBe(true);
    expect((await mine())[0]!['موبایل تأییدشده']).toBe('بله');
  });

  it("exports the rows of the list's filters and sort, in the list's order, across keyset pages", async () => {
    const queries = [
      `q=${tag}`,
      `q=${tag}&sort=full_name`,
      `q=${tag}&sort=-full_name`,
      `q=${tag}&sort=email`,
      `q=${tag}&sort=created_at`,
      `q=${tag}&sort=-id`,
      `q=${tag}&status=staff`,
      `q=${tag}&verified=yes`,
      'status=super',
    ];
    for (const query of queries) {
      const listed = await listAll<User>(app, superHeaders, BASE, `&${query}`);
      const rows = await exportRows(query);
      expect({ query, ids: rows.map((row) => Number(row['شناسه'])) }).toEqual({ query, ids: listed.map((user) => user.id) });
    }
    expect((await exportRows(`q=${tag}`)).length).toBe(BULK_USERS + 2);
    expect(await exportRows('q=nobody-at-all')).toEqual([]);
  }, 120_000);

  it('answers a bad filter with a Persian 422 and no file', async () => {
    for (const query of ['sort=password_hash', 'verified=maybe', 'status=owner']) {
      const response = await get(`${BASE}/export?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('answers 401 to visitors, 403 without show-users, and the file with it', async () => {
    const url = `${BASE}/export?q=${tag}`;
    expect((await get(url, {})).statusCode).toBe(401);
    for (const headers of [await headersOf(app, 'user@example.com'), await headersOf(app, 'staff@example.com'), await newStaff(app, ['show-comments'])]) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toContain('forbidden');
    }
    expect((await get(url, await newStaff(app, ['show-users']))).statusCode).toBe(200);
  });
});

/**
 * The seed's backfill of the site information (issue 8, migration 0006): a database seeded
 * before the site had a name gets the demo's name, description and contacts, keeps its texts and
 * switches, and is left alone once it has a name. And the demo's counters (issue 9, migration 0007)
 * and discount codes (issue 25).
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { discountCodes } from '../../src/modules/commerce/tables';
import { posts } from '../../src/modules/content/tables';
import { siteSettings } from '../../src/modules/support/tables';
import { SEED_SITE_INFORMATION } from '../../src/seed/demo-data';
import { backfillSiteInformation } from '../../src/seed/demo';
import { getSiteInformation } from '../../src/modules/support/support-service';
import { counterMismatches } from '../helpers/counters';
import { DB_TARGETS, buildTestApp } from '../helpers/test-app';

describe.each(DB_TARGETS)('site information backfill on %s', (target) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(target);
  }, 120_000);
  afterAll(() => app?.close());

  it('names a site seeded before migration 0006 and keeps what it had', async () => {
    // The row as migration 0006 leaves an older database: new columns at their defaults.
    await app.db.update(siteSettings).set({
      site_name: '',
      short_description: '',
      contact_email: null,
      contact_phone: null,
      address: null,
      social_links: {},
      tickets_enabled: false,
      about_me: '<p>درباره من قدیمی</p>',
    });
    await backfillSiteInformation(app.db);
    const info = await getSiteInformation(app.db);
    expect(info).toMatchObject({ ...SEED_SITE_INFORMATION, tickets_enabled: false, about_me: '<p>درباره من قدیمی</p>' });

    await app.db.update(siteSettings).set({ site_name: 'نام انتخابی', address: null });
    await backfillSiteInformation(app.db);
    expect(await getSiteInformation(app.db)).toEqual({ ...info, site_name: 'نام انتخابی', address: null });
  });

  it('seeds the demo discount codes: WELCOME20 (20 %, every course, no cap or end) and YALDA (ended on Yalda night 1404)', async () => {
    const codes = await app.db.select().from(discountCodes).orderBy(discountCodes.code);
    expect(codes.map(({ code, kind, value, applies_to_all, total_cap, ends_at, is_active }) => ({ code, kind, value, applies_to_all, total_cap, ends_at, is_active }))).toEqual([
      { code: 'WELCOME20', kind: 'percent', value: 20, applies_to_all: true, total_cap: null, ends_at: null, is_active: true },
      { code: 'YALDA', kind: 'percent', value: 30, applies_to_all: true, total_cap: null, ends_at: new Date('2025-12-21T20:30:00.000Z'), is_active: true },
    ]);
  });

  it('seeds counters equal to a count, and recount_engagement() (the backfill of migration 0007) mends wrong ones', async () => {
    expect(await counterMismatches(app.db)).toEqual([]);
    await app.db.update(posts).set({ likes_count: 99, comments_count: 0 }).where(eq(posts.id, 1));
    expect((await counterMismatches(app.db)).map((m) => [m.type, m.id])).toEqual([['post', 1]]);
    await app.db.execute(sql`select recount_engagement()`);
    expect(await counterMismatches(app.db)).toEqual([]);
  });
});

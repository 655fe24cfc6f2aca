/**
 * Demo data of DESIGN.md "Demo data and accounts": written once into an empty database (no
 * users), in one transaction, plus the committed media written into the file store (`seed/…`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { PERMISSIONS, type ContentType, type User } from '@shop/contracts';
import { PLAYBACK_DEFAULTS, quizQuestionSchema } from '@shop/validation';
import type { Db } from '../db/client';
import { products, productSessions } from '../modules/commerce/tables';
import { podcasts, posts } from '../modules/content/tables';
import { users } from '../modules/users/tables';
import { seedDemoOrders } from './orders';
import {
  SEED_ABOUT_ME,
  SEED_ANNOUNCEMENT,
  SEED_DISCOUNT_CODES,
  SEED_GIFT_CARD,
  SEED_INSTALMENT_PLAN,
  SEED_SALES_AGENT,
  SEED_LINKS,
  SEED_PODCASTS,
  SEED_POSTS,
  SEED_PRODUCTS,
  SEED_ASSIGNMENT,
  SEED_QUIZ,
  SEED_READERS,
  SEED_SITE_INFORMATION,
  SEED_TERMS,
  SEED_TICKETS,
} from './demo-data';
import { sanitizeRichText } from '../lib/html';
import type { FileStorage } from '../lib/storage';
import { searchColumnsOf } from '../lib/text';
import { SERVER_ROOT } from '../settings';
import { hashPassword } from '../lib/passwords';
import { createDiscountCode, createGiftCard, createInstalmentPlan, saveSalesAgent } from '../modules/commerce';
import { addComment, addLike } from '../modules/engagement';
import { createQuizQuestion, saveAssignmentSettings, saveQuizSettings } from '../modules/learning';
import { createAnnouncement, createLink, createTicket, getSiteInformation, saveSiteInformation } from '../modules/support';
import type { AuditContext } from '../lib/audit-trail';
import { auditActor } from '../modules/audit';
import { createUser, ensurePermissions, grantPermissions, setCommentRestriction } from '../modules/users';

/** Committed seed media (SVG covers, Opus clips). */
export const SEED_MEDIA_DIR = path.join(SERVER_ROOT, 'seed-media');

/** The three accounts of DESIGN.md, for the README and tests. */
export const SEED_ACCOUNTS = {
  super: { email: 'super@example.com', password: 'Super12345' },
  staff: { email: 'staff@example.com', password: 'Staff12345' },
  user: { email: 'user@example.com', password: 'User12345', mobile: '+989121234567' },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the committed seed media into the store as `seed/images|audio/<file>` (served at
 * `/media/seed/…`), each only when missing or of another size: a start costs one `stat` per file,
 * and the instances of one bucket share the files (issue 10 "Scale-out").
 */
export async function storeSeedMedia(storage: FileStorage): Promise<void> {
  const keys = ['images', 'audio'].flatMap((folder) => fs.readdirSync(path.join(SEED_MEDIA_DIR, folder)).map((name) => `seed/${folder}/${name}`));
  await Promise.all(
    keys.map(async (key) => {
      const content = fs.readFileSync(path.join(SEED_MEDIA_DIR, key.slice('seed/'.length)));
      if ((await storage.stat(key))?.size !== content.length) await storage.put(key, content);
    }),
  );
}

/** A lesson file of the seed: private key, size in bytes and MIME type. */
interface SeedLessonFile {
  file: string;
  file_size: number;
  file_type: string;
}

/**
 * Writes the committed Persian audio clips into private storage as `seed/<file>` (issue 6), each
 * only when missing or of another size, so seeded sessions play something real through signed
 * URLs; answers them in name order.
 */
export async function copySeedLessonFiles(storage: FileStorage): Promise<SeedLessonFile[]> {
  const dir = path.join(SEED_MEDIA_DIR, 'audio');
  const names = fs.readdirSync(dir).filter((f) => f.endsWith('.ogg')).sort();
  return Promise.all(
    names.map(async (name) => {
      const key = `seed/${name}`;
      const content = fs.readFileSync(path.join(dir, name));
      if ((await storage.statPrivate(key))?.size !== content.length) await storage.putPrivate(key, content);
      return { file: key, file_size: content.length, file_type: 'audio/ogg' };
    }),
  );
}

/** Likes per item, by index: deliberately not in date order so "most-liked" differs from "newest". */
const LIKE_PATTERN = [3, 7, 1, 5, 8, 2, 6, 0, 4, 2, 1, 3];

/**
 * Seeds when the database has no users; writes the media into `storage` and adds missing catalogue permissions either way.
 * @returns true when it wrote the demo data.
 */
export async function seedIfEmpty(
  db: Db,
  options: { storage: FileStorage; now?: Date },
): Promise<boolean> {
  await storeSeedMedia(options.storage);
  const lessonFiles = await copySeedLessonFiles(options.storage);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    // A database seeded before a catalogue name was added gets it too (the code checks every one).
    await ensurePermissions(db, PERMISSIONS);
    await backfillSearchColumns(db);
    await backfillSiteInformation(db);
    return false;
  }
  await db.transaction(async (tx) => seed(tx as unknown as Db, options.now ?? new Date(), lessonFiles));
  return true;
}

/**
 * Fills the search columns (migration 0001) of rows written before they existed; a no-op once
 * every row has them, since every write sets them.
 */
export async function backfillSearchColumns(db: Db): Promise<void> {
  for (const table of [posts, podcasts, products] as const) {
    const t = table as typeof posts;
    const rows = await db
      .select({ id: t.id, title: t.title, description: t.description })
      .from(t)
      .where(eq(t.search_title, ''));
    for (const row of rows) {
      await db.update(t).set(searchColumnsOf(row.title, row.description)).where(eq(t.id, row.id));
    }
  }
}

/**
 * Gives a database seeded before migration 0006 the demo's site name, description and contacts
 * (the name is required from then on); a no-op once the site has a name.
 */
export async function backfillSiteInformation(db: Db): Promise<void> {
  const info = await getSiteInformation(db);
  if (info.site_name === '') await saveSiteInformation(db, { ...info, ...SEED_SITE_INFORMATION });
}

/** `days` and `hours` before the seed's `now`. */
type Ago = (days: number, hours?: number) => Date;

/** The demo's people (DESIGN.md "Demo data and accounts"), as {@link seedPeople} made them. */
interface SeedPeople {
  superUser: User;
  staffUser: User;
  ordinary: User;
  readers: User[];
  /** The super user acting from this machine: the demo's audit log (issue 26) starts with them. */
  seedAudit: AuditContext;
}

/**
 * The three demo accounts and the readers, the catalogue's permissions, and two readers' comment
 * restrictions (SPEC §4), so both restricted lists of the dashboard show someone.
 */
async function seedPeople(db: Db, now: Date, ago: Ago): Promise<SeedPeople> {
  const verifiedAt = ago(200);

  await ensurePermissions(db, PERMISSIONS);
  const superUser = await createUser(db, {
    full_name: 'مدیر سایت',
    email: SEED_ACCOUNTS.super.email,
    password_hash: await hashPassword(SEED_ACCOUNTS.super.password),
    status: 'super',
    email_verified_at: verifiedAt,
    created_at: ago(210),
  });
  const staffUser = await createUser(db, {
    full_name: 'پشتیبان سایت',
    email: SEED_ACCOUNTS.staff.email,
    password_hash: await hashPassword(SEED_ACCOUNTS.staff.password),
    status: 'staff',
    email_verified_at: verifiedAt,
    created_at: ago(205),
  });
  await grantPermissions(db, staffUser.id, ['manage-posts', 'show-comments']);
  const ordinary = await createUser(db, {
    full_name: 'کاربر نمونه',
    email: SEED_ACCOUNTS.user.email,
    mobile: SEED_ACCOUNTS.user.mobile,
    password_hash: await hashPassword(SEED_ACCOUNTS.user.password),
    way_of_knowing_our_website: 'از طریق جست‌وجو در اینترنت',
    email_verified_at: verifiedAt,
    created_at: ago(180),
  });
  const readerHash = await hashPassword('Reader12345');
  const readers = [];
  for (const [i, reader] of SEED_READERS.entries()) {
    readers.push(
      await createUser(db, {
        ...reader,
        password_hash: readerHash,
        email_verified_at: i % 2 === 0 ? ago(150 - i * 20) : null,
        created_at: ago(160 - i * 25),
      }),
    );
  }
  const [, , , barredReader, pausedReader] = readers;
  const seedAudit = auditActor(superUser, '127.0.0.1');
  await setCommentRestriction(db, superUser, barredReader!.id, { write_comment_status: 'barred' }, seedAudit);
  await setCommentRestriction(
    db,
    superUser,
    pausedReader!.id,
    { write_comment_status: 'temporarily-barred', barred_until: new Date(now.getTime() + 7 * DAY_MS).toISOString() },
    seedAudit,
  );
  return { superUser, staffUser, ordinary, readers, seedAudit };
}

/** The catalogue's ids, in the order the seed wrote them. */
interface SeedCatalogue {
  postIds: number[];
  podcastIds: number[];
  productIds: number[];
}

/**
 * Posts, podcasts and courses with their sessions (each with a clip of `lessonFiles`; the first
 * of a paid course a free preview), liked by a varying number of the demo's people.
 */
async function seedCatalogue(db: Db, ago: Ago, people: SeedPeople, lessonFiles: SeedLessonFile[]): Promise<SeedCatalogue> {
  const { ordinary, readers, staffUser, superUser } = people;
  const likers = [ordinary, ...readers, staffUser, superUser];
  const like = async (type: ContentType, itemId: number, index: number) => {
    const n = LIKE_PATTERN[index % LIKE_PATTERN.length] ?? 0;
    for (const user of likers.slice(0, n)) await addLike(db, { userId: user.id, type, itemId });
  };

  const postIds: number[] = [];
  for (const [i, item] of SEED_POSTS.entries()) {
    const created = ago(item.daysAgo);
    const [row] = await db
      .insert(posts)
      .values({
        title: item.title,
        slug: item.slug,
        description: sanitizeRichText(item.description),
        ...searchColumnsOf(item.title, item.description),
        image: `/media/seed/images/post-${i + 1}.svg`,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: posts.id });
    postIds.push(row!.id);
    await like('post', row!.id, i);
  }

  const podcastIds: number[] = [];
  for (const [i, item] of SEED_PODCASTS.entries()) {
    const created = ago(item.daysAgo);
    const [row] = await db
      .insert(podcasts)
      .values({
        title: item.title,
        slug: item.slug,
        description: sanitizeRichText(item.description),
        ...searchColumnsOf(item.title, item.description),
        image: `/media/seed/images/podcast-${i + 1}.svg`,
        file: `/media/seed/audio/${item.audio}`,
        duration_seconds: item.durationSeconds,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: podcasts.id });
    podcastIds.push(row!.id);
    await like('podcast', row!.id, i + 3);
  }

  const productIds: number[] = [];
  for (const [i, item] of SEED_PRODUCTS.entries()) {
    const created = ago(item.daysAgo);
    const image = `/media/seed/images/product-${i + 1}.svg`;
    const [row] = await db
      .insert(products)
      .values({
        title: item.title,
        slug: item.slug,
        description: sanitizeRichText(item.description),
        ...searchColumnsOf(item.title, item.description),
        image,
        price: item.price,
        product_status: item.status,
        comment_status: item.commentStatus,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: products.id });
    productIds.push(row!.id);
    await like('product', row!.id, i + 5);
    // Sessions in order 1..n, each lesson with a clip; the first of a paid course is a free preview.
    for (const [j, { kind = 'lesson', releaseDays, ...s }] of item.sessions.entries()) {
      const sessionCreated = ago(item.daysAgo - j * 2, 8);
      const [added] = await db
        .insert(productSessions)
        .values({
          ...s,
          kind,
          release_days: releaseDays ?? null,
          product_id: row!.id,
          image,
          position: j + 1,
          is_free_preview: item.price > 0 && j === 0,
          comment_status: item.commentStatus,
          ...(kind === 'lesson' ? lessonFiles[(i + j) % lessonFiles.length] : {}),
          created_at: sessionCreated,
          updated_at: sessionCreated,
        })
        .returning({ id: productSessions.id });
      if (kind === 'quiz') await seedQuiz(db, row!.id, added!.id, people.seedAudit);
      if (kind === 'assignment') await saveAssignmentSettings(db, added!.id, SEED_ASSIGNMENT, people.seedAudit);
    }
  }
  // The first course (JavaScript basics) can be bought in parts (issue 36 item 2).
  await createInstalmentPlan(db, productIds[0]!, SEED_INSTALMENT_PLAN, people.seedAudit);

  return { postIds, podcastIds, productIds };
}

/** The demo quiz (issue 37) on session `sessionId` of course `productId`: its questions in the course's bank, then its rules. */
async function seedQuiz(db: Db, productId: number, sessionId: number, audit: AuditContext): Promise<void> {
  const questionIds: number[] = [];
  for (const question of SEED_QUIZ.questions) {
    questionIds.push((await createQuizQuestion(db, productId, await quizQuestionSchema.validate(question), audit)).id);
  }
  await saveQuizSettings(db, sessionId, { ...SEED_QUIZ.rules, question_ids: questionIds }, audit);
}

/** Comments: approved threads with replies, and one waiting for approval. */
async function seedComments(db: Db, ago: Ago, people: SeedPeople, { postIds, podcastIds, productIds }: SeedCatalogue): Promise<void> {
  const { ordinary, readers, staffUser, superUser } = people;
  const [firstPost, , , , , , , , , , , lastPost] = postIds;
  const [reader1, reader2, reader3] = readers;
  const c1 = (
    await addComment(db, {
    userId: ordinary.id,
    type: 'post',
    itemId: firstPost!,
    text: 'ممنون از این نوشته؛ من هم با یک پروژه کوچک شروع کردم و خیلی کمکم کرد.',
    status: 'approved',
    createdAt: ago(160),
    })
  ).id;
  await addComment(db, {
    userId: staffUser.id,
    type: 'post',
    itemId: firstPost!,
    parentId: c1,
    text: 'خوشحالیم که مفید بوده. اگر پرسشی داشتید، همین‌جا بنویسید.',
    status: 'approved',
    createdAt: ago(159),
  });
  await addComment(db, {
    userId: reader1!.id,
    type: 'post',
    itemId: firstPost!,
    parentId: c1,
    text: 'تجربه من هم همین بود؛ ساختن چیزی واقعی انگیزه را حفظ می‌کند.',
    status: 'approved',
    createdAt: ago(150),
  });
  await addComment(db, {
    userId: reader2!.id,
    type: 'post',
    itemId: firstPost!,
    text: 'به نظرم برای شروع، پایتون از همه ساده‌تر است.',
    status: 'approved',
    createdAt: ago(140),
  });
  await addComment(db, {
    userId: reader3!.id,
    type: 'post',
    itemId: firstPost!,
    text: 'این دیدگاه هنوز در انتظار تأیید است.',
    createdAt: ago(2),
  });
  const c2 = (
    await addComment(db, {
    userId: reader2!.id,
    type: 'post',
    itemId: lastPost!,
    text: 'کار از راه دور برای من هم سخت بود تا وقتی ساعت کاری ثابت گذاشتم.',
    status: 'approved',
    createdAt: ago(4),
    })
  ).id;
  await addComment(db, {
    userId: ordinary.id,
    type: 'post',
    itemId: lastPost!,
    parentId: c2,
    text: 'دقیقاً! مرز میان کار و زندگی خیلی مهم است.',
    status: 'approved',
    createdAt: ago(3),
  });
  await addComment(db, {
    userId: ordinary.id,
    type: 'podcast',
    itemId: podcastIds[0]!,
    text: 'صدای قسمت اول عالی بود؛ منتظر قسمت‌های بعدی هستم.',
    status: 'approved',
    createdAt: ago(150),
  });
  const c3 = (
    await addComment(db, {
    userId: reader1!.id,
    type: 'product',
    itemId: productIds[0]!,
    text: 'آیا این دوره برای کسی که هیچ تجربه‌ای ندارد مناسب است؟',
    status: 'approved',
    createdAt: ago(100),
    })
  ).id;
  await addComment(db, {
    userId: superUser.id,
    type: 'product',
    itemId: productIds[0]!,
    parentId: c3,
    text: 'بله، دوره از صفر شروع می‌شود و پیش‌نیازی ندارد.',
    status: 'approved',
    createdAt: ago(99),
  });

}

/** The demo site's VAT rate in percent (issue 36 item 5): Iran's rate since 1403. */
const DEMO_VAT_PERCENT = 10;

/** Links, discount codes, the gift card, the staff user as a sales agent, the site's texts and switches, the announcement, and contact-us tickets from the demo user and readers (the oldest one already read). */
async function seedSite(db: Db, now: Date, ago: Ago, { ordinary, readers, staffUser, seedAudit }: SeedPeople): Promise<void> {
  const [reader1, , reader3] = readers;
  for (const link of SEED_LINKS) await createLink(db, link, seedAudit);
  for (const code of SEED_DISCOUNT_CODES) await createDiscountCode(db, { ...code, product_ids: [...code.product_ids] }, seedAudit);
  await createGiftCard(db, SEED_GIFT_CARD, seedAudit);
  await saveSalesAgent(db, { ...SEED_SALES_AGENT, user_id: staffUser.id }, seedAudit, '');
  await saveSiteInformation(db, {
    ...SEED_SITE_INFORMATION,
    about_me: sanitizeRichText(SEED_ABOUT_ME),
    terms_and_conditions: sanitizeRichText(SEED_TERMS),
    comments_enabled: true,
    tickets_enabled: true,
    selling_enabled: true,
    vat_percent: DEMO_VAT_PERCENT,
    ...PLAYBACK_DEFAULTS,
  });
  await createAnnouncement(db, {
    title: SEED_ANNOUNCEMENT.title,
    text: SEED_ANNOUNCEMENT.text,
    status: 'active',
    expired_at: new Date(now.getTime() + SEED_ANNOUNCEMENT.expiresInDays * DAY_MS).toISOString(),
  }, seedAudit);

  const senders = [ordinary, reader1!, reader3!];
  for (const [i, ticket] of SEED_TICKETS.entries()) {
    await createTicket(db, {
      userId: senders[i % senders.length]!.id,
      title: ticket.title,
      text: ticket.text,
      isRead: ticket.isRead,
      createdAt: ago(ticket.daysAgo),
    });
  }

}

/** The demo data, in this order: people, catalogue, comments, the site, then orders, a refund, a course added by hand and progress (issue 6). */
async function seed(db: Db, now: Date, lessonFiles: SeedLessonFile[]): Promise<void> {
  const ago: Ago = (days, hours = 10) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const people = await seedPeople(db, now, ago);
  const catalogue = await seedCatalogue(db, ago, people, lessonFiles);
  await seedComments(db, ago, people, catalogue);
  await seedSite(db, now, ago, people);
  await seedDemoOrders(db, now);
}

/**
 * The scale data of issue 9 ("Scale": 100 000 posts, 20 000 podcasts, 2 000 courses with their
 * sessions and 1 000 000 comments), for `npm run seed:scale -w server` and `bench:api`. Filling is
 * a top-up: each table is brought up to its target and a full database is left as it is, so a
 * benchmark can keep its scale database between runs.
 *
 * Posts, podcasts, courses and sessions are written from Node in batches, through
 * `searchColumnsOf`, so their search columns are exactly what the app's own saves write. Their
 * Persian text comes from a word-pair (bigram) model of the demo texts of seed-data.ts: new
 * sentences with the demo's vocabulary and word frequencies, so common words are common (a search
 * for «برنامه» matches 17 % of the posts) and rare ones rare, as on a real site. Readers, comments (a tenth not approved, three
 * in ten replies) and likes are written set-based in SQL (`generate_series`), with the counter
 * triggers of migration 0007 off and `recount_engagement()` run after, in one transaction.
 */
import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, productSessions } from '../modules/commerce/tables';
import { podcasts, posts } from '../modules/content/tables';
import { comments } from '../modules/engagement/tables';
import { SEED_PODCASTS, SEED_POSTS, SEED_PRODUCTS, type SeedItem } from './demo-data';
import { htmlToText } from '../lib/html';
import { searchColumnsOf } from '../lib/text';
import { hashPassword } from '../lib/passwords';

/** Rows per table after a scale seed (issue 9). */
export interface ScaleTargets {
  posts: number;
  podcasts: number;
  products: number;
  comments: number;
}

/** The sizes issue 9 names. */
export const SCALE_TARGETS: ScaleTargets = { posts: 100_000, podcasts: 20_000, products: 2_000, comments: 1_000_000 };

/** Reader accounts that write the scale comments and likes (`scale-reader-<n>@example.com`, password Reader12345). */
export const SCALE_READERS = 20_000;

/** Content rows per INSERT statement (about 10 parameters a row; PostgreSQL allows 65 535). */
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Scale items are spread over the ten years before the seed. */
const SPAN_DAYS = 3650;
/** Sessions per scale course: 4 to 16. */
const SESSIONS_MIN = 4;
const SESSIONS_SPREAD = 13;
/** Most likes a scale item gets (skewed: most get few). */
const MAX_LIKES = 16;
/** Demo media the scale rows point at (seed-media/, copied to uploads/seed by every start). */
const IMAGE_COUNT = { post: 12, podcast: 6, product: 6 } as const;
const AUDIO_COUNT = 6;
const FIRST_NAMES = ['مریم', 'علی', 'سارا', 'رضا', 'نگار', 'امید', 'شیما', 'کیان', 'ترانه', 'بهرام', 'لیلا', 'سینا', 'مهسا', 'پویا', 'الهام', 'نیما', 'آیدا', 'کاوه', 'یاسمن', 'بردیا'];
const LAST_NAMES = ['احمدی', 'رضایی', 'محمدی', 'کریمی', 'حسینی', 'صادقی', 'قاسمی', 'فرهادی', 'یزدانی', 'شریفی', 'اکبری', 'طاهری', 'رحیمی', 'عباسی', 'نظری', 'بهرامی', 'فراهانی', 'کامرانی', 'منصوری', 'توکلی'];

/** What a scale seed wrote, per table. */
export interface ScaleReport {
  posts: number;
  podcasts: number;
  products: number;
  sessions: number;
  readers: number;
  comments: number;
  likes: number;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so two seeds write the same text. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A word-pair model of Persian sentences: which words start a sentence and which follow each word. */
export interface TextModel {
  starts: string[];
  next: Map<string, string[]>;
}

const SENTENCE_END = /[.!؟؛]$/;

/** Builds the model from the plain text of the demo descriptions (seed-data.ts). */
export function demoTextModel(items: SeedItem[] = [...SEED_POSTS, ...SEED_PODCASTS, ...SEED_PRODUCTS]): TextModel {
  const texts = items.flatMap((item) => [
    htmlToText(item.description),
    ...('sessions' in item ? (item as (typeof SEED_PRODUCTS)[number]).sessions.map((s) => htmlToText(s.description)) : []),
  ]);
  const starts: string[] = [];
  const next = new Map<string, string[]>();
  for (const text of texts) {
    let previous: string | null = null;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (previous === null) starts.push(word);
      else next.set(previous, [...(next.get(previous) ?? []), word]);
      previous = SENTENCE_END.test(word) ? null : word;
    }
  }
  return { starts, next };
}

/** A sentence of at most `maxWords` words walked through the model, ending in punctuation. */
export function sentence(model: TextModel, random: () => number, maxWords: number): string {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const words = [pick(model.starts)];
  while (words.length < maxWords && !SENTENCE_END.test(words.at(-1)!)) {
    const followers = model.next.get(words.at(-1)!);
    words.push(followers ? pick(followers) : pick(model.starts));
  }
  const text = words.join(' ');
  return SENTENCE_END.test(text) ? text : `${text.replace(/[،,:]$/, '')}.`;
}

/** A title of 3 to 8 words without its final punctuation. */
function title(model: TextModel, random: () => number): string {
  return sentence(model, random, 3 + Math.floor(random() * 6)).replace(/[.!؛]$/, '');
}

/** Description HTML of `paragraphs` paragraphs of one to three sentences, as the dashboard editor writes it. */
function description(model: TextModel, random: () => number, paragraphs: number): string {
  return Array.from({ length: paragraphs }, () => {
    const sentences = Array.from({ length: 1 + Math.floor(random() * 3) }, () => sentence(model, random, 6 + Math.floor(random() * 17)));
    return `<p>${sentences.join(' ')}</p>`;
  }).join('\n');
}

async function countOf(db: Db, table: typeof posts | typeof podcasts | typeof products | typeof comments): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/**
 * Inserts `count` generated rows into `table` in one transaction, in batches of {@link BATCH}:
 * the next batch is generated while the last one is written, and the table's GIN indexes (the
 * search trigrams) are dropped first and rebuilt from their own definitions after, which is
 * several times faster than growing them row by row. Answers the new ids in order.
 */
async function bulkInsert<R>(
  db: Db,
  table: typeof posts | typeof podcasts | typeof products | typeof productSessions,
  count: number,
  row: (k: number) => R,
): Promise<number[]> {
  if (count === 0) return [];
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const name = getTableName(table);
    const gin = (
      (await tx.execute(sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public' and tablename = ${name} and indexdef like '% USING gin %'`)) as unknown as {
        rows: Array<{ name: string; definition: string }>;
      }
    ).rows;
    for (const index of gin) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    const ids: number[] = [];
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => row(start + i));
      await writing;
      writing = tx
        .insert(table)
        .values(batch as never)
        .returning({ id: table.id })
        .then((rows) => void ids.push(...rows.map((r) => r.id)));
    }
    await writing;
    for (const index of gin) await tx.execute(sql.raw(index.definition));
    return ids;
  });
}

/**
 * `n` dates from `now` back over {@link SPAN_DAYS}, newest first, each a few minutes apart at
 * random, so the list orders have no ties to speak of.
 */
function spreadDates(n: number, now: Date, random: () => number): Date[] {
  const step = (SPAN_DAYS * DAY_MS) / Math.max(n, 1);
  return Array.from({ length: n }, (_, k) => new Date(now.getTime() - (k + random()) * step));
}

/** Columns every scale content row shares: text, search copies, image and dates. */
function contentRow(model: TextModel, random: () => number, slug: string, image: string, at: Date, paragraphs: number) {
  const heading = title(model, random);
  const html = description(model, random, paragraphs);
  return { title: heading, slug, description: html, ...searchColumnsOf(heading, html), image, created_at: at, updated_at: at };
}

/** Posts, podcasts and courses with sessions up to the targets; answers how many of each it wrote. */
async function seedContent(db: Db, targets: ScaleTargets, now: Date, run: string) {
  const model = demoTextModel();
  const random = randomSource(9);
  const written = { posts: 0, podcasts: 0, products: 0, sessions: 0 };

  const postCount = Math.max(0, targets.posts - (await countOf(db, posts)));
  const postDates = spreadDates(postCount, now, random);
  written.posts = (
    await bulkInsert(db, posts, postCount, (k) =>
      contentRow(model, random, `scale-post-${run}-${k + 1}`, `/media/seed/images/post-${(k % IMAGE_COUNT.post) + 1}.svg`, postDates[k]!, 2 + Math.floor(random() * 3)),
    )
  ).length;

  const podcastCount = Math.max(0, targets.podcasts - (await countOf(db, podcasts)));
  const podcastDates = spreadDates(podcastCount, now, random);
  written.podcasts = (
    await bulkInsert(db, podcasts, podcastCount, (k) => ({
      ...contentRow(model, random, `scale-podcast-${run}-${k + 1}`, `/media/seed/images/podcast-${(k % IMAGE_COUNT.podcast) + 1}.svg`, podcastDates[k]!, 1 + Math.floor(random() * 2)),
      file: `/media/seed/audio/podcast-${(k % AUDIO_COUNT) + 1}.ogg`,
      duration_seconds: 9,
    }))
  ).length;

  const productCount = Math.max(0, targets.products - (await countOf(db, products)));
  const productRows = spreadDates(productCount, now, random).map((at, k) => ({
    ...contentRow(model, random, `scale-course-${run}-${k + 1}`, `/media/seed/images/product-${(k % IMAGE_COUNT.product) + 1}.svg`, at, 2 + Math.floor(random() * 2)),
    // One course in ten is free; the others cost 90 000 to 2 990 000 tomans.
    price: k % 10 === 0 ? 0 : 90_000 + Math.floor(random() * 30) * 100_000,
    product_status: (['done', 'in-progress', 'expired'] as const)[k % 7 === 0 ? 2 : k % 3 === 0 ? 1 : 0],
  }));
  const productIds = await bulkInsert(db, products, productCount, (k) => productRows[k]!);
  written.products = productIds.length;

  const sessionRows = productIds.flatMap((productId, k) => {
    const course = productRows[k]!;
    return Array.from({ length: SESSIONS_MIN + Math.floor(random() * SESSIONS_SPREAD) }, (_, j) => {
      const at = new Date(course.created_at.getTime() + j * DAY_MS);
      return {
        title: `جلسه ${j + 1}: ${title(model, random)}`,
        slug: `${course.slug}-session-${j + 1}`,
        description: description(model, random, 1),
        image: course.image,
        product_id: productId,
        position: j + 1,
        is_free_preview: course.price > 0 && j === 0,
        created_at: at,
        updated_at: at,
      };
    });
  });
  written.sessions = (await bulkInsert(db, productSessions, sessionRows.length, (k) => sessionRows[k]!)).length;
  return written;
}

/** The `rows` affected of a raw statement on either driver. */
function rowCountOf(result: unknown): number {
  return Number((result as { rowCount?: number | null }).rowCount ?? 0);
}

/**
 * Readers, then comments up to the target and likes on every item, in one transaction with the
 * counter triggers off; the counters are recomputed before it commits.
 */
async function seedEngagement(db: Db, targets: ScaleTargets, now: Date) {
  const missing = Math.max(0, targets.comments - (await countOf(db, comments)));
  if (missing === 0) return { readers: 0, comments: 0, likes: 0 };
  const model = demoTextModel();
  const random = randomSource(17);
  const texts = Array.from({ length: 4000 }, () => sentence(model, random, 5 + Math.floor(random() * 20)));
  const passwordHash = await hashPassword('Reader12345');
  const topLevel = Math.round(missing * 0.7);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select setseed(0.42)`);
    const readers = rowCountOf(
      await tx.execute(sql`
        insert into users (full_name, email, password_hash, email_verified_at, created_at, updated_at)
        select f.names[1 + g % f.n] || ' ' || l.names[1 + (g / f.n) % l.n], 'scale-reader-' || g || '@example.com',
          ${passwordHash}, t.at, t.at, t.at
        from generate_series(1, ${SCALE_READERS}::int) as g,
          (select ${sql.param(FIRST_NAMES)}::text[] as names, ${FIRST_NAMES.length}::int as n) as f,
          (select ${sql.param(LAST_NAMES)}::text[] as names, ${LAST_NAMES.length}::int as n) as l,
          (select ${new Date(now.getTime() - (SPAN_DAYS + 30) * DAY_MS)}::timestamptz as at) as t
        on conflict (email) do nothing`),
    );
    await tx.execute(sql`alter table comments disable trigger comments_count`);
    await tx.execute(sql`alter table likes disable trigger likes_count`);
    // Every commentable item with its rank in its type, newest first: comments favour recent items.
    await tx.execute(sql`
      create temporary table scale_items on commit drop as
      select type::content_type, id, created_at, row_number() over (partition by type order by created_at desc, id desc) as rank
      from (select 'post' as type, id, created_at from posts
            union all select 'podcast', id, created_at from podcasts
            union all select 'product', id, created_at from products
            union all select 'product_session', id, created_at from product_sessions) as items`);
    await tx.execute(sql`create index on scale_items (type, rank)`);
    await tx.execute(sql`
      create temporary table scale_readers on commit drop as
      select row_number() over (order by id) as n, id from users where email like 'scale-reader-%'`);
    await tx.execute(sql`create index on scale_readers (n)`);
    const statusOf = (g: SQL) =>
      sql`(case when ${g} % 20 < 18 then 'approved' when ${g} % 20 = 18 then 'pending' else 'rejected' end)::comment_moderation_status`;
    const [last] = await tx.select({ id: sql<number>`coalesce(max(${comments.id}), 0)`.mapWith(Number) }).from(comments);
    // Top-level comments: 70 % on posts, 15 % on podcasts, 5 % on courses, 10 % on sessions.
    const top = rowCountOf(
      await tx.execute(sql`
        with picks as (
          select g, (case when g % 20 < 14 then 'post' when g % 20 < 17 then 'podcast' when g % 20 < 18 then 'product' else 'product_session' end)::content_type as type,
            random() as r, random() as at
          from generate_series(1, ${topLevel}::bigint) as g
        ), sized as (select type, count(*) as n from scale_items group by type),
        readers as (select count(*) as n from scale_readers)
        insert into comments (user_id, parent_id, text, commentable_type, commentable_id, status, created_at, updated_at)
        select u.id, 0, (${sql.param(texts)}::text[])[1 + p.g % ${texts.length}::int], i.type, i.id, ${statusOf(sql`p.g`)},
          i.created_at + (${now}::timestamptz - i.created_at) * p.at, i.created_at + (${now}::timestamptz - i.created_at) * p.at
        from picks as p
        join sized as s on s.type = p.type
        join scale_items as i on i.type = p.type and i.rank = 1 + floor(s.n * power(p.r, 1.35))::bigint
        cross join readers
        join scale_readers as u on u.n = 1 + (p.g * 7919) % readers.n`),
    );
    // Replies to approved top-level comments of this run, on the same item, after their parent.
    const replies = rowCountOf(
      await tx.execute(sql`
        with parents as (
          select c.id, c.commentable_type, c.commentable_id, c.created_at, row_number() over (order by (c.id::bigint * 2654435761) % 1000003) as k
          from comments as c where c.parent_id = 0 and c.status = 'approved' and c.id > ${last?.id ?? 0}::int
        ), readers as (select count(*) as n from scale_readers)
        insert into comments (user_id, parent_id, text, commentable_type, commentable_id, status, created_at, updated_at)
        select u.id, p.id, (${sql.param(texts)}::text[])[1 + (p.k * 31) % ${texts.length}::int], p.commentable_type, p.commentable_id,
          ${statusOf(sql`p.k`)}, p.created_at + (${now}::timestamptz - p.created_at) * random(), p.created_at + (${now}::timestamptz - p.created_at) * random()
        from parents as p
        cross join readers
        join scale_readers as u on u.n = 1 + (p.k * 104729) % readers.n
        where p.k <= ${missing - top}::bigint`),
    );
    // Likes: 0 to MAX_LIKES per item (most get few), each by a different reader.
    const likes = rowCountOf(
      await tx.execute(sql`
        with readers as (select count(*) as n from scale_readers)
        insert into likes (user_id, likeable_type, likeable_id, created_at)
        select u.id, i.type, i.id, i.created_at + (${now}::timestamptz - i.created_at) * random()
        from scale_items as i
        cross join readers
        cross join lateral generate_series(1, floor(power(random(), 3) * ${MAX_LIKES + 1}::int)::int) as k
        join scale_readers as u on u.n = 1 + (i.rank * 7919 + k) % readers.n
        on conflict do nothing`),
    );
    await tx.execute(sql`alter table comments enable trigger comments_count`);
    await tx.execute(sql`alter table likes enable trigger likes_count`);
    await tx.execute(sql`select recount_engagement()`);
    return { readers, comments: top + replies, likes };
  });
}

/**
 * Brings the database up to `targets` (default {@link SCALE_TARGETS}), then compacts and analyzes
 * the tables it wrote; the demo seed must have run (the text model and the media are the demo's).
 * PostgreSQL only: it disables triggers inside its transaction, which needs the tables' owner.
 */
export async function seedScale(db: Db, options: { targets?: ScaleTargets; now?: Date } = {}): Promise<ScaleReport> {
  const targets = options.targets ?? SCALE_TARGETS;
  const now = options.now ?? new Date();
  const content = await seedContent(db, targets, now, now.getTime().toString(36));
  const { readers, comments: written, likes } = await seedEngagement(db, targets, now);
  const report = { ...content, readers, comments: written, likes };
  if (Object.values(report).some((n) => n > 0)) {
    // The recount rewrote every new content row: compact those tables, then refresh the planner's statistics.
    await db.execute(sql`vacuum (full, analyze) posts, podcasts, products, product_sessions`);
    await db.execute(sql`vacuum analyze comments, likes, users, content_counts`);
  }
  return report;
}

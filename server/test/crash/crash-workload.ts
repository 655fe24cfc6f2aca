/**
 * The work the crash test cuts off (issue 10 "Load and faults"): buyers checking out their carts
 * (some sending the same Idempotency-Key twice at once), gateway callbacks (each sent twice at
 * once), buyers who check out and pay in one go, and the super user's dashboard uploads (posts
 * with an image, podcasts with an image and audio, sessions with a private lesson file, image
 * and lesson-file replacements, deletes). Every request is recorded with what its answer, when
 * one arrived, acknowledged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CheckoutAnswer, DashboardProductSession, Post, Product } from '@shop/contracts';
import { SEED_MEDIA_DIR } from '../../src/seed/demo';
import type { FilePart } from '../helpers/multipart';
import { AnswerCounter, expectAnswer, formInit, login, register, send, type Account, type Answer } from './crash-client';

/** One `POST /api/checkout` of a buyer's cart under one key, and the answers that arrived. */
export interface CheckoutRecord {
  buyer: Account;
  key: string;
  /** Courses in the cart when it was sent. */
  productIds: number[];
  /** Answers that arrived (201 new order, 200 the key's order again). */
  answers: Answer[];
}

/** A payment attempt whose gateway callback (`Status=OK`) the test sends, and its answers. */
export interface PaymentRecord {
  buyer: Account;
  orderId: number;
  token: string;
  answers: Answer[];
}

/** A dashboard write and what its answer, if it arrived, acknowledged. */
export interface UploadRecord {
  kind: 'post' | 'podcast' | 'session';
  action: 'create' | 'update' | 'delete';
  slug: string;
  /** The row's id: known before the request for updates and deletes, from the answer for creates. */
  id: number | null;
  /** Bytes that must be stored as sent: the podcast's audio or the session's lesson file. */
  exact: Buffer | null;
  /** The answer, when it arrived. */
  answer: Answer | null;
}

/** Everything the burst sent and what came back. */
export interface WorkloadLog {
  checkouts: CheckoutRecord[];
  payments: PaymentRecord[];
  uploads: UploadRecord[];
}

/** What {@link prepareWorkload} made before the burst. */
export interface Prepared {
  superHeaders: { authorization: string };
  /** Active paid courses of the seed. */
  courses: Product[];
  /** Buyers with a cart, to check out during the burst. */
  checkoutBuyers: Array<{ buyer: Account; productIds: number[] }>;
  /** Buyers with an unpaid order (acknowledged before the burst) and its token. */
  pendingPayments: PaymentRecord[];
  /** Buyers with a cart who check out and pay in one go during the burst. */
  purchaseBuyers: Array<{ buyer: Account; productIds: number[] }>;
  /** Posts made before the burst: the first ones are updated, the rest deleted. */
  posts: Post[];
  /** A session with a lesson file, made before the burst, whose file the burst replaces. */
  session: { id: number; slug: string; productId: number };
  log: WorkloadLog;
}

/** How much of each kind of work a burst sends. */
export interface WorkloadSize {
  checkouts: number;
  payments: number;
  purchases: number;
  postCreates: number;
  podcastCreates: number;
  sessionCreates: number;
  postUpdates: number;
  postDeletes: number;
}

const tag = () => randomBytes(5).toString('hex');

/** The seed's podcast clip: the audio every podcast upload sends (stored as sent). */
export const PODCAST_AUDIO: FilePart = {
  filename: 'episode.ogg',
  content: fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg')),
  type: 'audio/ogg',
};

/** A PNG of random pixels (so it does not compress to nothing and takes sharp some work). */
export async function noisyPng(width: number, height: number): Promise<FilePart> {
  const raw = randomBytes(width * height * 3);
  const content = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  return { filename: 'cover.png', content, type: 'image/png' };
}

const contentFields = (slug: string) => ({ title: `نوشته آزمون خرابی ${slug}`, slug, description: '<p>متن آزمون خرابی</p>' });
const sessionFields = (slug: string, productId: number) => ({
  ...contentFields(slug),
  title: `جلسه آزمون خرابی ${slug}`,
  product_id: String(productId),
  position: '50',
  is_free_preview: 'false',
});

async function addToCart(origin: string, buyer: Account, productId: number): Promise<void> {
  await expectAnswer(origin, '/api/cart', 201, {
    method: 'POST',
    headers: { ...buyer.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: productId }),
  });
}

/** A new buyer with `count` of the courses (chosen by `random`) in the cart. */
async function buyerWithCart(origin: string, courses: Product[], count: number, random: () => number) {
  const buyer = await register(origin);
  const productIds = [...courses]
    .sort(() => random() - 0.5)
    .slice(0, count)
    .map((course) => course.id);
  for (const id of productIds) await addToCart(origin, buyer, id);
  return { buyer, productIds };
}

/** Creates a post through the dashboard (expects 201). */
async function createPost(origin: string, headers: Record<string, string>, image: FilePart): Promise<Post> {
  const answer = await expectAnswer(origin, '/api/dashboard/posts', 201, formInit('POST', headers, contentFields(`crash-post-${tag()}`), { image }));
  return (answer.body as { data: Post }).data;
}

/** Runs `tasks` `limit` at a time. */
async function inBatches<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += limit) results.push(...(await Promise.all(tasks.slice(i, i + limit).map((task) => task()))));
  return results;
}

/**
 * Makes, through the API of `origin`, what the burst needs: the super user's token, buyers with
 * carts, unpaid orders with their tokens, posts to update and delete, and a session with a lesson file.
 */
export async function prepareWorkload(origin: string, size: WorkloadSize, random: () => number): Promise<Prepared> {
  const superHeaders = await login(origin, 'super@example.com', 'Super12345');
  const list = await expectAnswer(origin, '/api/products?per_page=50', 200);
  const courses = (list.body as { data: Product[] }).data.filter((course) => course.price > 0);
  if (courses.length < 2) throw new Error('the seed has fewer than two paid courses');
  const cartSize = () => 1 + Math.floor(random() * 2);
  const buyers = await inBatches(
    4,
    Array.from({ length: size.checkouts + size.payments + size.purchases }, () => () => buyerWithCart(origin, courses, cartSize(), random)),
  );
  const checkoutBuyers = buyers.slice(0, size.checkouts);
  const purchaseBuyers = buyers.slice(size.checkouts, size.checkouts + size.purchases);
  const pendingPayments: PaymentRecord[] = [];
  for (const { buyer } of buyers.slice(size.checkouts + size.purchases)) {
    const answer = await expectAnswer(origin, '/api/checkout', 201, { method: 'POST', headers: { ...buyer.headers, 'idempotency-key': tag() } });
    const { order, payment } = (answer.body as { data: CheckoutAnswer }).data;
    pendingPayments.push({ buyer, orderId: order.id, token: payment!.token, answers: [] });
  }
  const image = await noisyPng(400, 300);
  const posts: Post[] = [];
  for (let i = 0; i < size.postUpdates + size.postDeletes; i += 1) posts.push(await createPost(origin, superHeaders, image));
  const sessionSlug = `crash-session-${tag()}`;
  const created = await expectAnswer(
    origin,
    '/api/dashboard/product-sessions',
    201,
    formInit('POST', superHeaders, sessionFields(sessionSlug, courses[0]!.id), {}),
  );
  const session = { id: (created.body as { data: DashboardProductSession }).data.id, slug: sessionSlug, productId: courses[0]!.id };
  return {
    superHeaders,
    courses,
    checkoutBuyers,
    pendingPayments,
    purchaseBuyers,
    posts,
    session,
    log: { checkouts: [], payments: [...pendingPayments], uploads: [] },
  };
}

/** `POST /api/checkout` of `record`, its answer recorded when it arrived; answers the answer. */
export async function sendCheckout(origin: string, record: CheckoutRecord, counter?: AnswerCounter): Promise<Answer | null> {
  const answer = await send(origin, '/api/checkout', { method: 'POST', headers: { ...record.buyer.headers, 'idempotency-key': record.key } }, counter);
  if (answer) record.answers.push(answer);
  return answer;
}

/** The gateway's callback (`Status=OK`) of `record`, its answer recorded when it arrived. */
export async function sendCallback(origin: string, record: PaymentRecord, counter?: AnswerCounter): Promise<Answer | null> {
  const answer = await send(
    origin,
    `/api/payments/callback?Authority=${encodeURIComponent(record.token)}&Status=OK`,
    { headers: record.buyer.headers },
    counter,
  );
  if (answer) record.answers.push(answer);
  return answer;
}

/** A dashboard upload of `record` (create or update) with `files`; the answer recorded when it arrived. */
async function sendUpload(
  origin: string,
  headers: Record<string, string>,
  record: UploadRecord,
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart>,
  counter?: AnswerCounter | AnswerCounter[],
): Promise<void> {
  record.answer = await send(origin, url, formInit(record.action === 'create' ? 'POST' : 'PUT', headers, fields, files), counter);
  if (record.answer && record.id === null && record.answer.status === 201) {
    record.id = (record.answer.body as { data: { id: number } }).data.id;
  }
}

/** Creates a post with a new image on `origin`, recorded in `log` (the test keeps replicas busy with it). */
export async function uploadPost(
  origin: string,
  prepared: Prepared,
  image: FilePart,
  counter?: AnswerCounter | AnswerCounter[],
): Promise<UploadRecord> {
  const record: UploadRecord = { kind: 'post', action: 'create', slug: `crash-post-${tag()}`, id: null, exact: null, answer: null };
  prepared.log.uploads.push(record);
  await sendUpload(origin, prepared.superHeaders, record, '/api/dashboard/posts', contentFields(record.slug), { image }, counter);
  return record;
}

/** Counts of the burst's answers: all of them, and the dashboard uploads' alone. */
export interface BurstCounters {
  all: AnswerCounter;
  uploads: AnswerCounter;
}

/**
 * Sends the whole burst at once, spread over `origins` in turn, each answer counted in `counters`;
 * resolves when every request has an answer or lost its connection.
 */
export async function runBurst(
  origins: string[],
  prepared: Prepared,
  size: WorkloadSize,
  counters: BurstCounters,
  random: () => number,
): Promise<void> {
  const counter = counters.all;
  const uploadCounters = [counters.all, counters.uploads];
  let turn = 0;
  const next = () => origins[turn++ % origins.length]!;
  const { log, superHeaders } = prepared;
  const [image, audioCover] = await Promise.all([noisyPng(820, 560), noisyPng(400, 400)]);
  const work: Array<Promise<unknown>> = [];

  for (const { buyer, productIds } of prepared.checkoutBuyers) {
    const record: CheckoutRecord = { buyer, key: tag(), productIds, answers: [] };
    log.checkouts.push(record);
    // Half of them send the same key twice at once (a double click, a retry racing the first).
    const copies = random() < 0.5 ? 2 : 1;
    const origin = next();
    for (let i = 0; i < copies; i += 1) work.push(sendCheckout(origin, record, counter));
  }
  for (const record of prepared.pendingPayments) {
    const origin = next();
    // The same verify twice, concurrently: exactly one may pay.
    work.push(sendCallback(origin, record, counter), sendCallback(origin, record, counter));
  }
  for (const { buyer, productIds } of prepared.purchaseBuyers) {
    const record: CheckoutRecord = { buyer, key: tag(), productIds, answers: [] };
    log.checkouts.push(record);
    const origin = next();
    work.push(
      (async () => {
        const answer = await sendCheckout(origin, record, counter);
        const data = answer?.status === 201 ? (answer.body as { data: CheckoutAnswer }).data : null;
        if (!data?.payment) return;
        const payment: PaymentRecord = { buyer, orderId: data.order.id, token: data.payment.token, answers: [] };
        log.payments.push(payment);
        await sendCallback(origin, payment, counter);
      })(),
    );
  }

  for (let i = 0; i < size.postCreates; i += 1) work.push(uploadPost(next(), prepared, image, uploadCounters));
  for (let i = 0; i < size.podcastCreates; i += 1) {
    const record: UploadRecord = { kind: 'podcast', action: 'create', slug: `crash-podcast-${tag()}`, id: null, exact: PODCAST_AUDIO.content, answer: null };
    log.uploads.push(record);
    work.push(sendUpload(next(), superHeaders, record, '/api/dashboard/podcasts', contentFields(record.slug), { image: audioCover, file: PODCAST_AUDIO }, uploadCounters));
  }
  // Sessions come with an image; their lessons have a resumable upload of their own (lesson-uploads.test.ts).
  for (let i = 0; i < size.sessionCreates; i += 1) {
    const record: UploadRecord = { kind: 'session', action: 'create', slug: `crash-session-${tag()}`, id: null, exact: null, answer: null };
    log.uploads.push(record);
    work.push(
      sendUpload(next(), superHeaders, record, '/api/dashboard/product-sessions', sessionFields(record.slug, prepared.session.productId), { image: audioCover }, uploadCounters),
    );
  }
  prepared.posts.forEach((post, index) => {
    if (index < size.postUpdates) {
      const record: UploadRecord = { kind: 'post', action: 'update', slug: post.slug, id: post.id, exact: null, answer: null };
      log.uploads.push(record);
      work.push(sendUpload(next(), superHeaders, record, `/api/dashboard/posts/${post.id}`, contentFields(post.slug), { image }, uploadCounters));
      return;
    }
    const record: UploadRecord = { kind: 'post', action: 'delete', slug: post.slug, id: post.id, exact: null, answer: null };
    log.uploads.push(record);
    const origin = next();
    work.push(
      send(origin, `/api/dashboard/posts/${post.id}`, { method: 'DELETE', headers: superHeaders }, uploadCounters).then((answer) => {
        record.answer = answer;
      }),
    );
  });
  {
    const { session } = prepared;
    const record: UploadRecord = { kind: 'session', action: 'update', slug: session.slug, id: session.id, exact: null, answer: null };
    log.uploads.push(record);
    work.push(sendUpload(next(), superHeaders, record, `/api/dashboard/product-sessions/${session.id}`, sessionFields(session.slug, session.productId), { image: audioCover }, uploadCounters));
  }
  await Promise.all(work);
}

/** The number of dashboard uploads {@link runBurst} sends. */
export function burstUploadCount(size: WorkloadSize): number {
  return size.postCreates + size.podcastCreates + size.sessionCreates + size.postUpdates + size.postDeletes + 1;
}

/** The number of requests {@link runBurst} sends at most (the purchases' callbacks included). */
export function burstRequestCount(prepared: Prepared, size: WorkloadSize): number {
  return prepared.checkoutBuyers.length * 2 + prepared.pendingPayments.length * 2 + prepared.purchaseBuyers.length * 2 + burstUploadCount(size);
}

/**
 * After the restart, what a client does with requests that got no answer: each checkout sent
 * again with its key, each callback sent again. Answers the requests that still got no answer.
 */
export async function retryAfterRestart(origin: string, log: WorkloadLog): Promise<string[]> {
  const missing: string[] = [];
  for (const record of log.checkouts) {
    if (!(await sendCheckout(origin, record))) missing.push(`checkout ${record.key}`);
  }
  for (const record of log.payments) {
    if (!(await sendCallback(origin, record))) missing.push(`callback ${record.token}`);
  }
  return missing;
}

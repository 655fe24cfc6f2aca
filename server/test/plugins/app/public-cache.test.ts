import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Paginated, Post } from '@shop/contracts';
import { posts } from '../../../src/modules/content/tables';
import publicCachePlugin from '../../../src/plugins/app/public-cache';
import compressPlugin from '../../../src/plugins/external/compress';
import cookiePlugin from '../../../src/plugins/external/cookie';
import { buildApp } from '../../../src/app';
import { DB_TARGETS, buildTestApp, loginToken, tempDir } from '../../helpers/test-app';
import { advanceClock, resetClock } from '../../helpers/clock';

/**
 * How long an answer stays fresh, ms: far longer than any test takes, so only the clock a test moves
 * ({@link advanceClock}) expires an answer, never a slow machine (a check that the cache still held
 * an answer failed in ci22 when 1.5 s passed under load).
 */
const TTL_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_TARGETS)('cache of anonymous public answers on %s', (target) => {
  let app: FastifyInstance;
  let userToken: string;
  let userId: number;
  beforeAll(async () => {
    app = await buildTestApp(target, { publicCacheMs: TTL_MS });
    userToken = await loginToken(app, 'user@example.com', 'User12345');
    const me = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(userToken) });
    userId = me.json<{ data: { user: { id: number } } }>().data.user.id;
  });
  afterAll(async () => {
    await app.close();
    resetClock();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const firstPost = async (headers: Record<string, string> = {}) =>
    (await app.inject({ url: '/api/posts?per_page=1', headers })).json<Paginated<Post>>().data[0]!;
  /** A post the demo user has not liked yet. */
  const postNotLiked = async () => {
    const all = (await app.inject({ url: '/api/posts?per_page=50' })).json<Paginated<Post>>().data;
    const likedByUser = async (id: number) =>
      (await app.inject({ url: `/api/posts/${id}`, headers: auth(userToken) })).json<{ data: { liked_by_me: boolean } }>().data.liked_by_me;
    for (const candidate of all) if (!(await likedByUser(candidate.id))) return candidate;
    throw new Error('the user liked every post of the seed');
  };
  /** Renames a post behind the API's back (as another server process would). */
  const renameDirectly = (id: number, title: string) => app.db.update(posts).set({ title }).where(eq(posts.id, id));

  it('answers visitors from the cache until it expires, while signed-in callers get fresh answers', async () => {
    const before = await firstPost();
    await renameDirectly(before.id, 'عنوان تازه');
    expect((await firstPost()).title).toBe(before.title);
    expect((await firstPost(auth(userToken))).title).toBe('عنوان تازه');
    expect((await firstPost({ cookie: 'auth_token=whatever' })).title).toBe('عنوان تازه');
    advanceClock(TTL_MS + 50);
    expect((await firstPost()).title).toBe('عنوان تازه');
    await renameDirectly(before.id, before.title);
  });

  it('keeps the compressed bytes per Accept-Encoding, small and large answers alike, and serves them unchanged', async () => {
    for (const url of ['/api/posts', '/api/posts?per_page=50&filter=oldest']) {
      advanceClock(TTL_MS + 50);
      const br = { 'accept-encoding': 'br' };
      const first = await app.inject({ url, headers: br });
      expect(first.headers['content-encoding']).toBe('br');
      const sent = JSON.parse(brotliDecompressSync(first.rawPayload).toString()) as Paginated<Post>;
      await renameDirectly(sent.data[0]!.id, 'عنوان تازه');
      const second = await app.inject({ url, headers: br });
      expect(second.headers['content-encoding']).toBe('br');
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      // The renamed title is not read: the bytes are those of the first answer.
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // Another encoding is another entry, read fresh.
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json<Paginated<Post>>().data[0]!.title).toBe('عنوان تازه');
      await renameDirectly(sent.data[0]!.id, sent.data[0]!.title);
    }
  });

  it('is emptied by a write through the API, so the writer reads its own write at once', async () => {
    const item = await postNotLiked();
    const list = async () =>
      (await app.inject({ url: '/api/posts?per_page=50' })).json<Paginated<Post>>().data.find((p) => p.id === item.id)!;
    const detail = async () =>
      (await app.inject({ url: `/api/posts/${item.id}` })).json<{ data: { likes_count: number } }>().data.likes_count;
    const countBefore = await detail();
    expect((await list()).likes_count).toBe(countBefore);
    const liked = await app.inject({
      method: 'POST',
      url: '/api/like',
      headers: auth(userToken),
      payload: { user_id: userId, likeable_id: item.id, likeable_type: 'post' },
    });
    expect(liked.statusCode).toBe(201);
    expect(await detail()).toBe(countBefore + 1);
    expect((await list()).likes_count).toBe(countBefore + 1);
  });

  it('is kept by writes that change nothing a visitor sees (the cart), so a sale leaves it', async () => {
    const before = await firstPost();
    await renameDirectly(before.id, 'عنوان پنهان');
    const courses = (await app.inject({ url: '/api/products?per_page=50' })).json<Paginated<{ id: number }>>().data;
    let added: number | undefined;
    for (const course of courses) {
      if (added !== undefined) break;
      const answer = await app.inject({ method: 'POST', url: '/api/cart', headers: auth(userToken), payload: { product_id: course.id } });
      if (answer.statusCode === 201) added = course.id;
    }
    if (added === undefined) throw new Error('no course of the seed could be added to the cart');
    expect((await firstPost()).title).toBe(before.title);
    const removed = await app.inject({ method: 'DELETE', url: `/api/cart/${added}`, headers: auth(userToken) });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await firstPost()).title).toBe(before.title);
    await renameDirectly(before.id, before.title);
  });

  if (target === 'postgres') {
    it('is emptied on every server process of the database by a write through any of them', async () => {
      // A second process of the same database (buildTestApp would reset it).
      const other = await buildApp({ dataDir: tempDir(), logger: false, serveStatic: false, publicCacheMs: 60_000, databaseUrl: process.env.DATABASE_URL });
      try {
        const title = async (on: FastifyInstance) => (await on.inject({ url: '/api/posts?per_page=1' })).json<Paginated<Post>>().data[0]!;
        const before = await title(other);
        await renameDirectly(before.id, 'عنوان از نمونه دیگر');
        expect((await title(other)).title).toBe(before.title);
        // A profile saved through this process (a name shows in comment threads), the rename already
        // in the database: the other process must drop its answer.
        const me = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(userToken) });
        const { full_name, email, mobile } = me.json<{ data: { user: { full_name: string; email: string; mobile: string | null } } }>().data.user;
        const saved = await app.inject({ method: 'PUT', url: '/api/profile', headers: auth(userToken), payload: { full_name, email, ...(mobile ? { mobile } : {}) } });
        expect(saved.statusCode).toBe(200);
        // NOTIFY reaches the other process's session connection a moment after the commit.
        let seen = (await title(other)).title;
        for (let waited = 0; seen !== 'عنوان از نمونه دیگر' && waited < 2000; waited += 50) {
          await sleep(50);
          seen = (await title(other)).title;
        }
        expect(seen).toBe('عنوان از نمونه دیگر');
        await renameDirectly(before.id, before.title);
      } finally {
        await other.close();
      }
    });
  }

  it('is not emptied by a refused write', async () => {
    const before = await firstPost();
    await renameDirectly(before.id, 'عنوان پنهان');
    const refused = await app.inject({ method: 'POST', url: '/api/like', payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((await firstPost()).title).toBe(before.title);
    await renameDirectly(before.id, before.title);
  });
});

describe('cache of anonymous public answers turned off', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp('pglite', { publicCacheMs: 0 });
  });
  afterAll(() => app.close());

  it('reads the database on every request', async () => {
    const list = async () => (await app.inject({ url: '/api/posts?per_page=1' })).json<Paginated<Post>>().data[0]!;
    const before = await list();
    await app.db.update(posts).set({ title: 'بی‌درنگ' }).where(eq(posts.id, before.id));
    expect((await list()).title).toBe('بی‌درنگ');
  });
});

describe('one computation per answer at a time', () => {
  let app: FastifyInstance;
  let computed = 0;
  let bigComputed = 0;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.decorate('settings', { publicCacheMs: TTL_MS } as FastifyInstance['settings']);
    await app.register(cookiePlugin);
    await app.register(compressPlugin);
    await app.register(publicCachePlugin);
    // A slow answer that says how many times it was computed.
    app.get('/slow', { config: { publicCache: true } }, async () => {
      computed += 1;
      await sleep(100);
      return { computed };
    });
    // Over SYNC_COMPRESS_MAX_BYTES: compressed as a stream, recorded as it passes.
    app.get('/big', { config: { publicCache: true } }, async () => {
      bigComputed += 1;
      return { computed: bigComputed, text: 'متن بلند '.repeat(20_000) };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    resetClock();
  });

  const burst = async () => (await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: '/slow' })))).map((r) => r.json<{ computed: number }>().computed);

  it('lets concurrent visitors of a missing answer wait for the first one instead of computing it each', async () => {
    expect(await burst()).toEqual(Array(20).fill(1));
    expect(computed).toBe(1);
  });

  it('serves the expired answer while one visitor computes the new one', async () => {
    advanceClock(TTL_MS + 50);
    // The first request after expiry computes (100 ms); the others meanwhile get the expired bytes at once.
    const answers = await burst();
    expect(answers[0]).toBe(2);
    expect(answers.slice(1)).toEqual(Array(19).fill(1));
    expect(computed).toBe(2);
    expect((await app.inject({ url: '/slow' })).json()).toEqual({ computed: 2 });
  });

  it('keeps a large answer compressed as a stream, as the bytes sent', async () => {
    const br = { 'accept-encoding': 'br' };
    const first = await app.inject({ url: '/big', headers: br });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-length']).toBeUndefined();
    const second = await app.inject({ url: '/big', headers: br });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString()).computed).toBe(1);
    expect(bigComputed).toBe(1);
  });
});

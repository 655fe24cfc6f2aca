import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardProductSession, Paginated } from '@shop/contracts';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { fakePng, multipart, pngFile, type FilePart } from '../../helpers/multipart';

/** A lesson file in the form: not a field of it any more (the lesson has its own upload, lesson-uploads.test.ts). */
const ogg: FilePart = {
  filename: 'lesson.ogg',
  content: fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-2.ogg')),
  type: 'audio/ogg',
};

describe.each(DB_TARGETS)('dashboard product sessions API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  let staffToken: string;
  beforeAll(async () => {
    app = await buildTestApp(target, { uploadLimits: { imageKb: 64 } });
    [superToken, staffToken] = await Promise.all([
      loginToken(app, 'super@example.com', 'Super12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
    ]);
  });
  afterAll(() => app.close());

  const auth = (token = superToken) => ({ authorization: `Bearer ${token}` });
  const fields = (extra: Record<string, string> = {}) => ({
    product_id: '2',
    title: 'جلسه آزمایشی داشبورد',
    slug: 'dashboard-test-session',
    description: '<p>متن جلسه</p><script>alert(1)</script>',
    position: '۵',
    is_free_preview: 'true',
    is_active: 'false',
    comment_status: 'buyers-only',
    ...extra,
  });
  const send = (method: 'POST' | 'PUT', url: string, f: Record<string, string>, files: Record<string, FilePart> = {}, token = superToken) => {
    const form = multipart(f, files);
    return app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...auth(token) } });
  };
  const lessonDir = () => path.join(app.settings.privateDir, 'sessions');
  const lessons = () => (fs.existsSync(lessonDir()) ? fs.readdirSync(lessonDir()).sort() : []);
  const list = async (query: string) => {
    const response = await app.inject({ url: `/api/dashboard/product-sessions${query}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<DashboardProductSession>>();
  };

  let created: DashboardProductSession;

  it('creates a session with its image; a lesson file in the form is not taken', async () => {
    const response = await send('POST', '/api/dashboard/product-sessions', fields(), { file: ogg, image: await pngFile(80, 40) });
    expect(response.statusCode).toBe(201);
    created = response.json<{ data: DashboardProductSession }>().data;
    expect(created).toMatchObject({
      product_id: 2,
      product_title: 'ری‌اکت در عمل',
      slug: 'dashboard-test-session',
      description: '<p>متن جلسه</p>',
      position: 5,
      is_free_preview: true,
      is_active: false,
      comment_status: 'buyers-only',
      has_file: false,
      file_size: null,
      file_type: null,
      media_status: 'none',
      media_progress: 0,
      media_error: null,
      media_kind: null,
      duration_seconds: null,
      poster: null,
      has_subtitles: false,
      likes_count: 0,
      comments_count: 0,
    });
    expect(created.image).toMatch(/^\/media\/product-sessions\/[0-9a-f-]+\.webp$/);
    expect(lessons()).toEqual([]);
    expect(created).not.toHaveProperty('file');
    const one = await app.inject({ url: `/api/dashboard/product-sessions/${created.id}`, headers: auth() });
    expect(one.json<{ data: DashboardProductSession }>().data).toEqual(created);
  });

  it('lists sessions with the course filter, search, sort and pagination; seeded ones are ordered and have clips', async () => {
    const ofCourse = await list('?product_id=2&sort=title&per_page=50');
    expect(ofCourse.meta.total).toBe(4);
    expect(ofCourse.data.every((s) => s.product_id === 2)).toBe(true);
    const seeded = ofCourse.data.filter((s) => s.id !== created.id).sort((a, b) => a.position - b.position);
    expect(seeded.map((s) => [s.position, s.is_free_preview, s.has_file, s.file_type])).toEqual([
      [1, true, true, 'audio/ogg'],
      [2, false, true, 'audio/ogg'],
      [3, false, true, 'audio/ogg'],
    ]);
    expect((await list("?per_page=5")).meta).toMatchObject({ per_page: 5, total: 22 });
    expect((await list(`?q=${encodeURIComponent('آزمایشی داشبورد')}`)).data.map((s) => s.id)).toEqual([created.id]);
    expect((await list('?q=dashboard-test')).meta.total).toBe(1);
    expect((await list('?product_id=4')).data.every((s) => !s.is_free_preview)).toBe(true);
  });

  it('answers 422 per field in Persian, for an unknown course and for a duplicate slug, leaving no file', async () => {
    const bad = await send('POST', '/api/dashboard/product-sessions', { title: 'ab', position: '0', is_free_preview: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'description',
      'is_free_preview',
      'position',
      'product_id',
      'slug',
      'title',
    ]);
    const unknown = await send('POST', '/api/dashboard/product-sessions', fields({ product_id: '9999', slug: 'x-session' }), { image: await pngFile(8, 8) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { product_id: ['دوره‌ای با این شناسه یافت نشد.'] } });
    const duplicate = await send('POST', '/api/dashboard/product-sessions', fields(), { image: await pngFile(8, 8) });
    expect(duplicate.json()).toMatchObject({ errors: { slug: ['این نامک قبلاً استفاده شده است.'] } });
    expect(fs.readdirSync(path.join(app.settings.uploadsDir, 'product-sessions'))).toHaveLength(1);
  });

  it('answers 415 for an image that is not one', async () => {
    const badImage = await send('POST', '/api/dashboard/product-sessions', fields({ slug: 'fake-image' }), { image: fakePng });
    expect(badImage.statusCode).toBe(415);
  });

  it('updates without an image and keeps it', async () => {
    const kept = await send('PUT', `/api/dashboard/product-sessions/${created.id}`, fields({ position: '4', is_active: 'true' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ data: DashboardProductSession }>().data).toMatchObject({
      position: 4,
      is_active: true,
      image: created.image,
    });

    const failed = await send('PUT', `/api/dashboard/product-sessions/${created.id}`, fields({ slug: 'js-basics-dom' }));
    expect(failed.statusCode).toBe(422);
    expect((await send('PUT', '/api/dashboard/product-sessions/99999', fields())).statusCode).toBe(404);
  });

  it('takes a poster and Persian WebVTT subtitles, refuses malformed subtitles in Persian, and replaces each (issue 24)', async () => {
    const vtt = (text: string): FilePart => ({ filename: 'fa.vtt', content: Buffer.from(text, 'utf8'), type: 'text/vtt' });
    const good = vtt('WEBVTT\n\n00:00.000 --> 00:02.000\nدر این جلسه با ابزارها آشنا می‌شویم.\n');
    const saved = await send('PUT', `/api/dashboard/product-sessions/${created.id}`, fields({ position: '4' }), { poster: await pngFile(64, 36), subtitles: good });
    expect(saved.statusCode).toBe(200);
    const withFiles = saved.json<{ data: DashboardProductSession }>().data;
    expect(withFiles.poster).toMatch(/^\/media\/product-sessions\/[0-9a-f-]+\.webp$/);
    expect(withFiles.has_subtitles).toBe(true);
    expect(lessons()).toHaveLength(1);
    const firstSubtitles = lessons()[0];
    expect(fs.readFileSync(path.join(lessonDir(), firstSubtitles!), 'utf8')).toContain('آشنا');

    for (const [bad, message] of [
      [vtt('00:00.000 --> 00:02.000\nبدون سرآغاز\n'), 'فایل زیرنویس در قالب WebVTT معتبر نیست (خط ۱).'],
      [vtt('WEBVTT\n\n00:00:zz --> 00:02.000\nزمان خراب\n'), 'فایل زیرنویس در قالب WebVTT معتبر نیست (خط ۳).'],
      [vtt('WEBVTT\n'), 'فایل زیرنویس هیچ متنی ندارد.'],
      [{ filename: 'fa.vtt', content: Buffer.from([0x57, 0x45, 0x42, 0xff, 0xfe]), type: 'text/vtt' }, 'فایل زیرنویس باید متن UTF-8 باشد.'],
    ] as const) {
      const refused = await send('PUT', `/api/dashboard/product-sessions/${created.id}`, fields({ position: '4' }), { subtitles: bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { subtitles: [message] } });
    }
    expect(lessons()).toEqual([firstSubtitles]);

    const replaced = await send('PUT', `/api/dashboard/product-sessions/${created.id}`, fields({ position: '4' }), {
      subtitles: vtt('WEBVTT\n\n00:00.000 --> 00:02.000\nزیرنویس تازه\n'),
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<{ data: DashboardProductSession }>().data.poster).toBe(withFiles.poster);
    expect(lessons()).toHaveLength(1);
    expect(lessons()[0]).not.toBe(firstSubtitles);
  });

  it('deletes a session; seeded clips stay', async () => {
    const response = await app.inject({ method: 'DELETE', url: `/api/dashboard/product-sessions/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'جلسه حذف شد.' });
    expect(lessons()).toEqual([]);
    expect((await app.inject({ url: `/api/dashboard/product-sessions/${created.id}`, headers: auth() })).statusCode).toBe(404);

    const seeded = (await list('?product_id=1&per_page=1')).data[0]!;
    expect((await app.inject({ method: 'DELETE', url: `/api/dashboard/product-sessions/${seeded.id}`, headers: auth() })).statusCode).toBe(200);
    expect(fs.readdirSync(path.join(app.settings.privateDir, 'seed')).length).toBeGreaterThan(0);
  });

  it('answers 401 to visitors and 403 forbidden to staff without manage-product-sessions', async () => {
    expect((await app.inject({ url: '/api/dashboard/product-sessions' })).statusCode).toBe(401);
    const staff = await app.inject({ url: '/api/dashboard/product-sessions', headers: auth(staffToken) });
    expect(staff.statusCode).toBe(403);
    expect(staff.json<{ message: string }>().message).toMatch(/forbidden/);
    expect((await send('POST', '/api/dashboard/product-sessions', fields(), {}, staffToken)).statusCode).toBe(403);
  });

  it('refuses a new session with 422 while no course exists (SPEC §4)', async () => {
    await app.db.execute(sql`truncate table products cascade`);
    const response = await send('POST', '/api/dashboard/product-sessions', fields({ slug: 'orphan-session' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'هنوز هیچ دوره‌ای ثبت نشده است؛ ابتدا یک دوره بسازید.' });
    expect(lessons()).toEqual([]);
  });
});

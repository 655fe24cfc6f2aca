import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Paginated, Post } from '@shop/contracts';
import { counterMismatches } from '../../helpers/counters';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { fakePng, multipart, pngFile, type FilePart } from '../../helpers/multipart';

describe.each(DB_TARGETS)('dashboard posts API on %s', (target) => {
  let app: FastifyInstance;
  let staffToken: string;
  let userToken: string;
  beforeAll(async () => {
    // A 64 KB image limit, so the 413 test need not send 2 MB.
    app = await buildTestApp(target, { uploadLimits: { imageKb: 64 } });
    [staffToken, userToken] = await Promise.all([
      loginToken(app, 'staff@example.com', 'Staff12345'),
      loginToken(app, 'user@example.com', 'User12345'),
    ]);
  });
  afterAll(() => app.close());

  const auth = (token = staffToken) => ({ authorization: `Bearer ${token}` });
  const fields = (extra: Record<string, string> = {}) => ({
    title: 'نوشته آزمایشی داشبورد',
    slug: 'dashboard-test-post',
    description: '<p>متن <strong>نوشته</strong></p><script>alert(1)</script>',
    is_active: 'false',
    comment_status: 'open',
    ...extra,
  });
  const send = (method: 'POST' | 'PUT', url: string, f: Record<string, string>, files: Record<string, FilePart> = {}) => {
    const form = multipart(f, files);
    return app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...auth() } });
  };
  const fileOf = (publicPath: string) => path.join(app.settings.uploadsDir, publicPath.replace(/^\/media\//, ''));
  const list = async (query: string) => {
    const response = await app.inject({ url: `/api/dashboard/posts${query}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<Post>>();
  };

  const publicTotal = async () => (await app.inject({ url: '/api/posts' })).json<Paginated<Post>>().meta.total;

  let created: Post;

  it('creates a post from a real PNG, stored as WebP at most 1600 px wide, HTML sanitized', async () => {
    const response = await send('POST', '/api/dashboard/posts', fields(), { image: await pngFile(2400, 1200) });
    expect(response.statusCode).toBe(201);
    created = response.json<{ data: Post }>().data;
    expect(created).toMatchObject({ slug: 'dashboard-test-post', is_active: false, likes_count: 0, comments_count: 0 });
    expect(created.description).toBe('<p>متن <strong>نوشته</strong></p>');
    expect(created.image).toMatch(/^\/media\/posts\/[0-9a-f-]+\.webp$/);
    const meta = await sharp(fileOf(created.image!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    // Inactive: in the dashboard, not in public.
    expect((await app.inject({ url: `/api/posts/${created.id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/dashboard/posts/${created.id}`, headers: auth() })).json<{ data: Post }>().data.id).toBe(created.id);
  });

  it('lists inactive posts too, with search, sort and pagination', async () => {
    const all = await list('?per_page=5');
    expect(all.meta).toEqual({ current_page: 1, last_page: 3, per_page: 5, total: 13 });
    expect(all.data[0]!.id).toBe(created.id);
    const byTitle = await list('?sort=title&per_page=50');
    const titles = byTitle.data.map((p) => p.title);
    expect(titles).toHaveLength(13);
    const byLikes = (await list('?sort=-likes_count&per_page=50')).data.map((p) => p.likes_count);
    expect(byLikes).toEqual([...byLikes].sort((a, b) => b - a));
    const searched = await list(`?q=${encodeURIComponent('داشبورد')}`);
    expect(searched.data.map((p) => p.id)).toEqual([created.id]);
    expect((await list('?q=dashboard-test')).meta.total).toBe(1);
    expect((await app.inject({ url: '/api/dashboard/posts?sort=likes', headers: auth() })).statusCode).toBe(422);
  });

  it('answers 415 for a text file named .png and 413 for a file over the limit, leaving no files', async () => {
    const before = fs.readdirSync(path.join(app.settings.uploadsDir, 'posts')).length;
    const fake = await send('POST', '/api/dashboard/posts', fields({ slug: 'fake-image' }), { image: fakePng });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ message: 'فایل انتخاب‌شده تصویر نیست.' });
    const big = { filename: 'big.png', content: Buffer.alloc(65 * 1024, 1), type: 'image/png' };
    const tooLarge = await send('POST', '/api/dashboard/posts', fields({ slug: 'big-image' }), { image: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'حجم فایل بیش از حد مجاز است.' });
    expect(fs.readdirSync(path.join(app.settings.uploadsDir, 'posts'))).toHaveLength(before);
  });

  it('answers 422 in Persian for missing fields, a missing image, a duplicate slug, or no input at all', async () => {
    const missing = await send('POST', '/api/dashboard/posts', { title: 'ab' });
    expect(missing.statusCode).toBe(422);
    const { errors } = missing.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors).sort()).toEqual(['description', 'image', 'slug', 'title']);
    for (const messages of Object.values(errors)) expect(messages[0]).toMatch(/[\u0600-\u06FF]/);

    const duplicate = await send('POST', '/api/dashboard/posts', fields(), { image: await pngFile(40, 20) });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { slug: ['این نامک قبلاً استفاده شده است.'] } });

    const empty = await app.inject({ method: 'POST', url: '/api/dashboard/posts', headers: auth() });
    expect(empty.statusCode).toBe(422);
    const json = await app.inject({ method: 'POST', url: '/api/dashboard/posts', headers: auth(), payload: { title: 1 } });
    expect(json.statusCode).toBe(422);
  });

  it('updates without an image and keeps it; a new image replaces and deletes the old file', async () => {
    const hiddenTotal = await publicTotal();
    const kept = await send('PUT', `/api/dashboard/posts/${created.id}`, fields({ title: 'عنوان تازه', is_active: 'true' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ data: Post }>().data).toMatchObject({ title: 'عنوان تازه', is_active: true, image: created.image });
    expect((await app.inject({ url: `/api/posts/${created.id}` })).statusCode).toBe(200);
    // Made active: the public list's total counts it (content_counts, issue 9); inactive again below.
    expect(await publicTotal()).toBe(hiddenTotal + 1);

    const replaced = await send('PUT', `/api/dashboard/posts/${created.id}`, fields({ title: 'عنوان تازه' }), { image: await pngFile(300, 300) });
    const image = replaced.json<{ data: Post }>().data.image!;
    expect(image).not.toBe(created.image);
    expect(fs.existsSync(fileOf(image))).toBe(true);
    expect(fs.existsSync(fileOf(created.image!))).toBe(false);
    created = replaced.json<{ data: Post }>().data;
    expect(await publicTotal()).toBe(hiddenTotal);
  });

  it('changes nothing when an update fails', async () => {
    const files = fs.readdirSync(path.join(app.settings.uploadsDir, 'posts')).sort();
    const taken = await send('PUT', `/api/dashboard/posts/${created.id}`, fields({ title: 'نباید ذخیره شود', slug: 'take-git-seriously' }), {
      image: await pngFile(50, 50),
    });
    expect(taken.statusCode).toBe(422);
    const badImage = await send('PUT', `/api/dashboard/posts/${created.id}`, fields({ title: 'نباید ذخیره شود' }), { image: fakePng });
    expect(badImage.statusCode).toBe(415);
    const now = (await app.inject({ url: `/api/dashboard/posts/${created.id}`, headers: auth() })).json<{ data: Post }>().data;
    expect(now).toEqual(created);
    expect(fs.readdirSync(path.join(app.settings.uploadsDir, 'posts')).sort()).toEqual(files);
    expect((await send('PUT', '/api/dashboard/posts/99999', fields())).statusCode).toBe(404);
  });

  it('deletes a post with its image', async () => {
    await send('PUT', `/api/dashboard/posts/${created.id}`, fields({ title: 'عنوان تازه', is_active: 'true' }));
    const before = await publicTotal();
    const response = await app.inject({ method: 'DELETE', url: `/api/dashboard/posts/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(await publicTotal()).toBe(before - 1);
    expect(await counterMismatches(app.db)).toEqual([]);
    expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    expect(fs.existsSync(fileOf(created.image!))).toBe(false);
    expect((await app.inject({ url: `/api/dashboard/posts/${created.id}`, headers: auth() })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/dashboard/posts/${created.id}`, headers: auth() })).statusCode).toBe(404);
  });

  it('answers 400 to a broken multipart body and 422 to a NUL in a field, never 500 (issue 10 fuzz)', async () => {
    const before = (await list('')).meta.total;
    const boundary = 'fuzzboundary';
    for (const [type, payload] of [
      ['multipart/form-data', 'no boundary'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut short`],
      [`multipart/form-data; boundary=${boundary}`, '\u00e1\u0002\u0006]\u0003'],
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/dashboard/posts', headers: { 'content-type': type!, ...auth() }, payload });
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'فرم ارسال‌شده ناقص یا نامعتبر است.' }]);
    }
    const nul = await send('POST', '/api/dashboard/posts', fields({ title: 'نوشته\u0000', slug: 'nul-title' }), { image: await pngFile(40, 20) });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toMatchObject({ errors: { title: ['این فیلد نویسه نامعتبر دارد.'] } });
    expect((await list('')).meta.total).toBe(before);
  });

  it('answers 401 to visitors and 403 to ordinary users', async () => {
    expect((await app.inject({ url: '/api/dashboard/posts' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/dashboard/posts', headers: auth(userToken) })).statusCode).toBe(403);
  });
});

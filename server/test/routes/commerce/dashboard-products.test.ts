import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardProductSession, Paginated, Product } from '@shop/contracts';
import { orderItems, orders, productSessions } from '../../../src/modules/commerce/tables';
import { likes } from '../../../src/modules/engagement/tables';
import { users } from '../../../src/modules/users/tables';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { counterMismatches } from '../../helpers/counters';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { fakePng, multipart, pngFile, type FilePart } from '../../helpers/multipart';

describe.each(DB_TARGETS)('dashboard products API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  let staffToken: string;
  let userToken: string;
  beforeAll(async () => {
    app = await buildTestApp(target, { uploadLimits: { imageKb: 64 } });
    [superToken, staffToken, userToken] = await Promise.all([
      loginToken(app, 'super@example.com', 'Super12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
      loginToken(app, 'user@example.com', 'User12345'),
    ]);
  });
  afterAll(() => app.close());

  const auth = (token = superToken) => ({ authorization: `Bearer ${token}` });
  const fields = (extra: Record<string, string> = {}) => ({
    title: 'دوره آزمایشی داشبورد',
    slug: 'dashboard-test-course',
    description: '<p>درباره <em>دوره</em></p><script>alert(1)</script>',
    price: '۲۵۰٬۰۰۰',
    is_active: 'false',
    product_status: 'in-progress',
    comment_status: 'buyers-only',
    ...extra,
  });
  const send = (method: 'POST' | 'PUT', url: string, f: Record<string, string>, files: Record<string, FilePart> = {}, token = superToken) => {
    const form = multipart(f, files);
    return app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...auth(token) } });
  };
  const fileOf = (publicPath: string) => path.join(app.settings.uploadsDir, publicPath.replace(/^\/media\//, ''));
  const list = async (query: string) => {
    const response = await app.inject({ url: `/api/dashboard/products${query}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<Product>>();
  };

  let created: Product;

  it('creates a course: price in Persian digits read as tomans, image as WebP, HTML sanitized', async () => {
    const response = await send('POST', '/api/dashboard/products', fields(), { image: await pngFile(2400, 1200) });
    expect(response.statusCode).toBe(201);
    created = response.json<{ data: Product }>().data;
    expect(created).toMatchObject({
      slug: 'dashboard-test-course',
      price: 250000,
      is_active: false,
      product_status: 'in-progress',
      comment_status: 'buyers-only',
      // On unless the form says otherwise (issue 38 item 3).
      forensic_watermark: true,
      sessions_count: 0,
      likes_count: 0,
      comments_count: 0,
    });
    expect(created.description).toBe('<p>درباره <em>دوره</em></p>');
    expect(created.image).toMatch(/^\/media\/products\/[0-9a-f-]+\.webp$/);
    expect(fs.existsSync(fileOf(created.image!))).toBe(true);
    // Inactive: in the dashboard, not in public.
    expect((await app.inject({ url: `/api/products/${created.id}` })).statusCode).toBe(404);
    const one = await app.inject({ url: `/api/dashboard/products/${created.id}`, headers: auth() });
    expect(one.json<{ data: Product }>().data).toEqual(created);
  });

  it('lists inactive courses too, with search, sort and pagination', async () => {
    const all = await list('?per_page=3');
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 3, total: 7 });
    expect(all.data[0]!.id).toBe(created.id);
    const titles = (await list('?sort=title&per_page=50')).data.map((p) => p.title);
    expect(titles).toHaveLength(7);
    expect((await list('?sort=-title&per_page=50')).data.map((p) => p.title)).toEqual([...titles].reverse());
    expect((await list(`?q=${encodeURIComponent('داشبورد')}`)).data.map((p) => p.id)).toEqual([created.id]);
    expect((await list('?q=dashboard-test')).meta.total).toBe(1);
    expect((await app.inject({ url: '/api/dashboard/products?sort=price', headers: auth() })).statusCode).toBe(422);
  });

  it('answers 422 per field in Persian: price, statuses, missing image, duplicate slug', async () => {
    const bad = await send('POST', '/api/dashboard/products', {
      ...fields({ slug: 'other-course', price: '-5', product_status: 'sold', comment_status: 'friends', forensic_watermark: 'maybe' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      price: ['قیمت نباید کمتر از ۰ باشد'],
      product_status: ['وضعیت دوره معتبر نیست'],
      comment_status: ['وضعیت دیدگاه‌ها معتبر نیست'],
      forensic_watermark: ['واترمارک پنهان معتبر نیست'],
      image: ['انتخاب این فایل الزامی است.'],
    });
    const fraction = await send('POST', '/api/dashboard/products', fields({ slug: 'other-course', price: '12.5' }), {
      image: await pngFile(40, 20),
    });
    expect(fraction.json()).toMatchObject({ errors: { price: ['قیمت باید یک عدد صحیح باشد'] } });
    const duplicate = await send('POST', '/api/dashboard/products', fields(), { image: await pngFile(40, 20) });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { slug: ['این نامک قبلاً استفاده شده است.'] } });
    expect((await app.inject({ method: 'POST', url: '/api/dashboard/products', headers: auth() })).statusCode).toBe(422);
  });

  it('answers 415 for a fake image and 413 over the limit, leaving no files', async () => {
    const before = fs.readdirSync(path.join(app.settings.uploadsDir, 'products')).sort();
    const fake = await send('POST', '/api/dashboard/products', fields({ slug: 'fake-image' }), { image: fakePng });
    expect(fake.statusCode).toBe(415);
    const big = { filename: 'big.png', content: Buffer.alloc(65 * 1024, 1), type: 'image/png' };
    const tooLarge = await send('POST', '/api/dashboard/products', fields({ slug: 'big-image' }), { image: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(fs.readdirSync(path.join(app.settings.uploadsDir, 'products')).sort()).toEqual(before);
  });

  it('updates without an image and keeps it; a new image replaces and deletes the old file', async () => {
    const kept = await send('PUT', `/api/dashboard/products/${created.id}`, fields({ price: '0', is_active: 'true', product_status: 'done', forensic_watermark: 'false' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ data: Product }>().data).toMatchObject({ price: 0, is_active: true, product_status: 'done', forensic_watermark: false, image: created.image });
    expect((await app.inject({ url: `/api/products/${created.id}` })).statusCode).toBe(200);

    const replaced = await send('PUT', `/api/dashboard/products/${created.id}`, fields({ is_active: 'true' }), { image: await pngFile(300, 300) });
    const image = replaced.json<{ data: Product }>().data.image!;
    expect(image).not.toBe(created.image);
    expect(fs.existsSync(fileOf(image))).toBe(true);
    expect(fs.existsSync(fileOf(created.image!))).toBe(false);
    created = replaced.json<{ data: Product }>().data;
    expect((await send('PUT', '/api/dashboard/products/99999', fields())).statusCode).toBe(404);
  });

  it('refuses to delete a sold course with 422, deleting nothing', async () => {
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    const [order] = await app.db.insert(orders).values({ user_id: user!.id, total_price: 250000 }).returning({ id: orders.id });
    await app.db.insert(orderItems).values({ order_id: order!.id, product_id: created.id, title: created.title, price: 250000 });
    const response = await app.inject({ method: 'DELETE', url: `/api/dashboard/products/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'این دوره فروخته شده است و حذف نمی‌شود؛ به جای حذف، آن را غیرفعال کنید.' });
    expect((await app.inject({ url: `/api/dashboard/products/${created.id}`, headers: auth() })).statusCode).toBe(200);
    expect(fs.existsSync(fileOf(created.image!))).toBe(true);
    await app.db.delete(orders).where(eq(orders.id, order!.id));
  });

  it('deletes a course with its sessions, their lesson files, likes and comments', async () => {
    const audio = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg'));
    const form = multipart({ product_id: String(created.id), title: 'جلسه دوره حذفی', slug: 'deleted-course-session', description: 'متن', position: '1' });
    const sessionResponse = await app.inject({
      method: 'POST',
      url: '/api/dashboard/product-sessions',
      payload: form.payload,
      headers: { ...form.headers, ...auth() },
    });
    expect(sessionResponse.statusCode).toBe(201);
    const session = sessionResponse.json<{ data: DashboardProductSession }>().data;
    // Its lesson file, as a finished upload leaves it (lesson-uploads.test.ts).
    const key = await app.storage.putPrivate('sessions/deleted-course-lesson', audio);
    await app.db.update(productSessions).set({ file: key, file_size: audio.length, file_type: 'audio/ogg' }).where(eq(productSessions.id, session.id));
    const lessonDir = path.join(app.settings.privateDir, 'sessions');
    expect(fs.readdirSync(lessonDir)).toHaveLength(1);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    await app.db.insert(likes).values([
      { user_id: user!.id, likeable_type: 'product', likeable_id: created.id },
      { user_id: user!.id, likeable_type: 'product_session', likeable_id: session.id },
    ]);

    const response = await app.inject({ method: 'DELETE', url: `/api/dashboard/products/${created.id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'دوره حذف شد.' });
    expect(fs.existsSync(fileOf(created.image!))).toBe(false);
    expect(fs.readdirSync(lessonDir)).toHaveLength(0);
    expect((await app.inject({ url: `/api/dashboard/product-sessions/${session.id}`, headers: auth() })).statusCode).toBe(404);
    const left = await app.db.select({ type: likes.likeable_type, id: likes.likeable_id }).from(likes);
    expect(left.filter((l) => (l.type === 'product' && l.id === created.id) || (l.type === 'product_session' && l.id === session.id))).toEqual([]);
    expect(await counterMismatches(app.db)).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: `/api/dashboard/products/${created.id}`, headers: auth() })).statusCode).toBe(404);
  });

  it('answers 401 to visitors and 403 forbidden to staff without manage-products', async () => {
    expect((await app.inject({ url: '/api/dashboard/products' })).statusCode).toBe(401);
    const staff = await app.inject({ url: '/api/dashboard/products', headers: auth(staffToken) });
    expect(staff.statusCode).toBe(403);
    expect(staff.json<{ message: string }>().message).toMatch(/forbidden/);
    expect((await send('POST', '/api/dashboard/products', fields(), {}, staffToken)).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/dashboard/products/1', headers: auth(userToken) })).statusCode).toBe(403);
  });
});

/**
 * `GET /media/<key>` (routes/site/media.ts; issue 10 "Scale-out") on the data folder and on an
 * S3-compatible bucket (s3rver): seed media written at start, byte ranges, entity tags, HEAD, 404s,
 * and a dashboard upload served by a second app on the same bucket, then gone with its post.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Post } from '@shop/contracts';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { S3FileStorage } from '../../../src/lib/s3-storage';
import { LocalFileStorage } from '../../../src/lib/storage';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../../src/routes/site/media';
import { headersOf } from '../../helpers/dashboard-actors';
import { multipart, pngFile } from '../../helpers/multipart';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server';
import { buildTestApp } from '../../helpers/test-app';

const CLIP = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg'));
const CLIP_URL = '/media/seed/audio/podcast-1.ogg';

describe.each(['local', 's3'] as const)('media on the %s store', (kind) => {
  let app: FastifyInstance;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    if (kind === 's3') s3 = await startLocalS3();
    app = await buildTestApp('pglite', { s3: s3?.settings, publicCacheMs: 0 });
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  it('uses the store the settings name; with S3 nothing lands in the data folder', async () => {
    expect(app.storage).toBeInstanceOf(kind === 's3' ? S3FileStorage : LocalFileStorage);
    expect(fs.existsSync(app.settings.uploadsDir)).toBe(kind === 'local');
    expect(fs.existsSync(app.settings.privateDir)).toBe(kind === 'local');
  });

  it('serves seed media written at start, with type, length, validators and the media headers', async () => {
    const full = await app.inject({ url: CLIP_URL });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload).toEqual(CLIP);
    expect(full.headers).toMatchObject({
      'content-type': expect.stringMatching(/^audio\/ogg/),
      'content-length': String(CLIP.length),
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
      etag: expect.stringMatching(/"/),
      'last-modified': expect.stringMatching(/GMT$/),
    });
    const image = await app.inject({ url: '/media/seed/images/post-1.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toBe(fs.readFileSync(path.join(SEED_MEDIA_DIR, 'images', 'post-1.svg'), 'utf8'));
  });

  it('answers byte ranges (206), refuses bad ones (416) and sends the whole file when If-Range is stale', async () => {
    const part = await app.inject({ url: CLIP_URL, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${CLIP.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload).toEqual(CLIP.subarray(100, 200));
    const tail = await app.inject({ url: CLIP_URL, headers: { range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe(`bytes ${CLIP.length - 10}-${CLIP.length - 1}/${CLIP.length}`);
    expect(tail.rawPayload).toEqual(CLIP.subarray(CLIP.length - 10));
    const open = await app.inject({ url: CLIP_URL, headers: { range: `bytes=${CLIP.length - 5}-` } });
    expect(open.rawPayload).toEqual(CLIP.subarray(CLIP.length - 5));
    for (const range of [`bytes=${CLIP.length}-`, 'bytes=9-3', 'items=0-1', 'bytes=0-1,5-6']) {
      const bad = await app.inject({ url: CLIP_URL, headers: { range } });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${CLIP.length}`);
      expect(bad.json<{ message: string }>().message).toBe('بازه درخواست‌شده از این فایل معتبر نیست.');
    }
    const stale = await app.inject({ url: CLIP_URL, headers: { range: 'bytes=0-9', 'if-range': '"another-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(CLIP);
  });

  it('answers 304 to a client whose copy is current, and HEAD without the bytes', async () => {
    const first = await app.inject({ url: CLIP_URL });
    const etag = first.headers.etag as string;
    const cached = await app.inject({ url: CLIP_URL, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload).toHaveLength(0);
    const since = await app.inject({ url: CLIP_URL, headers: { 'if-modified-since': first.headers['last-modified'] as string } });
    expect(since.statusCode).toBe(304);
    expect((await app.inject({ url: CLIP_URL, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: CLIP_URL });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(CLIP.length));
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers 404 with the Persian message for missing files, non-keys and private files', async () => {
    await app.storage.putPrivate('sessions/secret.mp4', Buffer.from('paid lesson'));
    for (const url of [
      '/media/seed/nothing.ogg',
      '/media/posts/missing.webp',
      '/media/sessions/secret.mp4',
      '/media/private/sessions/secret.mp4',
      '/media/public/seed/audio/podcast-1.ogg',
      '/media/..%2Fapp-key',
      '/media/posts/..%2F..%2Fapp-key',
      '/media/.partial/x',
      '/media/',
    ]) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json<{ message: string }>().message).toBe('مورد درخواستی یافت نشد.');
    }
  });

  it('gives the podcast feed the stored size of each episode', async () => {
    const feed = await app.inject({ url: '/feeds/podcasts.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`${CLIP_URL}" length="${CLIP.length}"`);
  });

  it('serves a dashboard upload from every instance of the store, until its post is deleted', async () => {
    const form = multipart(
      { title: 'نوشته با تصویر', slug: 'media-test-post', description: '<p>متن</p>', is_active: 'true', comment_status: 'open' },
      { image: await pngFile(800, 400) },
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/dashboard/posts',
      payload: form.payload,
      headers: { ...form.headers, ...(await headersOf(app, 'super@example.com')) },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<{ data: Post }>().data;
    expect(post.image).toMatch(/^\/media\/posts\/[0-9a-f-]+\.webp$/);
    const image = await app.inject({ url: post.image! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // A second instance: its own data folder, the same bucket (S3) or none of the first's files (local).
    const other = await buildTestApp('pglite', { s3: s3?.settings, seed: false });
    try {
      const elsewhere = await other.inject({ url: post.image! });
      expect(elsewhere.statusCode).toBe(kind === 's3' ? 200 : 404);
      if (kind === 's3') expect(elsewhere.rawPayload).toEqual(image.rawPayload);

      const deleted = await app.inject({ method: 'DELETE', url: `/api/dashboard/posts/${post.id}`, headers: await headersOf(app, 'super@example.com') });
      expect(deleted.statusCode).toBe(200);
      expect((await app.inject({ url: post.image! })).statusCode).toBe(404);
      expect((await other.inject({ url: post.image! })).statusCode).toBe(404);
      // Seed media stay.
      expect((await app.inject({ url: '/media/seed/images/post-1.svg' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

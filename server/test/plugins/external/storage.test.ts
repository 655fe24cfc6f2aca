/**
 * The storage plugin (plugins/external/storage.ts; issue 10 "Scale-out"): the store comes from the
 * settings (S3_ENDPOINT + S3_BUCKET, else the data folder), and on either store a lesson file
 * uploaded through the dashboard stays private, plays only through its signed, expiring URL (with
 * byte ranges), and leaves the store with its session; the seed's clips play the same way.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardProductSession } from '@shop/contracts';
import { productSessions } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { signSessionFileUrl } from '../../../src/modules/commerce/signed-urls';
import { s3FromEnv } from '../../../src/settings';
import { headersOf, type AuthHeaders } from '../../helpers/dashboard-actors';
import { Upload } from 'tus-js-client';
import { multipart } from '../../helpers/multipart';
import { LESSON_UPLOADS_PATH } from '../../../src/modules/lessons/lesson-uploads';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

/** A lesson document (PDF by its bytes), stored as it comes: audio and video go to transcoding instead. */
const LESSON = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
const SEED_CLIP = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg'));
const INVALID = 'forbidden: پیوند این فایل نامعتبر است یا منقضی شده است.';

describe('s3FromEnv', () => {
  it('names the bucket only when S3_ENDPOINT and S3_BUCKET are both set, and refuses half a setting', () => {
    expect(s3FromEnv({})).toBeUndefined();
    expect(s3FromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media' })).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(
      s3FromEnv({ S3_ENDPOINT: 'https://s3.ir-thr-at1.arvanstorage.ir', S3_BUCKET: 'b', S3_REGION: 'ir-thr-at1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toEqual({ endpoint: 'https://s3.ir-thr-at1.arvanstorage.ir', bucket: 'b', region: 'ir-thr-at1', accessKeyId: 'k', secretAccessKey: 's' });
    expect(() => s3FromEnv({ S3_BUCKET: 'media' })).toThrow(/S3_ENDPOINT and S3_BUCKET/);
    expect(() => s3FromEnv({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT and S3_BUCKET/);
    expect(() => s3FromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});

const CASES = DB_TARGETS.flatMap((target) => (['local', 's3'] as const).map((store) => [target, store] as const));

describe.each(CASES)('lesson files on %s with the %s store', (target, store) => {
  let app: FastifyInstance;
  let s3: LocalS3 | undefined;
  let superHeaders: AuthHeaders;
  /** The signed-in viewer the file URLs are signed for (issue 31 item 4): the super user, on free previews. */
  let viewerId: number;
  let origin: string;
  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
    app = await buildTestApp(target, { s3: s3?.settings, signedUrlTtlSeconds: 600 });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    superHeaders = await headersOf(app, 'super@example.com');
    viewerId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'super@example.com')))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  const signed = (id: number, ttlSeconds = 600, now = Date.now()) => signSessionFileUrl(app.settings.appKey, id, viewerId, ttlSeconds, now).url;
  /** A file URL opened by the viewer it is signed for. */
  const open = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { ...superHeaders, ...headers } });
  const fileKeyOf = async (id: number) =>
    (await app.db.select({ file: productSessions.file }).from(productSessions).where(eq(productSessions.id, id)))[0]?.file ?? null;
  /** The lesson of session `id` sent as the dashboard sends it: a resumable upload (tus). */
  const uploadLesson = (id: number, content: Buffer) =>
    new Promise<void>((resolve, reject) => {
      new Upload(content, {
        endpoint: `${origin}${LESSON_UPLOADS_PATH}`,
        headers: superHeaders,
        metadata: { session_id: String(id), filename: 'lesson.pdf', filetype: 'application/pdf' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });

  let sessionId: number;
  let key: string;
  let fileType: string;

  it('stores a dashboard-uploaded lesson file privately: in the store, never under /media', async () => {
    const form = multipart({ product_id: '2', title: 'جلسه با فایل', slug: 'storage-test-session', description: '<p>متن</p>', position: '7', is_free_preview: 'true', is_active: 'true', comment_status: 'open' });
    const created = await app.inject({ method: 'POST', url: '/api/dashboard/product-sessions', payload: form.payload, headers: { ...form.headers, ...superHeaders } });
    expect(created.statusCode).toBe(201);
    sessionId = created.json<{ data: DashboardProductSession }>().data.id;
    await uploadLesson(sessionId, LESSON);
    const session = (await app.inject({ url: `/api/dashboard/product-sessions/${sessionId}`, headers: superHeaders })).json<{ data: DashboardProductSession }>().data;
    expect(session).toMatchObject({ has_file: true, file_type: 'application/pdf', file_size: LESSON.length });
    fileType = session.file_type!;
    key = (await fileKeyOf(sessionId))!;
    expect(key).toMatch(/^sessions\/[0-9a-f]{32}$/);
    expect((await app.storage.statPrivate(key))?.size).toBe(LESSON.length);
    expect(fs.existsSync(path.join(app.settings.privateDir, key))).toBe(store === 'local');
    for (const url of [`/media/${key}`, `/media/private/${key}`]) expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('plays the file through its signed URL, whole and in byte ranges', async () => {
    const url = signed(sessionId);
    const whole = await open(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(LESSON);
    expect(whole.headers).toMatchObject({
      'content-type': fileType,
      'content-length': String(LESSON.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    });
    const part = await open(url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${LESSON.length}`);
    expect(part.rawPayload).toEqual(LESSON.subarray(1000, 2000));
    const tail = await open(url, { range: 'bytes=-100' });
    expect(tail.rawPayload).toEqual(LESSON.subarray(LESSON.length - 100));
    const bad = await open(url, { range: `bytes=${LESSON.length}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${LESSON.length}`);
  });

  it('refuses expired and tampered signed URLs with 403 before reading the store', async () => {
    const url = signed(sessionId);
    const expired = signed(sessionId, 60, Date.now() - 120_000);
    const later = url.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 1}`);
    const forged = url.replace(/signature=[^&]*/, 'signature=AAAA');
    const otherSession = url.replace(`/sessions/${sessionId}?`, `/sessions/${sessionId - 1}?`);
    const wrongKey = signSessionFileUrl('another-key', sessionId, viewerId, 600).url;
    for (const refused of [expired, later, forged, otherSession, wrongKey, `/api/media/sessions/${sessionId}`]) {
      const response = await open(refused, { range: 'bytes=0-9' });
      expect({ refused, status: response.statusCode }).toEqual({ refused, status: 403 });
      expect(response.json<{ message: string }>().message).toBe(INVALID);
    }
  });

  it('plays the seed clips of the free preview from the store', async () => {
    const [preview] = await app.db
      .select({ id: productSessions.id, file: productSessions.file })
      .from(productSessions)
      .where(eq(productSessions.file, 'seed/podcast-1.ogg'));
    expect(preview).toBeDefined();
    expect((await app.storage.statPrivate('seed/podcast-1.ogg'))?.size).toBe(SEED_CLIP.length);
    const response = await open(signed(preview!.id));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(SEED_CLIP);
  });

  it('removes the replaced file, and the last one with its session', async () => {
    const replacement = Buffer.concat([LESSON, LESSON]);
    await uploadLesson(sessionId, replacement);
    const newKey = (await fileKeyOf(sessionId))!;
    expect(newKey).not.toBe(key);
    expect(await app.storage.statPrivate(key)).toBeNull();
    expect((await open(signed(sessionId))).rawPayload).toEqual(replacement);

    const deleted = await app.inject({ method: 'DELETE', url: `/api/dashboard/product-sessions/${sessionId}`, headers: superHeaders });
    expect(deleted.statusCode).toBe(200);
    expect(await app.storage.statPrivate(newKey)).toBeNull();
    expect((await open(signed(sessionId))).statusCode).toBe(404);
    // The seed's shared clips stay.
    expect(await app.storage.statPrivate('seed/podcast-1.ogg')).not.toBeNull();
  });
});

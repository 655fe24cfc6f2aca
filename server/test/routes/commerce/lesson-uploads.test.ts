/**
 * Resumable lesson uploads (issue 24; issue 23 item 7): a real tus client (tus-js-client) against
 * the listening server, on PGlite with the data folder and, with DATABASE_URL, on PostgreSQL with
 * S3 (s3rver). A completed upload is recorded in the audit log under the staff member who sent it
 * (issue 26); a refused one leaves no entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Upload, type DetailedError } from 'tus-js-client';
import { auditLog } from '../../../src/modules/audit/tables';
import { productSessions } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { listAuditLog } from '../../../src/modules/audit/audit-log';
import { LESSON_UPLOADS_PATH } from '../../../src/modules/lessons/lesson-uploads';
import { newStaff } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server';

const ogg = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-2.ogg'));
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Text named like a video: the type comes from the bytes. */
const fakeVideo = Buffer.from('not a video at all, just text '.repeat(20));

/** The limit of these tests: 16 MB, so "too large" needs no gigabytes. */
const LIMIT_KB = 16 * 1024;

/** The address uploads come from, through a trusted proxy (the app trusts any here). */
const CLIENT_IP = '203.0.113.9';

/** The security headers helmet gives every API answer (plugins/external/helmet.ts; HSTS in production only). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe.each(DB_TARGETS)('lesson uploads on %s', (target) => {
  let app: FastifyInstance;
  let s3: LocalS3 | undefined;
  let origin: string;
  let superToken: string;
  let staffToken: string;
  /** A staff member holding manage-product-sessions: the uploads' sender unless a test says otherwise. */
  let uploader: { id: number; token: string };
  beforeAll(async () => {
    if (target === 'postgres') s3 = await startLocalS3();
    // No transcoding here (transcode.test.ts has it): an upload stays queued.
    app = await buildTestApp(target, {
      uploadLimits: { sessionFileKb: LIMIT_KB },
      transcode: { concurrency: 0 },
      trustProxy: true,
      ...(s3 ? { s3: s3.settings } : {}),
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    [superToken, staffToken] = await Promise.all([
      loginToken(app, 'super@example.com', 'Super12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
    ]);
    const { authorization } = await newStaff(app, ['manage-product-sessions']);
    const [made] = await app.db.select({ id: users.id }).from(users).where(eq(users.full_name, 'کارمند آزمایشی'));
    uploader = { id: made!.id, token: authorization.slice('Bearer '.length) };
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  const session = async (id: number) => (await app.db.select().from(productSessions).where(eq(productSessions.id, id)))[0]!;
  /** The session's audit entries, newest first. */
  const entriesOf = async (id: number) => (await listAuditLog(app.db, { entity_type: 'product_session', entity_id: id })).data;
  const entryCount = async () => (await app.db.select({ id: auditLog.id }).from(auditLog)).length;
  /** The session's only audit entry is the uploader's `upload` from {@link CLIENT_IP}, with these fields before and after. */
  const expectUploadRecorded = async (id: number, before: object, after: object) => {
    const entries = await entriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: uploader.id, full_name: 'کارمند آزمایشی' },
      ip: CLIENT_IP,
      entity_type: 'product_session',
      entity_id: id,
      action: 'upload',
      before,
      after,
    });
  };
  const stored = async (key: string) => {
    const opened = await app.storage.openPrivate(key);
    return opened ? Buffer.concat(await opened.stream.toArray()) : null;
  };

  /** Uploads `content` for `sessionId`; resolves with the upload's URL, rejects with the client's error. */
  const upload = (content: Buffer, sessionId: number, options: { token?: string; chunkSize?: number; uploadUrl?: string; stopAfter?: number } = {}) =>
    new Promise<{ url: string; upload: Upload }>((resolve, reject) => {
      const tus: Upload = new Upload(content, {
        endpoint: `${origin}${LESSON_UPLOADS_PATH}`,
        uploadUrl: options.uploadUrl,
        headers: { authorization: `Bearer ${options.token ?? uploader.token}`, 'x-forwarded-for': CLIENT_IP },
        metadata: { session_id: String(sessionId), filename: 'lesson', filetype: 'application/octet-stream' },
        // (Only when given: an explicit undefined would replace the client's default, one request.)
        ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
        retryDelays: [],
        storeFingerprintForResuming: false,
        onChunkComplete: (_chunk, sent) => {
          if (options.stopAfter !== undefined && sent >= options.stopAfter) {
            void tus.abort().then(() => resolve({ url: tus.url!, upload: tus }));
          }
        },
        onSuccess: () => resolve({ url: tus.url!, upload: tus }),
        onError: reject,
      });
      tus.start();
    });
  const refusal = async (promise: Promise<unknown>) => {
    const error = (await promise.then(() => null, (e: unknown) => e)) as DetailedError | null;
    expect(error).not.toBeNull();
    const response = error!.originalResponse!;
    return { status: response.getStatus(), body: JSON.parse(response.getBody()) as { message: string } };
  };

  it('takes an audio lesson in pieces, goes on after a cut from the last byte stored, and queues its transcode, recorded once', async () => {
    // 12 MB in 6 MB pieces: on S3, whole 8 MB parts of a multipart upload and a remainder.
    const lesson = Buffer.concat([ogg, Buffer.alloc(12 * 1024 * 1024 - ogg.length, 7)]);
    const chunk = 6 * 1024 * 1024;
    const first = await upload(lesson, 11, { chunkSize: chunk, stopAfter: chunk });
    const offset = await fetch(first.url.startsWith('http') ? first.url : `${origin}${first.url}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${superToken}` },
    });
    expect(offset.status).toBe(200);
    expect(Number(offset.headers.get('upload-offset'))).toBe(chunk);
    // Unfinished: nothing changed, nothing recorded.
    expect(await entriesOf(11)).toEqual([]);

    const resumed = await upload(lesson, 11, { chunkSize: chunk, uploadUrl: first.url });
    expect(resumed.url).toBe(first.url);
    const row = await session(11);
    expect(row).toMatchObject({ media_status: 'queued', media_progress: 0, media_error: null });
    expect(row.media_source).toMatch(/^sessions\/[0-9a-f]{32}$/);
    expect((await stored(row.media_source!))!.equals(lesson)).toBe(true);
    // The last good lesson stays until the new one is ready.
    expect(row.file).toMatch(/^seed\//);
    await expectUploadRecorded(11, { media_status: 'none', media_source: null }, { media_status: 'queued', media_source: row.media_source });
  });

  it('refuses a second upload while the first is waiting or processing, in Persian, and records nothing', async () => {
    const entries = await entryCount();
    const { status, body } = await refusal(upload(ogg, 11));
    expect(status).toBe(409);
    expect(body.message).toBe('فایل قبلی این جلسه هنوز در حال پردازش است؛ پس از پایان پردازش دوباره بارگذاری کنید.');
    expect(await entryCount()).toBe(entries);
  });

  it('refuses a PDF that finishes after another upload of the session was queued: the waiting lesson stands, nothing recorded', async () => {
    // The PDF's upload starts while the session is idle, so it is accepted; it finishes last.
    const unfinished = await upload(pdf, 14, { chunkSize: 32, stopAfter: 32 });
    await upload(ogg, 14);
    const queued = await session(14);
    expect(queued).toMatchObject({ media_status: 'queued' });
    const entries = await entryCount();
    const { status, body } = await refusal(upload(pdf, 14, { uploadUrl: unfinished.url }));
    expect(status).toBe(409);
    expect(body.message).toBe('فایل قبلی این جلسه هنوز در حال پردازش است؛ پس از پایان پردازش دوباره بارگذاری کنید.');
    expect(await session(14)).toMatchObject({ file: queued.file, file_type: queued.file_type, media_status: 'queued', media_source: queued.media_source });
    expect(await entryCount()).toBe(entries);
  });

  it('stores a PDF as the lesson at once, and replaces the old file, recorded with the file before and after', async () => {
    const before = await session(12);
    await upload(pdf, 12);
    const row = await session(12);
    expect(row).toMatchObject({ file_type: 'application/pdf', file_size: pdf.length, media_status: 'none' });
    expect(await stored(row.file!)).toEqual(pdf);
    expect(row.file).not.toBe(before.file);
    await expectUploadRecorded(
      12,
      { file: before.file, file_type: before.file_type, file_size: before.file_size },
      { file: row.file, file_type: 'application/pdf', file_size: pdf.length },
    );
    // The audit log's filter and CSV name the action in Persian.
    const csv = await app.inject({
      url: '/api/dashboard/audit-log/export?entity_type=product_session&action=upload',
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`,${CLIENT_IP},جلسه دوره,12,بارگذاری فایل,`);
  });

  it('refuses a file that is not audio, video, PDF or ZIP (by its bytes) and keeps nothing of it, nor records it', async () => {
    const before = await session(13);
    const { status, body } = await refusal(upload(fakeVideo, 13));
    expect(status).toBe(415);
    expect(body.message).toBe('فایل جلسه باید صوتی، ویدیویی، PDF یا ZIP باشد.');
    expect(await session(13)).toMatchObject({ file: before.file, media_status: 'none', media_source: null });
    expect(await entriesOf(13)).toEqual([]);
  });

  it('refuses a file over SESSION_FILE_MAX_KB before a byte is sent, and an unknown session, recording nothing', async () => {
    const entries = await entryCount();
    const big = await refusal(upload(Buffer.alloc(LIMIT_KB * 1024 + 1), 13));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('حجم درخواست بیش از حد مجاز است.');
    const unknown = await refusal(upload(pdf, 99999));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('جلسهٔ این بارگذاری پیدا نشد؛ ابتدا جلسه را ذخیره کنید.');
    expect(await entryCount()).toBe(entries);
  });

  it('answers every tus request, success and refusal, with the security headers of the rest of the API (issue 31 item 7)', async () => {
    // The headers helmet gives an ordinary API answer (HSTS only in production, so not here).
    const reference = await fetch(`${origin}/api/health`);
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, reference.headers.get(name)]));
    for (const name of SECURITY_HEADERS) expect([name, expected[name]]).toEqual([name, expect.any(String)]);
    const headers = { 'tus-resumable': '1.0.0', authorization: `Bearer ${uploader.token}` };
    const tus = (method: string, url: string, extra: Record<string, string> = {}, body?: Buffer) =>
      fetch(`${origin}${url}`, { method, headers: { ...headers, ...extra }, ...(body ? { body: new Uint8Array(body) } : {}) });
    const create = (sessionId: number, length: number) =>
      tus('POST', LESSON_UPLOADS_PATH, { 'upload-length': String(length), 'upload-metadata': `session_id ${Buffer.from(String(sessionId)).toString('base64')}` });

    const created = await create(15, pdf.length);
    const url = new URL(created.headers.get('location')!, origin).pathname;
    const unknown = `${LESSON_UPLOADS_PATH}/${'0'.repeat(32)}`;
    const answers: Array<[string, Response]> = [
      ['POST created', created],
      ['POST unknown session', await create(99999, pdf.length)],
      ['POST too large', await create(15, LIMIT_KB * 1024 + 1)],
      ['HEAD', await tus('HEAD', url)],
      ['HEAD unknown', await tus('HEAD', unknown)],
      ['PATCH wrong offset', await tus('PATCH', url, { 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' }, pdf.subarray(5, 10))],
      ['PATCH', await tus('PATCH', url, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, pdf.subarray(0, 10))],
      ['DELETE', await tus('DELETE', url)],
      ['DELETE unknown', await tus('DELETE', unknown)],
      ['OPTIONS', await tus('OPTIONS', LESSON_UPLOADS_PATH)],
      ['without Tus-Resumable', await fetch(`${origin}${url}`, { method: 'HEAD', headers: { authorization: headers.authorization } })],
      ['stale token', await fetch(`${origin}${LESSON_UPLOADS_PATH}`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', authorization: 'Bearer nobody' } })],
    ];
    expect(answers.map(([name, answer]) => [name, answer.status])).toEqual([
      ['POST created', 201],
      ['POST unknown session', 422],
      ['POST too large', 413],
      ['HEAD', 200],
      ['HEAD unknown', 404],
      ['PATCH wrong offset', 409],
      ['PATCH', 204],
      ['DELETE', 204],
      ['DELETE unknown', 404],
      ['OPTIONS', 405],
      ['without Tus-Resumable', 412],
      ['stale token', 401],
    ]);
    // The answers that lack one of them, or differ (the request id is another hook's header, kept too).
    const unlike = answers
      .filter(([, answer]) => SECURITY_HEADERS.some((header) => answer.headers.get(header) !== expected[header]) || !answer.headers.get('x-request-id'))
      .map(([name]) => name);
    expect(unlike).toEqual([]);
  });

  it('answers 401 to visitors and 403 to staff without manage-product-sessions', async () => {
    expect((await refusal(upload(pdf, 12, { token: 'nobody' }))).status).toBe(401);
    const staff = await refusal(upload(pdf, 12, { token: staffToken }));
    expect(staff.status).toBe(403);
    expect(staff.body.message).toMatch(/forbidden/);
  });
});

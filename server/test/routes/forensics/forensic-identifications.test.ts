/**
 * Identifying a leaked lesson copy and revoking the account (issue 38 items 3 and 4), through the
 * API: a short marked lesson (160×90, 6 frames a second, 3¼ minutes) is transcoded with its B
 * segments and stored under its session's HLS prefix; the segments one buyer's playback fetched through the media route are leaked
 * (re-encoded, scaled, cropped, blurred), uploaded by tus to `/api/forensic-uploads`, and the job
 * names that buyer among the course's buyers. Revoking from the result ends the buyer's grants for
 * good (a sync and the reconciliation do not reopen them), stops their stream, records the evidence
 * in the audit log and mails them. Refusals and the cheap verdicts use rows written directly.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Upload, type DetailedError } from 'tus-js-client';
import type { ForensicIdentification, LessonPlayback } from '@shop/contracts';
import { accessGrants, productSessions } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { forensicIdentifications, forensicUploads } from '../../../src/modules/forensics/tables';
import { reconcileAccess, syncOrderGrants } from '../../../src/modules/commerce';
import { hlsFilesOf, probeMedia, transcodeToHls } from '../../../src/modules/lessons';
import { FORENSIC_UPLOADS_PATH, forensicKey, makeVariants, variantOf } from '../../../src/modules/forensics';
import { listAuditLog } from '../../../src/modules/audit/audit-log';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { leak, renderLesson } from '../../helpers/forensic-leaks';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { DB_TARGETS, buildTestApp, tempDir } from '../../helpers/test-app';

jest.setTimeout(180_000);

const programs = { ffmpegPath: process.env.FFMPEG_PATH || 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH || 'ffprobe' };
const BASE = '/api/dashboard/forensic-identifications';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The lesson, made once for both databases: its HLS folder and the rendition identification reads. */
const dir = tempDir('shop-forensic-api-');
const hls = path.join(dir, 'hls');
let rendition = '';

beforeAll(async () => {
  const source = path.join(dir, 'lesson.mp4');
  await renderLesson(source, 195, 160, 90, 6);
  const probe = await probeMedia(programs, source);
  await transcodeToHls(programs, source, probe, hls, () => undefined);
  const made = await makeVariants(programs, source, probe, hls);
  rendition = made.renditions[0]!;
}, 180_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(DB_TARGETS)('forensic identifications on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let origin: string;
  let course: { id: number; sessionIds: number[] };
  let buyers: Buyer[];
  /** manage-product-sessions and manage-refunds. */
  let staff: { id: number; headers: AuthHeaders; token: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, publicUrl: 'https://shop.example', signedUrlTtlSeconds: 600, rateLimit: { register: 1_000, checkout: 1_000 } });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    // Session 0: the marked lesson; 1: a ready lesson without the mark; 2: no lesson.
    course = await newCourse(app, { price: 250_000, sessions: [{}, {}, {}] });
    const prefix = `lessons/${course.sessionIds[0]}/${randomUUID()}/`;
    for (const name of await hlsFilesOf(hls)) await app.storage.putPrivate(prefix + name, await fs.readFile(path.join(hls, name)));
    await app.db
      .update(productSessions)
      .set({ hls: prefix, forensic_renditions: [rendition], media_kind: 'video', media_status: 'ready', duration_seconds: 195 })
      .where(eq(productSessions.id, course.sessionIds[0]!));
    await app.db
      .update(productSessions)
      .set({ hls: `lessons/${course.sessionIds[1]}/${randomUUID()}/`, forensic_renditions: null, media_kind: 'video', media_status: 'ready', duration_seconds: 195 })
      .where(eq(productSessions.id, course.sessionIds[1]!));
    buyers = [];
    for (let i = 0; i < 3; i += 1) {
      const buyer = await newBuyer(app);
      await buy(app, buyer, course.id);
      buyers.push(buyer);
    }
    const headers = await newStaff(app, ['manage-product-sessions', 'manage-refunds']);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.full_name, 'کارمند آزمایشی'));
    staff = { id: row!.id, headers, token: headers.authorization.slice('Bearer '.length) };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Uploads `file` for `sessionId` by tus as `token`; resolves with the upload's id, rejects with the client's error. */
  const upload = (content: Buffer, sessionId: number, token = staff.token) =>
    new Promise<string>((resolve, reject) => {
      const tus: Upload = new Upload(content, {
        endpoint: `${origin}${FORENSIC_UPLOADS_PATH}`,
        headers: { authorization: `Bearer ${token}` },
        metadata: { session_id: String(sessionId), filename: 'leak.mp4' },
        retryDelays: [],
        storeFingerprintForResuming: false,
        onSuccess: () => resolve(tus.url!.slice(tus.url!.lastIndexOf('/') + 1)),
        onError: reject,
      });
      tus.start();
    });

  /** A finished upload of the staff member written directly (its bytes are not read by these cases). */
  const uploadRow = async (sessionId: number, userId = staff.id) => {
    const id = randomBytes(16).toString('hex');
    await app.storage.putPrivate(`forensic-copies/${id}`, Buffer.from('not read'));
    await app.db.insert(forensicUploads).values({ id, user_id: userId, product_session_id: sessionId, key: `forensic-copies/${id}`, name: 'copy.mp4', size: 8, type: 'video/mp4' });
    return id;
  };

  const start = (body: object, headers: AuthHeaders = staff.headers) => app.inject({ method: 'POST', url: BASE, headers, payload: body });
  const revoke = (id: number, reason: string, headers: AuthHeaders = staff.headers) =>
    app.inject({ method: 'POST', url: `${BASE}/${id}/revocation`, headers, payload: { reason } });

  /** Polls identification `id` until it is done or failed (the job runs on the app's queue). */
  async function finished(id: number, timeoutMs = 90_000): Promise<ForensicIdentification> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const response = await app.inject({ url: `${BASE}/${id}`, headers: staff.headers });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: ForensicIdentification }>();
      if (data.status === 'done' || data.status === 'failed') return data;
      if (Date.now() > until) throw new Error(`identification ${id} still ${data.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const activeGrants = (userId: number) =>
    app.db
      .select()
      .from(accessGrants)
      .where(and(eq(accessGrants.user_id, userId), eq(accessGrants.product_id, course.id), isNull(accessGrants.ended_at)));

  it("names the buyer whose playlist made a leaked copy, then revokes that account's access in one action", async () => {
    const [buyer] = buyers as [Buyer];
    const sessionId = course.sessionIds[0]!;
    const key = forensicKey(app.settings.appKey, sessionId);
    // Real playback: the buyer's player asks for the lesson, reads its media playlist through the API and
    // fetches every segment it names (their own A/B sequence); those bytes, joined, are what leaks.
    const playback = await app.inject({
      method: 'POST',
      url: `/api/product-sessions/${sessionId}/playback`,
      headers: { ...buyer.headers, 'x-device-key': randomBytes(32).toString('base64url'), 'user-agent': CHROME },
      payload: {},
    });
    expect(playback.statusCode).toBe(200);
    const { hls_url: hlsUrl, stream_id: streamId } = playback.json<{ data: LessonPlayback }>().data;
    expect((await app.inject({ url: hlsUrl, headers: buyer.headers })).statusCode).toBe(200);
    const playlistUrl = hlsUrl.replace('master.m3u8', `${rendition}/index.m3u8`);
    const playlist = await app.inject({ url: playlistUrl, headers: buyer.headers });
    const uris = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    const fetched: string[] = [];
    for (const [k, uri] of uris.entries()) {
      const url = new URL(uri, `http://shop.test${playlistUrl}`);
      expect(url.pathname.endsWith(`${variantOf(key, buyer.id, k) === 'b' ? 'b/' : ''}seg${String(k).padStart(5, '0')}.ts`)).toBe(true);
      const segment = await app.inject({ url: url.pathname + url.search, headers: buyer.headers });
      expect(segment.statusCode).toBe(200);
      const file = path.join(dir, `played-${target}-${k}.ts`);
      await fs.writeFile(file, segment.rawPayload);
      fetched.push(file);
    }
    expect(fetched).toHaveLength(33);
    const copy = path.join(dir, `leak-${target}.mp4`);
    await leak(fetched, { kbps: 60, scale: 0.8, crop: 'left', blur: 'top-right', startSeconds: 5, seconds: 180 }, copy);
    const uploadId = await upload(await fs.readFile(copy), sessionId);

    const started = await start({ session_id: sessionId, upload_id: uploadId });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ session_id: sessionId, product_id: course.id, status: 'queued', verdict: null, file_name: 'leak.mp4', created_by: { id: staff.id }, revocation: null });
    const done = await finished(started.json<{ data: ForensicIdentification }>().data.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, verdict: 'identified', reason: null, user: { id: buyer.id, email: expect.stringContaining('@') }, error: null });
    expect(done.confidence).toBeGreaterThan(0.9999);
    expect(done.false_name_probability).toBeLessThanOrEqual(1e-4);
    expect(done.evidence).toMatchObject({ candidates: 3, false_name_bound: 1e-4, segments_used: expect.any(Number) });
    expect(Math.abs(done.evidence!.start_seconds - 5)).toBeLessThan(0.5);
    expect(done.evidence!.seconds_compared).toBeGreaterThan(150);
    // The list shows it, newest first.
    const list = await app.inject({ url: `${BASE}?session_id=${sessionId}`, headers: staff.headers });
    expect(list.json()).toMatchObject({ data: [{ id: done.id }], meta: { current_page: 1, total: 1 } });

    // Their stream is still the one playing.
    expect(await app.streams.stateOf(buyer.id, streamId!)).not.toBe('superseded');

    const reason = 'نسخه این جلسه در یک کانال تلگرامی پخش شده بود.';
    const revoked = await revoke(done.id, reason);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revocation).toEqual({ revoked_at: expect.any(String), revoked_by: { id: staff.id, full_name: 'کارمند آزمایشی' }, reason, grants_ended: 1 });

    // Grants ended for good: neither the order sync nor the reconciliation opens them again.
    expect(await activeGrants(buyer.id)).toHaveLength(0);
    await app.db.transaction(async (tx) => {
      expect(await syncOrderGrants(tx as never, buyer.id, [course.id])).toEqual({ ended: 0, granted: 0 });
    });
    expect(await activeGrants(buyer.id)).toHaveLength(0);
    await reconcileAccess(app.db);
    const mismatches = await app.db.execute(`select * from access_mismatches where user_id = ${buyer.id}`);
    expect(JSON.stringify(mismatches)).not.toContain('missing_grant');
    // Another buyer keeps theirs.
    expect(await activeGrants(buyers[1]!.id)).toHaveLength(1);

    // Its stream is over: the next playlist or segment is refused, and a new playback too.
    expect(await app.streams.stateOf(buyer.id, streamId!)).toBe('superseded');
    const next = await app.inject({ url: hlsUrl, headers: buyer.headers });
    expect(next.statusCode).toBe(409);
    expect(next.json()).toMatchObject({ code: 'stream_superseded' });
    const again = await app.inject({
      method: 'POST',
      url: `/api/product-sessions/${sessionId}/playback`,
      headers: { ...buyer.headers, 'x-device-key': randomBytes(32).toString('base64url'), 'user-agent': CHROME },
      payload: {},
    });
    expect(again.statusCode).toBe(403);

    // The audit log keeps the evidence.
    const entries = (await listAuditLog(app.db, { entity_type: 'forensic_identification', entity_id: done.id })).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: staff.id },
      action: 'revoke',
      after: { user_id: buyer.id, product_id: course.id, revocation_reason: reason, grants_ended: 1, evidence: { candidates: 3 } },
    });

    // The buyer is told, in Persian, which course and why, with staff's reason.
    const [{ email } = { email: '' }] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.id));
    const mail = await smtp.waitForMail((message) => message.to.includes(email) && message.subject.includes('لغو'));
    expect(mail.subject).toContain('دسترسی شما به دوره لغو شد');
    expect(mail.text).toContain(done.product_title);
    expect(mail.text).toContain('به حساب شما ردیابی شد');
    expect(mail.text).toContain(reason);

    // Twice is refused.
    expect((await revoke(done.id, reason)).statusCode).toBe(409);
    // The temp files of the job are gone; the upload stays (the evidence).
    expect(await fs.readdir(path.join(app.settings.dataDir, 'forensics')).catch(() => [])).toEqual([]);
    expect(await app.storage.statPrivate(`forensic-copies/${uploadId}`)).not.toBeNull();
  });

  it('answers cannot-say, not-marked, for a lesson without the watermark, and refuses to revoke from it', async () => {
    const sessionId = course.sessionIds[1]!;
    const started = await start({ session_id: sessionId, upload_id: await uploadRow(sessionId) });
    expect(started.statusCode).toBe(202);
    const done = await finished(started.json<{ data: ForensicIdentification }>().data.id);
    expect(done).toMatchObject({ status: 'done', verdict: 'cannot-say', reason: 'not-marked', user: null, confidence: null, evidence: null });
    const refused = await revoke(done.id, 'دلیل آزمایشی');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('این شناسایی حسابی را نام نبرده است؛ دسترسی کسی لغو نمی‌شود.');
  });

  it('refuses in Persian: a session without a ready lesson, an upload not of the caller, no permission, a short reason', async () => {
    const marked = course.sessionIds[0]!;
    const own = await uploadRow(marked);
    // No ready lesson, or no such session: 422 on session_id.
    const noLesson = await start({ session_id: course.sessionIds[2]!, upload_id: own });
    expect(noLesson.statusCode).toBe(422);
    expect(noLesson.json()).toEqual({ message: expect.any(String), errors: { session_id: ['این جلسه درس ویدیویی آماده‌ای ندارد که نسخه با آن مقایسه شود.'] } });
    expect((await start({ session_id: 2_000_000_000, upload_id: own })).json().errors).toHaveProperty('session_id');
    // Another staff member's upload, an unknown id, another session's: 422 on upload_id.
    const other = await newStaff(app, ['manage-product-sessions']);
    const refusedUpload = await start({ session_id: marked, upload_id: own }, other);
    expect(refusedUpload.statusCode).toBe(422);
    expect(refusedUpload.json().errors.upload_id).toEqual([expect.stringMatching(/بارگذاری/)]);
    expect((await start({ session_id: marked, upload_id: 'nope' })).statusCode).toBe(422);
    expect((await start({ session_id: course.sessionIds[1]!, upload_id: own })).json().errors).toHaveProperty('upload_id');
    // Without the permission: 403, and revocation also needs manage-refunds.
    const outsider = await newStaff(app, ['show-users']);
    expect((await start({ session_id: marked, upload_id: own }, outsider)).statusCode).toBe(403);
    expect((await app.inject({ url: BASE, headers: outsider })).statusCode).toBe(403);
    expect((await app.inject({ url: BASE, headers: buyers[2]!.headers })).statusCode).toBe(403);

    // A named account (a row written directly): a short reason is refused on its field, then the permission.
    const [row] = await app.db
      .insert(forensicIdentifications)
      .values({
        product_session_id: marked,
        upload_id: own,
        file_key: `forensic-copies/${own}`,
        file_name: 'copy.mp4',
        file_size: 8,
        status: 'done',
        progress: 100,
        verdict: 'identified',
        user_id: buyers[2]!.id,
        confidence: 0.99999,
        false_name_probability: 1e-6,
        created_by: staff.id,
        finished_at: new Date(),
      })
      .returning();
    const short = await revoke(row!.id, ' ab ');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ message: expect.any(String), errors: { reason: ['دلیل باید دست‌کم ۳ نویسه باشد'] } });
    expect((await revoke(row!.id, 'x'.repeat(501))).statusCode).toBe(422);
    expect((await revoke(row!.id, 'دلیل کافی', other)).statusCode).toBe(403);
    expect((await revoke(999_999, 'دلیل کافی')).statusCode).toBe(404);
    expect((await app.inject({ url: `${BASE}/abc`, headers: staff.headers })).statusCode).toBe(404);
    expect(await activeGrants(buyers[2]!.id)).toHaveLength(1);
  });

  it('refuses by tus a file that is not a video, in Persian on the field, and keeps nothing', async () => {
    const error = (await upload(Buffer.from('just some text, not a video '.repeat(200)), course.sessionIds[0]!).then(
      () => null,
      (e: unknown) => e,
    )) as DetailedError | null;
    expect(error?.originalResponse?.getStatus()).toBe(415);
    expect(JSON.parse(error!.originalResponse!.getBody())).toEqual({
      message: 'فایل بارگذاری‌شده ویدیو نیست؛ نسخه نشت‌کرده باید یک فایل ویدیویی باشد.',
      errors: { file: ['فایل بارگذاری‌شده ویدیو نیست؛ نسخه نشت‌کرده باید یک فایل ویدیویی باشد.'] },
    });
    const missing = (await upload(Buffer.from('x'), 2_000_000_000).then(
      () => null,
      (e: unknown) => e,
    )) as DetailedError | null;
    expect(missing?.originalResponse?.getStatus()).toBe(422);
  });
});

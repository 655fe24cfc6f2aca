/**
 * A ready lesson's signed HLS (issue 24): `media` of the session page, its playback (issue 38:
 * the URLs signed for a viewer's stream and credential), and the playlists, segments and subtitles
 * behind that query, from the data folder (PGlite) and from S3 (s3rver; on PostgreSQL when
 * DATABASE_URL is set). The HLS is made here by ffmpeg. Devices and streams: devices-and-streams.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LessonPlayback, ProductSessionDetail } from '@shop/contracts';
import { productSessions } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { issueToken } from '../../../src/modules/users/access-tokens';
import { signLessonMedia, signSessionFileUrl } from '../../../src/modules/commerce/signed-urls';
import { buy, newBuyer, newCourse, type Buyer, refundInDatabase } from '../../helpers/commerce-fixtures';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server';
import { DB_TARGETS, buildTestApp, tempDir, type DbTarget } from '../../helpers/test-app';
import { forensicKey, variantOf } from '../../../src/modules/forensics';

const REFUSED = 'forbidden: پیوند این فایل نامعتبر است یا منقضی شده است.';
const SUBTITLES = 'WEBVTT\n\n00:00.000 --> 00:01.500\nسلام، به این درس خوش آمدید.\n';

/** A 2-second 640×360 clip with a tone as HLS (master, one variant, 1-second segments): relative path → bytes. */
function makeHls(): Map<string, Buffer> {
  const dir = tempDir('shop-hls-');
  execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac'],
      ...['-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', '-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,a:0'],
      ...['-hls_segment_filename', path.join(dir, 'v%v/seg_%03d.ts'), path.join(dir, 'v%v/index.m3u8')],
    ],
    { stdio: 'pipe' },
  );
  const files = new Map<string, Buffer>();
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) files.set(name.split(path.sep).join('/'), fs.readFileSync(file));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
}

const HLS = makeHls();

const CASES: Array<[DbTarget, 'local' | 's3']> = [
  ['pglite', 'local'],
  [DB_TARGETS.includes('postgres') ? 'postgres' : 'pglite', 's3'],
];

describe.each(CASES)('lesson media on %s with the %s store', (target, store) => {
  let app: FastifyInstance;
  let s3: LocalS3 | undefined;
  let owner: Buyer;
  let other: Buyer;
  let course: { id: number; sessionIds: number[] };
  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
    app = await buildTestApp(target, { seed: false, signedUrlTtlSeconds: 600, s3: s3?.settings });
    course = await newCourse(app, { price: 250_000, sessions: [{ is_free_preview: true }, {}, {}] });
    const [preview, paid] = course.sessionIds;
    for (const id of [preview!, paid!]) await storeLesson(id, true);
    [owner, other] = await Promise.all([newBuyer(app), newBuyer(app)]);
    await buy(app, owner, course.id);
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  /** Writes the fixture HLS (and subtitles) under a fresh private prefix and marks the session's lesson ready. */
  async function storeLesson(sessionId: number, withSubtitles: boolean): Promise<string> {
    const prefix = `lessons/${sessionId}/${randomBytes(4).toString('hex')}/`;
    for (const [name, content] of HLS) await app.storage.putPrivate(`${prefix}${name}`, content);
    const subtitles = withSubtitles ? await app.storage.putPrivate(`sessions/fa-${sessionId}-${randomBytes(4).toString('hex')}.vtt`, Buffer.from(SUBTITLES)) : null;
    await app.db
      .update(productSessions)
      .set({ hls: prefix, media_kind: 'video', media_status: 'ready', duration_seconds: 2, poster: '/media/product-sessions/p.webp', subtitles })
      .where(eq(productSessions.id, sessionId));
    return prefix;
  }

  const detailOf = async (who: Buyer, id: number) =>
    (await app.inject({ url: `/api/product-sessions/${id}`, headers: who.headers })).json<{ data: ProductSessionDetail }>().data;
  /** One device key per buyer, as one browser keeps it. */
  const keyOf = (who: Buyer) => `device-key-of-buyer-${who.id}-0000000`;
  /** The lesson's playback for `who` from their one device (issue 38). */
  const playbackOf = async (who: Buyer, id: number) => {
    const response = await app.inject({ method: 'POST', url: `/api/product-sessions/${id}/playback`, headers: { ...who.headers, 'x-device-key': keyOf(who) }, payload: {} });
    expect([id, response.statusCode]).toEqual([id, 200]);
    return response.json<{ data: LessonPlayback }>().data;
  };
  /** A second token of `who`, as another browser of theirs signs in with. */
  const loginAgain = async (who: Buyer) => (await issueToken(app.db, who.id)).token;
  /** `who`'s bearer token, which their URLs are signed for. */
  const tokenOf = (who: Buyer) => who.headers.authorization.slice('Bearer '.length);
  const get = (url: string, who: Buyer | null, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...(who?.headers ?? {}), ...headers } });
  /** The URI lines of a playlist (not tags), resolved against its URL. */
  const urisOf = (playlist: string, url: string) =>
    playlist
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((uri) => {
        const resolved = new URL(uri, `http://shop.test${url}`);
        return resolved.pathname + resolved.search;
      });

  it('answers a buyer the ready lesson with a masked watermark, and its playback the signed media', async () => {
    const id = course.sessionIds[1]!;
    const { media } = await detailOf(owner, id);
    expect(media).toEqual({
      kind: 'video',
      poster_url: '/media/product-sessions/p.webp',
      has_subtitles: true,
      duration_seconds: 2,
      watermark: expect.stringMatching(/^bu\*\*\*@example\.com$/),
    });
    const playback = await playbackOf(owner, id);
    const query = `viewer=${owner.id}&stream=\\d+\\.[\\w-]{22}&expires=\\d+&signature=[\\w-]+`;
    expect(playback).toEqual({
      hls_url: expect.stringMatching(new RegExp(`^/api/media/lessons/${id}/hls/master\\.m3u8\\?${query}$`)),
      subtitles_url: expect.stringMatching(new RegExp(`^/api/media/lessons/${id}/subtitles\\.vtt\\?${query}$`)),
      expires_at: expect.any(String),
      stream_id: expect.stringMatching(/^\d+\.[\w-]{22}$/),
    });
    const expiresIn = Date.parse(playback.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    await app.db.update(users).set({ mobile: '+989121234567' }).where(eq(users.id, owner.id));
    expect((await detailOf(owner, id)).media!.watermark).toBe('0912***4567');
    expect((await detailOf(other, id)).media).toBeNull();
    expect((await detailOf(owner, course.sessionIds[2]!)).media).toBeNull();
  });

  it('serves the master, a variant playlist and a segment with every URI signed', async () => {
    const media = await playbackOf(owner, course.sessionIds[1]!);
    const query = new URL(media!.hls_url, 'http://shop.test').search;
    const master = await get(media!.hls_url, owner);
    expect(master.statusCode).toBe(200);
    expect(master.headers).toMatchObject({ 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'private, no-cache' });
    const variants = urisOf(master.body, media!.hls_url);
    expect(variants).toEqual([`/api/media/lessons/${course.sessionIds[1]}/hls/v0/index.m3u8${query}`]);
    const variant = await get(variants[0]!, owner);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segments = urisOf(variant.body, variants[0]!);
    expect(segments).toEqual(['seg_000.ts', 'seg_001.ts'].map((name) => `/api/media/lessons/${course.sessionIds[1]}/hls/v0/${name}${query}`));
    const segment = await get(segments[0]!, owner);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers).toMatchObject({ 'content-type': 'video/mp2t', 'cache-control': 'private, no-cache', 'accept-ranges': 'bytes' });
    expect(segment.rawPayload.equals(HLS.get('v0/seg_000.ts')!)).toBe(true);
    const part = await get(segments[1]!, owner, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(HLS.get('v0/seg_001.ts')!.subarray(188, 376))).toBe(true);
    const subtitles = await get(media!.subtitles_url!, owner);
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(subtitles.body).toBe(SUBTITLES);
  });

  it('refuses a non-buyer, another user with the buyer’s URL, a visitor, an expired and a tampered signature with 403', async () => {
    const id = course.sessionIds[1]!;
    const media = await playbackOf(owner, id);
    const segment = `/api/media/lessons/${id}/hls/v0/seg_000.ts`;
    const key = app.settings.appKey;
    const signedFor = (who: Buyer, ttl: number, now = Date.now()) =>
      `?${signLessonMedia(key, { sessionId: id, viewerId: who.id, streamId: null, credential: tokenOf(who) }, ttl, now).query}`;
    const refusals: Array<[string, Buyer | null]> = [
      // A non-buyer holding a query signed for themselves: the route asks who may view the session.
      [`${segment}${signedFor(other, 600)}`, other],
      [media!.hls_url, other],
      [media!.subtitles_url!, other],
      [media!.hls_url, null],
      [`${segment}${signedFor(owner, 60, Date.now() - 120_000)}`, owner],
      // The buyer's URL from another browser of theirs (another token): signed for the first one's credential.
      [media.hls_url, { ...owner, headers: { authorization: `Bearer ${await loginAgain(owner)}` } }],
      // Its viewer or stream changed.
      [media.hls_url.replace(`viewer=${owner.id}`, `viewer=${other.id}`), owner],
      [media.hls_url.replace(/stream=[^&]+/, `stream=${media.stream_id!.replace(/\..*/, '')}.AAAAAAAAAAAAAAAAAAAAAA`), owner],
      [media!.hls_url.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 1}`), owner],
      [media!.hls_url.replace(/signature=.*/, 'signature=AAAA'), owner],
      [`/api/media/lessons/${course.sessionIds[0]}/hls/master.m3u8${new URL(media!.hls_url, 'http://shop.test').search}`, owner],
      [`${segment}`, owner],
    ];
    for (const [url, who] of refusals) {
      const response = await get(url, who);
      expect([url, response.statusCode]).toEqual([url, 403]);
      expect(response.json().message).toBe(REFUSED);
    }
  });

  it('answers 404 for paths outside the prefix, other files and missing ones', async () => {
    const id = course.sessionIds[1]!;
    const media = await playbackOf(owner, id);
    const query = new URL(media!.hls_url, 'http://shop.test').search;
    const base = `/api/media/lessons/${id}/hls/`;
    for (const file of ['../x.ts', 'v0/../../x.ts', '..%2Fx.ts', 'v0/.seg.ts', 'v0/seg_000.exe', 'v0/seg_000', '.m3u8', 'v0//seg_000.ts', 'v0/seg_009.ts', 'a/b/c/d/e.ts']) {
      const response = await get(`${base}${file}${query}`, owner);
      expect([file, response.statusCode]).toEqual([file, 404]);
    }
    const empty = course.sessionIds[2]!;
    const signed = `?${signLessonMedia(app.settings.appKey, { sessionId: empty, viewerId: owner.id, streamId: null, credential: tokenOf(owner) }, 600).query}`;
    expect((await get(`/api/media/lessons/${empty}/hls/master.m3u8${signed}`, owner)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/product-sessions/${empty}/playback`, headers: { ...owner.headers, 'x-device-key': keyOf(owner) }, payload: {} })).statusCode).toBe(404);
    expect((await get(`/api/media/lessons/x/hls/master.m3u8${query}`, owner)).statusCode).toBe(404);
  });

  it('plays a free preview for any signed-in user with a verified email, and not for an unverified one', async () => {
    const id = course.sessionIds[0]!;
    const { is_bought } = await detailOf(other, id);
    expect(is_bought).toBe(false);
    // A free preview needs no device and starts no stream (issue 38).
    const previewed = await app.inject({ method: 'POST', url: `/api/product-sessions/${id}/playback`, headers: other.headers, payload: {} });
    expect(previewed.statusCode).toBe(200);
    const media = previewed.json<{ data: LessonPlayback }>().data;
    expect(media.stream_id).toBeNull();
    expect(media.hls_url).not.toContain('stream=');
    const master = await get(media!.hls_url, other);
    expect(master.statusCode).toBe(200);
    const segment = await get(urisOf((await get(urisOf(master.body, media!.hls_url)[0]!, other)).body, urisOf(master.body, media!.hls_url)[0]!)[0]!, other);
    expect(segment.statusCode).toBe(200);
    const unverified = await newBuyer(app, { verified: false });
    const signed = `?${signLessonMedia(app.settings.appKey, { sessionId: id, viewerId: unverified.id, streamId: null, credential: tokenOf(unverified) }, 600).query}`;
    const refused = await get(`/api/media/lessons/${id}/hls/master.m3u8${signed}`, unverified);
    expect(refused.statusCode).toBe(403);
  });

  it('never hands out the source of a ready lesson: no file_url, and the file route refuses it to buyers and preview viewers alike (issue 31 item 4)', async () => {
    const buyer = await newBuyer(app);
    const source = { content: Buffer.from('the uploaded source video, kept for processing again'), type: 'video/mp4' };
    const own = await newCourse(app, { price: 10_000, sessions: [{ file: source }, { is_free_preview: true, file: source }] });
    for (const id of own.sessionIds) await storeLesson(id, false);
    await buy(app, buyer, own.id);
    for (const [id, who] of [[own.sessionIds[0]!, buyer], [own.sessionIds[1]!, other]] as const) {
      const detail = await detailOf(who, id);
      expect(detail).toMatchObject({ can_view: true, file_url: null, file_url_expires_at: null, file_type: null, file_size: null });
      const media = await playbackOf(who, id);
      expect(media.hls_url).toMatch(/^\/api\/media\/lessons\//);
      // Not even through a URL signed for this very viewer.
      const signed = signSessionFileUrl(app.settings.appKey, id, who.id, 600).url;
      expect([id, (await get(signed, who)).statusCode]).toEqual([id, 404]);
      expect((await get(media.hls_url, who)).statusCode).toBe(200);
    }
  });

  it("serves a marked rendition as each viewer's own A/B sequence, and each segment only in the version their playlist names (issue 38 item 3)", async () => {
    const own = await newCourse(app, { price: 10_000, sessions: [{}] });
    const id = own.sessionIds[0]!;
    // The fixture as the lesson job leaves a marked rendition: segNNNNN.ts, each with a B beside it in b/.
    const prefix = await storeLesson(id, false);
    const names = ['seg_000.ts', 'seg_001.ts'];
    const bOf = (k: number) => Buffer.concat([HLS.get(`v0/${names[k]}`)!, Buffer.from('B')]);
    for (const [k, name] of names.entries()) {
      await app.storage.putPrivate(`${prefix}v0/seg0000${k}.ts`, HLS.get(`v0/${name}`)!);
      await app.storage.putPrivate(`${prefix}v0/b/seg0000${k}.ts`, bOf(k));
    }
    await app.storage.putPrivate(`${prefix}v0/index.m3u8`, Buffer.from(HLS.get('v0/index.m3u8')!.toString().replaceAll('seg_00', 'seg0000')));
    await app.db.update(productSessions).set({ forensic_renditions: ['v0'] }).where(eq(productSessions.id, id));
    const key = forensicKey(app.settings.appKey, id);
    // Buyers until two of them differ in a segment (one in four pairs of two-segment code words agree).
    const buyers: Buyer[] = [];
    const word = (who: Buyer) => [0, 1].map((k) => variantOf(key, who.id, k)).join('');
    while (buyers.length < 2 || new Set(buyers.map(word)).size < 2) {
      const buyer = await newBuyer(app);
      await buy(app, buyer, own.id);
      buyers.push(buyer);
    }
    for (const buyer of [buyers[0]!, buyers.find((b) => word(b) !== word(buyers[0]!))!]) {
      const media = await playbackOf(buyer, id);
      const playlistUrl = media.hls_url.replace('master', 'v0/index');
      const playlist = await get(playlistUrl, buyer);
      expect(playlist.statusCode).toBe(200);
      const expected = [0, 1].map((k) => `${variantOf(key, buyer.id, k) === 'b' ? 'b/' : ''}seg0000${k}.ts`);
      const query = new URL(media.hls_url, 'http://shop.test').search;
      expect(urisOf(playlist.body, playlistUrl)).toEqual(expected.map((file) => `/api/media/lessons/${id}/hls/v0/${file}${query}`));
      for (const k of [0, 1]) {
        const named = variantOf(key, buyer.id, k);
        const [mine, other] = named === 'b' ? [`b/seg0000${k}.ts`, `seg0000${k}.ts`] : [`seg0000${k}.ts`, `b/seg0000${k}.ts`];
        const served = await get(media.hls_url.replace('master.m3u8', `v0/${mine}`), buyer);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(named === 'b' ? bOf(k) : HLS.get(`v0/${names[k]}`)!)).toBe(true);
        expect((await get(media.hls_url.replace('master.m3u8', `v0/${other}`), buyer)).statusCode).toBe(404);
      }
    }
  });

  it('stops a signed URL, playlists at once and then its segments, when the course is refunded, and serves a new lesson under the same URL', async () => {
    const buyer = await newBuyer(app);
    const own = await newCourse(app, { price: 10_000, sessions: [{}] });
    const id = own.sessionIds[0]!;
    await storeLesson(id, false);
    await buy(app, buyer, own.id);
    const media = await playbackOf(buyer, id);
    expect(media.subtitles_url).toBeNull();
    expect((await get(media!.hls_url, buyer)).statusCode).toBe(200);
    expect((await get(`/api/media/lessons/${id}/subtitles.vtt${new URL(media!.hls_url, 'http://shop.test').search}`, buyer)).statusCode).toBe(404);
    const prefix = await storeLesson(id, false);
    await app.storage.putPrivate(`${prefix}v0/index.m3u8`, Buffer.from('#EXTM3U\n#EXTINF:1,\nnew_000.ts\n#EXT-X-ENDLIST\n'));
    expect((await get(media!.hls_url.replace('master', 'v0/index'), buyer)).body).toContain(`new_000.ts?viewer=${buyer.id}&stream=`);
    // A segment read keeps the buyer's leave for a while; the refused playlist after the refund ends it.
    const segment = media!.hls_url.replace('master.m3u8', 'v0/seg_000.ts');
    expect((await get(segment, buyer)).statusCode).toBe(200);
    await refundInDatabase(app, buyer.id, own.id);
    const refused = await get(media!.hls_url, buyer);
    expect(refused.statusCode).toBe(403);
    expect((await get(segment, buyer)).statusCode).toBe(403);
  });
});

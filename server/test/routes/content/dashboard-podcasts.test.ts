import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Paginated, Podcast } from '@shop/contracts';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { multipart, pngFile, type FilePart } from '../../helpers/multipart';

describe.each(DB_TARGETS)('dashboard podcasts API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  let staffToken: string;
  beforeAll(async () => {
    app = await buildTestApp(target);
    [superToken, staffToken] = await Promise.all([
      loginToken(app, 'super@example.com', 'Super12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
    ]);
  });
  afterAll(() => app.close());

  const auth = (token = superToken) => ({ authorization: `Bearer ${token}` });
  const ogg: FilePart = {
    filename: 'episode.ogg',
    content: fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg')),
    type: 'audio/ogg',
  };
  const fields = (extra: Record<string, string> = {}) => ({
    title: 'قسمت آزمایشی',
    slug: 'test-episode',
    description: '<p>شرح قسمت</p>',
    ...extra,
  });
  const send = (method: 'POST' | 'PUT', url: string, f: Record<string, string>, files: Record<string, FilePart>, token = superToken) => {
    const form = multipart(f, files);
    return app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...auth(token) } });
  };
  const fileOf = (publicPath: string) => path.join(app.settings.uploadsDir, publicPath.replace(/^\/media\//, ''));

  it('creates a podcast from an Ogg file with its duration, and deletes it with its files', async () => {
    const response = await send('POST', '/api/dashboard/podcasts', fields(), { image: await pngFile(800, 800), file: ogg });
    expect(response.statusCode).toBe(201);
    const podcast = response.json<{ data: Podcast }>().data;
    expect(podcast.file).toMatch(/^\/media\/podcasts\/[0-9a-f-]+\.ogg$/);
    expect(podcast.image).toMatch(/^\/media\/podcasts\/[0-9a-f-]+\.webp$/);
    expect(podcast.duration_seconds).toBe(9);
    expect(fs.readFileSync(fileOf(podcast.file!)).equals(ogg.content)).toBe(true);

    const listed = await app.inject({ url: '/api/dashboard/podcasts?q=test-episode', headers: auth() });
    expect(listed.json<Paginated<Podcast>>().data.map((p) => p.id)).toEqual([podcast.id]);

    // Update without files keeps both.
    const updated = await send('PUT', `/api/dashboard/podcasts/${podcast.id}`, fields({ title: 'قسمت آزمایشی ویرایش‌شده' }), {});
    expect(updated.json<{ data: Podcast }>().data).toMatchObject({ file: podcast.file, image: podcast.image, duration_seconds: 9 });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/dashboard/podcasts/${podcast.id}`, headers: auth() });
    expect(deleted.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(podcast.file!))).toBe(false);
    expect(fs.existsSync(fileOf(podcast.image!))).toBe(false);
  });

  it('answers 415 for a file that is not audio, leaving no files behind', async () => {
    const notAudio = { filename: 'episode.mp3', content: Buffer.from('plain text, no audio here'.repeat(20)), type: 'audio/mpeg' };
    const response = await send('POST', '/api/dashboard/podcasts', fields({ slug: 'not-audio' }), { image: await pngFile(40, 40), file: notAudio });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe('فایل انتخاب‌شده صوتی نیست.');
    const dir = path.join(app.settings.uploadsDir, 'podcasts');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it('requires the audio file on create', async () => {
    const response = await send('POST', '/api/dashboard/podcasts', fields({ slug: 'no-audio' }), { image: await pngFile(40, 40) });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['file']);
  });

  it('answers 403 forbidden to staff without manage-podcasts', async () => {
    const list = await app.inject({ url: '/api/dashboard/podcasts', headers: auth(staffToken) });
    expect(list.statusCode).toBe(403);
    expect(list.json<{ message: string }>().message).toContain('forbidden');
    const create = await send('POST', '/api/dashboard/podcasts', fields(), { file: ogg }, staffToken);
    expect(create.statusCode).toBe(403);
  });
});

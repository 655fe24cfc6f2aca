/**
 * The FileStorage contract (lib/storage.ts; issue 10 "Scale-out"), the same tests on the data
 * folder and on an S3-compatible bucket (s3rver, through the AWS SDK): put, stat, open with byte
 * ranges, delete, keyOf, sizeOf, private files, processed lessons' folders, writes that are
 * whole or absent, and resumable (tus) uploads into a private folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage } from '../../src/lib/s3-storage';
import { LocalFileStorage, mediaTypeOf, STALE_PARTIAL_MS, type FileStorage, type OpenedFile } from '../../src/lib/storage';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { tempDir } from '../helpers/test-app';

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

async function bytesOf(file: OpenedFile | null): Promise<Buffer> {
  if (!file) throw new Error('missing file');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type StoreKind = 'local' | 's3';

describe.each<StoreKind>(['local', 's3'])('FileStorage on %s', (kind) => {
  let storage: FileStorage;
  let s3: LocalS3 | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('shop-storage-');
    if (kind === 's3') {
      s3 = await startLocalS3();
      storage = new S3FileStorage(s3.settings);
    } else {
      storage = new LocalFileStorage(path.join(dataDir, 'uploads'), path.join(dataDir, 'private'));
    }
  });
  afterAll(async () => {
    if (storage instanceof S3FileStorage) storage.destroy();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a public file, answers its /media path, its facts, its bytes and byte ranges', async () => {
    expect(await storage.put('posts/a1.webp', CONTENT)).toBe('/media/posts/a1.webp');
    const info = await storage.stat('posts/a1.webp');
    expect(info).toEqual({ size: 1000, etag: expect.stringMatching(/^(W\/)?".+"$/), lastModified: expect.anything() });
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await bytesOf(await storage.open('posts/a1.webp'))).toEqual(CONTENT);
    expect(await bytesOf(await storage.open('posts/a1.webp', { start: 10, end: 19 }))).toEqual(CONTENT.subarray(10, 20));
    expect(await bytesOf(await storage.open('posts/a1.webp', { start: 995, end: 999 }))).toEqual(CONTENT.subarray(995));
    expect(await storage.sizeOf('/media/posts/a1.webp')).toBe(1000);
    // Opening answers the whole file's facts too, ranged or not: one request to the store.
    for (const range of [undefined, { start: 10, end: 19 }]) {
      const { stream, ...facts } = (await storage.open('posts/a1.webp', range))!;
      stream.destroy();
      expect(facts).toEqual({ size: 1000, etag: info!.etag, lastModified: expect.anything() });
      expect(facts.lastModified.getTime()).toBe(info!.lastModified.getTime());
    }
  });

  it('replaces a file whole and changes its entity tag', async () => {
    const before = await storage.stat('posts/a1.webp');
    const next = Buffer.from('x'.repeat(1500));
    await storage.put('posts/a1.webp', next);
    const after = await storage.stat('posts/a1.webp');
    expect(after?.size).toBe(1500);
    expect(after?.etag).not.toBe(before?.etag);
    expect(await bytesOf(await storage.open('posts/a1.webp'))).toEqual(next);
  });

  it('answers null for missing files and deletes without minding a missing one', async () => {
    expect(await storage.stat('posts/none.webp')).toBeNull();
    expect(await storage.open('posts/none.webp')).toBeNull();
    expect(await storage.sizeOf('/media/posts/none.webp')).toBeNull();
    await storage.put('podcasts/b2.ogg', CONTENT);
    await storage.delete('podcasts/b2.ogg');
    await storage.delete('podcasts/b2.ogg');
    expect(await storage.stat('podcasts/b2.ogg')).toBeNull();
  });

  it('keeps seed media and uploads apart: keyOf answers only uploads, sizeOf both', async () => {
    await storage.put('seed/images/post-1.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(await storage.sizeOf('/media/seed/images/post-1.svg')).toBe(41);
    expect(storage.keyOf('/media/seed/images/post-1.svg')).toBeNull();
    expect(storage.keyOf('/media/products/c3.webp')).toBe('products/c3.webp');
    for (const other of [null, 'https://example.com/a.webp', '/media/../app-key', '/media/posts/../../x', '/media/posts/.partial', '/media/sessions/x.mp4']) {
      expect(storage.keyOf(other)).toBeNull();
    }
    expect(await storage.sizeOf('/media/sessions/x.mp4')).toBeNull();
    expect(await storage.sizeOf('https://example.com/a.webp')).toBeNull();
  });

  it('refuses keys outside each namespace: a private key is never public and the reverse', async () => {
    for (const key of ['sessions/x.mp4', '../x', 'posts/../../x', 'posts/.hidden', 'posts/a/b.webp', 'seed/x.ogg', '']) {
      await expect(storage.put(key, CONTENT)).rejects.toThrow(/invalid storage key/);
      await expect(storage.open(key)).rejects.toThrow(/invalid storage key/);
    }
    for (const key of ['posts/a1.webp', '../x', 'sessions/../x', 'sessions/.x', 'sessions/a/../../x', 'sessions/a/.b/c.ts', 'sessions/a//b.ts', 'seed/images/post-1.svg']) {
      await expect(storage.putPrivate(key, CONTENT)).rejects.toThrow(/invalid private key/);
      await expect(storage.openPrivate(key)).rejects.toThrow(/invalid private key/);
    }
  });

  it('writes, ranges and deletes private files apart from public ones', async () => {
    expect(await storage.putPrivate('sessions/d4.mp4', CONTENT)).toBe('sessions/d4.mp4');
    expect((await storage.statPrivate('sessions/d4.mp4'))?.size).toBe(1000);
    expect(await bytesOf(await storage.openPrivate('sessions/d4.mp4', { start: 0, end: 99 }))).toEqual(CONTENT.subarray(0, 100));
    await storage.putPrivate('seed/podcast-1.ogg', CONTENT);
    expect((await storage.statPrivate('seed/podcast-1.ogg'))?.size).toBe(1000);
    // The same name in the public namespace is another file.
    expect(await storage.stat('seed/audio/podcast-1.ogg')).toBeNull();
    // A lesson's HLS files live in folders under its prefix (issue 24).
    expect(await storage.putPrivate('lessons/4/hls-d4/360p/seg_000.ts', CONTENT)).toBe('lessons/4/hls-d4/360p/seg_000.ts');
    expect(await bytesOf(await storage.openPrivate('lessons/4/hls-d4/360p/seg_000.ts', { start: 10, end: 19 }))).toEqual(CONTENT.subarray(10, 20));
    await storage.deletePrivate('lessons/4/hls-d4/360p/seg_000.ts');
    expect(await storage.statPrivate('lessons/4/hls-d4/360p/seg_000.ts')).toBeNull();
    await storage.deletePrivate('sessions/d4.mp4');
    await storage.deletePrivate('sessions/d4.mp4');
    expect(await storage.statPrivate('sessions/d4.mp4')).toBeNull();
    expect(await storage.openPrivate('sessions/d4.mp4')).toBeNull();
  });

  it("keeps a processed lesson's folder (issue 24) and deletes it whole, nothing beside it", async () => {
    const folder = 'lessons/7/3f2a9c/';
    // B segments of the forensic watermark beside a rendition's own (issue 38 item 3).
    const keys = ['master.m3u8', '360p/index.m3u8', '360p/seg00000.ts', '360p/b/seg00000.ts', 'audio/seg00000.ts'].map((name) => folder + name);
    for (const key of keys) await storage.putPrivate(key, CONTENT);
    await storage.putPrivate('lessons/7/3f2a9cd/master.m3u8', CONTENT);
    await storage.putPrivate('lessons/77/3f2a9c/master.m3u8', CONTENT);
    expect((await storage.statPrivate(`${folder}360p/seg00000.ts`))?.size).toBe(1000);
    for (const key of ['lessons/7/x/a/c/d.ts', 'lessons/7/x/a/b/c/d.ts', 'lessons/7/x/b/c.ts/d.ts', 'lessons/x/y/master.m3u8', 'lessons/7/master.m3u8', 'lessons/7/../x/y.ts']) {
      await expect(storage.putPrivate(key, CONTENT)).rejects.toThrow(/invalid private key/);
    }
    for (const prefix of ['lessons/7/', 'lessons/', 'lessons/7/3f2a9c', 'sessions/', 'lessons/7/../8/']) {
      await expect(storage.deletePrivatePrefix(prefix)).rejects.toThrow(/invalid private prefix/);
    }
    await storage.deletePrivatePrefix(folder);
    await storage.deletePrivatePrefix(folder);
    for (const key of keys) expect(await storage.statPrivate(key)).toBeNull();
    expect(await storage.statPrivate('lessons/7/3f2a9cd/master.m3u8')).not.toBeNull();
    expect(await storage.statPrivate('lessons/77/3f2a9c/master.m3u8')).not.toBeNull();
    await storage.deletePrivatePrefix('lessons/7/3f2a9cd/');
    await storage.deletePrivatePrefix('lessons/77/3f2a9c/');
    expect(await storage.statPrivate('lessons/77/3f2a9c/master.m3u8')).toBeNull();
  });

  it("keeps a remote release's files at any depth of its folder (issue 35) and deletes the folder whole, nothing beside it", async () => {
    const folder = 'releases/content/1.4.0+3f9c2a1/';
    const keys = ['mf-manifest.json', 'remoteEntry.js', 'server/mf-manifest.json', 'static/js/async/412.3f9c2a1d.js'].map((name) => folder + name);
    for (const key of keys) expect(await storage.putPrivate(key, CONTENT)).toBe(key);
    await storage.putPrivate('releases/users-permissions/1.4.0+3f9c2a1/remoteEntry.js', CONTENT);
    await storage.putPrivate('releases/content/1.4.0+3f9c2a1d/remoteEntry.js', CONTENT);
    expect(await bytesOf(await storage.openPrivate(`${folder}static/js/async/412.3f9c2a1d.js`))).toEqual(CONTENT);
    for (const key of [
      'releases/content/1.4.0/remoteEntry.js',
      'releases/content/1.4.0+3f9c2a/remoteEntry.js',
      'releases/content/1.4.0+3F9C2A1/remoteEntry.js',
      'releases/content/1.4.0-beta+3f9c2a1/remoteEntry.js',
      'releases/Content/1.4.0+3f9c2a1/remoteEntry.js',
      'releases/content/1.4.0+3f9c2a1/',
      `${folder}../x.js`,
      `${folder}static/../../x.js`,
      `${folder}.hidden`,
      `${folder}static//x.js`,
      `/${folder}x.js`,
    ]) {
      await expect(storage.putPrivate(key, CONTENT)).rejects.toThrow(/invalid private key/);
    }
    for (const prefix of ['releases/', 'releases/content/', 'releases/content/1.4.0+3f9c2a1', `${folder}static/`, 'releases/content/../x/1.4.0+3f9c2a1/']) {
      await expect(storage.deletePrivatePrefix(prefix)).rejects.toThrow(/invalid private prefix/);
    }
    await storage.deletePrivatePrefix(folder);
    await storage.deletePrivatePrefix(folder);
    for (const key of keys) expect(await storage.statPrivate(key)).toBeNull();
    expect(await storage.statPrivate('releases/users-permissions/1.4.0+3f9c2a1/remoteEntry.js')).not.toBeNull();
    expect(await storage.statPrivate('releases/content/1.4.0+3f9c2a1d/remoteEntry.js')).not.toBeNull();
    await storage.deletePrivatePrefix('releases/users-permissions/1.4.0+3f9c2a1/');
    await storage.deletePrivatePrefix('releases/content/1.4.0+3f9c2a1d/');
    expect(await storage.statPrivate('releases/content/1.4.0+3f9c2a1d/remoteEntry.js')).toBeNull();
  });

  if (kind === 's3') {
    it('keeps public and private files under their prefixes, with their types, in one bucket', async () => {
      const client = new S3Client({
        endpoint: s3!.settings.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        await storage.putPrivate('sessions/e5.pdf', CONTENT);
        const listed = await client.send(new ListObjectsV2Command({ Bucket: s3!.settings.bucket }));
        const keys = (listed.Contents ?? []).map((object) => object.Key).sort();
        expect(keys).toEqual(['private/seed/podcast-1.ogg', 'private/sessions/e5.pdf', 'public/posts/a1.webp', 'public/seed/images/post-1.svg']);
        const object = await client.send(new GetObjectCommand({ Bucket: s3!.settings.bucket, Key: 'public/seed/images/post-1.svg' }));
        expect(object.ContentType).toBe('image/svg+xml');
        expect(await object.Body?.transformToString()).toContain("<svg");
      } finally {
        client.destroy();
      }
    });
  }

  if (kind === 'local') {
    it('renames a whole write into place and removes writes that a crash cut off long ago', async () => {
      const partials = path.join(dataDir, 'uploads', '.partial');
      expect(fs.readdirSync(partials)).toEqual([]);
      // A write cut off by a crash: in .partial, never under a key.
      const fresh = path.join(partials, 'cut-off-now');
      const stale = path.join(partials, 'cut-off-long-ago');
      fs.writeFileSync(fresh, 'half');
      fs.writeFileSync(stale, 'half');
      const old = new Date(Date.now() - STALE_PARTIAL_MS - 60_000);
      fs.utimesSync(stale, old, old);
      expect(await (storage as LocalFileStorage).removeStalePartials()).toBe(1);
      expect(fs.readdirSync(partials)).toEqual(['cut-off-now']);
      expect(await storage.stat('posts/cut-off-now')).toBeNull();
      await expect(storage.open('.partial/cut-off-now')).rejects.toThrow(/invalid storage key/);
    });

    it('never shows a reader part of a file being written', async () => {
      const big = Buffer.alloc(64 * 1024 * 1024, 7);
      const seen = new Set<number | null>();
      let done = false;
      const writing = storage.put('podcasts/big.ogg', big).finally(() => (done = true));
      while (!done) seen.add((await storage.stat('podcasts/big.ogg'))?.size ?? null);
      await writing;
      seen.add((await storage.stat('podcasts/big.ogg'))?.size ?? null);
      expect([...seen].filter((size) => size !== null)).toEqual([big.length]);
      expect(seen.size).toBeGreaterThan(1);
      await storage.delete('podcasts/big.ogg');
    });

    it('leaves no file under the key when a write fails', async () => {
      // A folder where the file would go: the rename fails, the partial write is removed.
      fs.mkdirSync(path.join(dataDir, 'uploads', 'products', 'blocked.webp'), { recursive: true });
      await expect(storage.put('products/blocked.webp', CONTENT)).rejects.toThrow();
      expect(await storage.stat('products/blocked.webp')).toBeNull();
      expect(fs.readdirSync(path.join(dataDir, 'uploads', '.partial'))).toEqual(['cut-off-now']);
    });
  }

  // Last: the S3 store leaves the upload's facts beside it (`<id>.info`), which the listing above does not expect.
  it('takes a resumable upload into a private folder, goes on from its offset, and makes it the private file keyOf(id)', async () => {
    const uploads = storage.createUploadStore('sessions', { expiryMs: 60_000 });
    expect(uploads.datastore.getExpiration()).toBe(60_000);
    const name = 'c0ffee'.padEnd(32, '0');
    const id = uploads.idOf(name);
    // The ids of uploads begun before: the file's name in the data folder, the object's key in the bucket.
    expect(id).toBe(kind === 's3' ? `private/sessions/${name}` : name);
    expect(uploads.nameOf(id)).toBe(name);
    expect(uploads.keyOf(id)).toBe(`sessions/${name}`);

    await uploads.datastore.create(new Upload({ id, size: CONTENT.length, offset: 0 }));
    expect(await uploads.datastore.write(Readable.from([CONTENT.subarray(0, 400)]), id, 0)).toBe(400);
    expect((await uploads.datastore.getUpload(id)).offset).toBe(400);
    expect(await uploads.datastore.write(Readable.from([CONTENT.subarray(400)]), id, 400)).toBe(CONTENT.length);
    expect(await bytesOf(await storage.openPrivate(uploads.keyOf(id)))).toEqual(CONTENT);
    await storage.deletePrivate(uploads.keyOf(id));
    expect(await storage.statPrivate(uploads.keyOf(id))).toBeNull();
  });

  it('refuses an upload folder whose files are not private keys, before touching the store', () => {
    for (const folder of ['', '..', '../sessions', 'sessions/..', 'lessons', 'posts']) {
      expect(() => storage.createUploadStore(folder, { expiryMs: 60_000 })).toThrow(/invalid private folder/);
    }
    if (kind === 'local') {
      for (const made of ['sessions', 'private/posts']) expect([made, fs.existsSync(path.join(dataDir, made))]).toEqual([made, false]);
    }
  });
});

describe('mediaTypeOf', () => {
  it('names the type of each extension the uploads and the seed write', () => {
    expect(mediaTypeOf('posts/a.webp')).toBe('image/webp');
    expect(mediaTypeOf('feeds/podcast-cover.png')).toBe('image/png');
    expect(mediaTypeOf('seed/images/post-1.SVG')).toBe('image/svg+xml');
    expect(mediaTypeOf('podcasts/a.mp3')).toBe('audio/mpeg');
    expect(mediaTypeOf('seed/audio/podcast-1.ogg')).toBe('audio/ogg');
    expect(mediaTypeOf('sessions/a.bin')).toBe('application/octet-stream');
    expect(mediaTypeOf('lessons/1/a/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(mediaTypeOf('lessons/1/a/360p/seg00000.ts')).toBe('video/mp2t');
    expect(mediaTypeOf('seed/demo-lesson.fa.vtt')).toBe('text/vtt');
  });
});

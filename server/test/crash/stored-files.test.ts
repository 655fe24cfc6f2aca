/**
 * StoredFiles (modules/files/stored-files.ts; issue 10 "Load and faults"), the fix the crash test
 * led to, at each point a crash can cut: a file written for a row never saved, a file a committed
 * change stopped naming, a write still running on a live replica, a write whose record a sweep
 * took, a local write cut off halfway, and a processed lesson's folder (issue 24). On PGlite, and on PostgreSQL (with real advisory-lock
 * leases on their own session connections) when DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { posts } from '../../src/modules/content/tables';
import { pendingFiles } from '../../src/modules/files/tables';
import { openSessionConnection, type SessionConnection } from '../../src/db/session-connection';
import { TrackedStoredFiles } from '../../src/modules/files/stored-files';
import { postgresLease, type WriterLease } from '../../src/modules/files/writer-lease';
import { DB_TARGETS, buildTestApp } from '../helpers/test-app';

const silent = { warn: () => undefined, error: () => undefined };

/** A writer number that no process holds. */
const deadWriter = () => 2 ** 30 + Math.floor(Math.random() * 2 ** 29);

/** A promise that `release()` resolves. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe.each(DB_TARGETS)('StoredFiles on %s', (target) => {
  let app: FastifyInstance;
  /** The other processes' session connections (PostgreSQL), each holding its lease's lock. */
  const sessions: SessionConnection[] = [];
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false });
  });
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    await app.close();
  });

  const key = () => `posts/${randomBytes(8).toString('hex')}.webp`;
  const bytes = () => randomBytes(256);
  const exists = async (k: string) => (await app.storage.stat(k)) !== null;
  const records = async (k: string) => app.db.select().from(pendingFiles).where(eq(pendingFiles.key, k));
  const insertPost = (tx: typeof app.db, image: string) =>
    tx.insert(posts).values({ title: 'نوشته آزمون', slug: `p-${randomBytes(6).toString('hex')}`, image }).returning({ id: posts.id });

  /**
   * Another process's StoredFiles (a real lease on PostgreSQL; on PGlite a number the app's lease
   * counts as gone), whose writes stop after storing their files, before their transaction, until
   * `hold` opens: the window a kill can hit.
   */
  async function otherProcess() {
    let session: SessionConnection | undefined;
    let lease: WriterLease = { id: deadWriter(), isAlive: async () => true };
    if (target === 'postgres') {
      session = await openSessionConnection(process.env.DATABASE_URL!, silent);
      sessions.push(session);
      lease = await postgresLease(session);
    }
    const stored = gate();
    const hold = gate();
    const storage = Object.create(app.storage) as typeof app.storage;
    storage.put = async (k, content) => {
      const answer = await app.storage.put(k, content);
      stored.release();
      await hold.opened;
      return answer;
    };
    return { files: new TrackedStoredFiles(storage, lease, silent), lease, session, stored: stored.opened, release: hold.release };
  }

  it('stores the file, saves the row naming it and keeps no record; a failed save removes the file', async () => {
    const k = key();
    const [row] = await app.files.write(app.db, [{ key: k, buffer: bytes() }], (tx, [image]) => insertPost(tx, image!));
    const [saved] = await app.db.select({ image: posts.image }).from(posts).where(eq(posts.id, row!.id));
    expect(saved!.image).toBe(`/media/${k}`);
    expect(await exists(k)).toBe(true);
    expect(await records(k)).toEqual([]);

    const failed = key();
    await expect(
      app.files.write(app.db, [{ key: failed, buffer: bytes() }], async (tx, [image]) => {
        await insertPost(tx, image!);
        throw new Error('refused after the insert');
      }),
    ).rejects.toThrow('refused after the insert');
    expect(await exists(failed)).toBe(false);
    expect(await records(failed)).toEqual([]);
    expect(await app.db.select().from(posts).where(eq(posts.image, `/media/${failed}`))).toEqual([]);
  });

  it("writes a lesson's folder (issue 24): being written while it fills, removed whole when it fails, a dead process's swept whole", async () => {
    const folderOf = () => `lessons/${1 + Math.floor(Math.random() * 1e6)}/${randomBytes(6).toString('hex')}/`;
    const lessonsOf = (folder: string) => folder.split('/').slice(0, 2).join('/') + '/';
    const fill = (folder: string) => async () => {
      await app.storage.putPrivate(`${folder}master.m3u8`, bytes());
      await app.storage.putPrivate(`${folder}360p/seg00000.ts`, bytes());
      return [];
    };
    const stored = async (folder: string) => (await app.storage.statPrivate(`${folder}360p/seg00000.ts`)) !== null;

    const done = folderOf();
    let writingWhileFilling = false;
    await app.files.writeFolder(app.db, done, async () => {
      writingWhileFilling = await app.files.writing(app.db, lessonsOf(done));
      return fill(done)();
    }, async () => undefined);
    expect(writingWhileFilling).toBe(true);
    expect(await app.files.writing(app.db, lessonsOf(done))).toBe(false);
    expect(await stored(done)).toBe(true);
    expect(await records(done)).toEqual([]);

    const failed = folderOf();
    await expect(
      app.files.writeFolder(app.db, failed, async () => {
        await fill(failed)();
        throw new Error('ffmpeg failed');
      }, async () => undefined),
    ).rejects.toThrow('ffmpeg failed');
    expect(await stored(failed)).toBe(false);
    expect(await records(failed)).toEqual([]);

    // A killed run: its record under a writer nobody holds, its files half written.
    const killed = folderOf();
    await app.db.insert(pendingFiles).values({ is_private: true, key: killed, state: 'writing', writer: deadWriter() });
    await fill(killed)();
    expect(await app.files.writing(app.db, lessonsOf(killed))).toBe(false);
    await app.files.sweep(app.db);
    expect(await stored(killed)).toBe(false);
    expect(await app.storage.statPrivate(`${killed}master.m3u8`)).toBeNull();
    expect(await records(killed)).toEqual([]);
    expect(await stored(done)).toBe(true);
  });

  it('removes a discarded file after the commit, and keeps it when the change rolls back', async () => {
    const [old, kept] = [key(), key()];
    await app.storage.put(old, bytes());
    await app.storage.put(kept, bytes());
    await app.files.write(app.db, [], async (_tx, _paths, discard) => discard.publicPath(`/media/${old}`));
    expect(await exists(old)).toBe(false);
    await expect(
      app.files.write(app.db, [], async (_tx, _paths, discard) => {
        discard.publicPath(`/media/${kept}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await exists(kept)).toBe(true);
    expect(await records(kept)).toEqual([]);
    // Seed media and outside URLs are never discarded.
    await app.files.write(app.db, [], async (_tx, _paths, discard) => {
      discard.publicPath('/media/seed/images/post-1.svg');
      discard.publicPath('https://example.com/a.webp');
      discard.privateKey('seed/podcast-1.ogg');
    });
    expect(await app.db.select().from(pendingFiles)).toEqual([]);
  });

  it('sweeps what a crash cut off: the file of a dead process’s write, and a discarded file not yet removed', async () => {
    const [written, discarded] = [key(), key()];
    // The state a kill leaves: a recorded write whose row was never saved, a recorded discard whose file is still there.
    await app.db.insert(pendingFiles).values([
      { is_private: false, key: written, state: 'writing', writer: deadWriter() },
      { is_private: false, key: discarded, state: 'discarding' },
    ]);
    await app.storage.put(written, bytes());
    await app.storage.put(discarded, bytes());
    expect(await app.files.sweep(app.db)).toBe(2);
    expect([await exists(written), await exists(discarded)]).toEqual([false, false]);
    expect(await app.db.select().from(pendingFiles)).toEqual([]);
  });

  it('leaves a live replica’s write in progress alone (PostgreSQL), and sweeps it once that process is gone', async () => {
    const other = await otherProcess();
    const k = key();
    const writing = other.files.write(app.db, [{ key: k, buffer: bytes() }], (tx, [image]) => insertPost(tx, image!));
    await other.stored;
    if (target === 'postgres') {
      // Its record committed and its file stored, its row not yet saved.
      expect(await records(k)).toMatchObject([{ state: 'writing', writer: other.lease.id }]);
      expect(await app.files.sweep(app.db)).toBe(0);
      expect(await exists(k)).toBe(true);
      other.release();
      await writing;
      expect(await exists(k)).toBe(true);
      expect(await records(k)).toEqual([]);

      // The same process dies between its file and its row: its lock goes with its connection.
      const dead = await otherProcess();
      const cut = key();
      await app.db.insert(pendingFiles).values({ is_private: false, key: cut, state: 'writing', writer: dead.lease.id });
      await app.storage.put(cut, bytes());
      expect(await app.files.sweep(app.db)).toBe(0);
      await dead.session!.close();
      expect(await app.files.sweep(app.db)).toBe(1);
      expect(await exists(cut)).toBe(false);
    } else {
      // PGlite: one process per database, so another writer number is a process that is gone.
      expect(await app.files.sweep(app.db)).toBe(1);
      other.release();
      await expect(writing).rejects.toMatchObject({ statusCode: 503 });
      expect(await exists(k)).toBe(false);
    }
  });

  it('fails a write whose record a sweep took (503 fileWriteLost): no row, no file', async () => {
    const other = await otherProcess();
    const k = key();
    const slug = `lost-${randomBytes(6).toString('hex')}`;
    const writing = other.files.write(app.db, [{ key: k, buffer: bytes() }], (tx, [image]) =>
      tx.insert(posts).values({ title: 'نوشته گم‌شده', slug, image }).returning({ id: posts.id }),
    );
    await other.stored;
    // A day old: swept even though its process lives (on PGlite it counts as gone anyway).
    await app.db.update(pendingFiles).set({ created_at: sql`now() - interval '25 hours'` }).where(eq(pendingFiles.key, k));
    expect(await app.files.sweep(app.db)).toBe(1);
    other.release();
    await expect(writing).rejects.toMatchObject({ statusCode: 503, message: 'ذخیره فایل کامل نشد؛ لطفاً دوباره تلاش کنید.' });
    expect(await app.db.select().from(posts).where(eq(posts.slug, slug))).toEqual([]);
    expect(await exists(k)).toBe(false);
    expect(await records(k)).toEqual([]);
  });

  it('removes a local write cut off halfway with its key, never another key’s', async () => {
    if (app.settings.s3) return;
    const k = key();
    const partials = path.join(app.settings.uploadsDir, '.partial');
    fs.mkdirSync(partials, { recursive: true });
    const cut = path.join(partials, `${k.replace('/', '~')}.3f2a`);
    const other = path.join(partials, `posts~other.webp.9c1d`);
    fs.writeFileSync(cut, 'half');
    fs.writeFileSync(other, 'half');
    await app.db.insert(pendingFiles).values({ is_private: false, key: k, state: 'writing', writer: deadWriter() });
    expect(await app.files.sweep(app.db)).toBe(1);
    expect(fs.readdirSync(partials)).toEqual(['posts~other.webp.9c1d']);
    fs.rmSync(other);
  });
});

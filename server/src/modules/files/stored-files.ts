/**
 * Files and the rows that name them, kept in step across crashes (issue 10 "Load and faults":
 * no orphan file after a `kill -9`). Owns `pending_files`.
 *
 * A write records its keys as `writing` (committed) before it stores them, then saves the row
 * and removes the record in one transaction; a change that stops naming files (a replaced image,
 * a deleted row) records them as `discarding` in its own transaction and removes them after the
 * commit. Whatever a crash cuts off stays recorded, and {@link TrackedStoredFiles.sweep} (at start and
 * every few minutes) finishes it: files of writes whose process is gone, and every discarded
 * file. A sweep never takes a live process's write (writer-lease.ts), and a write whose record a
 * sweep took anyway (its lock connection was lost) fails instead of saving a row without its file.
 */
import { and, eq, inArray, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pendingFiles } from './tables';
import { ApiError } from '../../lib/api-error';
import { FILES_MESSAGES } from './messages';
import type { FileStorage } from '../../lib/storage';
import type { Discard, FileToStore, SaveRows, StoredFiles } from '../../lib/stored-files';
import type { WriterLease } from './writer-lease';

/** A `writing` record older than this is swept even when its process still lives (a write never takes a day), ms. */
export const STALE_WRITE_MS = 24 * 60 * 60 * 1000;

/** Entries a sweep finishes at most per round. */
const SWEEP_BATCH = 500;

/** One stored file's identity in `pending_files`. */
interface FileRef {
  is_private: boolean;
  key: string;
}

const refOf = (file: FileToStore): FileRef => ({ is_private: file.private === true, key: file.key });

/** SQL matching the entries of `refs`. */
function matching(refs: FileRef[]): SQL {
  return or(...refs.map((ref) => and(eq(pendingFiles.is_private, ref.is_private), eq(pendingFiles.key, ref.key))))!;
}

/**
 * The app's files and their bookkeeping: the store, and this process's writer lease. Services
 * write and discard files only through it (dashboard posts, podcasts, courses and sessions).
 */
export class TrackedStoredFiles implements StoredFiles {
  constructor(
    readonly storage: FileStorage,
    private readonly lease: WriterLease,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /**
   * Stores `files`, then runs `save` in one transaction with their paths; the files `save`
   * discards are removed after the commit. When storing or saving fails, the files just stored
   * are removed again, so a failed create or update leaves the store and the rows as they were;
   * when the process dies on the way, the sweep does the same.
   * @throws what `save` or the store throws; ApiError 503 `fileWriteLost` when a sweep took this
   * write for a dead process's (its lock connection was lost) and removed its files
   */
  async write<T>(db: Db, files: FileToStore[], save: SaveRows<T>): Promise<T> {
    return this.writeAll(db, [], async () => files, save);
  }

  /**
   * {@link TrackedStoredFiles.write} of a folder of private files (a processed lesson's HLS, issue 24):
   * `prefix` (`lessons/<id>/<uuid>/`) is recorded first, then `fill` writes the folder's files
   * (each whole, with `putPrivate`) and answers more files to store as `write` does (a poster);
   * `save` gets their paths. A failure or a crash anywhere before the commit removes the whole
   * folder, now or by the sweep. The record also marks the write as this live process's while
   * `fill` runs ({@link TrackedStoredFiles.writing}).
   */
  async writeFolder<T>(db: Db, prefix: string, fill: () => Promise<FileToStore[]>, save: SaveRows<T>): Promise<T> {
    return this.writeAll(db, [{ is_private: true, key: prefix }], fill, save);
  }

  /**
   * True while a live process (this one or another replica) has a write in progress of a private
   * key beginning with `keyPrefix`: the transcoder tells a running job from a dead process's.
   */
  async writing(db: Db, keyPrefix: string): Promise<boolean> {
    const pattern = `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`;
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const writers = await tx
        .selectDistinct({ writer: pendingFiles.writer })
        .from(pendingFiles)
        .where(and(eq(pendingFiles.state, 'writing'), eq(pendingFiles.is_private, true), like(pendingFiles.key, pattern)));
      for (const { writer } of writers) if (writer !== null && (await this.lease.isAlive(tx, writer))) return true;
      return false;
    });
  }

  /** Records `refs` as this process's writes in progress. */
  private async record(db: Db, refs: FileRef[]): Promise<void> {
    if (refs.length > 0) {
      await db.insert(pendingFiles).values(refs.map((ref) => ({ ...ref, state: 'writing' as const, writer: this.lease.id })));
    }
  }

  /**
   * Records `first`, then stores the files `produce` answers (recorded before they are stored) and
   * saves the rows; see {@link TrackedStoredFiles.write}.
   */
  private async writeAll<T>(db: Db, first: FileRef[], produce: () => Promise<FileToStore[]>, save: SaveRows<T>): Promise<T> {
    await this.record(db, first);
    const refs = [...first];
    const discarded: FileRef[] = [];
    const discard: Discard = {
      publicPath: (path) => {
        const key = this.storage.keyOf(path ?? null);
        if (key) discarded.push({ is_private: false, key });
      },
      privateKey: (key) => {
        if (key?.startsWith('sessions/')) discarded.push({ is_private: true, key });
      },
      privateFolder: (prefix) => {
        if (prefix?.startsWith('lessons/')) discarded.push({ is_private: true, key: prefix });
      },
    };
    let result: T;
    try {
      const files = await produce();
      await this.record(db, files.map(refOf));
      refs.push(...files.map(refOf));
      const paths: string[] = [];
      for (const file of files) {
        paths.push(await (file.private ? this.storage.putPrivate(file.key, file.buffer) : this.storage.put(file.key, file.buffer)));
      }
      result = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const value = await save(tx, paths, discard);
        if (discarded.length > 0) {
          await tx
            .insert(pendingFiles)
            .values(discarded.map((ref) => ({ ...ref, state: 'discarding' as const })))
            .onConflictDoNothing();
        }
        if (refs.length > 0) {
          const claimed = await tx
            .delete(pendingFiles)
            .where(and(eq(pendingFiles.state, 'writing'), eq(pendingFiles.writer, this.lease.id), matching(refs)))
            .returning({ key: pendingFiles.key });
          if (claimed.length !== refs.length) throw new ApiError(503, FILES_MESSAGES.fileWriteLost);
        }
        return value;
      });
    } catch (error) {
      await this.undo(db, refs);
      throw error;
    }
    await this.remove(db, discarded).catch((error: unknown) =>
      this.log.warn({ err: error }, 'discarded files not removed yet: the next sweep removes them'),
    );
    return result;
  }

  /** Removes the files of a write that failed, then their records; what cannot be removed now is left to the sweep. */
  private async undo(db: Db, refs: FileRef[]): Promise<void> {
    if (refs.length === 0) return;
    try {
      await db
        .update(pendingFiles)
        .set({ state: 'discarding', writer: null })
        .where(and(eq(pendingFiles.state, 'writing'), eq(pendingFiles.writer, this.lease.id), matching(refs)));
      await this.remove(db, refs);
    } catch (error) {
      this.log.warn({ err: error }, 'files of a failed write not removed yet: the next sweep removes them');
    }
  }

  /** Deletes discarded files from the store, then their records (in that order: a crash between repeats the delete). */
  private async remove(db: Db, refs: FileRef[]): Promise<void> {
    for (const ref of refs) {
      if (!ref.is_private) await this.storage.delete(ref.key);
      else if (ref.key.endsWith('/')) await this.storage.deletePrivatePrefix(ref.key);
      else await this.storage.deletePrivate(ref.key);
      await db.delete(pendingFiles).where(and(eq(pendingFiles.state, 'discarding'), matching([ref])));
    }
  }

  /**
   * Finishes what crashes cut off: the `writing` records of processes that are gone (or older
   * than {@link STALE_WRITE_MS}) become `discarding`, then every discarded file is deleted with
   * its record. Safe beside live writers on other replicas. Answers how many files it removed.
   */
  async sweep(db: Db): Promise<number> {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const writers = await tx
        .selectDistinct({ writer: pendingFiles.writer })
        .from(pendingFiles)
        .where(eq(pendingFiles.state, 'writing'));
      const gone: number[] = [];
      for (const { writer } of writers) if (writer !== null && !(await this.lease.isAlive(tx, writer))) gone.push(writer);
      const stale = lt(pendingFiles.created_at, new Date(Date.now() - STALE_WRITE_MS));
      await tx
        .update(pendingFiles)
        .set({ state: 'discarding', writer: null })
        .where(and(eq(pendingFiles.state, 'writing'), gone.length > 0 ? or(inArray(pendingFiles.writer, gone), stale) : stale));
    });
    let removed = 0;
    for (;;) {
      const batch = await db
        .select({ is_private: pendingFiles.is_private, key: pendingFiles.key })
        .from(pendingFiles)
        .where(eq(pendingFiles.state, 'discarding'))
        .limit(SWEEP_BATCH);
      await this.remove(db, batch);
      removed += batch.length;
      if (batch.length < SWEEP_BATCH) return removed;
    }
  }
}

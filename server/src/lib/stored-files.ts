/**
 * What a module needs to store files for its rows (issue 10 "Load and faults": no orphan file after
 * a `kill -9`): the files to store, what a change stops naming, and the interface of `app.files`,
 * which the files module implements with its bookkeeping (`TrackedStoredFiles`). Services write and
 * discard files only through it (dashboard posts, podcasts, courses, sessions and lessons).
 */
import type { Db } from '../db/client';

/** A file to store: public ones answer their `/media` path, private ones (lesson files) their key. */
export interface FileToStore {
  key: string;
  buffer: Buffer;
  private?: boolean;
}

/** Collects the files that a change stops naming, inside its transaction. */
export interface Discard {
  /** A public `/media/…` path a row no longer names; only uploads are removed (seed media, outside URLs never). */
  publicPath(path: string | null | undefined): void;
  /** A private lesson-file key a row no longer names; only uploaded ones (`sessions/…`) are removed, the seed's shared clips never. */
  privateKey(key: string | null | undefined): void;
  /** A processed lesson's folder (`lessons/<id>/<uuid>/`) a row no longer names. */
  privateFolder(prefix: string | null | undefined): void;
}

/** Saves the row(s) of a change in transaction `tx`; `paths` are the stored files' paths (public) or keys (private), in order. */
export type SaveRows<T> = (tx: Db, paths: string[], discard: Discard) => Promise<T>;

/** The app's stored files (`app.files`): writes that keep files and the rows naming them in step. */
export interface StoredFiles {
  /**
   * Stores `files`, then runs `save` in one transaction with their paths; the files `save`
   * discards are removed after the commit. When storing or saving fails, the files just stored
   * are removed again, so a failed create or update leaves the store and the rows as they were.
   * @throws what `save` or the store throws; ApiError 503 `fileWriteLost` when the write was lost
   */
  write<T>(db: Db, files: FileToStore[], save: SaveRows<T>): Promise<T>;
  /**
   * {@link StoredFiles.write} of a folder of private files (a processed lesson's HLS, issue 24):
   * `prefix` is recorded first, then `fill` writes the folder's files and answers more files to
   * store; a failure or a crash before the commit removes the whole folder.
   */
  writeFolder<T>(db: Db, prefix: string, fill: () => Promise<FileToStore[]>, save: SaveRows<T>): Promise<T>;
  /** True while a live process has a write in progress of a private key beginning with `keyPrefix`. */
  writing(db: Db, keyPrefix: string): Promise<boolean>;
}

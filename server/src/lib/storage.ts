/**
 * Where uploaded files live (DESIGN.md "Data": under the data folder by default, behind an
 * interface that an S3-compatible store can implement). Keys are relative, e.g.
 * `posts/3f2a….webp`; the public path is what the API stores and answers (`/media/<key>`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** A private file opened for reading: the bytes asked for and the file's whole size. */
export interface PrivateFile {
  stream: Readable;
  /** Size of the whole file, bytes. */
  size: number;
}

/** A file store: local disk here, an S3-compatible bucket elsewhere. */
export interface FileStorage {
  /** Writes `key` and answers its public path (`/media/<key>`). */
  put(key: string, content: Buffer | Readable): Promise<string>;
  /** Removes `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The key of a public path this store answered, or null for any other path (seed media, external URLs). */
  keyOf(publicPath: string | null): string | null;
  /** Size in bytes of a file served under `/media/` (uploads and seed media), or null when unknown. */
  sizeOf(publicPath: string): Promise<number | null>;
  /**
   * Writes a private file (paid lesson files): never served under `/media`, read only through
   * {@link FileStorage.openPrivate} behind a signed URL. Answers the key to store.
   */
  putPrivate(key: string, content: Buffer | Readable): Promise<string>;
  /**
   * Opens a private file, or a byte range of it (`start`/`end` inclusive, as HTTP Range);
   * null when the file is missing.
   */
  openPrivate(key: string, range?: { start: number; end: number }): Promise<PrivateFile | null>;
  /** Removes a private file; a missing one is not an error. */
  deletePrivate(key: string): Promise<void>;
}

/** Public prefix of stored files; the static-site plugin serves the uploads folder there. */
export const MEDIA_PREFIX = '/media/';

const KEY_PATTERN = /^(posts|podcasts|feeds|products|product-sessions)\/[A-Za-z0-9._-]+$/;
const PRIVATE_KEY_PATTERN = /^(sessions|seed)\/[A-Za-z0-9._-]+$/;

/**
 * {@link FileStorage} on the local disk: public files under `root` (`<DATA_DIR>/uploads`, served at
 * `/media/`), private ones under `privateRoot` (`<DATA_DIR>/private`, never served as is).
 */
export class LocalFileStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly privateRoot: string,
  ) {}

  private privateFileOf(key: string): string {
    if (!PRIVATE_KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid private key: ${key}`);
    return path.join(this.privateRoot, key);
  }

  async putPrivate(key: string, content: Buffer | Readable): Promise<string> {
    const file = this.privateFileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(content)) await fs.writeFile(file, content);
    else await pipeline(content, createWriteStream(file));
    return key;
  }

  async openPrivate(key: string, range?: { start: number; end: number }): Promise<PrivateFile | null> {
    const file = this.privateFileOf(key);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch {
      return null;
    }
    return { stream: createReadStream(file, range), size };
  }

  async deletePrivate(key: string): Promise<void> {
    await fs.rm(this.privateFileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, content: Buffer | Readable): Promise<string> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(content)) await fs.writeFile(file, content);
    else await pipeline(content, createWriteStream(file));
    return `${MEDIA_PREFIX}${key}`;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async sizeOf(publicPath: string): Promise<number | null> {
    if (!publicPath.startsWith(MEDIA_PREFIX)) return null;
    const file = path.resolve(this.root, publicPath.slice(MEDIA_PREFIX.length));
    if (!file.startsWith(path.resolve(this.root) + path.sep)) return null;
    try {
      return (await fs.stat(file)).size;
    } catch {
      return null;
    }
  }

  keyOf(publicPath: string | null): string | null {
    if (!publicPath?.startsWith(MEDIA_PREFIX)) return null;
    const key = publicPath.slice(MEDIA_PREFIX.length);
    return KEY_PATTERN.test(key) ? key : null;
  }
}

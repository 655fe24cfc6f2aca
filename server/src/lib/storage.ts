/**
 * Where uploaded files live (DESIGN.md "Data": under the data folder by default, behind an
 * interface that an S3-compatible store can implement). Keys are relative, e.g.
 * `posts/3f2a….webp`; the public path is what the API stores and answers (`/media/<key>`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

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
}

/** Public prefix of stored files; the static-site plugin serves the uploads folder there. */
export const MEDIA_PREFIX = '/media/';

const KEY_PATTERN = /^(posts|podcasts|feeds)\/[A-Za-z0-9._-]+$/;

/** {@link FileStorage} on the local disk under `root` (`<DATA_DIR>/uploads`). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

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

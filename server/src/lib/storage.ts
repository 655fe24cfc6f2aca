/**
 * Where uploaded files live (DESIGN.md "Data" and "Money, payments, mail, media"): the data folder
 * by default ({@link LocalFileStorage}), an S3-compatible bucket by environment (s3-storage.ts).
 * Keys are relative, e.g. `posts/3f2a….webp`; the public path is what the API stores and answers
 * (`/media/<key>`). Private files (paid lesson files) are never served under `/media`. Each store
 * also makes the store of resumable (tus) uploads into a private folder ({@link UploadStore}).
 */
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

/** Bytes `start` to `end` of a file, both inclusive (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a store knows of a file: size in bytes, an entity tag and its last change (HTTP caching). */
export interface StoredFileInfo {
  size: number;
  /** Quoted entity tag, strong (`"…"`) or weak (`W/"…"`). */
  etag: string;
  lastModified: Date;
}

/** A stored file opened for reading: the bytes asked for, and the whole file's facts. */
export interface OpenedFile extends StoredFileInfo {
  stream: Readable;
}

/**
 * Resumable uploads (the tus protocol, `@tus/server`) into one private folder, and how their ids
 * map to its files: upload `id` is written under the name {@link UploadStore.nameOf}(id) and, once
 * whole, is the private file {@link UploadStore.keyOf}(id) (`<folder>/<name>`).
 */
export interface UploadStore {
  /** The tus store of the uploads (`@tus/server`'s `datastore`); it removes those left unfinished past the expiry it was made with. */
  readonly datastore: DataStore;
  /** The upload id of the file named `name` in the folder (a tus `namingFunction` or `getFileIdFromRequest` answers it). */
  idOf(name: string): string;
  /** The name in the folder of upload `id`: what its URL ends with. */
  nameOf(id: string): string;
  /** The private key of upload `id`, `<folder>/<name>`: what `openPrivate` and `deletePrivate` take once it is whole. */
  keyOf(id: string): string;
}

/** An upload's id in a tus URL: 32 hexadecimal digits. */
const TUS_UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The `@tus/server` options every resumable upload of the site shares, for uploads kept in `store`:
 * a random 32-hex name per upload (its URL's last part, relative to the tus path), no CORS (the
 * site's own origin only), and no termination through tus of a finished upload (it is its owner's
 * now: a lesson's or a submission's, dropped through their own routes).
 */
export function tusStoreOptions(store: UploadStore) {
  return {
    datastore: store.datastore,
    relativeLocation: true,
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    namingFunction: () => store.idOf(randomBytes(16).toString('hex')),
    generateUrl: (_req: unknown, { path: base, id }: { path: string; id: string }) => `${base}/${store.nameOf(id)}`,
    getFileIdFromRequest: (_req: unknown, lastPath?: string) => (lastPath && TUS_UPLOAD_ID.test(lastPath) ? store.idOf(lastPath) : undefined),
  };
}

/** A file store: the data folder, or an S3-compatible bucket. */
export interface FileStorage {
  /** Writes public `key` whole or not at all (readers never see part of it); answers its path `/media/<key>`. */
  put(key: string, content: Buffer): Promise<string>;
  /** Facts of public `key`, or null when it is missing. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Reads public `key`, or a byte range of it, with its facts (one request to the store); null when it is missing. */
  open(key: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Removes public `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The key of an uploaded file's public path, or null for any other path (seed media, external URLs): what may be deleted. */
  keyOf(publicPath: string | null): string | null;
  /** Size in bytes of a file served under `/media/` (uploads and seed media), or null when unknown. */
  sizeOf(publicPath: string): Promise<number | null>;
  /**
   * Writes a private file (paid lesson files) whole or not at all: never served under `/media`,
   * read only through {@link FileStorage.openPrivate} behind a signed URL. Answers the key to store.
   */
  putPrivate(key: string, content: Buffer): Promise<string>;
  /** Facts of a private file, or null when it is missing. */
  statPrivate(key: string): Promise<StoredFileInfo | null>;
  /** Reads a private file, or a byte range of it, with its facts; null when it is missing. */
  openPrivate(key: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Removes a private file; a missing one is not an error. */
  deletePrivate(key: string): Promise<void>;
  /** Resolves when the store can be reached (readiness: issue 23), else rejects. */
  check(): Promise<void>;
  /**
   * Removes every private file under `prefix` (a lesson's HLS folder `lessons/<id>/<uuid>/`, issue
   * 24; a release's `releases/<remote>/<version>/`, issue 35), and the writes of them a crash cut
   * off; an empty or missing folder is not an error.
   */
  deletePrivatePrefix(prefix: string): Promise<void>;
  /**
   * The store of resumable uploads into private folder `folder` (e.g. `sessions`), an upload left
   * unfinished `options.expiryMs` milliseconds expiring: see {@link UploadStore}.
   * @throws Error for a folder whose files are not private keys (a programming error)
   */
  createUploadStore(folder: string, options: { expiryMs: number }): UploadStore;
}

/** Public prefix of stored files; routes/site/media.ts serves them there. */
export const MEDIA_PREFIX = '/media/';

/** A file name: no leading dot, so no `..` and no hidden or partial file. */
const NAME = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
/** Uploaded public files: the only ones {@link FileStorage.keyOf} answers, so the only ones ever deleted. */
const UPLOAD_KEY = new RegExp(`^(posts|podcasts|feeds|products|product-sessions)/${NAME}$`);
/** The committed demo media (seed-media/), written at start (seed/demo.ts) and never deleted. */
const SEED_MEDIA_KEY = new RegExp(`^seed/(images|audio)/${NAME}$`);
/**
 * The folder of one remote's release (issue 35): `releases/<remote>/<package version>+<hash>/`, the
 * remote named as in REMOTE_NAMES, the version as the releases module names it.
 */
const RELEASE_FOLDER = 'releases/[a-z]+(?:-[a-z]+)*/\\d+\\.\\d+\\.\\d+\\+[0-9a-f]{7,40}/';
/**
 * Private files: uploaded lesson files (`sessions/…`), files of assignment submissions
 * (`submissions/…`, issue 37 item 3), leaked copies of lessons staff upload to identify their
 * buyer (`forensic-copies/…`, issue 38 item 3), the seed's clips, processed lessons
 * (issue 24): `lessons/<session id>/<uuid>/` holding `master.m3u8` and one folder per rendition
 * (with its B segments in `b/`, and the lesson's `forensics.json`: issue 38 item 3), and the files of remotes' releases at any depth of their folder (issue 35).
 */
const PRIVATE_KEY = new RegExp(`^((sessions|submissions|forensic-copies|seed)/${NAME}|lessons/\\d+/${NAME}/(${NAME}/(b/)?)?${NAME}|${RELEASE_FOLDER}(${NAME}/)*${NAME})$`);
/** The folder of one processed lesson or one release: {@link FileStorage.deletePrivatePrefix} removes nothing wider. */
const PRIVATE_PREFIX = new RegExp(`^(lessons/\\d+/${NAME}/|${RELEASE_FOLDER})$`);

/** True for a key that may be stored and served under `/media/`: an upload or seed media. */
export function isPublicKey(key: string): boolean {
  return UPLOAD_KEY.test(key) || SEED_MEDIA_KEY.test(key);
}

/** The key of a `/media/…` path (uploads and seed media), or null for any other path. */
export function mediaKeyOf(publicPath: string | null): string | null {
  if (!publicPath?.startsWith(MEDIA_PREFIX)) return null;
  const key = publicPath.slice(MEDIA_PREFIX.length);
  return isPublicKey(key) ? key : null;
}

/** {@link FileStorage.keyOf}, the same for every store. */
export function uploadKeyOf(publicPath: string | null): string | null {
  const key = mediaKeyOf(publicPath);
  return key && UPLOAD_KEY.test(key) ? key : null;
}

/** @throws Error for a key outside the public namespace (a programming error, never user input). */
export function assertPublicKey(key: string): void {
  if (!isPublicKey(key)) throw new Error(`invalid storage key: ${key}`);
}

/** True for a key of the private namespace (what `putPrivate` and `openPrivate` take). */
export function isPrivateKey(key: string): boolean {
  return PRIVATE_KEY.test(key);
}

/** @throws Error for a key outside the private namespace. */
export function assertPrivateKey(key: string): void {
  if (!isPrivateKey(key)) throw new Error(`invalid private key: ${key}`);
}

/** @throws Error for a prefix other than one processed lesson's folder (`lessons/<id>/<name>/`) or one release's (`releases/<remote>/<version>/`). */
export function assertPrivatePrefix(prefix: string): void {
  if (!PRIVATE_PREFIX.test(prefix)) throw new Error(`invalid private prefix: ${prefix}`);
}

/**
 * The {@link UploadStore} of private folder `folder` whose tus store `makeStore` makes (called once,
 * after the folder is checked): an upload's id is `idPrefix` then its name in the folder, the store's
 * own name of the file (`''` in a folder of the disk, `private/<folder>/` for an object key).
 * @throws Error for a folder whose files are not private keys
 */
export function uploadStoreOf(folder: string, idPrefix: string, makeStore: () => DataStore): UploadStore {
  if (!PRIVATE_KEY.test(`${folder}/upload`)) throw new Error(`invalid private folder: ${folder}`);
  const nameOf = (id: string) => id.slice(idPrefix.length);
  return { datastore: makeStore(), idOf: (name) => `${idPrefix}${name}`, nameOf, keyOf: (id) => `${folder}/${nameOf(id)}` };
}

const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  webm: 'audio/webm',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  zip: 'application/zip',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt',
};

/** MIME type of a stored file by its extension (the extensions uploads.ts and the seed write). */
export function mediaTypeOf(key: string): string {
  return MEDIA_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** Folder of writes in progress inside each root; not a key, so never served. */
const PARTIAL_DIR = '.partial';

/**
 * Name prefix of `key`'s writes in progress in {@link PARTIAL_DIR}: the key with `/` as `~`
 * (never in a key), then `.`; a random part follows, since replicas may write seed media at once.
 */
const partialPrefixOf = (key: string) => `${key.replaceAll('/', '~')}.`;

/** A write still in `.partial` after this long was cut off by a crash (ms). */
export const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * What every {@link FileStorage} derives from its `stat`: the key of an uploaded file's public
 * path, and the size of a file served under `/media/`.
 */
export abstract class MediaPathStorage {
  abstract stat(key: string): Promise<StoredFileInfo | null>;

  keyOf(publicPath: string | null): string | null {
    return uploadKeyOf(publicPath);
  }

  async sizeOf(publicPath: string): Promise<number | null> {
    const key = mediaKeyOf(publicPath);
    return key ? ((await this.stat(key))?.size ?? null) : null;
  }
}

/**
 * {@link FileStorage} on the local disk: public files under `root` (`<DATA_DIR>/uploads`, served at
 * `/media/`), private ones under `privateRoot` (`<DATA_DIR>/private`, never served as they are).
 * A write goes to `<root>/.partial/<key>.<uuid>` and is renamed into place (atomic on one file system), so
 * a crash never leaves a truncated file under a key.
 */
export class LocalFileStorage extends MediaPathStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly privateRoot: string,
  ) {
    super();
  }

  async check(): Promise<void> {
    await Promise.all([this.root, this.privateRoot].map((dir) => fs.mkdir(dir, { recursive: true })));
  }

  private fileOf(key: string): string {
    assertPublicKey(key);
    return path.join(this.root, key);
  }

  private privateFileOf(key: string): string {
    assertPrivateKey(key);
    return path.join(this.privateRoot, key);
  }

  async put(key: string, content: Buffer): Promise<string> {
    await writeAtomically(this.root, key, this.fileOf(key), content);
    return `${MEDIA_PREFIX}${key}`;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    return statFile(this.fileOf(key));
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    return openFile(this.fileOf(key), range);
  }

  /** Removes `key` and any write of it that a crash cut off (a write in progress of an upload key is never deleted). */
  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
    await removePartialsOf(this.root, partialPrefixOf(key));
  }

  async putPrivate(key: string, content: Buffer): Promise<string> {
    await writeAtomically(this.privateRoot, key, this.privateFileOf(key), content);
    return key;
  }

  async statPrivate(key: string): Promise<StoredFileInfo | null> {
    return statFile(this.privateFileOf(key));
  }

  async openPrivate(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    return openFile(this.privateFileOf(key), range);
  }

  async deletePrivate(key: string): Promise<void> {
    await fs.rm(this.privateFileOf(key), { force: true });
    await removePartialsOf(this.privateRoot, partialPrefixOf(key));
  }

  async deletePrivatePrefix(prefix: string): Promise<void> {
    assertPrivatePrefix(prefix);
    await fs.rm(path.join(this.privateRoot, prefix), { recursive: true, force: true });
    // `lessons~<id>~<name>~` begins the partial name of every key under the folder, and of no other.
    await removePartialsOf(this.privateRoot, prefix.replaceAll('/', '~'));
  }

  /** A `@tus/file-store` FileStore in `<privateRoot>/<folder>`: upload `<name>` is the file `<name>` there, its facts in `<name>.json`. */
  createUploadStore(folder: string, options: { expiryMs: number }): UploadStore {
    return uploadStoreOf(folder, '', () => new FileStore({ directory: path.join(this.privateRoot, folder), expirationPeriodInMilliseconds: options.expiryMs }));
  }

  /**
   * Removes writes that a crash cut off (in `.partial` for longer than `olderThanMs`); younger ones
   * may belong to another instance sharing the folder. Answers how many were removed.
   */
  async removeStalePartials(olderThanMs = STALE_PARTIAL_MS, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const dir of [this.root, this.privateRoot].map((root) => path.join(root, PARTIAL_DIR))) {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs > olderThanMs) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }
}

async function writeAtomically(root: string, key: string, file: string, content: Buffer): Promise<void> {
  const partial = path.join(root, PARTIAL_DIR, `${partialPrefixOf(key)}${randomUUID()}`);
  await fs.mkdir(path.dirname(partial), { recursive: true });
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(partial, content);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/** Removes the writes still in `<root>/.partial` (cut off by a crash) whose names begin with `prefix`. */
async function removePartialsOf(root: string, prefix: string): Promise<void> {
  const dir = path.join(root, PARTIAL_DIR);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => fs.rm(path.join(dir, name), { force: true })));
}

/** Facts of a regular file; the entity tag of `send` (@fastify/static): size and change time, weak. */
function infoOf(stat: Stats): StoredFileInfo | null {
  if (!stat.isFile()) return null;
  return { size: stat.size, etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`, lastModified: stat.mtime };
}

async function statFile(file: string): Promise<StoredFileInfo | null> {
  const stat = await fs.stat(file).catch(() => null);
  return stat && infoOf(stat);
}

async function openFile(file: string, range?: ByteRange): Promise<OpenedFile | null> {
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return null;
  const info = infoOf(await handle.stat());
  if (!info) {
    await handle.close();
    return null;
  }
  return { ...info, stream: handle.createReadStream(range ?? {}) };
}

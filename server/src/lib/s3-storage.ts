/**
 * {@link FileStorage} on S3-compatible object storage (DESIGN.md "Money, payments, mail, media";
 * issue 10 "Scale-out"): ArvanCloud, MinIO or AWS through the AWS SDK v3, so every server instance
 * reads and writes the same files. Public files are objects `public/<key>` and private ones
 * `private/<key>` of one bucket; the bucket stays private, the server streams `/media/<key>` and
 * signed lesson-file URLs from it. A PutObject is atomic: readers see the whole object or none.
 * A resumable (tus) upload is a multipart upload of its private object (`@tus/s3-store`).
 */
import type { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  assertPrivateKey,
  assertPrivatePrefix,
  assertPublicKey,
  mediaTypeOf,
  MEDIA_PREFIX,
  MediaPathStorage,
  uploadStoreOf,
  type ByteRange,
  type FileStorage,
  type OpenedFile,
  type StoredFileInfo,
  type UploadStore,
} from './storage';
import { ApiError } from './api-error';
import { MESSAGES } from './messages';
import type { S3Settings } from '../settings';

/** Longest wait for a read, delete or the first byte of an answer, ms (a write of a large file may take longer). */
export const S3_READ_TIMEOUT_MS = 30_000;

/** Object-key prefixes of the two kinds of file. */
const PUBLIC_PREFIX = 'public/';
const PRIVATE_PREFIX = 'private/';

/** Parts of a resumable upload's multipart upload, bytes: 8 MiB, staged on disk one part at a time. */
const UPLOAD_PART_SIZE = 8 * 1024 * 1024;

/**
 * What every client of the bucket is given: its address, path-style buckets, the key pair when
 * there is one, and checksums only where S3 requires them.
 */
function clientConfigOf(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    // Buckets as a path (`<endpoint>/<bucket>/<key>`): MinIO and ArvanCloud need it.
    forcePathStyle: true,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums on every request are AWS-only: MinIO releases before 2025
    // and other S3-compatible stores reject or ignore them. Send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * The store's own failure rather than the request's (issue 23): no answer at all (refused, reset,
 * timed out) or a 5xx. Such an error becomes ApiError 503 `storageUnavailable` (Retry-After): an
 * upload may be sent again, and nothing of it was saved.
 */
function storeUnavailable(error: unknown): ApiError | null {
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) return null;
  return Object.assign(new ApiError(503, MESSAGES.storageUnavailable), { cause: error });
}

/** A {@link FileStorage} in one bucket; {@link S3FileStorage.destroy} closes its connections. */
export class S3FileStorage extends MediaPathStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      ...clientConfigOf(settings),
      requestHandler: {
        connectionTimeout: 5_000,
        throwOnRequestTimeout: true,
        // A paused audio download holds its connection: more than the SDK's 50.
        httpAgent: { maxSockets: 256 },
        httpsAgent: { maxSockets: 256 },
      },
    });
  }

  /** `sent`, an answer of the client's `send`, with the store's own failures as ApiError 503 ({@link storeUnavailable}). */
  private async guard<Output>(sent: Promise<Output>): Promise<Output> {
    try {
      return await sent;
    } catch (error) {
      throw storeUnavailable(error) ?? error;
    }
  }

  private async write(objectKey: string, content: Buffer): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: objectKey,
      Body: content,
      ContentLength: content.length,
      ContentType: mediaTypeOf(objectKey),
    });
    await this.guard(this.client.send(command));
  }

  private async head(objectKey: string): Promise<StoredFileInfo | null> {
    try {
      const command = new HeadObjectCommand({ Bucket: this.settings.bucket, Key: objectKey });
      const answer = await this.guard(this.client.send(command, { requestTimeout: S3_READ_TIMEOUT_MS }));
      return { size: answer.ContentLength ?? 0, etag: answer.ETag ?? '""', lastModified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async read(objectKey: string, range?: ByteRange): Promise<OpenedFile | null> {
    try {
      const command = new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: objectKey,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      const answer = await this.guard(this.client.send(command, { requestTimeout: S3_READ_TIMEOUT_MS }));
      // A ranged answer names the whole size in `Content-Range: bytes a-b/<size>`.
      const size = range ? Number(answer.ContentRange?.split('/')[1]) : (answer.ContentLength ?? 0);
      return {
        stream: answer.Body as Readable,
        size,
        etag: answer.ETag ?? '""',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async remove(objectKey: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    const command = new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: objectKey });
    await this.guard(this.client.send(command, { requestTimeout: S3_READ_TIMEOUT_MS }));
  }

  async put(key: string, content: Buffer): Promise<string> {
    assertPublicKey(key);
    await this.write(PUBLIC_PREFIX + key, content);
    return `${MEDIA_PREFIX}${key}`;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    assertPublicKey(key);
    return this.head(PUBLIC_PREFIX + key);
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    assertPublicKey(key);
    return this.read(PUBLIC_PREFIX + key, range);
  }

  async delete(key: string): Promise<void> {
    assertPublicKey(key);
    return this.remove(PUBLIC_PREFIX + key);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async putPrivate(key: string, content: Buffer): Promise<string> {
    assertPrivateKey(key);
    await this.write(PRIVATE_PREFIX + key, content);
    return key;
  }

  async statPrivate(key: string): Promise<StoredFileInfo | null> {
    assertPrivateKey(key);
    return this.head(PRIVATE_PREFIX + key);
  }

  async openPrivate(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    assertPrivateKey(key);
    return this.read(PRIVATE_PREFIX + key, range);
  }

  async deletePrivate(key: string): Promise<void> {
    assertPrivateKey(key);
    return this.remove(PRIVATE_PREFIX + key);
  }

  /** Lists the objects under the folder one page (up to 1000) at a time and deletes them, a page at once. */
  async deletePrivatePrefix(prefix: string): Promise<void> {
    assertPrivatePrefix(prefix);
    for (;;) {
      const command = new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: PRIVATE_PREFIX + prefix });
      const page = await this.guard(this.client.send(command, { requestTimeout: S3_READ_TIMEOUT_MS }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      // One DeleteObject each: DeleteObjects needs a Content-MD5 that not every S3-compatible store takes as the SDK sends it.
      await Promise.all(keys.map((key) => this.remove(key)));
      if (!page.IsTruncated || keys.length === 0) return;
    }
  }

  /**
   * A `@tus/s3-store` S3Store on the bucket, with a client of its own: upload `private/<folder>/<name>`
   * is a multipart upload of that object, its facts in the object `private/<folder>/<name>.info`.
   */
  createUploadStore(folder: string, options: { expiryMs: number }): UploadStore {
    return uploadStoreOf(
      folder,
      `${PRIVATE_PREFIX}${folder}/`,
      () =>
        new S3Store({
          partSize: UPLOAD_PART_SIZE,
          expirationPeriodInMilliseconds: options.expiryMs,
          s3ClientConfig: { bucket: this.settings.bucket, ...clientConfigOf(this.settings) },
        }),
    );
  }

  /** Closes the client's connections (app close). */
  destroy(): void {
    this.client.destroy();
  }
}

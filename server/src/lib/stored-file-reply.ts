/**
 * Answers a stored file over HTTP, the same for every store (lib/storage.ts) and for public media
 * and signed lesson files alike (issue 6 "Range"; issue 10 "Scale-out"): `Range` → 206 (a bad one
 * → 416), `ETag`/`Last-Modified` with `If-None-Match`/`If-Modified-Since` → 304 and `If-Range`,
 * `Content-Length`, and HEAD without reading the bytes.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from './api-error';
import { MESSAGES } from './messages';
import type { ByteRange, OpenedFile, StoredFileInfo } from './storage';

/**
 * The byte range of a `Range: bytes=a-b | a- | -n` header over a file of `size` bytes (inclusive
 * ends), null without a header, 'invalid' for a malformed, multi-part or unsatisfiable one.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const [first, last] = [match[1]!, match[2]!];
  const start = first === '' ? Math.max(size - Number(last), 0) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

/** HTTP dates have whole seconds. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Entity tags compared weakly (RFC 9110 §8.8.3.2): `W/"x"` matches `"x"`. */
const weak = (etag: string) => etag.trim().replace(/^W\//, '');

/** True when the client's copy (If-None-Match, else If-Modified-Since) is still this file. */
function notModified(request: FastifyRequest, info: StoredFileInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(info.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && seconds(info.lastModified) <= since / 1000;
}

/** True when `If-Range` is absent or still names this file (else the whole file is sent). */
function rangeStillValid(request: FastifyRequest, info: StoredFileInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  const value = String(ifRange).trim();
  // An entity tag must match strongly; a weak one never validates a range.
  if (value.startsWith('"') || value.startsWith('W/')) return !info.etag.startsWith('W/') && value === info.etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && seconds(info.lastModified) === date / 1000;
}

/** How to read one stored file (lib/storage.ts `stat`/`open` of one key). */
export interface StoredFileSource {
  stat(): Promise<StoredFileInfo | null>;
  open(range?: ByteRange): Promise<OpenedFile | null>;
}

/**
 * Sends the file of `source` as the answer, with `contentType` and `cacheControl`. A plain GET
 * costs one request to the store (`open`); a ranged, conditional or HEAD one reads the facts
 * first (`stat`), then the bytes if any are sent.
 * @throws ApiError 404 when the file is missing, 416 `rangeNotSatisfiable` (with `Content-Range: bytes *\/<size>`)
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  source: StoredFileSource,
  headers: { contentType: string; cacheControl: string },
): Promise<FastifyReply> {
  const head = request.method === 'HEAD';
  const plain =
    !head &&
    request.headers.range === undefined &&
    request.headers['if-none-match'] === undefined &&
    request.headers['if-modified-since'] === undefined;
  let file = plain ? await source.open() : null;
  const info = plain ? file : await source.stat();
  if (!info) throw notFound();
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', headers.cacheControl)
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString());
  if (notModified(request, info)) return reply.code(304).send();
  const range = rangeStillValid(request, info) ? byteRange(request.headers.range, info.size) : null;
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${info.size}`);
    throw new ApiError(416, MESSAGES.rangeNotSatisfiable);
  }
  // Opened before the answer's type is set, so a file gone since `stat` still answers a JSON 404.
  if (!plain && !head) file = await source.open(range ?? undefined);
  if (!head && !file) throw notFound();
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  reply.type(headers.contentType).header('content-length', range ? range.end - range.start + 1 : info.size);
  // HEAD reads no bytes: an empty stream, since Fastify's HEAD route keeps Content-Length only for a stream.
  return reply.send(file?.stream ?? Readable.from([]));
}

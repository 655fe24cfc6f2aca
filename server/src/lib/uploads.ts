/**
 * Dashboard form bodies and their files (issue 3 "Uploads"): multipart parts read into memory
 * with a limit per file field (413), images checked by decoding them with sharp and re-encoded
 * to WebP at most 1600 px wide, audio checked by parsing it with music-metadata (415 otherwise).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { parseBuffer } from 'music-metadata';
import { WebVTTParser } from 'webvtt-parser';
import { ApiError, validationFailed } from './api-error';
import { MESSAGES } from './messages';
import { refuseBadText } from './bad-input';

/** A file part of a form, fully read. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

/** Text fields and files of a form body. */
export interface FormBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** Widest stored image, px (issue 3). */
export const IMAGE_MAX_WIDTH = 1600;

const tooLarge = () => new ApiError(413, MESSAGES.fileTooLarge);

/**
 * Reads a multipart body; `fileLimitsKb` names the accepted file fields and their limits
 * (others are drained and ignored; empty file inputs count as absent). A JSON or empty body
 * gives its string fields and no files, so missing fields answer 422, never a 5xx.
 * @throws ApiError 413 when a file is over its limit, 400 `formInvalid` when the multipart body
 * is malformed, 422 when a field holds a NUL character (issue 10).
 */
export async function readForm(request: FastifyRequest, fileLimitsKb: Record<string, number>): Promise<FormBody> {
  const form: FormBody = { fields: {}, files: {} };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
          form.fields[key] = String(value);
        }
      }
    }
    return form;
  }
  let oversize = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const limitKb = fileLimitsKb[part.fieldname];
      const chunks: Buffer[] = [];
      let size = 0;
      // Read to the end even when over the limit, so the connection stays usable.
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (limitKb !== undefined && size <= limitKb * 1024) chunks.push(chunk);
      }
      if (limitKb === undefined || size === 0) continue;
      if (size > limitKb * 1024) {
        oversize = true;
        continue;
      }
      form.files[part.fieldname] = {
        filename: part.filename,
        mimetype: part.mimetype,
        buffer: Buffer.concat(chunks),
      };
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    if (status !== undefined && status < 500) throw error;
    // The parser's own errors (no boundary, a body cut short) carry no status: the client sent a broken form.
    throw new ApiError(400, MESSAGES.formInvalid);
  }
  if (oversize) throw tooLarge();
  refuseBadText(form.fields);
  return form;
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/**
 * An image re-encoded as WebP, at most {@link IMAGE_MAX_WIDTH} px wide, EXIF orientation applied.
 * @throws ApiError 415 `فایل انتخاب‌شده تصویر نیست.` when sharp cannot decode it as a raster image.
 */
export async function toWebp(file: UploadedFile): Promise<Buffer> {
  try {
    const meta = await sharp(file.buffer).metadata();
    if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new Error('not a raster image');
    return await sharp(file.buffer)
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(415, MESSAGES.notAnImage);
  }
}

/** Extension of a stored audio file by detected container. */
const AUDIO_EXTENSION: Record<string, string> = {
  ogg: 'ogg',
  mpeg: 'mp3',
  wave: 'wav',
  'mpeg-4': 'm4a',
  m4a: 'm4a',
  flac: 'flac',
  webm: 'webm',
  ebml: 'webm',
  aac: 'aac',
  adts: 'aac',
};

/** Audio as sent, with the extension of its detected container and its length. */
export interface CheckedAudio {
  buffer: Buffer;
  extension: string;
  durationSeconds: number | null;
}

/**
 * Checks audio by content with music-metadata.
 * @throws ApiError 415 `فایل انتخاب‌شده صوتی نیست.` when it is not a known audio container.
 */
export async function checkAudio(file: UploadedFile): Promise<CheckedAudio> {
  try {
    const { format } = await parseBuffer(new Uint8Array(file.buffer), undefined, { duration: true, skipCovers: true });
    const container = (format.container ?? '').toLowerCase().split('/')[0] ?? '';
    const extension = AUDIO_EXTENSION[container];
    if (!extension || !format.codec) throw new Error(`not audio: ${format.container}`);
    const duration = format.duration;
    return {
      buffer: file.buffer,
      extension,
      durationSeconds: duration !== undefined && Number.isFinite(duration) ? Math.round(duration) : null,
    };
  } catch {
    throw new ApiError(415, MESSAGES.notAudio);
  }
}

/**
 * Checks a lesson's subtitles (issue 24): UTF-8 text in the WebVTT format with at least one cue,
 * by webvtt-parser's validator.
 * @returns the file's bytes, to store as they are
 * @throws ApiError 422 with `subtitles` «فایل زیرنویس معتبر نیست…» naming the first line at fault
 */
export function checkSubtitles(file: UploadedFile): Buffer {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    throw validationFailed({ subtitles: [MESSAGES.subtitlesNotUtf8] });
  }
  const { cues, errors } = new WebVTTParser().parse(text.replace(/^\uFEFF/, ''), 'metadata');
  if (errors.length > 0) throw validationFailed({ subtitles: [MESSAGES.subtitlesInvalid(errors[0]!.line)] });
  if (cues.length === 0) throw validationFailed({ subtitles: [MESSAGES.subtitlesEmpty] });
  return file.buffer;
}

/** A new, unguessable storage key under `folder` (`sessions` keys are private lesson files). */
export function newKey(folder: 'posts' | 'podcasts' | 'products' | 'product-sessions' | 'sessions', extension: string): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

/**
 * What the hooks of every tus server here share (lesson files, assignment files, leaked copies;
 * issues 24, 37 and 38), beside the routes they answer on (tus-routes.ts): who the request is for,
 * the Persian refusals, the mapping of the tus server's own errors, and the sniffing of a finished
 * upload's type from its first bytes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Server } from '@tus/server';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import { ApiError } from './api-error';
import { MESSAGES } from './messages';
import type { TusEndpoint } from './tus-routes';

/** Bytes read to tell a file's type (file-type's sample size). */
const SNIFF_BYTES = 4100;

/** What a tus hook throws or answers to refuse: the status and the JSON body the client gets. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

/**
 * A refusal in the project's shape: `{message}`, and with `field` also `errors: {[field]: [message]}`
 * (the form field the upload fills, so the page shows it there).
 */
export function tusRefusal(status: number, message: string, field?: string): TusRefusal {
  return { status_code: status, body: JSON.stringify(field ? { message, errors: { [field]: [message] } } : { message }) };
}

/** Who a tus request is handled for: see {@link tusPrincipal}. */
export interface TusPrincipal<Who> {
  run<T>(who: Who, handle: () => T): T;
  current(): Who;
}

/**
 * Who a tus request is handled for (a staff member, a buyer), for hooks that get only the raw
 * request: {@link run} wraps the tus server's `handle`; {@link current} reads it in a hook.
 * @param what named in the error when a request came in without one («a lesson upload»)
 */
export function tusPrincipal<Who>(what: string): TusPrincipal<Who> {
  const storage = new AsyncLocalStorage<Who>();
  return {
    run: (who, handle) => storage.run(who, handle),
    current() {
      const who = storage.getStore();
      if (who === undefined) throw new Error(`${what} handled without its sender`);
      return who;
    },
  };
}

/** The Persian messages of the statuses the tus server answers on its own (its bodies are English text). */
export interface TusErrorMessages {
  /** 404 and 410: the upload is unknown or gone. */
  notFound: string;
  /** 413: longer than the endpoint takes (on the field, when given). */
  tooLarge: string;
  /** 409: the client's offset is not the stored one; without it, the generic refusal. */
  offsetMismatch?: string;
}

/**
 * The `onResponseError` of a tus server: the app's own refusals ({@link ApiError}) keep their status
 * and message, a refusal a hook threw ({@link tusRefusal}) goes out as it is, the server's own errors
 * get their Persian message, and a store failure is logged (as `failure`) and answers 503.
 * @param field the form field a 413 names, as the endpoint's other refusals do
 */
export function tusErrorAnswer(app: FastifyInstance, failure: string, messages: TusErrorMessages, field?: string): NonNullable<ConstructorParameters<typeof Server>[0]['onResponseError']> {
  return (_req, error) => {
    if (error instanceof ApiError) return tusRefusal(error.statusCode, error.message);
    const status = 'status_code' in error ? error.status_code : 500;
    const body = 'body' in error ? error.body : '';
    if (body.startsWith('{')) return { status_code: status, body };
    if (status >= 500) {
      app.log.warn({ err: error }, failure);
      return tusRefusal(503, MESSAGES.storageUnavailable);
    }
    if (status === 413) return tusRefusal(413, messages.tooLarge, field);
    if (status === 404 || status === 410) return tusRefusal(status, messages.notFound);
    if (status === 409 && messages.offsetMismatch) return tusRefusal(409, messages.offsetMismatch);
    return tusRefusal(status, MESSAGES.badRequest);
  };
}

/**
 * The type of the finished upload at private key `key` of `size` bytes, told by file-type from its
 * first {@link SNIFF_BYTES}; undefined when the bytes carry no known signature (plain text) or the
 * upload is empty.
 */
export async function sniffUploadType(app: FastifyInstance, key: string, size: number | undefined): Promise<FileTypeResult | undefined> {
  const end = Math.min(SNIFF_BYTES, size ?? SNIFF_BYTES) - 1;
  if (end < 0) return undefined;
  const opened = await app.storage.openPrivate(key, { start: 0, end });
  const head = opened ? Buffer.concat(await opened.stream.toArray()) : Buffer.alloc(0);
  return head.length > 0 ? fileTypeFromBuffer(new Uint8Array(head)) : undefined;
}

/** `tus` as its routes use it (tus-routes.ts), each request's hooks reading `principal`'s sender. */
export function tusEndpoint<Who>(tus: Server, principal: TusPrincipal<Who>): TusEndpoint<Who> {
  return {
    handle: (request, response, who) => principal.run(who, () => tus.handle(request, response)),
    cleanUpExpiredUploads: () => tus.cleanUpExpiredUploads(),
  };
}

/**
 * Resumable uploads of assignment files (issue 37 item 3), the way lesson files are uploaded
 * (modules/lessons/lesson-uploads.ts): the tus protocol through `@tus/server`, each request's body
 * written straight to the upload store of `app.storage` (the data folder or S3), into the private
 * folder `submissions/`. A buyer uploads each file of their next submission here, then sends the
 * submission with the files' ids (assignment-submissions.ts).
 *
 * The assignment's limits are the server's: at creation (metadata `session_id`, `filename`) the
 * buyer must own the course and may send now, the name's extension must be allowed, the length at
 * most the assignment's size, and their files not yet sent fewer than its `max_files`; once whole,
 * the bytes must not say another type than the name (a renamed program). Refusals answer
 * `{message, errors: {files: [...]}}`. An upload belongs to the buyer who created it (kept in its
 * metadata by the server): another's request of it answers 404.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { fileTypeFromBuffer } from 'file-type';
import type { User } from '@shop/contracts';
import { ASSIGNMENT_FILE_MB_MAX } from '@shop/validation';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { mediaTypeOf, tusStoreOptions } from '../../lib/storage';
import { ASSIGNMENT_MESSAGES } from './assignment-messages';
import { assignmentUploads } from './tables';
import { buyersAssignment, mayResubmit, pendingUploadCount, submissionsOf } from './assignment-submissions';

/** Where the tus endpoint lives: `POST` creates an upload, `HEAD`/`PATCH`/`DELETE` `/<id>` go on with it. */
export const ASSIGNMENT_UPLOADS_PATH = '/api/assignment-uploads';

const FOLDER = 'submissions';
/** An unfinished upload left this long is removed (ms). */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Bytes read to tell a file's type. */
const SNIFF_BYTES = 4100;
/** Extensions that name the same content as another (`jpeg` is `jpg`). */
const SAME_EXTENSION: Record<string, string> = { jpeg: 'jpg', htm: 'html', mjs: 'js' };
const canonical = (extension: string) => SAME_EXTENSION[extension] ?? extension;

/** The buyer sending the tus request being handled: set by {@link AssignmentUploadServer.handle}. */
const uploader = new AsyncLocalStorage<User>();

function uploaderOf(): User {
  const user = uploader.getStore();
  if (!user) throw new Error('an assignment upload handled without its buyer');
  return user;
}

/** A refusal: the project's `{message, errors}` JSON body, the message also on the field `files`. */
function refusal(status: number, message: string, onField = true) {
  return { status_code: status, body: JSON.stringify(onField ? { message, errors: { files: [message] } } : { message }) };
}

/** The lower-case extension of `name` without the dot, or ''. */
const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The tus server of assignment uploads, as routes use it. */
export interface AssignmentUploadServer {
  /** Answers a tus request on its raw response on behalf of `user` (the route has checked sign-in and CSRF). */
  handle(request: IncomingMessage, response: ServerResponse, user: User): Promise<void>;
  /** Removes the uploads left unfinished a day; answers how many. */
  cleanUpExpiredUploads(): Promise<number>;
}

/** The tus server of assignment uploads on `app.storage`'s store. */
export function createAssignmentUploadServer(app: FastifyInstance): AssignmentUploadServer {
  const store = app.storage.createUploadStore(FOLDER, { expiryMs: UPLOAD_EXPIRY_MS });

  /** Refuses an upload `user` may not add to their next submission of its session. */
  async function checkCreation(user: User, upload: Upload): Promise<void> {
    const sessionId = Number(upload.metadata?.session_id);
    if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw refusal(422, ASSIGNMENT_MESSAGES.uploadSessionMissing, false);
    if (upload.sizeIsDeferred) throw refusal(422, ASSIGNMENT_MESSAGES.uploadSizeMissing);
    let rules;
    try {
      ({ rules } = await buyersAssignment(app.db, user, sessionId));
    } catch (error) {
      if (error instanceof ApiError) throw refusal(error.statusCode === 404 ? 422 : error.statusCode, error.statusCode === 404 ? ASSIGNMENT_MESSAGES.uploadSessionMissing : error.message, false);
      throw error;
    }
    const allowed = mayResubmit(rules, await submissionsOf(app.db, user.id, sessionId));
    if (!allowed.ok) throw refusal(422, allowed.message, false);
    const name = upload.metadata?.filename ?? '';
    if (!rules.allowed_types.includes(extensionOf(name))) throw refusal(422, ASSIGNMENT_MESSAGES.typeNotAllowed(rules.allowed_types));
    if ((upload.size ?? 0) > rules.max_file_size_mb * 1024 * 1024) throw refusal(413, ASSIGNMENT_MESSAGES.fileTooLarge(rules.max_file_size_mb));
    if ((await pendingUploadCount(app.db, user.id, sessionId)) >= rules.max_files) throw refusal(422, ASSIGNMENT_MESSAGES.tooManyFiles(rules.max_files));
  }

  const options: ConstructorParameters<typeof Server>[0] = {
    ...tusStoreOptions(store),
    path: ASSIGNMENT_UPLOADS_PATH,
    maxSize: ASSIGNMENT_FILE_MB_MAX * 1024 * 1024,

    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS' || !uploadId) return;
      // Another buyer's upload is as good as unknown to this one.
      const upload = await store.datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.user_id !== String(uploaderOf().id)) throw refusal(404, ASSIGNMENT_MESSAGES.uploadNotFound, false);
    },

    async onUploadCreate(_req, upload) {
      const user = uploaderOf();
      await checkCreation(user, upload);
      return { metadata: { ...upload.metadata, user_id: String(user.id) } };
    },

    async onUploadFinish(_req, upload) {
      const key = store.keyOf(upload.id);
      const user = uploaderOf();
      const name = (upload.metadata?.filename ?? '').slice(0, 255);
      const opened = await app.storage.openPrivate(key, { start: 0, end: Math.max(0, Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES) - 1) });
      const head = opened ? Buffer.concat(await opened.stream.toArray()) : Buffer.alloc(0);
      const sniffed = head.length > 0 ? await fileTypeFromBuffer(new Uint8Array(head)) : undefined;
      // Bytes of a known type under another type's name (a program called .pdf) are refused; plain text has no signature.
      if (sniffed && canonical(sniffed.ext) !== canonical(extensionOf(name))) {
        await app.storage.deletePrivate(key);
        throw refusal(415, ASSIGNMENT_MESSAGES.typeMismatch);
      }
      const type = sniffed?.mime ?? mediaTypeOf(name);
      await app.db.insert(assignmentUploads).values({
        id: store.nameOf(upload.id),
        user_id: user.id,
        product_session_id: Number(upload.metadata?.session_id),
        key,
        name,
        size: upload.size ?? 0,
        type: type === 'application/octet-stream' ? textTypeOf(name) : type,
      });
      return {};
    },

    onResponseError(_req, error) {
      if (error instanceof ApiError) return refusal(error.statusCode, error.message, false);
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      if (status >= 500) app.log.warn({ err: error }, 'assignment upload failed in the store');
      if (status === 413) return refusal(413, MESSAGES.payloadTooLarge);
      if (status === 404 || status === 410) return refusal(status, ASSIGNMENT_MESSAGES.uploadNotFound, false);
      return refusal(status >= 500 ? 503 : status, status >= 500 ? MESSAGES.storageUnavailable : MESSAGES.badRequest, false);
    },
  };
  const tus = new Server(options);
  return {
    handle: (request, response, user) => uploader.run(user, () => tus.handle(request, response)),
    cleanUpExpiredUploads: () => tus.cleanUpExpiredUploads(),
  };
}

/** The MIME type of a text file by its name (code and plain text have no signature to read). */
function textTypeOf(name: string): string {
  const types: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', html: 'text/html', htm: 'text/html', css: 'text/css', txt: 'text/plain', md: 'text/markdown', json: 'application/json', csv: 'text/csv' };
  return types[extensionOf(name)] ?? 'application/octet-stream';
}

/**
 * Resumable uploads of leaked copies (issue 38 item 3: «staff upload the file on a dashboard page»),
 * the way lesson and assignment files are uploaded (modules/lessons/lesson-uploads.ts,
 * modules/learning/assignment-uploads.ts): the tus protocol through `@tus/server`, each request's
 * body written straight to the upload store of `app.storage` (the data folder or S3), into the
 * private folder `forensic-copies/`.
 *
 * At creation (metadata `session_id`, `filename`) the session must exist and the length be known and
 * at most {@link FORENSIC_UPLOAD_MAX_BYTES}; once whole, the bytes must say video (sniffed once), else
 * the file is removed and refused (415). Refusals answer `{message, errors: {file: [...]}}` in
 * Persian. A finished upload is a row of `forensic_uploads` belonging to the staff member who
 * created it (kept in its metadata by the server): another's request of it answers 404, and only
 * they may start an identification with it (identifications.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { tusStoreOptions } from '../../lib/storage';
import { forensicSessionsOf } from '../commerce';
import { FORENSICS_MESSAGES } from './messages';
import { forensicUploads } from './tables';

/** Where the tus endpoint lives: `POST` creates an upload, `HEAD`/`PATCH`/`DELETE` `/<id>` go on with it. */
export const FORENSIC_UPLOADS_PATH = '/api/forensic-uploads';

/** Largest copy taken, bytes (2 GB: a two-hour screen recording at a modest bit rate). */
export const FORENSIC_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

const FOLDER = 'forensic-copies';
/** An unfinished upload left this long is removed (ms): a day to resume it. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Bytes read to tell a file's type (file-type's sample size). */
const SNIFF_BYTES = 4100;

/** The staff member sending the tus request being handled: set by {@link ForensicUploadServer.handle}. */
const uploader = new AsyncLocalStorage<{ id: number }>();

function uploaderOf(): { id: number } {
  const staff = uploader.getStore();
  if (!staff) throw new Error('a forensic upload handled without its staff member');
  return staff;
}

/** A refusal: the project's `{message, errors}` JSON body, the message also on the field `file` unless `onField` is false. */
function refusal(status: number, message: string, onField = true) {
  return { status_code: status, body: JSON.stringify(onField ? { message, errors: { file: [message] } } : { message }) };
}

/** The tus server of leaked copies, as routes use it. */
export interface ForensicUploadServer {
  /** Answers a tus request on its raw response on behalf of staff member `staff` (the route has checked the permission and CSRF). */
  handle(request: IncomingMessage, response: ServerResponse, staff: { id: number }): Promise<void>;
  /** Removes the uploads left unfinished a day; answers how many. */
  cleanUpExpiredUploads(): Promise<number>;
}

/** The session an upload names in its metadata, or null. */
function sessionIdOf(upload: Upload): number | null {
  const id = Number(upload.metadata?.session_id);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The tus server of leaked copies on `app.storage`'s store (routes/commerce/forensic-uploads.ts hands it requests). */
export function createForensicUploadServer(app: FastifyInstance): ForensicUploadServer {
  const store = app.storage.createUploadStore(FOLDER, { expiryMs: UPLOAD_EXPIRY_MS });

  const options: ConstructorParameters<typeof Server>[0] = {
    ...tusStoreOptions(store),
    path: FORENSIC_UPLOADS_PATH,
    maxSize: FORENSIC_UPLOAD_MAX_BYTES,

    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS' || !uploadId) return;
      // Another staff member's upload is as good as unknown to this one.
      const upload = await store.datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.user_id !== String(uploaderOf().id)) throw refusal(404, FORENSICS_MESSAGES.uploadNotFound, false);
    },

    async onUploadCreate(_req, upload) {
      const staff = uploaderOf();
      const sessionId = sessionIdOf(upload);
      if (sessionId === null || !(await forensicSessionsOf(app.db, [sessionId])).has(sessionId)) throw refusal(422, FORENSICS_MESSAGES.uploadSessionMissing, false);
      if (upload.sizeIsDeferred) throw refusal(422, FORENSICS_MESSAGES.uploadSizeMissing);
      if ((upload.size ?? 0) > FORENSIC_UPLOAD_MAX_BYTES) throw refusal(413, FORENSICS_MESSAGES.uploadTooLarge);
      return { metadata: { ...upload.metadata, user_id: String(staff.id) } };
    },

    async onUploadFinish(_req, upload) {
      const key = store.keyOf(upload.id);
      const staff = uploaderOf();
      const opened = await app.storage.openPrivate(key, { start: 0, end: Math.max(0, Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES) - 1) });
      const head = opened ? Buffer.concat(await opened.stream.toArray()) : Buffer.alloc(0);
      const mime = head.length > 0 ? ((await fileTypeFromBuffer(new Uint8Array(head)))?.mime ?? '') : '';
      if (!mime.startsWith('video/')) {
        await app.storage.deletePrivate(key);
        throw refusal(415, FORENSICS_MESSAGES.uploadNotVideo);
      }
      await app.db.insert(forensicUploads).values({
        id: store.nameOf(upload.id),
        user_id: staff.id,
        product_session_id: sessionIdOf(upload)!,
        key,
        name: (upload.metadata?.filename ?? '').slice(0, 255) || 'copy',
        size: upload.size ?? 0,
        type: mime,
      });
      return {};
    },

    onResponseError(_req, error) {
      if (error instanceof ApiError) return refusal(error.statusCode, error.message, false);
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      if (status >= 500) app.log.warn({ err: error }, 'forensic upload failed in the store');
      if (status === 413) return refusal(413, FORENSICS_MESSAGES.uploadTooLarge);
      if (status === 404 || status === 410) return refusal(status, FORENSICS_MESSAGES.uploadNotFound, false);
      return refusal(status >= 500 ? 503 : status, status >= 500 ? MESSAGES.storageUnavailable : MESSAGES.badRequest, false);
    },
  };
  const tus = new Server(options);
  return {
    handle: (request, response, staff) => uploader.run(staff, () => tus.handle(request, response)),
    cleanUpExpiredUploads: () => tus.cleanUpExpiredUploads(),
  };
}

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
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { tusStoreOptions } from '../../lib/storage';
import { sniffUploadType, tusEndpoint, tusErrorAnswer, tusPrincipal, tusRefusal } from '../../lib/tus-hooks';
import type { TusEndpoint } from '../../lib/tus-routes';
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
/** The form field the refusals name. */
const FIELD = 'file';

/** The staff member sending the tus request being handled. */
const uploader = tusPrincipal<{ id: number }>('a forensic upload');

/** The tus server of leaked copies, as routes use it: on behalf of a staff member (the route has checked the permission and CSRF). */
export type ForensicUploadServer = TusEndpoint<{ id: number }>;

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
      if (upload && upload.metadata?.user_id !== String(uploader.current().id)) throw tusRefusal(404, FORENSICS_MESSAGES.uploadNotFound);
    },

    async onUploadCreate(_req, upload) {
      const staff = uploader.current();
      const sessionId = sessionIdOf(upload);
      if (sessionId === null || !(await forensicSessionsOf(app.db, [sessionId])).has(sessionId)) throw tusRefusal(422, FORENSICS_MESSAGES.uploadSessionMissing);
      if (upload.sizeIsDeferred) throw tusRefusal(422, FORENSICS_MESSAGES.uploadSizeMissing, FIELD);
      if ((upload.size ?? 0) > FORENSIC_UPLOAD_MAX_BYTES) throw tusRefusal(413, FORENSICS_MESSAGES.uploadTooLarge, FIELD);
      return { metadata: { ...upload.metadata, user_id: String(staff.id) } };
    },

    async onUploadFinish(_req, upload) {
      const key = store.keyOf(upload.id);
      const staff = uploader.current();
      const mime = (await sniffUploadType(app, key, upload.size))?.mime ?? '';
      if (!mime.startsWith('video/')) {
        await app.storage.deletePrivate(key);
        throw tusRefusal(415, FORENSICS_MESSAGES.uploadNotVideo, FIELD);
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

    onResponseError: tusErrorAnswer(app, 'forensic upload failed in the store', { notFound: FORENSICS_MESSAGES.uploadNotFound, tooLarge: FORENSICS_MESSAGES.uploadTooLarge }, FIELD),
  };
  return tusEndpoint(new Server(options), uploader);
}

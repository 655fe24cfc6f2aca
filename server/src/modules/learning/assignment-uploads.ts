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
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { User } from '@shop/contracts';
import { ASSIGNMENT_FILE_MB_MAX } from '@shop/validation';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { mediaTypeOf, tusStoreOptions } from '../../lib/storage';
import { sniffUploadType, tusEndpoint, tusErrorAnswer, tusPrincipal, tusRefusal } from '../../lib/tus-hooks';
import type { TusEndpoint } from '../../lib/tus-routes';
import { ASSIGNMENT_MESSAGES } from './assignment-messages';
import { assignmentUploads } from './tables';
import { buyersAssignment, mayResubmit, pendingUploadCount, submissionsOf } from './assignment-submissions';

/** Where the tus endpoint lives: `POST` creates an upload, `HEAD`/`PATCH`/`DELETE` `/<id>` go on with it. */
export const ASSIGNMENT_UPLOADS_PATH = '/api/assignment-uploads';

const FOLDER = 'submissions';
/** An unfinished upload left this long is removed (ms). */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** The form field the refusals name. */
const FIELD = 'files';
/** Extensions that name the same content as another (`jpeg` is `jpg`). */
const SAME_EXTENSION: Record<string, string> = { jpeg: 'jpg', htm: 'html', mjs: 'js' };
const canonical = (extension: string) => SAME_EXTENSION[extension] ?? extension;

/** The buyer sending the tus request being handled. */
const uploader = tusPrincipal<User>('an assignment upload');

/** The lower-case extension of `name` without the dot, or ''. */
const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The tus server of assignment uploads, as routes use it: on behalf of a buyer (the route has checked sign-in and CSRF). */
export type AssignmentUploadServer = TusEndpoint<User>;

/** The tus server of assignment uploads on `app.storage`'s store. */
export function createAssignmentUploadServer(app: FastifyInstance): AssignmentUploadServer {
  const store = app.storage.createUploadStore(FOLDER, { expiryMs: UPLOAD_EXPIRY_MS });

  /** Refuses an upload `user` may not add to their next submission of its session. */
  async function checkCreation(user: User, upload: Upload): Promise<void> {
    const sessionId = Number(upload.metadata?.session_id);
    if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw tusRefusal(422, ASSIGNMENT_MESSAGES.uploadSessionMissing);
    if (upload.sizeIsDeferred) throw tusRefusal(422, ASSIGNMENT_MESSAGES.uploadSizeMissing, FIELD);
    let rules;
    try {
      ({ rules } = await buyersAssignment(app.db, user, sessionId));
    } catch (error) {
      if (error instanceof ApiError) throw tusRefusal(error.statusCode === 404 ? 422 : error.statusCode, error.statusCode === 404 ? ASSIGNMENT_MESSAGES.uploadSessionMissing : error.message);
      throw error;
    }
    const allowed = mayResubmit(rules, await submissionsOf(app.db, user.id, sessionId));
    if (!allowed.ok) throw tusRefusal(422, allowed.message);
    const name = upload.metadata?.filename ?? '';
    if (!rules.allowed_types.includes(extensionOf(name))) throw tusRefusal(422, ASSIGNMENT_MESSAGES.typeNotAllowed(rules.allowed_types), FIELD);
    if ((upload.size ?? 0) > rules.max_file_size_mb * 1024 * 1024) throw tusRefusal(413, ASSIGNMENT_MESSAGES.fileTooLarge(rules.max_file_size_mb), FIELD);
    if ((await pendingUploadCount(app.db, user.id, sessionId)) >= rules.max_files) throw tusRefusal(422, ASSIGNMENT_MESSAGES.tooManyFiles(rules.max_files), FIELD);
  }

  const options: ConstructorParameters<typeof Server>[0] = {
    ...tusStoreOptions(store),
    path: ASSIGNMENT_UPLOADS_PATH,
    maxSize: ASSIGNMENT_FILE_MB_MAX * 1024 * 1024,

    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS' || !uploadId) return;
      // Another buyer's upload is as good as unknown to this one.
      const upload = await store.datastore.getUpload(uploadId).catch(() => null);
      if (upload && upload.metadata?.user_id !== String(uploader.current().id)) throw tusRefusal(404, ASSIGNMENT_MESSAGES.uploadNotFound);
    },

    async onUploadCreate(_req, upload) {
      const user = uploader.current();
      await checkCreation(user, upload);
      return { metadata: { ...upload.metadata, user_id: String(user.id) } };
    },

    async onUploadFinish(_req, upload) {
      const key = store.keyOf(upload.id);
      const user = uploader.current();
      const name = (upload.metadata?.filename ?? '').slice(0, 255);
      const sniffed = await sniffUploadType(app, key, upload.size);
      // Bytes of a known type under another type's name (a program called .pdf) are refused; plain text has no signature.
      if (sniffed && canonical(sniffed.ext) !== canonical(extensionOf(name))) {
        await app.storage.deletePrivate(key);
        throw tusRefusal(415, ASSIGNMENT_MESSAGES.typeMismatch, FIELD);
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

    onResponseError: tusErrorAnswer(app, 'assignment upload failed in the store', { notFound: ASSIGNMENT_MESSAGES.uploadNotFound, tooLarge: MESSAGES.payloadTooLarge }, FIELD),
  };
  return tusEndpoint(new Server(options), uploader);
}

/** The MIME type of a text file by its name (code and plain text have no signature to read). */
function textTypeOf(name: string): string {
  const types: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', html: 'text/html', htm: 'text/html', css: 'text/css', txt: 'text/plain', md: 'text/markdown', json: 'application/json', csv: 'text/csv' };
  return types[extensionOf(name)] ?? 'application/octet-stream';
}

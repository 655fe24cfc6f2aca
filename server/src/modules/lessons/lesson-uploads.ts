/**
 * Resumable lesson uploads (issue 24 "uploads a lesson video … up to 4 GB … resumable"; issue 23
 * item 7: no file held in memory): the tus protocol through `@tus/server`, writing each request's
 * body straight to the upload store `app.storage` makes (lib/storage.ts `createUploadStore`): the
 * data folder or, with S3, a multipart upload (parts staged on disk). A dropped connection or a
 * reloaded page goes on from the last byte stored.
 *
 * An upload belongs to one session (metadata `session_id`) and lands as the private file
 * `sessions/<id>` of `app.storage`. Once whole, its type is read from its first bytes: audio or
 * video goes to the transcode queue (`queueTranscode`), a PDF or ZIP becomes the session's file
 * at once, anything else is removed and refused (415).
 *
 * Audit (issue 26): a completed upload is a dashboard write, recorded as an `upload` of the session
 * in the transaction of its change. The hooks get only the tus request, so the route hands the
 * staff member and address it checked to {@link LessonUploadServer.handle}, which runs the request
 * with them in {@link uploader} for the hooks to read.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { ApiError, notFound } from '../../lib/api-error';
import { LESSONS_MESSAGES } from './messages';
import { MESSAGES } from '../../lib/messages';
import { tusStoreOptions } from '../../lib/storage';
import { sniffUploadType, tusEndpoint, tusErrorAnswer, tusPrincipal, tusRefusal } from '../../lib/tus-hooks';
import type { TusEndpoint } from '../../lib/tus-routes';
import type { AuditContext } from '../../lib/audit-trail';
import { readSessionLesson, updateSessionLesson } from '../commerce';
import { lessonAudited, lessonBusy, queueTranscode } from './transcode';

/** Where the tus endpoint lives: `POST` creates an upload, `HEAD`/`PATCH`/`DELETE` `/<id>` go on with it. */
export const LESSON_UPLOADS_PATH = '/api/dashboard/lesson-uploads';

/** Private folder of uploads, shared with the lesson files themselves (storage.ts `sessions/`). */
const FOLDER = 'sessions';

/** An unfinished upload left this long is removed (ms): a day to resume it. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Who sends the tus request being handled, and from where. */
const uploader = tusPrincipal<AuditContext>('a lesson upload');

/**
 * The tus server of lesson uploads, as routes use it: on behalf of a staff member and their address
 * (the route has checked the permission and CSRF); a completed upload is recorded under their name.
 */
export type LessonUploadServer = TusEndpoint<AuditContext>;

/** The session an upload names in its metadata, or null. */
function sessionIdOf(upload: Upload): number | null {
  const id = Number(upload.metadata?.session_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Makes an uploaded PDF or ZIP (private key `file.key`) session `sessionId`'s lesson as it is:
 * nothing to transcode; it replaces the file and any processed video or audio, which are deleted
 * after the commit. Recorded in the audit log as an `upload` of `audit`'s staff member (issue 26).
 * @throws ApiError 404 when the session is gone; 409 `lessonProcessing` when another upload of it
 * finished first and waits for or is under processing (neither leaves an entry or changes anything)
 */
async function storeDocument(
  app: FastifyInstance,
  sessionId: number,
  file: { key: string; type: string; size: number },
  audit: AuditContext,
): Promise<void> {
  await app.files.write(app.db, [], async (tx, _paths, discard) => {
    const before = await readSessionLesson(tx, { sessionId }, { lock: true });
    if (!before) throw notFound();
    // Another upload of the session finished first and waits for processing: that one stands.
    if (lessonBusy(before.media_status)) throw new ApiError(409, LESSONS_MESSAGES.lessonProcessing);
    const after = await updateSessionLesson(tx, { sessionId }, {
      file: file.key,
      file_size: file.size,
      file_type: file.type,
      hls: null,
      forensic_renditions: null,
      media_kind: null,
      duration_seconds: null,
      media_status: 'none',
      media_error: null,
      updated_at: new Date(),
    });
    await audit.record(tx, { entity: 'product_session', id: sessionId, action: 'upload', before: lessonAudited(before), after: lessonAudited(after!) });
    discard.privateKey(before.file);
    discard.privateFolder(before.hls);
  });
}

/**
 * The tus server of lesson uploads, on `app.storage`'s store. Routes hand it their raw request
 * and the staff member sending it (routes/commerce/lesson-uploads.ts), after the permission and
 * CSRF checks.
 */
export function createLessonUploadServer(app: FastifyInstance): LessonUploadServer {
  // Upload `<hex>` (its URL's last segment) becomes the private file `sessions/<hex>`.
  const store = app.storage.createUploadStore(FOLDER, { expiryMs: UPLOAD_EXPIRY_MS });

  const options: ConstructorParameters<typeof Server>[0] = {
    ...tusStoreOptions(store),
    path: LESSON_UPLOADS_PATH,
    maxSize: app.settings.uploadLimits.sessionFileKb * 1024,

    async onUploadCreate(_req, upload) {
      const sessionId = sessionIdOf(upload);
      if (sessionId === null) throw tusRefusal(422, LESSONS_MESSAGES.uploadSessionMissing);
      if (upload.sizeIsDeferred) throw tusRefusal(422, LESSONS_MESSAGES.uploadSizeMissing);
      const session = await readSessionLesson(app.db, { sessionId });
      if (!session) throw tusRefusal(422, LESSONS_MESSAGES.uploadSessionMissing);
      if (lessonBusy(session.media_status)) throw tusRefusal(409, LESSONS_MESSAGES.lessonProcessing);
      return {};
    },

    async onUploadFinish(_req, upload) {
      const key = store.keyOf(upload.id);
      const sessionId = sessionIdOf(upload)!;
      const audit = uploader.current();
      const mime = (await sniffUploadType(app, key, upload.size))?.mime ?? '';
      const media = /^(audio|video)\//.test(mime);
      if (!media && mime !== 'application/pdf' && mime !== 'application/zip') {
        await app.storage.deletePrivate(key);
        throw tusRefusal(415, LESSONS_MESSAGES.notLessonFile);
      }
      const saving = media
        ? queueTranscode(app, sessionId, key, mime, 'upload', audit)
        : storeDocument(app, sessionId, { key, type: mime, size: upload.size ?? 0 }, audit);
      // Refused (another upload's processing began meanwhile, the session deleted): nothing kept.
      await saving.catch(async (error: unknown) => {
        await app.storage.deletePrivate(key);
        throw error;
      });
      return {};
    },

    onResponseError: tusErrorAnswer(app, 'lesson upload failed in the store', {
      notFound: LESSONS_MESSAGES.uploadNotFound,
      tooLarge: MESSAGES.payloadTooLarge,
      offsetMismatch: LESSONS_MESSAGES.uploadOffsetMismatch,
    }),
  };
  return tusEndpoint(new Server(options), uploader);
}

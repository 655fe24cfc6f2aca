/**
 * A question's image or audio clip (issue 37 item 1: a question may show an image and play a
 * clip), uploaded from the question form before the question is saved: stored as a course's
 * image is (through `app.files`, public, in the courses' `products/` folder), and named by the question's
 * `image`/`audio` path when it is saved. A file whose form was abandoned stays stored, unnamed.
 */
import type { Db } from '../../db/client';
import { ApiError, validationFailed } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import type { StoredFiles } from '../../lib/stored-files';
import { checkAudio, newKey, toWebp, type UploadedFile } from '../../lib/uploads';

/** What an upload answers: the public path to put in the question's `image` or `audio`. */
export interface QuizMedia {
  path: string;
  kind: 'image' | 'audio';
}

/** Persian texts of the upload's refusals. */
export const QUIZ_MEDIA_MESSAGES = {
  fileRequired: 'تصویر یا فایل صوتی را برگزینید.',
  notMedia: 'فایل باید تصویر (JPG، PNG، WebP) یا صدا (MP3، OGG، M4A، WAV) باشد.',
} as const;

/**
 * Stores `file` by its MIME type: `image/*` re-encoded to WebP (at most `limitsKb.image` KB sent),
 * `audio/*` as sent after its content is checked (at most `limitsKb.audio` KB).
 * @returns its public `/media/products/…` path and kind
 * @throws ApiError 422 `file` when absent; 413 over its kind's limit; 415 neither image nor audio,
 *   or content that is not what the MIME type says
 */
export async function saveQuizMedia(db: Db, files: StoredFiles, file: UploadedFile | undefined, limitsKb: { image: number; audio: number }): Promise<QuizMedia> {
  if (!file) throw validationFailed({ file: [QUIZ_MEDIA_MESSAGES.fileRequired] });
  const kind = file.mimetype.startsWith('image/') ? 'image' : file.mimetype.startsWith('audio/') ? 'audio' : null;
  if (!kind) throw new ApiError(415, QUIZ_MEDIA_MESSAGES.notMedia);
  if (file.buffer.length > limitsKb[kind] * 1024) throw new ApiError(413, MESSAGES.fileTooLarge);
  const stored =
    kind === 'image'
      ? { key: newKey('products', 'webp'), buffer: await toWebp(file) }
      : await checkAudio(file).then((audio) => ({ key: newKey('products', audio.extension), buffer: audio.buffer }));
  const path = await files.write(db, [stored], async (_tx, [saved]) => saved!);
  return { path, kind };
}

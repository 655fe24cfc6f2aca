/**
 * What the dashboard forms of posts, podcasts, courses and sessions share (issues 3 and 6
 * "Dashboard"): text fields checked with a shared schema of @shop/validation and the description
 * sanitized, and files written so that a failed save leaves nothing behind.
 */
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { postSchema, validate } from '@shop/validation';
import { validationFailed } from '../../lib/api-error';
import { sanitizeRichText } from '../../lib/html';
import { MESSAGES } from '../../lib/messages';
import type { FileStorage } from '../../lib/storage';
import type { FormBody } from '../../lib/uploads';

/**
 * Checks a dashboard form's text fields with `schema` and that the files named in `requiredFiles`
 * were sent; all problems are reported together. Answers the cast fields, description sanitized.
 * @throws ApiError 422 with Persian field errors.
 */
export async function checkForm<S extends ObjectSchema<{ description: string } & AnyObject>>(
  schema: S,
  form: FormBody,
  requiredFiles: readonly string[],
): Promise<InferType<S>> {
  const result = await validate(schema, form.fields);
  const errors: Record<string, string[]> = result.ok ? {} : { ...result.errors };
  for (const name of requiredFiles) if (!form.files[name]) errors[name] = [MESSAGES.fileRequired];
  if (!result.ok || Object.keys(errors).length > 0) throw validationFailed(errors);
  return { ...result.value, description: sanitizeRichText(result.value.description) };
}

/** The text fields of a post or podcast after validation, description sanitized. */
export type ContentFields = InferType<typeof postSchema>;

/**
 * Checks the text fields of a post or podcast with `postSchema` (podcastSchema is the same) and
 * the files named in `requiredFiles`.
 * @throws ApiError 422 with Persian field errors.
 */
export function checkContentForm(form: FormBody, requiredFiles: readonly string[]): Promise<ContentFields> {
  return checkForm(postSchema, form, requiredFiles);
}

/** A file to store: public ones answer their `/media` path, private ones (lesson files) their key. */
export interface FileToStore {
  key: string;
  buffer: Buffer;
  private?: boolean;
}

/**
 * Writes `files` to the store, then runs `save` with their paths (public) or keys (private); when
 * writing or saving fails, the files just written are removed again, so a failed create or update
 * leaves the store as it was.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  files: FileToStore[],
  save: (paths: string[]) => Promise<T>,
): Promise<T> {
  const written: FileToStore[] = [];
  try {
    const paths: string[] = [];
    for (const file of files) {
      paths.push(await (file.private ? storage.putPrivate(file.key, file.buffer) : storage.put(file.key, file.buffer)));
      written.push(file);
    }
    return await save(paths);
  } catch (error) {
    await Promise.all(
      written.map((file) => (file.private ? storage.deletePrivate(file.key) : storage.delete(file.key)).catch(() => undefined)),
    );
    throw error;
  }
}

/** Removes stored files that a saved row no longer uses (seed media and unknown paths are left alone). */
export async function deleteReplaced(storage: FileStorage, paths: Array<string | null>): Promise<void> {
  for (const publicPath of paths) {
    const key = storage.keyOf(publicPath);
    if (key) await storage.delete(key);
  }
}

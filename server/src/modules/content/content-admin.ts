/**
 * The dashboard form of posts and podcasts (issue 3 "Dashboard"): its text fields, checked with
 * `postSchema` by lib/dashboard-form.ts's `checkForm`, which courses and sessions use too.
 */
import type { InferType } from 'yup';
import { postSchema } from '@shop/validation';
import { checkForm } from '../../lib/dashboard-form';
import type { FormBody } from '../../lib/uploads';

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

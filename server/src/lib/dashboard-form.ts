/**
 * What the dashboard forms of posts, podcasts, courses and sessions share (issues 3 and 6
 * "Dashboard"): text fields checked with a shared schema of @shop/validation, the files a form
 * requires, and the description sanitized. Their files are written through `app.files`
 * (lib/stored-files.ts), which keeps them in step with the rows across failures and crashes.
 */
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { validate } from '@shop/validation';
import { validationFailed } from './api-error';
import { sanitizeRichText } from './html';
import { MESSAGES } from './messages';
import type { FormBody } from './uploads';

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

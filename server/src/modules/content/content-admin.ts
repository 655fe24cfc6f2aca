/**
 * What the dashboard forms of posts and podcasts share (issue 3 "Dashboard"): the text fields
 * checked with the shared `postSchema`/`podcastSchema`, the description sanitized, the sort
 * keys of the lists, and files written so that a failed save leaves nothing behind.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentStatus } from '@shop/contracts';
import { postSchema } from '@shop/validation';
import { validationFailed } from '../../lib/api-error';
import { sanitizeDescription } from '../../lib/html';
import { MESSAGES } from '../../lib/messages';
import type { FileStorage } from '../../lib/storage';
import type { FormBody } from '../../lib/uploads';
import { validate } from '@shop/validation';

/** The text fields of a post or podcast after validation, description sanitized. */
export interface ContentFields {
  title: string;
  slug: string;
  description: string;
  is_active: boolean;
  comment_status: CommentStatus;
}

/**
 * Checks the text fields with `postSchema` (podcastSchema is the same) and the files named in
 * `requiredFiles`; all problems are reported together.
 * @throws ApiError 422 with Persian field errors.
 */
export async function checkContentForm(form: FormBody, requiredFiles: readonly string[]): Promise<ContentFields> {
  const result = await validate(postSchema, form.fields);
  const errors: Record<string, string[]> = result.ok ? {} : { ...result.errors };
  for (const name of requiredFiles) if (!form.files[name]) errors[name] = [MESSAGES.fileRequired];
  if (!result.ok || Object.keys(errors).length > 0) throw validationFailed(errors);
  const value = result.value;
  return {
    title: value.title,
    slug: value.slug,
    description: sanitizeDescription(value.description),
    is_active: value.is_active,
    comment_status: value.comment_status,
  };
}

/** Sort values of the dashboard lists; a leading `-` means descending (default `-created_at`). */
export const CONTENT_SORT_VALUES = ['title', '-title', 'created_at', '-created_at', 'likes_count', '-likes_count'];

/** Query of `GET /api/dashboard/posts|podcasts`. */
export interface DashboardListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  sort?: string;
}

/** ORDER BY of a dashboard list for `sort`; the id breaks ties so pages never overlap. */
export function dashboardOrder(
  sort: string | undefined,
  columns: { title: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn; likesCount: SQL<number> },
): SQL[] {
  const value = sort && CONTENT_SORT_VALUES.includes(sort) ? sort : '-created_at';
  const direction = value.startsWith('-') ? desc : asc;
  const key = value.replace(/^-/, '');
  const column = key === 'title' ? columns.title : key === 'likes_count' ? columns.likesCount : columns.createdAt;
  return [direction(column), direction(columns.id)];
}

/** 422 for a slug another row already uses. */
export const slugTaken = () => validationFailed({ slug: [MESSAGES.slugTaken] });

/**
 * Writes `files` to the store, then runs `save`; when writing or saving fails, the files just
 * written are removed again, so a failed create or update leaves the store as it was.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  files: Array<{ key: string; buffer: Buffer }>,
  save: (paths: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    const paths: string[] = [];
    for (const file of files) {
      paths.push(await storage.put(file.key, file.buffer));
      written.push(file.key);
    }
    return await save(paths);
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
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

import { uploadWithProgress } from '@shop/api-client';
import type { ApiErrorBody, Item } from '@shop/contracts';
import type { AdminContent } from './content-admin-api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';

/** What the dashboard form holds; files are null until one is chosen. */
export interface ContentFormValues {
  title: string;
  slug: string;
  description: string;
  is_active: boolean;
  comment_status: 'open' | 'closed';
  image: File | null;
  /** Podcast audio. */
  file: File | null;
}

/**
 * The multipart body of the dashboard's create and update calls (issue 3 API): text fields
 * as strings (`is_active` "true"/"false"), and only the files that were chosen, so an update
 * without a new file keeps the current one.
 */
export function toFormData(kind: ContentKind, values: ContentFormValues): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append('slug', values.slug.trim());
  body.append('description', values.description);
  body.append('is_active', values.is_active ? 'true' : 'false');
  body.append('comment_status', values.comment_status);
  if (values.image) body.append('image', values.image, values.image.name);
  if (kind === 'podcast' && values.file) body.append('file', values.file, values.file.name);
  return body;
}

/**
 * Creates (`POST`) or updates (`PUT`) a post or podcast with upload progress.
 * @returns the status and the answer, `{ data }` on success, `{ message, errors? }` on failure
 */
export function saveContent(
  kind: ContentKind,
  id: number | null,
  values: ContentFormValues,
  onProgress: (percent: number) => void,
) {
  const base = `/api/dashboard/${CONTENT_KINDS[kind].section}`;
  return uploadWithProgress<Item<AdminContent> & Partial<ApiErrorBody>>({
    url: id === null ? base : `${base}/${id}`,
    method: id === null ? 'POST' : 'PUT',
    body: toFormData(kind, values),
    onProgress,
  });
}

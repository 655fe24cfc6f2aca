import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { fileField, ID_MAX, idField, requiredString, slugField } from './fields';
import { fieldLabels, messages } from './messages';

/** Largest image upload, KB (2 MB); the server re-encodes and resizes what it accepts. */
export const IMAGE_MAX_KB = 2048;
/** Image extensions the forms offer; the server checks the content, not only the name. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Largest podcast audio upload, KB (50 MB). */
export const AUDIO_MAX_KB = 51_200;
/** Audio extensions the forms offer; the server checks the content. */
export const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'opus', 'm4a', 'wav'] as const;

/**
 * Comment status of an item (SPEC §4), one of `values`, default `open`: posts and podcasts take
 * open|closed, courses and their sessions also `buyers-only`.
 */
export function commentStatusField<V extends string>(values: readonly V[]) {
  return mixed<V>()
    .oneOf([...values], messages.invalid)
    .default('open' as V)
    .label('وضعیت دیدگاه‌ها');
}

/**
 * Text fields of a post, as the dashboard form sends them and the server checks them
 * (issue 3; SPEC §3 fields, §5 rules). Multipart strings such as "true" are cast.
 */
export const postSchema = object({
  title: requiredString(fieldLabels.title).min(3, messages.min).max(200, messages.max),
  slug: slugField({ required: true }).max(200, messages.max),
  description: requiredString(fieldLabels.description).max(50_000, messages.max),
  is_active: boolean().typeError(messages.invalid).default(true).label('فعال'),
  comment_status: commentStatusField(['open', 'closed'] as const),
});

/** A podcast has the same text fields as a post (its audio file is checked apart). */
export const podcastSchema = postSchema;

/** The post form: text fields plus an optional image (required on create by the form). */
export const postFormSchema = postSchema.shape({
  image: fileField({ label: fieldLabels.image, maxKb: IMAGE_MAX_KB, extensions: [...IMAGE_EXTENSIONS] }),
});

/** The podcast form: a post's fields plus the audio `file`. */
export const podcastFormSchema = postFormSchema.shape({
  file: fileField({ label: 'فایل صوتی', maxKb: AUDIO_MAX_KB, extensions: [...AUDIO_EXTENSIONS] }),
});

/** Longest comment or reply, characters. */
export const COMMENT_TEXT_MAX = 2000;

/** Body of `POST /api/comments` (SPEC §3 "Comment payload"). */
export const commentSchema = object({
  user_id: idField().required(messages.required),
  parent_id: number().typeError(messages.invalid).integer(messages.invalid).min(0, messages.invalid).max(ID_MAX, messages.invalid).default(0),
  text: requiredString(fieldLabels.text).min(2, messages.min).max(COMMENT_TEXT_MAX, messages.max),
  commentable_id: idField().required(messages.required),
  commentable_type: string()
    .oneOf(['post', 'podcast', 'product', 'product_session'], messages.invalid)
    .required(messages.required),
});

/** A staff reply from the dashboard: just the text. */
export const commentReplySchema = object({
  text: requiredString(fieldLabels.text).min(2, messages.min).max(COMMENT_TEXT_MAX, messages.max),
});

/** Query of `GET /api/search`: `q` of 2 to 100 characters. */
export const searchQuerySchema = object({
  q: requiredString('عبارت جستجو').min(2, messages.min).max(100, messages.max),
  page: number().typeError(messages.invalid).integer(messages.invalid).min(1, messages.invalid).default(1),
});

export type PostInput = InferType<typeof postSchema>;
export type CommentInput = InferType<typeof commentSchema>;

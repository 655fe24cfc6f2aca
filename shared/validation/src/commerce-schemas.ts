import { boolean, mixed, string, type InferType } from 'yup';
import type { SessionKind, SessionRelease } from '@shop/contracts';
import { commentStatusField, IMAGE_EXTENSIONS, IMAGE_MAX_KB, postFormSchema, postSchema } from './content-schemas';
import { fileField, ID_MAX, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';

/** Highest price of a course, tomans (one billion; order totals stay within a 32-bit integer column). */
export const PRICE_MAX = 1_000_000_000;
/** Highest position of a session in its course. */
export const SESSION_POSITION_MAX = 10_000;
/** Largest lesson file of a session, KB (4 GB, issue 24); the server's SESSION_FILE_MAX_KB may lower it. */
export const SESSION_FILE_MAX_KB = 4 * 1024 * 1024;
/**
 * Lesson file extensions the session form offers (audio, video, PDF, ZIP); the server detects the
 * real type from the bytes (SPEC §4 product session file).
 */
export const SESSION_FILE_EXTENSIONS = [
  'mp3', 'ogg', 'oga', 'opus', 'm4a', 'wav', 'flac', 'aac', 'mp4', 'm4v', 'webm', 'mkv', 'mov', 'pdf', 'zip',
] as const;

/** Largest subtitles file of a lesson, KB (an hour of Persian subtitles is under 100 KB; issue 24). */
export const SUBTITLES_MAX_KB = 512;

/** Comment statuses of a course or a session (SPEC §4): posts' two plus `buyers-only`. */
export const PRODUCT_COMMENT_STATUSES = ['open', 'closed', 'buyers-only'] as const;
/** Statuses of a course (SPEC §4). */
export const PRODUCT_STATUSES = ['in-progress', 'done', 'expired'] as const;

const commerceCommentStatus = commentStatusField(PRODUCT_COMMENT_STATUSES);

/**
 * Text fields of a course (issue 6 `ProductForm`): a post's title, slug and description, a price
 * in whole tomans 0..{@link PRICE_MAX} (Persian and Arabic-Indic digits accepted), the course
 * status (default in-progress), a comment status that may be `buyers-only`, and whether its video
 * lessons carry the forensic watermark (default on; issue 38 item 3).
 */
export const productSchema = postSchema.shape({
  price: wholeNumberField(fieldLabels.price, { min: 0, max: PRICE_MAX }).required(messages.required),
  product_status: mixed<(typeof PRODUCT_STATUSES)[number]>()
    .oneOf([...PRODUCT_STATUSES], messages.invalid)
    .default('in-progress')
    .label(fieldLabels.product_status),
  comment_status: commerceCommentStatus,
  forensic_watermark: boolean().typeError(messages.invalid).default(true).label('واترمارک پنهان'),
});

/** The course form of the dashboard: {@link productSchema} plus the image (required on create by the form and server). */
export const productFormSchema = productSchema.shape({ image: postFormSchema.fields.image });

/** The most days after purchase a session may wait (issue 37 item 5). */
export const RELEASE_DAYS_MAX = 365;

/** A Jalali day as the day picker writes it, `1405-09-12` (Persian digits and `/` read too). */
const JALALI_DAY = /^[0-9\u06f0-\u06f9]{4}[-/][0-9\u06f0-\u06f9]{1,2}[-/][0-9\u06f0-\u06f9]{1,2}$/;

/**
 * A session's schedule (issue 37 item 5): `release` none / days after purchase (`release_days`
 * 1–{@link RELEASE_DAYS_MAX}, required then) / on a Jalali day (`release_date`, required then; the
 * server checks the day exists), and an optional prerequisite session of the same course (the
 * server checks the course, itself and cycles). A field that its `release` does not use reads as null.
 */
const sessionReleaseFields = {
  release: mixed<SessionRelease>().label('زمان باز شدن').oneOf(['none', 'days_after_purchase', 'on_date'], messages.invalid).default('none'),
  release_days: wholeNumberField('تعداد روز پس از خرید', { min: 1, max: RELEASE_DAYS_MAX })
    .nullable()
    .when('release', { is: 'days_after_purchase', then: (field) => field.required(messages.required), otherwise: (field) => field.strip() }),
  release_date: string()
    .label('تاریخ باز شدن')
    .nullable()
    .typeError(messages.invalid)
    .transform((value: unknown) => (typeof value !== 'string' ? value : value.trim() || null))
    .when('release', {
      is: 'on_date',
      then: (field) => field.required(messages.required).matches(JALALI_DAY, messages.invalid),
      otherwise: (field) => field.strip(),
    }),
  prerequisite_session_id: wholeNumberField('جلسهٔ پیش‌نیاز', { min: 1, max: ID_MAX }).nullable().default(null),
};

/**
 * Text fields of a session (issue 6 `ProductSessionForm`): its course id (that it exists is the
 * server's check), a post's title, slug and description, the position (1..{@link SESSION_POSITION_MAX})
 * in the course, whether it is a free preview (default false), and a comment status that may be
 * `buyers-only`.
 */
export const productSessionSchema = postSchema.shape({
  product_id: wholeNumberField(fieldLabels.product_id, { min: 1, max: ID_MAX }).required(messages.required),
  position: wholeNumberField(fieldLabels.position, { min: 1, max: SESSION_POSITION_MAX }).required(messages.required),
  is_free_preview: boolean().typeError(messages.invalid).default(false).label('پیش‌نمایش رایگان'),
  kind: mixed<SessionKind>().label('نوع جلسه').oneOf(['lesson', 'quiz', 'assignment'], messages.invalid).default('lesson'),
  comment_status: commerceCommentStatus,
  ...sessionReleaseFields,
});

/**
 * The session form of the dashboard: {@link productSessionSchema} plus an optional image, the
 * video's poster and Persian WebVTT subtitles (issue 24; the server checks the subtitles' format).
 * The lesson itself has its own upload.
 */
export const productSessionFormSchema = productSessionSchema.shape({
  image: postFormSchema.fields.image,
  poster: fileField({ label: 'پوستر ویدیو', maxKb: IMAGE_MAX_KB, extensions: [...IMAGE_EXTENSIONS] }),
  subtitles: fileField({ label: 'زیرنویس', maxKb: SUBTITLES_MAX_KB, extensions: ['vtt'] }),
});

export type ProductInput = InferType<typeof productSchema>;
export type ProductSessionInput = InferType<typeof productSessionSchema>;

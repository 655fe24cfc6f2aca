/**
 * Assignments (issue 37 item 3): an assignment's rules as staff set them, a buyer's submission and
 * staff's grade, shared by the dashboard's forms, the session page and the server (STYLE.md habit 4).
 * Whether the files of a submission fit the assignment (how many, whose, which) is the server's
 * check, which knows the assignment.
 */
import { array, boolean, mixed, object, string, type InferType } from 'yup';
import type { AssignmentResubmit } from '@shop/contracts';
import { optionalString, requiredString, wholeNumberField } from './fields';
import { messages } from './messages';

export const ASSIGNMENT_RESUBMIT_RULES = ['never', 'until_passed', 'always'] as const satisfies readonly AssignmentResubmit[];
/** Most characters of an assignment's instructions (HTML) and of a submission's text or feedback. */
export const ASSIGNMENT_INSTRUCTIONS_MAX = 20_000;
export const SUBMISSION_TEXT_MAX = 10_000;
export const FEEDBACK_MAX = 5_000;
/** Most files a submission may have, and the largest file an assignment may allow (MB). */
export const ASSIGNMENT_FILES_MAX = 10;
export const ASSIGNMENT_FILE_MB_MAX = 500;
/** The extensions an assignment accepts unless staff choose others. */
export const DEFAULT_ASSIGNMENT_TYPES = ['pdf', 'zip', 'js', 'html', 'css', 'txt', 'png', 'jpg'];

/** An extension: 1–10 lower-case letters or digits, without the dot. */
const extension = requiredString('پسوند')
  // yup's lowercase() throws on a value that is not text (an array in a JSON body): lower only text.
  .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
  .matches(/^[a-z0-9]{1,10}$/, messages.invalid);

/**
 * An assignment's rules (`AssignmentSettingsBody`): instructions, 0–{@link ASSIGNMENT_FILES_MAX}
 * files of at most 1–{@link ASSIGNMENT_FILE_MB_MAX} MB each, 1–20 extensions, a pass score of
 * 0–100, when a buyer may send again and whether the certificate waits for it.
 */
export const assignmentSettingsSchema = object({
  instructions: requiredString('شرح تکلیف').max(ASSIGNMENT_INSTRUCTIONS_MAX, messages.max),
  max_files: wholeNumberField('بیشترین شمار فایل‌ها', { min: 0, max: ASSIGNMENT_FILES_MAX }).required(messages.required),
  max_file_size_mb: wholeNumberField('بیشترین حجم هر فایل', { min: 1, max: ASSIGNMENT_FILE_MB_MAX }).required(messages.required),
  allowed_types: array(extension).label('پسوندهای پذیرفته').min(1, messages.required).max(20, messages.invalid).required(messages.required),
  pass_score: wholeNumberField('نمرهٔ قبولی', { min: 0, max: 100 }).required(messages.required),
  allow_resubmit: mixed<AssignmentResubmit>().label('فرستادن دوباره').oneOf(ASSIGNMENT_RESUBMIT_RULES, messages.invalid).default('until_passed'),
  required_for_certificate: boolean().typeError(messages.invalid).default(true),
});

/** A buyer's submission (`AssignmentSubmissionBody`): a plain text of at most {@link SUBMISSION_TEXT_MAX} characters and the ids of uploaded files. */
export const assignmentSubmissionSchema = object({
  text: optionalString('متن پاسخ').max(SUBMISSION_TEXT_MAX, messages.max).default(''),
  upload_ids: array(string().typeError(messages.invalid).matches(/^[0-9a-f]{32}$/, messages.invalid).required(messages.invalid)).label('فایل‌ها').max(ASSIGNMENT_FILES_MAX, messages.invalid).default([]),
});

/** Staff's grade (`AssignmentGradeBody`): a score of 0–100 and feedback of at most {@link FEEDBACK_MAX} characters. */
export const assignmentGradeSchema = object({
  score: wholeNumberField('نمره', { min: 0, max: 100 }).required(messages.required),
  feedback: optionalString('بازخورد').max(FEEDBACK_MAX, messages.max).default(''),
});

export type AssignmentSettingsInput = InferType<typeof assignmentSettingsSchema>;
export type AssignmentSubmissionInput = InferType<typeof assignmentSubmissionSchema>;
export type AssignmentGradeInput = InferType<typeof assignmentGradeSchema>;

/**
 * Quizzes (issue 37 item 1): a question of a course's bank, a quiz's rules and a buyer's answer,
 * shared by the dashboard's forms, the quiz page and the server (STYLE.md habit 4), with the Persian
 * messages of messages.ts. What an answer must be to fit its question (an option of it, every item
 * of an ordering) is checked by the server, which knows the question.
 */
import { array, boolean, mixed, object, string, type InferType } from 'yup';
import type { QuestionType, QuizScorePolicy } from '@shop/contracts';
import { idField, optionalString, requiredString, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'ordering',
  'matching',
] as const satisfies readonly QuestionType[];
export const QUIZ_SCORE_POLICIES = ['best', 'last'] as const satisfies readonly QuizScorePolicy[];

/** Bounds of a question: its body's characters, its options (2..10), an option's or accepted answer's characters. */
export const QUESTION_BODY_MAX = 5000;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 10;
export const OPTION_TEXT_MAX = 500;
export const ACCEPTED_ANSWERS_MAX = 10;
/** Longest short answer a buyer may give, characters. */
export const ANSWER_TEXT_MAX = 500;
/** Most questions in one quiz. */
export const QUIZ_QUESTIONS_MAX = 200;

/** An option's id: what the server made, or none for a new option. */
const optionId = string().max(20, messages.invalid).matches(/^[a-z0-9]+$/, messages.invalid);
/** A public file of the site (`/media/…`) or null. */
const mediaPath = (label: string) => optionalString(label).max(500, messages.max).matches(/^\/media\//, messages.invalid).nullable().default(null);

const optionSchema = object({
  id: optionId,
  text: requiredString(fieldLabels.option_text).max(OPTION_TEXT_MAX, messages.max),
  is_correct: boolean().typeError(messages.invalid).default(false),
});
const matchSchema = object({ id: optionId, text: requiredString(fieldLabels.option_text).max(OPTION_TEXT_MAX, messages.max) });

type QuestionShape = { type?: QuestionType; options?: Array<{ text?: string; is_correct?: boolean }>; matches?: unknown[]; accepted_answers?: unknown[]; correct_boolean?: boolean | null };

const usesOptions = (type?: QuestionType) => type !== undefined && type !== 'true_false' && type !== 'short_answer';
const correctCount = (q: QuestionShape) => (q.options ?? []).filter((option) => option.is_correct).length;

/**
 * A question of the bank (`QuizQuestionBody`): its type, a body of 1..{@link QUESTION_BODY_MAX}
 * characters, 0–100 points, and what its type reads: choices, ordering items and matching prompts
 * {@link QUESTION_OPTIONS_MIN}..{@link QUESTION_OPTIONS_MAX}, different from each other; one right
 * choice (single), one or more (multiple); as many matches as prompts; 1..{@link ACCEPTED_ANSWERS_MAX}
 * accepted short answers; a right value for true/false. Each refusal is on the field it is about.
 */
export const quizQuestionSchema = object({
  type: mixed<QuestionType>().label(fieldLabels.question_type).oneOf(QUESTION_TYPES, messages.invalid).required(messages.required),
  body: requiredString(fieldLabels.question_body).max(QUESTION_BODY_MAX, messages.max),
  points: wholeNumberField(fieldLabels.points, { min: 0, max: 100 }).required(messages.required),
  options: array(optionSchema).label(fieldLabels.options).default([]),
  matches: array(matchSchema).label(fieldLabels.matches).default([]),
  correct_boolean: boolean().typeError(messages.invalid).nullable().default(null),
  accepted_answers: array(requiredString(fieldLabels.accepted_answers).max(OPTION_TEXT_MAX, messages.max)).label(fieldLabels.accepted_answers).default([]),
  image: mediaPath(fieldLabels.image),
  audio: mediaPath(fieldLabels.audio),
})
  .test('options-count', messages.optionsCount, function optionsCount(q: QuestionShape) {
    const count = q.options?.length ?? 0;
    if (!usesOptions(q.type) || (count >= QUESTION_OPTIONS_MIN && count <= QUESTION_OPTIONS_MAX)) return true;
    return this.createError({ path: 'options', message: messages.optionsCount });
  })
  .test('options-distinct', messages.duplicateOption, function optionsDistinct(q: QuestionShape) {
    // Empty options are the required rule's to refuse, not duplicates of each other.
    const texts = (q.options ?? []).map((option) => option.text?.trim()).filter(Boolean);
    if (!usesOptions(q.type) || new Set(texts).size === texts.length) return true;
    return this.createError({ path: 'options', message: messages.duplicateOption });
  })
  .test('correct-options', messages.someCorrectOption, function correctOptions(q: QuestionShape) {
    if (q.type === 'single_choice' && correctCount(q) !== 1) return this.createError({ path: 'options', message: messages.oneCorrectOption });
    if (q.type === 'multiple_choice' && correctCount(q) < 1) return this.createError({ path: 'options', message: messages.someCorrectOption });
    return true;
  })
  .test('matches', messages.matchesCount, function matches(q: QuestionShape) {
    if (q.type !== 'matching' || (q.matches?.length ?? 0) === (q.options?.length ?? 0)) return true;
    return this.createError({ path: 'matches', message: messages.matchesCount });
  })
  .test('accepted-answers', messages.acceptedAnswersCount, function acceptedAnswers(q: QuestionShape) {
    const count = q.accepted_answers?.length ?? 0;
    if (q.type !== 'short_answer' || (count >= 1 && count <= ACCEPTED_ANSWERS_MAX)) return true;
    return this.createError({ path: 'accepted_answers', message: messages.acceptedAnswersCount });
  })
  .test('correct-boolean', messages.required, function correctBoolean(q: QuestionShape) {
    if (q.type !== 'true_false' || typeof q.correct_boolean === 'boolean') return true;
    return this.createError({ path: 'correct_boolean', message: messages.required({ label: fieldLabels.correct_boolean }) });
  });

/**
 * A quiz's rules (`QuizSettingsBody`): an optional time limit of 1–600 minutes and 1–100 attempts
 * (null: none), a pass mark of 0–100 %, shuffling, whether answers are shown after submitting, which
 * attempt counts, and 1..{@link QUIZ_QUESTIONS_MAX} different questions of the bank in order.
 */
export const quizSettingsSchema = object({
  time_limit_minutes: wholeNumberField(fieldLabels.time_limit_minutes, { min: 1, max: 600 }).nullable().default(null),
  max_attempts: wholeNumberField(fieldLabels.max_attempts, { min: 1, max: 100 }).nullable().default(null),
  pass_percent: wholeNumberField(fieldLabels.pass_percent, { min: 0, max: 100 }).required(messages.required),
  shuffle_questions: boolean().typeError(messages.invalid).default(false),
  shuffle_options: boolean().typeError(messages.invalid).default(false),
  show_answers: boolean().typeError(messages.invalid).default(true),
  score_policy: mixed<QuizScorePolicy>().label(fieldLabels.score_policy).oneOf(QUIZ_SCORE_POLICIES, messages.invalid).default('best'),
  question_ids: array(idField(fieldLabels.question_ids).required(messages.required))
    .label(fieldLabels.question_ids)
    .min(1, messages.questionIdsCount)
    .max(QUIZ_QUESTIONS_MAX, messages.questionIdsCount)
    .required(messages.questionIdsCount)
    .test('distinct', messages.duplicateQuestion, (ids) => !ids || new Set(ids).size === ids.length),
});

/** `matches` of an answer: prompt id → match id, at most {@link QUESTION_OPTIONS_MAX} pairs of option ids. */
const isMatchRecord = (value: unknown) =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length <= QUESTION_OPTIONS_MAX &&
    Object.entries(value).every(([key, id]) => /^[a-z0-9]{1,20}$/.test(key) && typeof id === 'string' && /^[a-z0-9]{1,20}$/.test(id)));

/** A buyer's answer (`QuizAnswer`): the field its question's type reads; the server checks it fits the question. */
export const quizAnswerSchema = object({
  option_ids: array(optionId.required(messages.invalid)).label(fieldLabels.option_ids).max(QUESTION_OPTIONS_MAX, messages.invalid),
  value: boolean().label(fieldLabels.answer_value).typeError(messages.invalid),
  text: string().label(fieldLabels.answer_text).typeError(messages.invalid).max(ANSWER_TEXT_MAX, messages.max),
  matches: mixed<Record<string, string>>().label(fieldLabels.matches).test('record', messages.invalid, isMatchRecord),
});

export type QuizQuestionInput = InferType<typeof quizQuestionSchema>;
export type QuizSettingsInput = InferType<typeof quizSettingsSchema>;
export type QuizAnswerInput = InferType<typeof quizAnswerSchema>;

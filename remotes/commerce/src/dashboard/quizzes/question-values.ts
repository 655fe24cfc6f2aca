import { setIn, type FormikErrors, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { QuestionType, QuizQuestion, QuizQuestionBody } from '@shop/contracts';
import { plainTextExcerpt } from '@shop/format';
import { showSaveFailure, toFormikErrors } from '@shop/forms';
import { quizQuestionSchema, validate, type ValidationErrors } from '@shop/validation';
import { quizStrings } from './quiz-dashboard-strings';

/** An option (a choice, an ordering item, a matching prompt) as the form holds it: its id once the server made one. */
export interface OptionValue {
  id?: string;
  text: string;
  is_correct: boolean;
}

/** A matching answer as the form holds it. */
export interface MatchValue {
  id?: string;
  text: string;
}

/**
 * What the question form holds (issue 37 item 1): the points as typed (any digits), every type's
 * fields at once, so switching the type of a new question loses nothing typed; only the chosen
 * type's fields are sent. `correct_boolean` is the radio's value, '' before one is chosen.
 */
export interface QuestionFormValues {
  type: QuestionType;
  body: string;
  points: string;
  options: OptionValue[];
  matches: MatchValue[];
  correct_boolean: '' | 'true' | 'false';
  accepted_answers: string[];
  /** Kept as stored: the form does not edit them, and an edit must not drop them. */
  image: string | null;
  audio: string | null;
}

/**
 * A question's text as plain words, cut to `length` characters (40: what names it in a button or a
 * dialog); «پرسش بی‌متن» when it has none.
 */
export const questionName = (question: Pick<QuizQuestion, 'body'>, length = 40) => plainTextExcerpt(question.body, length) || quizStrings.untitled;

/** Whether a type reads `options` (choices, ordering items, matching prompts). */
export const usesOptions = (type: QuestionType) => type !== 'true_false' && type !== 'short_answer';

/** An empty option to type into. */
export const blankOption = (): OptionValue => ({ text: '', is_correct: false });

/** A new question: one right choice of two, one point. */
export function blankQuestion(): QuestionFormValues {
  return {
    type: 'single_choice',
    body: '',
    points: '1',
    options: [blankOption(), blankOption()],
    matches: [{ text: '' }, { text: '' }],
    correct_boolean: '',
    accepted_answers: [''],
    image: null,
    audio: null,
  };
}

/** The form's values for editing `question`, every option with its id (the server keeps ids to regrade). */
export function questionValues(question: QuizQuestion): QuestionFormValues {
  const blank = blankQuestion();
  return {
    type: question.type,
    body: question.body,
    points: String(question.points),
    options: usesOptions(question.type) ? question.options.map(({ id, text, is_correct }) => ({ id, text, is_correct })) : blank.options,
    matches: question.type === 'matching' ? question.matches.map(({ id, text }) => ({ id, text })) : blank.matches,
    correct_boolean: question.correct_boolean === null ? '' : question.correct_boolean ? 'true' : 'false',
    accepted_answers: question.accepted_answers.length > 0 ? [...question.accepted_answers] : blank.accepted_answers,
    image: question.image,
    audio: question.audio,
  };
}

/** An option or match as sent: its id only when it has one. */
const withId = <T extends { id?: string }>({ id, ...rest }: T) => (id ? { id, ...rest } : rest);

/**
 * The request body as typed: only the chosen type's fields (the others empty), the points as
 * typed. Its arrays keep the form's indexes, so an error's path (`options[1].text`) names the
 * form's field too.
 */
export function bodyOf(values: QuestionFormValues) {
  const choice = values.type === 'single_choice' || values.type === 'multiple_choice';
  return {
    type: values.type,
    body: values.body,
    points: values.points,
    options: usesOptions(values.type) ? values.options.map((option) => withId({ id: option.id, text: option.text, is_correct: choice && option.is_correct })) : [],
    matches: values.type === 'matching' ? values.matches.map((match) => withId({ id: match.id, text: match.text })) : [],
    correct_boolean: values.type === 'true_false' && values.correct_boolean !== '' ? values.correct_boolean === 'true' : null,
    accepted_answers: values.type === 'short_answer' ? values.accepted_answers : [],
    image: values.image,
    audio: values.audio,
  };
}

/** The list fields whose own message (too few, a duplicate, no right choice) is shown above their items. */
const LIST_FIELDS = ['options', 'matches', 'accepted_answers'] as const;
/** A list field of the form. */
export type ListField = (typeof LIST_FIELDS)[number];

/** Where a list's own message is kept in formik's errors, apart from its items' (a list cannot be both). */
export const listErrorKey = (name: ListField) => `${name}__list` as const;

/**
 * The API's (or the shared schema's) errors by path (`options[1].text`) as formik's nested errors;
 * a list's own message (`options`) goes under {@link listErrorKey}, so both it and its items' show.
 */
export function nestByPath<T>(flat: Record<string, T>): Record<string, unknown> {
  return Object.entries(flat).reduce<Record<string, unknown>>(
    (nested, [path, value]) => setIn(nested, (LIST_FIELDS as readonly string[]).includes(path) ? listErrorKey(path as ListField) : path, value),
    {},
  );
}

/** Errors of the shared `quizQuestionSchema` for what is typed, nested as formik reads them. */
export async function validateQuestion(values: QuestionFormValues): Promise<FormikErrors<QuestionFormValues>> {
  const result = await validate(quizQuestionSchema, bodyOf(values));
  return result.ok ? {} : (nestByPath(toFormikErrors(result.errors)) as FormikErrors<QuestionFormValues>);
}

/** The body to send once what is typed passes the shared schema (trimmed, the points a number), else the errors. */
export async function checkedBody(values: QuestionFormValues): Promise<{ body: QuizQuestionBody } | { errors: ValidationErrors }> {
  const result = await validate(quizQuestionSchema, bodyOf(values));
  return result.ok ? { body: result.value as QuizQuestionBody } : { errors: result.errors };
}

/**
 * Shows a refused save in the form (keeping what was typed): a 422's field errors under their
 * fields, nested as formik reads them (`options[1].text`), and the server's message otherwise.
 */
export function showQuestionFailure(error: unknown, helpers: FormikHelpers<QuestionFormValues>) {
  const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
  return showSaveFailure(
    { status, message, errors: fieldErrors },
    {
      setStatus: helpers.setStatus,
      setErrors: (errors) => helpers.setErrors(nestByPath(errors as Record<string, string>) as FormikErrors<QuestionFormValues>),
      setTouched: (touched, validateNow) => helpers.setTouched(nestByPath(touched as Record<string, boolean>), validateNow),
    },
  );
}

/**
 * The learning routes' response schemas (issue 37): questions of a course's bank, quizzes,
 * attempts and regrades, as @shop/contracts' learning.ts types them. Beside the routes that answer
 * with them (issue 34 item 5); what several domains share is in lib/schemas.ts.
 */
import { date, int, nullableStr, str } from '../../lib/schemas';

const bool = { type: 'boolean' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableBool = { type: ['boolean', 'null'] } as const;
const strings = { type: 'array', items: str } as const;
const questionType = { type: 'string', enum: ['single_choice', 'multiple_choice', 'true_false', 'short_answer', 'ordering', 'matching'] } as const;
const scorePolicy = { type: 'string', enum: ['best', 'last'] } as const;
const option = { type: 'object', required: ['id', 'text'], properties: { id: str, text: str } } as const;
const idToId = { type: 'object', additionalProperties: str } as const;

/** QuizQuestion: a question of the bank as its current version, with its key. */
export const quizQuestionSchema = {
  type: 'object',
  required: ['id', 'product_id', 'version', 'type', 'body', 'image', 'audio', 'points', 'options', 'matches', 'correct_boolean', 'accepted_answers', 'answers_on_older_versions', 'created_at', 'updated_at'],
  properties: {
    id: int,
    product_id: int,
    version: int,
    type: questionType,
    body: str,
    image: nullableStr,
    audio: nullableStr,
    points: int,
    options: { type: 'array', items: { type: 'object', required: ['id', 'text', 'is_correct'], properties: { id: str, text: str, is_correct: bool } } },
    matches: { type: 'array', items: option },
    correct_boolean: nullableBool,
    accepted_answers: strings,
    answers_on_older_versions: int,
    created_at: date,
    updated_at: date,
  },
} as const;

const quizRulesProperties = {
  time_limit_minutes: nullableInt,
  max_attempts: nullableInt,
  pass_percent: int,
  shuffle_questions: bool,
  shuffle_options: bool,
  show_answers: bool,
  score_policy: scorePolicy,
} as const;

/** DashboardQuiz: a quiz's rules and its questions. */
export const dashboardQuizSchema = {
  type: 'object',
  required: [...Object.keys(quizRulesProperties), 'question_ids', 'product_session_id', 'product_id', 'questions', 'total_points'],
  properties: {
    ...quizRulesProperties,
    question_ids: { type: 'array', items: int },
    product_session_id: int,
    product_id: int,
    questions: { type: 'array', items: quizQuestionSchema },
    total_points: int,
  },
} as const;

/** QuizAnswer: the field its question's type reads. */
export const quizAnswerSchema = {
  type: 'object',
  properties: { option_ids: strings, value: bool, text: str, matches: idToId },
} as const;

const answerResultSchema = {
  type: ['object', 'null'],
  required: ['is_correct', 'points_awarded', 'correct_option_ids', 'correct_boolean', 'accepted_answers', 'correct_matches'],
  properties: { is_correct: bool, points_awarded: int, correct_option_ids: strings, correct_boolean: nullableBool, accepted_answers: strings, correct_matches: idToId },
} as const;

/** QuizAttempt: an attempt with its questions (keys only in `result`, after submitting). */
export const quizAttemptSchema = {
  type: 'object',
  required: ['id', 'product_session_id', 'number', 'status', 'started_at', 'deadline_at', 'server_time', 'submitted_at', 'timed_out', 'score', 'max_score', 'percent', 'passed', 'questions'],
  properties: {
    id: int,
    product_session_id: int,
    number: int,
    status: { type: 'string', enum: ['in_progress', 'submitted'] },
    started_at: date,
    deadline_at: { type: ['string', 'null'], format: 'date-time' },
    server_time: date,
    submitted_at: { type: ['string', 'null'], format: 'date-time' },
    timed_out: bool,
    score: nullableInt,
    max_score: int,
    percent: nullableInt,
    passed: nullableBool,
    questions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['position', 'type', 'body', 'image', 'audio', 'points', 'options', 'matches', 'answer', 'result'],
        properties: {
          position: int,
          type: questionType,
          body: str,
          image: nullableStr,
          audio: nullableStr,
          points: int,
          options: { type: 'array', items: option },
          matches: { type: 'array', items: option },
          answer: { ...quizAnswerSchema, type: ['object', 'null'] },
          result: answerResultSchema,
        },
      },
    },
  },
} as const;

/** QuizAttemptAnswerSaved. */
export const quizAnswerSavedSchema = {
  type: 'object',
  required: ['position', 'answer', 'answered'],
  properties: { position: int, answer: quizAnswerSchema, answered: int },
} as const;

/** QuizOverview: a quiz's rules and the buyer's attempts. */
export const quizOverviewSchema = {
  type: 'object',
  required: ['product_session_id', 'questions_count', 'total_points', 'time_limit_minutes', 'max_attempts', 'pass_percent', 'score_policy', 'show_answers', 'attempts', 'attempts_left', 'open_attempt_id', 'counted_percent', 'passed'],
  properties: {
    product_session_id: int,
    questions_count: int,
    total_points: int,
    time_limit_minutes: nullableInt,
    max_attempts: nullableInt,
    pass_percent: int,
    score_policy: scorePolicy,
    show_answers: bool,
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'number', 'status', 'started_at', 'submitted_at', 'percent', 'passed'],
        properties: {
          id: int,
          number: int,
          status: { type: 'string', enum: ['in_progress', 'submitted'] },
          started_at: date,
          submitted_at: { type: ['string', 'null'], format: 'date-time' },
          percent: nullableInt,
          passed: nullableBool,
        },
      },
    },
    attempts_left: nullableInt,
    open_attempt_id: nullableInt,
    counted_percent: nullableInt,
    passed: bool,
  },
} as const;

/** QuizRegradePreview. */
export const quizRegradePreviewSchema = {
  type: 'object',
  required: ['question_id', 'version', 'answers', 'answers_changed', 'changes', 'attempts_changed'],
  properties: {
    question_id: int,
    version: int,
    answers: int,
    answers_changed: int,
    attempts_changed: int,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['attempt_id', 'user_id', 'user_name', 'product_session_id', 'percent_before', 'percent_after', 'passed_before', 'passed_after'],
        properties: {
          attempt_id: int,
          user_id: int,
          user_name: str,
          product_session_id: int,
          percent_before: int,
          percent_after: int,
          passed_before: bool,
          passed_after: bool,
        },
      },
    },
  },
} as const;

/** QuizImportResult: how many questions a CSV file added to a bank. */
export const quizImportResultSchema = { type: 'object', required: ['imported'], properties: { imported: int } } as const;

/** QuizMedia: a question's uploaded image or audio clip, as its public `/media/…` path. */
export const quizMediaSchema = { type: 'object', required: ['path', 'kind'], properties: { path: str, kind: { type: 'string', enum: ['image', 'audio'] } } } as const;

/**
 * The learning module's tables (issue 37): each course's question bank, kept as versions, the
 * quizzes built from it (a session of kind `quiz`), and buyers' attempts with their answers.
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts).
 *
 * A question's versions are never changed or deleted: an edit adds one, a deletion marks the
 * question. An attempt's answers point at the versions it was given, so a past attempt is scored
 * and shown as it was taken, whatever happens to the bank later, until staff regrade it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { QuestionOption, QuizAnswer, QuizQuestionOption } from '@shop/contracts';
import { createdAt, id, updatedAt } from '../../db/columns';
import { products, productSessions } from '../commerce/tables';
import { users } from '../users/tables';

export const questionTypeEnum = pgEnum('question_type', ['single_choice', 'multiple_choice', 'true_false', 'short_answer', 'ordering', 'matching']);
export const quizScorePolicyEnum = pgEnum('quiz_score_policy', ['best', 'last']);

/** A question of a course's bank; what it says is in its versions, the current one being `version`. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The current version's number (1, then one more per edit). */
    version: integer('version').notNull().default(1),
    /** When staff deleted it: out of the bank and of the quizzes, kept for past attempts. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('quiz_questions_product_idx').on(t.product_id, t.id).where(sql`${t.deleted_at} is null`)],
);

/** One version of a question, never changed: its type, text, points and key. */
export const quizQuestionVersions = pgTable(
  'quiz_question_versions',
  {
    id: id(),
    question_id: integer('question_id').notNull().references(() => quizQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    type: questionTypeEnum('type').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull(),
    image: text('image'),
    audio: text('audio'),
    points: integer('points').notNull(),
    /** Choices with `is_correct`, ordering items in the right order, or matching prompts. */
    options: jsonb('options').$type<QuizQuestionOption[]>().notNull(),
    /** Matching: `matches[i]` is the match of `options[i]`. */
    matches: jsonb('matches').$type<QuestionOption[]>().notNull(),
    correct_boolean: boolean('correct_boolean'),
    accepted_answers: jsonb('accepted_answers').$type<string[]>().notNull(),
    created_at: createdAt(),
  },
  (t) => [unique('quiz_question_versions_question_version_key').on(t.question_id, t.version)],
);

/** The rules of a quiz: a session of kind `quiz`. */
export const quizzes = pgTable(
  'quizzes',
  {
    product_session_id: integer('product_session_id')
      .primaryKey()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    /** Minutes an attempt may last; null: no limit. */
    time_limit_minutes: integer('time_limit_minutes'),
    /** Attempts a buyer may start; null: any number. */
    max_attempts: integer('max_attempts'),
    pass_percent: integer('pass_percent').notNull().default(60),
    shuffle_questions: boolean('shuffle_questions').notNull().default(false),
    shuffle_options: boolean('shuffle_options').notNull().default(false),
    show_answers: boolean('show_answers').notNull().default(true),
    score_policy: quizScorePolicyEnum('score_policy').notNull().default('best'),
    updated_at: updatedAt(),
  },
  (t) => [check('quizzes_pass_percent_check', sql`${t.pass_percent} between 0 and 100`)],
);

/** The bank's questions in a quiz, in order. */
export const quizItems = pgTable(
  'quiz_items',
  {
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => quizzes.product_session_id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.product_session_id, t.question_id] }), index('quiz_items_question_idx').on(t.question_id)],
);

/**
 * A buyer's attempt at a quiz: open until submitted, by them or, at `deadline_at`, by the server
 * (`timed_out`). The score is kept when it is submitted (and changed by a regrade). One open
 * attempt per buyer and quiz.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    /** 1 for the buyer's first attempt at this quiz. */
    number: integer('number').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline_at: timestamp('deadline_at', { withTimezone: true }),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    timed_out: boolean('timed_out').notNull().default(false),
    score: integer('score'),
    max_score: integer('max_score').notNull(),
    percent: integer('percent'),
    passed: boolean('passed'),
  },
  (t) => [
    unique('quiz_attempts_user_session_number_key').on(t.user_id, t.product_session_id, t.number),
    uniqueIndex('quiz_attempts_open_key').on(t.user_id, t.product_session_id).where(sql`${t.submitted_at} is null`),
    index('quiz_attempts_session_idx').on(t.product_session_id, t.user_id),
  ],
);

/**
 * One question of an attempt: the version it was given, the order of its options in this attempt,
 * the answer saved (as given, whenever it was given before the deadline), and once submitted its
 * points, scored from `graded_version_id` (the version given, or the one a regrade scored it by).
 */
export const quizAttemptAnswers = pgTable(
  'quiz_attempt_answers',
  {
    attempt_id: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    /** 1-based place of the question in the attempt. */
    position: integer('position').notNull(),
    question_version_id: integer('question_version_id')
      .notNull()
      .references(() => quizQuestionVersions.id, { onDelete: 'cascade' }),
    /** Ids of the options (and of the matches) in the order this attempt shows them. */
    option_order: jsonb('option_order').$type<string[]>().notNull(),
    match_order: jsonb('match_order').$type<string[]>().notNull(),
    answer: jsonb('answer').$type<QuizAnswer>(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    is_correct: boolean('is_correct'),
    points_awarded: integer('points_awarded'),
    graded_version_id: integer('graded_version_id').references(() => quizQuestionVersions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.attempt_id, t.position] }), index('quiz_attempt_answers_version_idx').on(t.question_version_id)],
);

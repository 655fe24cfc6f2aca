/**
 * The learning module's tables (issue 37): each course's question bank, kept as versions, the
 * quizzes built from it (a session of kind `quiz`), buyers' attempts with their answers, and
 * assignments (a session of kind `assignment`) with their uploads and submissions (item 3).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts).
 *
 * A question's versions are never changed or deleted: an edit adds one, a deletion marks the
 * question. An attempt's answers point at the versions it was given, so a past attempt is scored
 * and shown as it was taken, whatever happens to the bank later, until staff regrade it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AssignmentResubmit, QuestionOption, QuizAnswer, QuizQuestionOption } from '@shop/contracts';
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

/*
 * Assignments (issue 37 item 3): an assignment's rules (a session of kind `assignment`), the files
 * buyers upload for their next submission, and the submissions staff grade. Whether the
 * certificate waits for an assignment is commerce's `required_for_certificate` of the session (the
 * one rule of certificates.ts), set with these rules.
 */

export const assignmentResubmitEnum = pgEnum('assignment_resubmit', ['never', 'until_passed', 'always'] as const satisfies readonly AssignmentResubmit[]);
export const assignmentSubmissionStatusEnum = pgEnum('assignment_submission_status', ['submitted', 'graded']);

/** The rules of an assignment; a session of kind `assignment` without a row has the defaults (assignments.ts). */
export const assignments = pgTable(
  'assignments',
  {
    product_session_id: integer('product_session_id')
      .primaryKey()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    /** Sanitized HTML. */
    instructions: text('instructions').notNull().default(''),
    max_files: integer('max_files').notNull().default(3),
    max_file_size_mb: integer('max_file_size_mb').notNull().default(10),
    /** Extensions accepted, lower case without the dot. */
    allowed_types: jsonb('allowed_types').$type<string[]>().notNull(),
    /** Least score out of 100 that passes. */
    pass_score: integer('pass_score').notNull().default(60),
    allow_resubmit: assignmentResubmitEnum('allow_resubmit').notNull().default('until_passed'),
    updated_at: updatedAt(),
  },
  (t) => [check('assignments_pass_score_check', sql`${t.pass_score} between 0 and 100`)],
);

/** A stored file of a submission: the upload's id, its private key, its name as sent, bytes and MIME type. */
export interface StoredAssignmentFile {
  id: string;
  key: string;
  name: string;
  size: number;
  type: string;
}

/**
 * A file a buyer uploaded (tus) for their next submission of an assignment: theirs until sent
 * (`submission_id` set) or dropped. Its bytes are the private file `key`.
 */
export const assignmentUploads = pgTable(
  'assignment_uploads',
  {
    /** The upload's id, 32 hex digits (its URL's last segment). */
    id: varchar('id', { length: 32 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    submission_id: integer('submission_id').references(() => assignmentSubmissions.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [index('assignment_uploads_owner_idx').on(t.user_id, t.product_session_id)],
);

/**
 * A buyer's submission of an assignment: a text and files (a copy of their uploads' facts), then
 * staff's score out of 100 and feedback. One ungraded submission per buyer and assignment.
 */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: id(),
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    /** The session's course, kept for the queue's filter. */
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the buyer's first submission of this assignment. */
    number: integer('number').notNull(),
    text: text('text').notNull().default(''),
    files: jsonb('files').$type<StoredAssignmentFile[]>().notNull(),
    status: assignmentSubmissionStatusEnum('status').notNull().default('submitted'),
    score: integer('score'),
    /** Whether `score` reached the pass score when it was graded. */
    passed: boolean('passed'),
    feedback: text('feedback'),
    graded_by: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    graded_at: timestamp('graded_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    unique('assignment_submissions_user_session_number_key').on(t.user_id, t.product_session_id, t.number),
    uniqueIndex('assignment_submissions_open_key').on(t.user_id, t.product_session_id).where(sql`${t.status} = 'submitted'`),
    index('assignment_submissions_queue_idx').on(t.status, t.created_at),
    index('assignment_submissions_product_idx').on(t.product_id, t.status),
    check('assignment_submissions_score_check', sql`${t.score} between 0 and 100`),
  ],
);

/**
 * Wire shapes of checked learning (issue 37): a course's session may be a quiz built from the
 * course's question bank. Every edit of a question makes a new version; an attempt keeps the
 * versions it was given and is scored on the server from them, so editing or deleting a question
 * never changes a past attempt until staff regrade it on purpose. A timed attempt ends on the
 * server's clock. A question's answer key never reaches a buyer before they submit, and after it
 * only when the quiz shows answers. Same conventions as entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Buyers (signed in, verified email, own the course; 403 `sessionLocked` otherwise):
 * - `GET  /product-sessions/:sessionId/quiz` → `Item<QuizOverview>`; 404 when the session is not a quiz
 * - `POST /product-sessions/:sessionId/quiz/attempts` → 201 `Item<QuizAttempt>` a new attempt, or 200 the
 *   one still open (a second tab continues it); 422 `quizNoAttemptsLeft`
 * - `GET  /quiz-attempts/:attemptId` → `Item<QuizAttempt>` (the owner's only, else 404); an attempt
 *   past its deadline is submitted by the server first, with the answers saved before it
 * - `PUT  /quiz-attempts/:attemptId/answers/:questionPosition` {@link QuizAnswer} → `Item<QuizAttemptAnswerSaved>`;
 *   422 with field errors for an answer that does not fit the question, 422 `quizTimeOver` past the
 *   deadline, 422 `quizAttemptClosed` once submitted
 * - `POST /quiz-attempts/:attemptId/submit` → `Item<QuizAttempt>` scored; the same for a submitted one
 *
 * Dashboard (permission `manage-product-sessions`):
 * - `GET  /dashboard/products/:productId/quiz-questions?page=&q=&type=` → `Paginated<QuizQuestion>` the bank (current versions)
 * - `POST /dashboard/products/:productId/quiz-questions` {@link QuizQuestionBody} → 201 `{message, data: QuizQuestion}`
 * - `GET  /dashboard/quiz-questions/:questionId` → `Item<QuizQuestion>`
 * - `PUT  /dashboard/quiz-questions/:questionId` {@link QuizQuestionBody} → `{message, data: QuizQuestion}` (a new version; same type only, 422 on `type`)
 * - `DELETE /dashboard/quiz-questions/:questionId` → `{message}`: leaves the bank and the quizzes; past attempts keep it
 * - `GET  /dashboard/quiz-questions/:questionId/regrade` → `Item<QuizRegradePreview>`: what regrading would change
 * - `POST /dashboard/quiz-questions/:questionId/regrade` → `{message, data: QuizRegradePreview}`: done, audited
 * - `GET  /dashboard/product-sessions/:sessionId/quiz` → `Item<DashboardQuiz>`; `PUT` {@link QuizSettingsBody} → `{message, data: DashboardQuiz}`
 * - `GET  /dashboard/products/:productId/learning-analytics` → `Item<CourseLearningAnalytics>`: funnel, pass rates, share right (issue 37 item 6); 404 unknown course
 */

/** What a course's session holds (issue 37): a lesson to watch, listen to or read, a quiz, or an assignment (assignments.ts). */
export type SessionKind = 'lesson' | 'quiz' | 'assignment';

/** The six kinds of question (issue 37 item 1). */
export type QuestionType = 'single_choice' | 'multiple_choice' | 'true_false' | 'short_answer' | 'ordering' | 'matching';

/**
 * An option of a choice question, an item of an ordering question, or one side of a matching
 * question. Its `id` is kept by every later version of the question (a regrade maps answers by it).
 */
export interface QuestionOption {
  id: string;
  text: string;
}

/**
 * A question's body as staff write it. What `options`, `matches` and the key fields mean by type:
 * - `single_choice`: `options` 2–10, exactly one `is_correct`;
 * - `multiple_choice`: `options` 2–10, one or more `is_correct` (all of them and no other is right);
 * - `true_false`: `correct_boolean`;
 * - `short_answer`: `accepted_answers` 1–10 forms, compared after Persian normalization (Arabic ي/ك,
 *   Persian and Arabic digits, zero-width non-joiners, diacritics, spaces and letter case do not count);
 * - `ordering`: `options` 2–10 in the right order (shown shuffled);
 * - `matching`: `options` 2–10 prompts and `matches` as many answers, `matches[i]` matching `options[i]`
 *   (shown shuffled).
 * Fields a type does not read are ignored. Options without an `id` get a new one; keep the ids of
 * options that stay the same (a regrade maps earlier answers by them).
 */
export interface QuizQuestionBody {
  type: QuestionType;
  /** Rich text (HTML, sanitized when saved), 1–5 000 characters. */
  body: string;
  /** Points of a right answer, whole, 0–100 (0: counts as right or wrong, adds nothing). */
  points: number;
  options: Array<{ id?: string; text: string; is_correct?: boolean }>;
  matches: Array<{ id?: string; text: string }>;
  correct_boolean: boolean | null;
  accepted_answers: string[];
  /** Public path of an image shown with the question, or null. */
  image: string | null;
  /** Public path of an audio clip played with the question, or null. */
  audio: string | null;
}

/** An option of a question as staff see it, with whether it is right (choice questions). */
export interface QuizQuestionOption extends QuestionOption {
  is_correct: boolean;
}

/** A question of the bank as staff see it: its current version. */
export interface QuizQuestion extends Omit<QuizQuestionBody, 'options' | 'matches'> {
  id: number;
  product_id: number;
  /** 1 for a new question, one more with each edit. */
  version: number;
  options: QuizQuestionOption[];
  matches: QuestionOption[];
  /** Submitted answers given to earlier versions, which a regrade would score by this one. */
  answers_on_older_versions: number;
  created_at: string;
  updated_at: string;
}

/** Which attempt's score stands for a quiz taken more than once. */
export type QuizScorePolicy = 'best' | 'last';

/** Fields of the dashboard's quiz form (a session of kind `quiz`). */
export interface QuizSettingsBody {
  /** Minutes an attempt may last, 1–600, or null for no limit. */
  time_limit_minutes: number | null;
  /** Attempts a buyer may start, 1–100, or null for any number. */
  max_attempts: number | null;
  /** The least score that passes, percent 0–100. */
  pass_percent: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  /** After submitting, the buyer sees each question's right answer and whether theirs was right. */
  show_answers: boolean;
  score_policy: QuizScorePolicy;
  /** The bank's questions in the quiz, in order (questions of the session's course only; 1–200). */
  question_ids: number[];
}

/** A quiz as the dashboard edits it. */
export interface DashboardQuiz extends QuizSettingsBody {
  product_session_id: number;
  product_id: number;
  /** The questions of `question_ids`, in order. */
  questions: QuizQuestion[];
  /** Sum of their points. */
  total_points: number;
}

/** A buyer's answer to one question; the field its type reads: */
export interface QuizAnswer {
  /** `single_choice` (one id), `multiple_choice` (any), `ordering` (every item, in the order given). */
  option_ids?: string[];
  /** `true_false`. */
  value?: boolean;
  /** `short_answer`, at most 500 characters. */
  text?: string;
  /** `matching`: prompt id → match id. */
  matches?: Record<string, string>;
}

/** How a submitted answer was scored, and the right answer (sent only when the quiz shows answers). */
export interface QuizAnswerResult {
  is_correct: boolean;
  /** Points given, 0 or the question's points. */
  points_awarded: number;
  /** The right options (choice questions), or every item in the right order (`ordering`). */
  correct_option_ids: string[];
  correct_boolean: boolean | null;
  accepted_answers: string[];
  /** `matching`: prompt id → its match's id. */
  correct_matches: Record<string, string>;
}

/** A question as an attempt gives it: never with its key while the attempt is open. */
export interface QuizAttemptQuestion {
  /** 1-based place in this attempt. */
  position: number;
  type: QuestionType;
  /** Sanitized HTML. */
  body: string;
  image: string | null;
  audio: string | null;
  points: number;
  /** In this attempt's order (shuffled when the quiz says so); empty for true/false and short answers. */
  options: QuestionOption[];
  /** `matching` only, shuffled. */
  matches: QuestionOption[];
  /** The buyer's saved answer, or null. */
  answer: QuizAnswer | null;
  /** After submitting, when the quiz shows answers; else null. */
  result: QuizAnswerResult | null;
}

/** The state of an attempt: open until submitted by the buyer or, at its deadline, by the server. */
export type QuizAttemptStatus = 'in_progress' | 'submitted';

/** One attempt at a quiz. */
export interface QuizAttempt {
  id: number;
  product_session_id: number;
  /** 1 for the buyer's first attempt at this quiz. */
  number: number;
  status: QuizAttemptStatus;
  started_at: string;
  /** When the server ends it (ISO UTC), or null without a time limit. */
  deadline_at: string | null;
  /** The server's clock when it answered (ISO UTC): a countdown is `deadline_at` − this, not the device's clock. */
  server_time: string;
  submitted_at: string | null;
  /** True when the server submitted it at its deadline. */
  timed_out: boolean;
  /** Points scored and possible, and the score in percent (whole, rounded down); null while open. */
  score: number | null;
  max_score: number;
  percent: number | null;
  passed: boolean | null;
  questions: QuizAttemptQuestion[];
}

/** `PUT …/answers/:questionPosition` answer. */
export interface QuizAttemptAnswerSaved {
  position: number;
  answer: QuizAnswer;
  /** Questions with a saved answer in this attempt. */
  answered: number;
}

/** A past attempt in the overview. */
export interface QuizAttemptSummary {
  id: number;
  number: number;
  status: QuizAttemptStatus;
  started_at: string;
  submitted_at: string | null;
  percent: number | null;
  passed: boolean | null;
}

/** `GET /product-sessions/:sessionId/quiz`: the quiz's rules and the buyer's attempts. */
export interface QuizOverview {
  product_session_id: number;
  questions_count: number;
  total_points: number;
  time_limit_minutes: number | null;
  max_attempts: number | null;
  pass_percent: number;
  score_policy: QuizScorePolicy;
  show_answers: boolean;
  /** Newest first. */
  attempts: QuizAttemptSummary[];
  /** Attempts the buyer may still start, or null for any number. */
  attempts_left: number | null;
  /** The open attempt to continue, or null. */
  open_attempt_id: number | null;
  /** The score that stands by `score_policy` (percent), or null before any submitted attempt. */
  counted_percent: number | null;
  /** The standing score passes: the session counts as done. */
  passed: boolean;
}

/** One attempt a regrade changes. */
export interface QuizRegradeChange {
  attempt_id: number;
  user_id: number;
  user_name: string;
  product_session_id: number;
  /** The attempt's score before and after, percent. */
  percent_before: number;
  percent_after: number;
  passed_before: boolean;
  passed_after: boolean;
}

/**
 * What regrading a question does: every submitted answer given to one of its earlier versions of the
 * same type is scored by the current version (options matched by id); attempts whose score changes
 * are listed. Staff see it first (`GET`) and then apply it (`POST`).
 */
export interface QuizRegradePreview {
  question_id: number;
  version: number;
  /** Answers on earlier versions looked at. */
  answers: number;
  /** Of them, answers whose points change. */
  answers_changed: number;
  /** Attempts whose score changes (at most 100 listed; `attempts_changed` counts all). */
  changes: QuizRegradeChange[];
  attempts_changed: number;
}

/**
 * What staff learn of a course (issue 37 item 6), `GET /api/dashboard/products/:productId/learning-analytics`.
 * Every count is of the course's buyers: users who ever had an access grant of it (active now or
 * ended by a refund or a plan cancelled), so a buyer who left still shows where they stopped.
 * Percents are whole numbers (rounded) of the count named beside them, null when that count is 0.
 */
export interface CourseLearningAnalytics {
  product_id: number;
  title: string;
  /** Users who ever had a grant of the course. */
  buyers: number;
  /** Of them, those whose grant is active now. */
  active_buyers: number;
  /** Active sessions in course order: the funnel. */
  sessions: CourseSessionFunnelStep[];
  /** Active quiz sessions in course order. */
  quizzes: CourseQuizAnalytics[];
}

/** A session in the funnel: buyers who reached it (a progress row or a quiz attempt) and who have it done. */
export interface CourseSessionFunnelStep {
  id: number;
  title: string;
  /** 1-based place in the course. */
  position: number;
  kind: SessionKind;
  reached: number;
  done: number;
  /** `reached` and `done` in percent of the buyers. */
  reached_percent: number | null;
  done_percent: number | null;
}

/** A quiz's results over its buyers' submitted attempts, by the quiz's score rule (best or last attempt stands). */
export interface CourseQuizAnalytics {
  product_session_id: number;
  title: string;
  pass_percent: number;
  score_policy: QuizScorePolicy;
  /** Buyers with at least one submitted attempt. */
  attempted: number;
  /** Submitted attempts, all buyers. */
  attempts: number;
  /** Buyers whose standing attempt passed. */
  passed: number;
  /** `passed` in percent of `attempted`. */
  pass_rate: number | null;
  /** Mean of each buyer's best score, percent (rounded); null when nobody attempted. */
  average_best_percent: number | null;
  /** Its questions, lowest share of right answers first (never answered last). */
  questions: CourseQuizQuestionAnalytics[];
}

/**
 * A question of a quiz (in it now, or answered in it before) over submitted attempts; each answer
 * counted right or wrong by the version it was given (or the one a regrade scored it by).
 */
export interface CourseQuizQuestionAnalytics {
  question_id: number;
  /** Its current version's text, tags stripped (at most 200 characters). */
  text: string;
  type: QuestionType;
  /** 1-based place in the quiz now; null when no longer in it. */
  position: number | null;
  deleted: boolean;
  /** Times it was given in a submitted attempt; left blank counts as wrong. */
  answers: number;
  right: number;
  unanswered: number;
  /** `right` in percent of `answers`. */
  right_percent: number | null;
}

/**
 * `POST /api/dashboard/products/:productId/quiz-questions/import` (multipart `file`, a CSV; issue 37
 * item 1): how many questions the file added, all or nothing; a bad row answers 422 with errors
 * keyed `row-<N>.<column>` (or `file`), each message naming the row («ردیف ۳، ستون «گزینه‌ها»: …»).
 */
export interface QuizImportResult {
  imported: number;
}

/** `POST /api/dashboard/quiz-media` (multipart `file`): a question's uploaded image (WebP) or audio clip, as its public `/media/…` path. */
export interface QuizMedia {
  path: string;
  kind: 'image' | 'audio';
}

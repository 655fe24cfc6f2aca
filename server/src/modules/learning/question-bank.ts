/**
 * Each course's question bank (issue 37 items 1 and 2). Owns `quiz_questions` and
 * `quiz_question_versions`: an edit adds a version and a deletion marks the question, so the
 * versions past attempts point at stay as they were.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Paginated, QuestionType, QuizQuestion, QuizQuestionOption } from '@shop/contracts';
import type { QuizQuestionInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { sanitizeRichText } from '../../lib/html';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { getProductRef } from '../commerce';
import { LEARNING_MESSAGES } from './messages';
import { quizAttemptAnswers, quizAttempts, quizItems, quizQuestions, quizQuestionVersions } from './tables';

/** `GET …/quiz-questions` query: a page, text in the body, a type. */
export interface QuizQuestionListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  type?: QuestionType;
}

/** The bank's questions joined with their current versions. */
const currentVersion = and(eq(quizQuestionVersions.question_id, quizQuestions.id), eq(quizQuestionVersions.version, quizQuestions.version));

/** Submitted answers still scored by one of the question's earlier versions: what a regrade would look at. */
const answersOnOlderVersions = sql<number>`(
  select count(*)::int from ${quizAttemptAnswers} as a
  join ${quizQuestionVersions} as old on old.id = coalesce(a.graded_version_id, a.question_version_id)
  join ${quizAttempts} as t on t.id = a.attempt_id
  where old.question_id = ${quizQuestions.id} and old.version < ${quizQuestions.version} and t.submitted_at is not null
)`.mapWith(Number);

const questionColumns = {
  id: quizQuestions.id,
  product_id: quizQuestions.product_id,
  version: quizQuestions.version,
  created_at: quizQuestions.created_at,
  updated_at: quizQuestions.updated_at,
  type: quizQuestionVersions.type,
  body: quizQuestionVersions.body,
  image: quizQuestionVersions.image,
  audio: quizQuestionVersions.audio,
  points: quizQuestionVersions.points,
  options: quizQuestionVersions.options,
  matches: quizQuestionVersions.matches,
  correct_boolean: quizQuestionVersions.correct_boolean,
  accepted_answers: quizQuestionVersions.accepted_answers,
  answers_on_older_versions: answersOnOlderVersions,
};

type QuestionRow = { created_at: Date; updated_at: Date } & Omit<QuizQuestion, 'created_at' | 'updated_at'>;

const toQuestion = (row: QuestionRow): QuizQuestion => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) });

/** The current versions of the bank's questions matching `where` (deleted ones never), in the bank's order. */
export async function selectQuestions(db: Db, where: SQL | undefined): Promise<QuizQuestion[]> {
  const rows = await db
    .select(questionColumns)
    .from(quizQuestions)
    .innerJoin(quizQuestionVersions, currentVersion)
    .where(and(isNull(quizQuestions.deleted_at), where))
    .orderBy(asc(quizQuestions.id));
  return rows.map(toQuestion);
}

/** @throws ApiError 404 unless course `productId` exists. */
async function assertProduct(db: Db, productId: number): Promise<void> {
  if (!(await getProductRef(db, productId))) throw notFound();
}

/**
 * A page of course `productId`'s bank, oldest first, each question as its current version.
 * @throws ApiError 404 for an unknown course
 */
export async function listQuizQuestions(db: Db, productId: number, query: QuizQuestionListQuery): Promise<Paginated<QuizQuestion>> {
  await assertProduct(db, productId);
  const request = toPageRequest(query.page, query.per_page);
  const q = query.q?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(quizQuestions.product_id, productId),
    isNull(quizQuestions.deleted_at),
    query.type ? eq(quizQuestionVersions.type, query.type) : undefined,
    q ? ilike(quizQuestionVersions.body, `%${q}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select(questionColumns).from(quizQuestions).innerJoin(quizQuestionVersions, currentVersion).where(where).orderBy(asc(quizQuestions.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(quizQuestions).innerJoin(quizQuestionVersions, currentVersion).where(where),
  ]);
  return { data: rows.map(toQuestion), meta: pageMeta(request, total?.n ?? 0) };
}

/** @throws ApiError 404 for an unknown or deleted question. */
export async function getQuizQuestion(db: Db, questionId: number): Promise<QuizQuestion> {
  const [question] = await selectQuestions(db, eq(quizQuestions.id, questionId));
  if (!question) throw notFound();
  return question;
}

/** A new option id, unlike `taken`. */
function newOptionId(taken: Set<string>): string {
  for (;;) {
    const candidate = randomBytes(4).toString('hex');
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The options (or matches) to store: given ids kept (they must be the question's own), new ones made.
 * @throws ApiError 422 on `field` for an id the question's earlier version does not have
 */
function withIds<T extends { id?: string; text: string }>(given: T[], known: readonly string[], field: string): Array<T & { id: string }> {
  const taken = new Set(known);
  const used = new Set<string>();
  return given.map((option) => {
    if (option.id !== undefined && (!known.includes(option.id) || used.has(option.id))) throw validationFailed({ [field]: [LEARNING_MESSAGES.optionIdUnknown] });
    const id = option.id ?? newOptionId(taken);
    taken.add(id);
    used.add(id);
    return { ...option, id };
  });
}

/** The columns of a new version of a question from a checked body; `earlier` is the version it follows, if any. */
function versionOf(input: QuizQuestionInput, earlier?: { options: QuizQuestionOption[]; matches: { id: string }[] }) {
  const usesOptions = input.type !== 'true_false' && input.type !== 'short_answer';
  const options = usesOptions
    ? withIds(input.options, earlier?.options.map((option) => option.id) ?? [], 'options').map(({ id, text, is_correct }) => ({
        id,
        text,
        is_correct: (input.type === 'single_choice' || input.type === 'multiple_choice') && is_correct,
      }))
    : [];
  const matches = input.type === 'matching' ? withIds(input.matches, earlier?.matches.map((match) => match.id) ?? [], 'matches').map(({ id, text }) => ({ id, text })) : [];
  return {
    type: input.type,
    body: sanitizeRichText(input.body),
    image: input.image ?? null,
    audio: input.audio ?? null,
    points: input.points,
    options,
    matches,
    correct_boolean: input.type === 'true_false' ? input.correct_boolean : null,
    accepted_answers: input.type === 'short_answer' ? input.accepted_answers : [],
  };
}

/** What the audit log keeps of a question. */
const audited = (question: QuizQuestion) => ({
  product_id: question.product_id,
  version: question.version,
  type: question.type,
  body: question.body,
  points: question.points,
  options: question.options,
  matches: question.matches,
  correct_boolean: question.correct_boolean,
  accepted_answers: question.accepted_answers,
});

/**
 * Adds a question (version 1) to course `productId`'s bank.
 * @throws ApiError 404 for an unknown course
 */
export async function createQuizQuestion(db: Db, productId: number, input: QuizQuestionInput, audit: AuditContext): Promise<QuizQuestion> {
  const [question] = await createQuizQuestions(db, productId, [input], audit);
  return question!;
}

/**
 * Adds `inputs` to course `productId`'s bank in one transaction, in their order, each a question
 * with its first version, audited one by one as {@link createQuizQuestion} does (the CSV import).
 * @throws ApiError 404 for an unknown course; nothing is saved when any insert fails
 */
export async function createQuizQuestions(db: Db, productId: number, inputs: QuizQuestionInput[], audit: AuditContext): Promise<QuizQuestion[]> {
  await assertProduct(db, productId);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const created: QuizQuestion[] = [];
    for (const input of inputs) {
      const [row] = await tx.insert(quizQuestions).values({ product_id: productId }).returning({ id: quizQuestions.id });
      await tx.insert(quizQuestionVersions).values({ question_id: row!.id, version: 1, ...versionOf(input) });
      const question = await getQuizQuestion(tx, row!.id);
      await audit.record(tx, { entity: 'quiz_question', id: question.id, action: 'create', after: audited(question) });
      created.push(question);
    }
    return created;
  });
}

/**
 * Edits a question: its next version becomes current; attempts already given keep theirs.
 * @throws ApiError 404 unknown or deleted question; 422 on `type` for another type, on `options` or
 *   `matches` for an id the question does not have
 */
export async function updateQuizQuestion(db: Db, questionId: number, input: QuizQuestionInput, audit: AuditContext): Promise<QuizQuestion> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx.select({ id: quizQuestions.id }).from(quizQuestions).where(and(eq(quizQuestions.id, questionId), isNull(quizQuestions.deleted_at))).for('update');
    if (!locked) throw notFound();
    const before = await getQuizQuestion(tx, questionId);
    if (input.type !== before.type) throw validationFailed({ type: [LEARNING_MESSAGES.questionTypeFixed] });
    const version = before.version + 1;
    await tx.insert(quizQuestionVersions).values({ question_id: questionId, version, ...versionOf(input, before) });
    await tx.update(quizQuestions).set({ version, updated_at: new Date() }).where(eq(quizQuestions.id, questionId));
    const after = await getQuizQuestion(tx, questionId);
    await audit.record(tx, { entity: 'quiz_question', id: questionId, action: 'update', before: audited(before), after: audited(after) });
    return after;
  });
}

/**
 * Takes a question out of the bank and of every quiz; the attempts that had it keep it.
 * @throws ApiError 404 unknown or already deleted question
 */
export async function deleteQuizQuestion(db: Db, questionId: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await getQuizQuestion(tx, questionId);
    await tx.update(quizQuestions).set({ deleted_at: new Date(), updated_at: new Date() }).where(eq(quizQuestions.id, questionId));
    await tx.delete(quizItems).where(eq(quizItems.question_id, questionId));
    await audit.record(tx, { entity: 'quiz_question', id: questionId, action: 'delete', before: audited(before) });
  });
}

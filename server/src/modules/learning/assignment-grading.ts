/**
 * Staff's side of assignments (issue 37 item 3): the queue of submissions (ungraded first, oldest
 * waiting first; then graded, latest first), one submission with its files behind links signed for
 * the staff member, and grading: a score out of 100 and feedback, audited as a `grade` of the
 * `assignment_submission`, mailed to the buyer in the same transaction. A score at or above the
 * assignment's pass score makes the session done for the buyer (commerce's progress, `by:
 * 'assignment'`, which issues the certificate when it was the last session it waits for); a lower
 * one leaves the session as it was (an earlier pass stands). Grading again corrects the grade.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssignmentCourse, DashboardAssignmentSubmission, DashboardAssignmentSubmissionDetail, Paginated, User } from '@shop/contracts';
import type { AssignmentGradeInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { productSessionTitles, productTitles, setSessionProgress } from '../commerce';
import { getUserContacts } from '../users';
import { type AssignmentSigning, signedAssignmentFile } from './assignment-files';
import { submissionGradedMail } from './assignment-mails';
import { assignmentSubmissions } from './tables';
import { assignmentRules } from './assignments';
import { mayResubmit, submissionsOf } from './assignment-submissions';

/** The queue's query: a page, and optionally one course and one status. */
export interface AssignmentQueueQuery {
  page?: number;
  per_page?: number;
  product_id?: number;
  status?: DashboardAssignmentSubmission['status'];
}

type SubmissionRow = typeof assignmentSubmissions.$inferSelect;

/** Rows of the queue with their course's and session's titles and their buyers' names. */
async function toQueueRows(db: Db, rows: SubmissionRow[]): Promise<DashboardAssignmentSubmission[]> {
  const [courses, sessions, users] = await Promise.all([
    productTitles(db, [...new Set(rows.map((row) => row.product_id))]),
    productSessionTitles(db, [...new Set(rows.map((row) => row.product_session_id))]),
    getUserContacts(db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    product_id: row.product_id,
    product_title: courses.get(row.product_id) ?? '',
    product_session_id: row.product_session_id,
    session_title: sessions.get(row.product_session_id) ?? '',
    user_id: row.user_id,
    user_name: users.get(row.user_id)?.full_name ?? '',
    user_email: users.get(row.user_id)?.email ?? '',
    number: row.number,
    status: row.status,
    score: row.score,
    passed: row.passed,
    files_count: row.files.length,
    created_at: toIso(row.created_at),
    graded_at: row.graded_at ? toIso(row.graded_at) : null,
  }));
}

/** A page of the queue: ungraded first (oldest first), then graded (latest grade first). */
export async function listAssignmentSubmissions(db: Db, query: AssignmentQueueQuery): Promise<Paginated<DashboardAssignmentSubmission>> {
  const request = toPageRequest(query.page, query.per_page);
  const where: SQL | undefined = and(
    query.product_id ? eq(assignmentSubmissions.product_id, query.product_id) : undefined,
    query.status ? eq(assignmentSubmissions.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assignmentSubmissions)
      .where(where)
      .orderBy(
        sql`case when ${assignmentSubmissions.status} = 'submitted' then 0 else 1 end`,
        sql`case when ${assignmentSubmissions.status} = 'submitted' then ${assignmentSubmissions.created_at} end asc`,
        sql`${assignmentSubmissions.graded_at} desc nulls last`,
        sql`${assignmentSubmissions.id} desc`,
      )
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(assignmentSubmissions).where(where),
  ]);
  return { data: await toQueueRows(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/** The courses with submissions, by title (the queue's course filter). */
export async function listAssignmentCourses(db: Db): Promise<AssignmentCourse[]> {
  const ids = (await db.selectDistinct({ id: assignmentSubmissions.product_id }).from(assignmentSubmissions)).map((row) => row.id);
  const titles = await productTitles(db, ids);
  return ids.map((id) => ({ id, title: titles.get(id) ?? '' })).sort((a, b) => a.title.localeCompare(b.title, 'fa'));
}

/** @throws ApiError 404 for an unknown submission. */
async function submissionRow(db: Db, submissionId: number): Promise<SubmissionRow> {
  const [row] = await db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.id, submissionId));
  if (!row) throw notFound();
  return row;
}

/**
 * Submission `submissionId` for the grading page: its text, its files with links signed for
 * `viewerId`, the assignment's instructions and pass score, and who graded it.
 * @throws ApiError 404 unknown submission
 */
export async function getAssignmentSubmission(db: Db, submissionId: number, viewerId: number, signing: AssignmentSigning): Promise<DashboardAssignmentSubmissionDetail> {
  const row = await submissionRow(db, submissionId);
  const [[queued], rules, grader] = await Promise.all([
    toQueueRows(db, [row]),
    assignmentRules(db, row.product_session_id),
    row.graded_by ? getUserContacts(db, [row.graded_by]) : Promise.resolve(new Map()),
  ]);
  return {
    ...queued!,
    text: row.text,
    files: row.files.map((file) => signedAssignmentFile(file, viewerId, signing)),
    feedback: row.feedback,
    graded_by_name: row.graded_by ? (grader.get(row.graded_by)?.full_name ?? null) : null,
    instructions: rules.instructions,
    pass_score: rules.pass_score,
    allow_resubmit: rules.allow_resubmit,
  };
}

/**
 * Grades submission `submissionId` with `input` (score 0–100, feedback) as `audit`'s staff member:
 * audited, the buyer mailed, and at or above the pass score the session done for them.
 * @throws ApiError 404 unknown submission
 */
export async function gradeAssignmentSubmission(
  app: FastifyInstance,
  submissionId: number,
  input: AssignmentGradeInput,
  audit: AuditContext,
): Promise<DashboardAssignmentSubmissionDetail> {
  const db = app.db;
  const before = await submissionRow(db, submissionId);
  const rules = await assignmentRules(db, before.product_session_id);
  const passed = input.score >= rules.pass_score;
  const feedback = input.feedback.trim();
  const [buyer, courses, sessions] = await Promise.all([
    getUserContacts(db, [before.user_id]),
    productTitles(db, [before.product_id]),
    productSessionTitles(db, [before.product_session_id]),
  ]);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [after] = await tx
      .update(assignmentSubmissions)
      .set({ status: 'graded', score: input.score, passed, feedback, graded_by: audit.actorId, graded_at: new Date() })
      .where(eq(assignmentSubmissions.id, submissionId))
      .returning();
    if (!after) throw notFound();
    const audited = (row: SubmissionRow) => ({ status: row.status, score: row.score, passed: row.passed, feedback: row.feedback, user_id: row.user_id, product_session_id: row.product_session_id });
    await audit.record(tx, { entity: 'assignment_submission', id: submissionId, action: 'grade', before: audited(before), after: audited(after) });
    const contact = buyer.get(before.user_id);
    if (contact) {
      const all = await submissionsOf(tx, before.user_id, before.product_session_id);
      await app.mailer.sendLater(
        tx,
        submissionGradedMail({
          to: contact.email,
          fullName: contact.full_name,
          courseTitle: courses.get(before.product_id) ?? '',
          sessionTitle: sessions.get(before.product_session_id) ?? '',
          score: input.score,
          passScore: rules.pass_score,
          passed,
          feedback,
          canResubmit: mayResubmit(rules, all).ok,
          link: `${app.settings.publicUrl}/products/${before.product_id}/${before.product_session_id}`,
        }),
      );
    }
  });
  if (passed) await settleAssignmentSession(db, before.user_id, before.product_session_id);
  return getAssignmentSubmission(db, submissionId, audit.actorId, { appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds });
}

/**
 * Marks assignment `sessionId` done for buyer `userId` (commerce's progress, which issues the
 * certificate when it was the last session it waits for). Nothing when they no longer own the
 * course or the session is no longer active.
 */
async function settleAssignmentSession(db: Db, userId: number, sessionId: number): Promise<void> {
  const holder = (await getUserContacts(db, [userId])).get(userId);
  if (!holder) return;
  try {
    await setSessionProgress(db, { id: userId, full_name: holder.full_name } as User, sessionId, { done: true }, 'assignment');
  } catch (error) {
    if (!(error instanceof ApiError && (error.statusCode === 403 || error.statusCode === 404))) throw error;
  }
}

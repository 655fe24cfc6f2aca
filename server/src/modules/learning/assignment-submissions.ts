/**
 * A buyer's side of assignments (issue 37 item 3). Owns `assignment_submissions` and
 * `assignment_uploads` (with assignment-uploads.ts and assignment-grading.ts).
 *
 * - The buyer uploads each file by the resumable upload (assignment-uploads.ts), then sends a text
 *   and the files uploaded: one submission, numbered, waiting for staff (`submitted`).
 * - One ungraded submission per buyer and assignment; once graded, they may send again as the
 *   assignment allows (never, until one passes, always): {@link mayResubmit}, the one rule.
 * - Sending mails every staff member holding `manage-product-sessions` (and every super), queued in
 *   the submission's transaction.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssignmentOverview, AssignmentSubmission, User } from '@shop/contracts';
import type { AssignmentSubmissionInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { COMMERCE_MESSAGES, hasBoughtProduct, isSessionRequiredForCertificate, productTitles, type ProductSessionRef } from '../commerce';
import { staffHolding } from '../users';
import { type AssignmentSigning, signedAssignmentFile } from './assignment-files';
import { newSubmissionMail } from './assignment-mails';
import { ASSIGNMENT_MESSAGES } from './assignment-messages';
import { assignmentSubmissions, assignmentUploads, type StoredAssignmentFile } from './tables';
import { assignmentRules, assignmentSessionRef, type AssignmentRules } from './assignments';

type SubmissionRow = typeof assignmentSubmissions.$inferSelect;

/**
 * Assignment `sessionId` for buyer `user`: active, of an active course they own, with its rules.
 * @throws ApiError 404 unknown, inactive or not an assignment; 403 `sessionLocked` unless they own the course
 */
export async function buyersAssignment(db: Db, user: Pick<User, 'id'>, sessionId: number): Promise<{ session: ProductSessionRef; rules: AssignmentRules }> {
  const session = await assignmentSessionRef(db, sessionId);
  if (!session.is_active) throw notFound();
  if (!(await hasBoughtProduct(db, user.id, session.product_id))) throw new ApiError(403, COMMERCE_MESSAGES.sessionLocked);
  return { session, rules: await assignmentRules(db, sessionId) };
}

/** `userId`'s submissions of assignment `sessionId`, newest first. */
export function submissionsOf(db: Db, userId: number, sessionId: number) {
  return db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.user_id, userId), eq(assignmentSubmissions.product_session_id, sessionId)))
    .orderBy(desc(assignmentSubmissions.number));
}

/**
 * Whether a buyer with `submissions` (any order) may send a new one under `rules`, and if not why
 * (a Persian message): none may wait for staff; after a graded one, as `allow_resubmit` says.
 */
export function mayResubmit(rules: Pick<AssignmentRules, 'allow_resubmit'>, submissions: ReadonlyArray<Pick<SubmissionRow, 'status' | 'passed'>>): { ok: true } | { ok: false; message: string } {
  if (submissions.length === 0) return { ok: true };
  if (submissions.some((s) => s.status === 'submitted')) return { ok: false, message: ASSIGNMENT_MESSAGES.openSubmission };
  if (rules.allow_resubmit === 'never') return { ok: false, message: ASSIGNMENT_MESSAGES.resubmitNever };
  if (rules.allow_resubmit === 'until_passed' && submissions.some((s) => s.passed === true)) return { ok: false, message: ASSIGNMENT_MESSAGES.alreadyPassed };
  return { ok: true };
}

/** Submission `row` as `viewerId` (its buyer or staff) sees it, each file with a link signed for them. */
export function toSubmission(row: SubmissionRow, viewerId: number, signing: AssignmentSigning): AssignmentSubmission {
  return {
    id: row.id,
    product_session_id: row.product_session_id,
    number: row.number,
    text: row.text,
    files: row.files.map((file) => signedAssignmentFile(file, viewerId, signing)),
    status: row.status,
    score: row.score,
    passed: row.passed,
    feedback: row.feedback,
    graded_at: row.graded_at ? toIso(row.graded_at) : null,
    created_at: toIso(row.created_at),
  };
}

/** `userId`'s uploads for their next submission of `sessionId`, oldest first. */
function pendingUploadsOf(db: Db, userId: number, sessionId: number) {
  return db
    .select()
    .from(assignmentUploads)
    .where(and(eq(assignmentUploads.user_id, userId), eq(assignmentUploads.product_session_id, sessionId), isNull(assignmentUploads.submission_id)))
    .orderBy(assignmentUploads.created_at);
}

/** How many files `userId` has uploaded and not yet sent for assignment `sessionId` (the upload's count limit). */
export async function pendingUploadCount(db: Db, userId: number, sessionId: number): Promise<number> {
  return (await pendingUploadsOf(db, userId, sessionId)).length;
}

/**
 * Assignment `sessionId`'s rules, `user`'s submissions (newest first, files signed for them), the
 * files uploaded and not sent, and whether they may send now.
 * @throws ApiError 404 unknown, inactive or not an assignment; 403 `sessionLocked` unless bought
 */
export async function getAssignmentOverview(db: Db, user: User, sessionId: number, signing: AssignmentSigning): Promise<AssignmentOverview> {
  const { rules } = await buyersAssignment(db, user, sessionId);
  const [rows, pending, required] = await Promise.all([
    submissionsOf(db, user.id, sessionId),
    pendingUploadsOf(db, user.id, sessionId),
    isSessionRequiredForCertificate(db, sessionId),
  ]);
  return {
    ...rules,
    required_for_certificate: required,
    product_session_id: sessionId,
    submissions: rows.map((row) => toSubmission(row, user.id, signing)),
    pending_files: pending.map((upload) => signedAssignmentFile(upload, user.id, signing)),
    can_submit: mayResubmit(rules, rows).ok,
    passed: rows.some((row) => row.passed === true),
  };
}

/**
 * Sends `user`'s submission of assignment `sessionId`: `input.text` and the files uploaded for it
 * (`upload_ids`, theirs, of this assignment, not sent yet), then mails staff in the same transaction.
 * @returns the submission, its files signed for the buyer
 * @throws ApiError 404/403 as {@link getAssignmentOverview}; 422 `openSubmission`, `resubmitNever`,
 *   `alreadyPassed`; 422 field errors: `upload_ids` (unknown upload, more than `max_files`), `text`
 *   (neither a text nor a file)
 */
export async function submitAssignment(app: FastifyInstance, user: User, sessionId: number, input: AssignmentSubmissionInput): Promise<AssignmentSubmission> {
  const db = app.db;
  const { session, rules } = await buyersAssignment(db, user, sessionId);
  const earlier = await submissionsOf(db, user.id, sessionId);
  const allowed = mayResubmit(rules, earlier);
  if (!allowed.ok) throw new ApiError(422, allowed.message);
  const ids = [...new Set(input.upload_ids)];
  if (ids.length > rules.max_files) throw validationFailed({ upload_ids: [ASSIGNMENT_MESSAGES.tooManyFiles(rules.max_files)] });
  const uploads = ids.length === 0 ? [] : await pendingUploadsOf(db, user.id, sessionId).then((rows) => rows.filter((row) => ids.includes(row.id)));
  if (uploads.length !== ids.length) throw validationFailed({ upload_ids: [ASSIGNMENT_MESSAGES.uploadUnknown] });
  if (!input.text.trim() && ids.length === 0) throw validationFailed({ text: [ASSIGNMENT_MESSAGES.textOrFiles] });
  const files: StoredAssignmentFile[] = ids.map((id) => uploads.find((upload) => upload.id === id)!).map(({ id, key, name, size, type }) => ({ id, key, name, size, type }));
  const courseTitle = (await productTitles(db, [session.product_id])).get(session.product_id) ?? '';
  try {
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [created] = await tx
        .insert(assignmentSubmissions)
        .values({ product_session_id: sessionId, product_id: session.product_id, user_id: user.id, number: (earlier[0]?.number ?? 0) + 1, text: input.text.trim(), files })
        .returning();
      if (ids.length > 0) {
        const attached = await tx
          .update(assignmentUploads)
          .set({ submission_id: created!.id })
          .where(and(inArray(assignmentUploads.id, ids), isNull(assignmentUploads.submission_id)))
          .returning({ id: assignmentUploads.id });
        // Another tab sent or dropped one of them meanwhile: nothing of this one stays.
        if (attached.length !== ids.length) throw validationFailed({ upload_ids: [ASSIGNMENT_MESSAGES.uploadUnknown] });
      }
      for (const staff of await staffHolding(tx, 'manage-product-sessions')) {
        await app.mailer.sendLater(
          tx,
          newSubmissionMail({
            to: staff.email,
            fullName: staff.full_name,
            buyerName: user.full_name,
            courseTitle,
            sessionTitle: session.title,
            text: created!.text,
            filesCount: files.length,
            link: `${app.settings.publicUrl}/dashboard/assignments/${created!.id}`,
          }),
        );
      }
      return created!;
    });
    return toSubmission(row, user.id, { appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds });
  } catch (error) {
    // Two tabs sent at once: the other one's submission waits for staff.
    if (uniqueViolation(error)) throw new ApiError(422, ASSIGNMENT_MESSAGES.openSubmission);
    throw error;
  }
}

/**
 * Drops `user`'s file `uploadId` uploaded for assignment `sessionId` and not sent; its bytes are removed.
 * @throws ApiError 404 unknown, another's, of another assignment or already sent
 */
export async function discardAssignmentUpload(app: FastifyInstance, user: User, sessionId: number, uploadId: string): Promise<void> {
  await buyersAssignment(app.db, user, sessionId);
  const [dropped] = await app.db
    .delete(assignmentUploads)
    .where(and(eq(assignmentUploads.id, uploadId), eq(assignmentUploads.user_id, user.id), eq(assignmentUploads.product_session_id, sessionId), isNull(assignmentUploads.submission_id)))
    .returning({ key: assignmentUploads.key });
  if (!dropped) throw notFound();
  await app.storage.deletePrivate(dropped.key);
}

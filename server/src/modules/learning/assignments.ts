/**
 * An assignment's rules as staff set them (issue 37 item 3). Owns `assignments`. A session becomes
 * an assignment by its kind (the session form, commerce); until its rules are saved it has
 * {@link DEFAULT_ASSIGNMENT_RULES}. Whether the certificate waits for it is commerce's
 * `required_for_certificate` of the session, saved with the rules in one transaction.
 */
import { eq } from 'drizzle-orm';
import type { AssignmentSettings, AssignmentSettingsBody } from '@shop/contracts';
import { DEFAULT_ASSIGNMENT_TYPES, type AssignmentSettingsInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { sanitizeRichText } from '../../lib/html';
import { getProductSessionRef, isSessionRequiredForCertificate, type ProductSessionRef, setSessionRequiredForCertificate } from '../commerce';
import { ASSIGNMENT_MESSAGES } from './assignment-messages';
import { assignments } from './tables';

/** An assignment's rules, without whether the certificate waits for it. */
export type AssignmentRules = Omit<AssignmentSettingsBody, 'required_for_certificate'>;

/** The rules of an assignment whose rules were never saved: three files of 10 MB, pass at 60, send again until passed. */
export const DEFAULT_ASSIGNMENT_RULES: AssignmentRules = {
  instructions: '',
  max_files: 3,
  max_file_size_mb: 10,
  allowed_types: DEFAULT_ASSIGNMENT_TYPES,
  pass_score: 60,
  allow_resubmit: 'until_passed',
};

/**
 * Session `sessionId` when it is an assignment (active or not).
 * @throws ApiError 404 for an unknown session, and `notAnAssignment` for another kind
 */
export async function assignmentSessionRef(db: Db, sessionId: number): Promise<ProductSessionRef> {
  const session = await getProductSessionRef(db, sessionId);
  if (!session) throw notFound();
  if (session.kind !== 'assignment') throw notFound(ASSIGNMENT_MESSAGES.notAnAssignment);
  return session;
}

/** The saved rules of assignment `sessionId`, else the defaults. */
export async function assignmentRules(db: Db, sessionId: number): Promise<AssignmentRules> {
  const [row] = await db.select().from(assignments).where(eq(assignments.product_session_id, sessionId));
  if (!row) return DEFAULT_ASSIGNMENT_RULES;
  const { product_session_id: _session, updated_at: _updated, ...rules } = row;
  return rules;
}

/**
 * Assignment `sessionId`'s rules as the dashboard edits them.
 * @throws ApiError 404 unknown session or not an assignment
 */
export async function getAssignmentSettings(db: Db, sessionId: number): Promise<AssignmentSettings> {
  const session = await assignmentSessionRef(db, sessionId);
  const [rules, required] = await Promise.all([assignmentRules(db, sessionId), isSessionRequiredForCertificate(db, sessionId)]);
  return { ...rules, required_for_certificate: required, product_session_id: sessionId, product_id: session.product_id };
}

/**
 * Saves assignment `sessionId`'s rules (instructions sanitized) and whether the certificate waits
 * for it, audited as an `update` of the `assignment`. Submissions already sent keep their files.
 * @throws ApiError 404 unknown session or not an assignment
 */
export async function saveAssignmentSettings(db: Db, sessionId: number, input: AssignmentSettingsInput, audit: AuditContext): Promise<AssignmentSettings> {
  const before = await getAssignmentSettings(db, sessionId);
  const { required_for_certificate: required, ...rest } = input;
  const rules: AssignmentRules = { ...rest, instructions: sanitizeRichText(rest.instructions), allowed_types: [...new Set(rest.allowed_types)] };
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .insert(assignments)
      .values({ product_session_id: sessionId, ...rules })
      .onConflictDoUpdate({ target: assignments.product_session_id, set: { ...rules, updated_at: new Date() } });
    await setSessionRequiredForCertificate(tx, sessionId, required);
    await audit.record(tx, { entity: 'assignment', id: sessionId, action: 'update', before, after: { ...before, ...rules, required_for_certificate: required } });
  });
  return getAssignmentSettings(db, sessionId);
}

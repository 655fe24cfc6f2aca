/**
 * Links to the files of assignment submissions (issue 37 item 3), like lesson files (commerce's
 * signed-urls.ts): `/api/media/assignment-files/<upload id>?expires=<unix s>&signature=<hmac>`,
 * signed with the app key for one viewer (the buyer who sent it, or a staff member grading it) and
 * expiring; the route checks the signature against the signed-in caller and asks
 * {@link getAssignmentFileForViewer} whether they may still see it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type AssignmentFile, hasPermission, type User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { assignmentUploads, type StoredAssignmentFile } from './tables';

/** Path prefix of the submission-file route. */
export const ASSIGNMENT_FILE_PATH = '/api/media/assignment-files/';

/** The app key and lifetime (seconds) links are signed with. */
export interface AssignmentSigning {
  appKey: string;
  ttlSeconds: number;
}

const subject = (uploadId: string, viewerId: number) => `assignment-file:${uploadId}:${viewerId}`;
const signature = (appKey: string, text: string, expires: number) => createHmac('sha256', appKey).update(`${text}:${expires}`).digest('base64url');

/** File `file` as `viewerId` sees it: with a link signed for them, valid `signing.ttlSeconds` from `now` (ms). */
export function signedAssignmentFile(file: StoredAssignmentFile, viewerId: number, signing: AssignmentSigning, now = Date.now()): AssignmentFile {
  const expires = Math.floor(now / 1000) + signing.ttlSeconds;
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    type: file.type,
    url: `${ASSIGNMENT_FILE_PATH}${file.id}?expires=${expires}&signature=${signature(signing.appKey, subject(file.id, viewerId), expires)}`,
    url_expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** True when `sig` signs upload `uploadId` for `viewerId` until `expires` (unix s), still ahead of `now` (ms). */
export function isValidAssignmentFileSignature(appKey: string, uploadId: string, viewerId: number, expires: number, sig: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(appKey, subject(uploadId, viewerId), expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The stored file of upload `uploadId` when `viewer` may see it now: the buyer who uploaded it, or
 * staff holding `manage-product-sessions` once it is part of a submission; else null.
 */
export async function getAssignmentFileForViewer(db: Db, viewer: User, uploadId: string): Promise<{ key: string; name: string; type: string } | null> {
  const [row] = await db
    .select({ key: assignmentUploads.key, name: assignmentUploads.name, type: assignmentUploads.type, user_id: assignmentUploads.user_id, submission_id: assignmentUploads.submission_id })
    .from(assignmentUploads)
    .where(eq(assignmentUploads.id, uploadId));
  if (!row) return null;
  const staff = row.submission_id !== null && hasPermission(viewer, 'manage-product-sessions');
  return row.user_id === viewer.id || staff ? { key: row.key, name: row.name, type: row.type } : null;
}

/**
 * Revocation from an identification (issue 38 item 4: «from the result, staff revoke that account's
 * access with one action (its streams stop within one segment) and the audit log records the
 * evidence; the buyer is told by mail»). One transaction ends every active grant of the named account
 * for the session's course (durably: the access ledger never opens a revoked grant's item again),
 * marks the identification revoked, records a `revoke` of the identification with its evidence and
 * queues the buyer's mail; after the commit the account's streams end in the stream registry, so the
 * next playlist or segment request of any of its players is refused (409 `stream_superseded`, at
 * most one segment's length later) and a new playback is refused for want of a grant (403).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ForensicIdentification } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { forensicSessionsOf, revokeCourseAccess } from '../commerce';
import { getUserContacts } from '../users';
import { getIdentification } from './identifications';
import { accessRevokedMail } from './mails';
import { FORENSICS_MESSAGES } from './messages';
import { forensicIdentifications } from './tables';

/** The public page a buyer who objects is sent to. */
const CONTACT_PAGE = '/contact-us';

/**
 * Revokes the access of the account identification `id` named to its session's course, for the
 * reason `text` (as `forensicRevocationSchema` of @shop/validation has checked it: 3–500 characters,
 * trimmed), on behalf of `audit`'s staff member; answers the identification with its `revocation`.
 * @throws ApiError 404 unknown identification; 409 when it named nobody (not done, or `cannot-say`)
 * or was revoked already
 */
export async function revokeFromIdentification(app: FastifyInstance, id: number, text: string, audit: AuditContext): Promise<ForensicIdentification> {
  let userId = 0;
  await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(forensicIdentifications).where(eq(forensicIdentifications.id, id)).for('update');
    if (!row) throw notFound();
    if (row.revoked_at !== null) throw new ApiError(409, FORENSICS_MESSAGES.alreadyRevoked);
    if (row.status !== 'done' || row.verdict !== 'identified' || row.user_id === null) throw new ApiError(409, FORENSICS_MESSAGES.nobodyNamed);
    userId = row.user_id;
    const session = (await forensicSessionsOf(tx, [row.product_session_id])).get(row.product_session_id);
    if (!session) throw notFound();
    const ended = await revokeCourseAccess(tx, row.user_id, session.product_id);
    const [after] = await tx
      .update(forensicIdentifications)
      .set({ revoked_at: new Date(), revoked_by: audit.actorId, revocation_reason: text, grants_ended: ended })
      .where(eq(forensicIdentifications.id, id))
      .returning();
    const kept = { user_id: row.user_id, product_id: session.product_id, session_id: row.product_session_id, confidence: row.confidence, evidence: row.evidence };
    await audit.record(tx, {
      entity: 'forensic_identification',
      id,
      action: 'revoke',
      before: { ...kept, revoked_at: null, revocation_reason: null, grants_ended: null },
      after: { ...kept, revoked_at: after!.revoked_at, revocation_reason: text, grants_ended: ended },
      keep: ['user_id', 'product_id', 'session_id', 'confidence', 'evidence'],
    });
    const buyer = (await getUserContacts(tx, [row.user_id])).get(row.user_id);
    if (buyer?.email) {
      await app.mailer.sendLater(
        tx,
        accessRevokedMail({ to: buyer.email, fullName: buyer.full_name, courseTitle: session.product_title, reason: text, contactLink: `${app.settings.publicUrl}${CONTACT_PAGE}` }),
      );
    }
  });
  // After the commit: its players stop at their next request (the registry fails open if it is away).
  await app.streams.endUser(userId).catch((error: unknown) => app.log.warn({ err: error, userId }, "a revoked account's streams could not be ended; its grants are ended"));
  return getIdentification(app.db, id);
}

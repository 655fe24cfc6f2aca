/**
 * Whether a course's certificate waits for a session (issue 37 item 3; the rule is certificates.ts'):
 * `product_sessions.required_for_certificate`, which the learning module sets with an assignment's rules.
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { getUserContacts } from '../users';
import { issueCertificate } from './certificates';
import { activeGrant } from './access-ledger';
import { accessGrants, certificates, productSessions, sessionProgress } from './tables';

/** Whether the certificate of its course waits for session `sessionId` (true for an unknown one). */
export async function isSessionRequiredForCertificate(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db.select({ required: productSessions.required_for_certificate }).from(productSessions).where(eq(productSessions.id, sessionId));
  return row?.required ?? true;
}

/**
 * Makes the certificate of its course wait for session `sessionId` or not, in the caller's
 * transaction. Made optional, the session may have been all that a buyer lacked: every owner of the
 * course who has now done every session it waits for, and holds no valid certificate, gets one.
 */
export async function setSessionRequiredForCertificate(db: Db, sessionId: number, required: boolean): Promise<void> {
  const [session] = await db
    .update(productSessions)
    .set({ required_for_certificate: required })
    .where(eq(productSessions.id, sessionId))
    .returning({ product_id: productSessions.product_id });
  if (required || !session) return;
  const result = await db.execute(sql`
    select distinct sp.user_id from ${sessionProgress} as sp
    join ${productSessions} as s on s.id = sp.product_session_id
    where s.product_id = ${session.product_id} and sp.completed_at is not null
      and exists (select 1 from ${accessGrants} as g where g.user_id = sp.user_id and g.product_id = ${session.product_id} and ${activeGrant})
      and not exists (select 1 from ${certificates} as c where c.user_id = sp.user_id and c.product_id = ${session.product_id} and c.revoked_at is null)
      and not exists (
        select 1 from ${productSessions} as r
        left join ${sessionProgress} as rp on rp.product_session_id = r.id and rp.user_id = sp.user_id
        where r.product_id = ${session.product_id} and r.is_active and r.required_for_certificate and rp.completed_at is null)`);
  const ids = rowsOf<{ user_id: number }>(result).map((row) => row.user_id);
  const holders = await getUserContacts(db, ids);
  for (const id of ids) {
    const holder = holders.get(id);
    if (holder) await issueCertificate(db, { id, full_name: holder.full_name }, session.product_id);
  }
}

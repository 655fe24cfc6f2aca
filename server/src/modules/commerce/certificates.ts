/**
 * Certificates of courses finished (issue 24 "Certificate"): issued when a buyer has done every
 * active session of a course, public at `/certificates/{code}` for anyone to check, revoked when
 * the buyer loses the course (a refund, a course given by hand taken back; the page then says so)
 * and issued again when they own it again ({@link reconcileCertificates}).
 * The holder's name and the course's title are kept as they were at issue.
 *
 * The one rule (issue 37 item 3): a certificate waits for every active session whose
 * `required_for_certificate` is true, which is every session but an assignment staff made optional;
 * an optional one still counts in the buyer's progress, but not here.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Certificate, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { certificates, products, productSessions, sessionProgress } from './tables';
import { toIso } from '../../lib/dates';
import { ownsProductSql } from './ownership';

/** Letters and digits of a code, without those read alike (0/O, 1/I/L, 5/S, 8/B, 2/Z, U/V). */
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTWXY34679';
/** Characters of a code: 23^10 ≈ 4·10^13 codes, so a guessed one is as good as never valid. */
const CODE_LENGTH = 10;

/** A verification code: {@link CODE_LENGTH} characters of {@link CODE_ALPHABET}. */
export function newCertificateCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The shape of a code, checked before any query. */
export const CERTIFICATE_CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

const columns = {
  code: certificates.code,
  holder_name: certificates.holder_name,
  product_id: certificates.product_id,
  product_title: certificates.product_title,
  issued_at: certificates.issued_at,
  revoked_at: certificates.revoked_at,
};

function toCertificate(row: { code: string; holder_name: string; product_id: number; product_title: string; issued_at: Date; revoked_at: Date | null }): Certificate {
  return { ...row, issued_at: toIso(row.issued_at), revoked_at: row.revoked_at ? toIso(row.revoked_at) : null };
}

/**
 * Issues `holder` the certificate of `productId` in their name, called once every active session
 * of the course is done (sessions-service.ts `setSessionProgress`): a new one, or a revoked one
 * issued again (bought again and finished again) with today's date; an active one stays as it is.
 */
export async function issueCertificate(db: Db, holder: Pick<User, 'id' | 'full_name'>, productId: number): Promise<void> {
  await db.execute(sql`
    insert into ${certificates} (code, user_id, product_id, holder_name, product_title)
    select ${newCertificateCode()}, ${holder.id}, p.id, ${holder.full_name}, p.title
    from ${products} as p where p.id = ${productId}
    on conflict (user_id, product_id) do update
      set revoked_at = null, issued_at = now(), holder_name = excluded.holder_name, product_title = excluded.product_title
      where ${certificates}.revoked_at is not null`);
}

/**
 * Brings `userId`'s certificates of `productIds` in line with what they own, after any change of
 * ownership (a payment, a refund, an order set paid or unpaid, a course given by hand, changed or
 * taken back), in the caller's transaction: one of a course they no longer own is revoked; a
 * revoked one of a course they own again (bought again) is issued again, dated today, when every
 * active session is still done (sessions stay done, so no "last session done" comes to issue it).
 */
export async function reconcileCertificates(db: Db, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const owns = ownsProductSql(userId, certificates.product_id);
  const ofCourses = and(eq(certificates.user_id, userId), inArray(certificates.product_id, productIds));
  await db
    .update(certificates)
    .set({ revoked_at: sql`now()` })
    .where(and(ofCourses, isNull(certificates.revoked_at), sql`not ${owns}`));
  await db
    .update(certificates)
    .set({ revoked_at: null, issued_at: sql`now()` })
    .where(
      and(
        ofCourses,
        isNotNull(certificates.revoked_at),
        owns,
        sql`not exists (
          select 1 from ${productSessions} as s
          left join ${sessionProgress} as sp on sp.product_session_id = s.id and sp.user_id = ${userId}
          where s.product_id = ${certificates.product_id} and s.is_active and s.required_for_certificate and sp.completed_at is null)`,
      ),
    );
}

/** `GET /api/certificates/:code`: the certificate of `code`, revoked or not, or null. */
export async function getCertificate(db: Db, code: string): Promise<Certificate | null> {
  if (!CERTIFICATE_CODE.test(code)) return null;
  const [row] = await db.select(columns).from(certificates).where(eq(certificates.code, code));
  return row ? toCertificate(row) : null;
}

/** The code of `userId`'s valid (not revoked) certificate of course `productId`, or null (issue 32 item 7: the course page links it). */
export async function validCertificateCode(db: Db, userId: number, productId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.user_id, userId), eq(certificates.product_id, productId), isNull(certificates.revoked_at)));
  return row?.code ?? null;
}

/** The certificates of `userId`, newest first, revoked ones included (the profile says which). */
export async function listCertificates(db: Db, userId: number): Promise<Certificate[]> {
  const rows = await db.select(columns).from(certificates).where(eq(certificates.user_id, userId)).orderBy(desc(certificates.issued_at));
  return rows.map(toCertificate);
}

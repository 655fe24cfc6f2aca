/**
 * A course's learners as other modules count them (issue 37 item 6, «what staff learn»): the
 * course's outline, its buyers from the access ledger and its buyers' progress rows, given as
 * SQL subqueries so that the learning module's analytics aggregate them in a few queries of its
 * own, without reaching into commerce's tables.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionKind } from '@shop/contracts';
import type { Db } from '../../db/client';
import { activeGrant } from './access-ledger';
import { accessGrants, products, productSessions, sessionProgress } from './tables';

/** A course and its active sessions in course order, as analytics lists them. */
export interface CourseOutline {
  id: number;
  title: string;
  sessions: Array<{ id: number; title: string; position: number; kind: SessionKind }>;
}

/** Course `productId` (active or not) with its active sessions by position; null when unknown. */
export async function getCourseOutline(db: Db, productId: number): Promise<CourseOutline | null> {
  const [product] = await db.select({ id: products.id, title: products.title }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const sessions = await db
    .select({ id: productSessions.id, title: productSessions.title, position: productSessions.position, kind: productSessions.kind })
    .from(productSessions)
    .where(and(eq(productSessions.product_id, productId), eq(productSessions.is_active, true)))
    .orderBy(asc(productSessions.position), asc(productSessions.id));
  return { ...product, sessions };
}

/**
 * SQL subquery of the course's buyers, one row each: `user_id` and `active` (a grant of it gives
 * access now). A buyer is whoever ever had a grant of the course, active or ended.
 */
export function courseBuyersSql(productId: number): SQL {
  return sql`(
    select g.user_id, bool_or(${activeGrant}) as active
    from ${accessGrants} as g
    where g.product_id = ${productId}
    group by g.user_id
  )`;
}

/** SQL subquery of the progress rows of sessions `sessionIds`: `user_id`, `product_session_id`, `done`. */
export function sessionProgressSql(sessionIds: number[]): SQL {
  return sql`(
    select ${sessionProgress.user_id} as user_id, ${sessionProgress.product_session_id} as product_session_id,
      ${sessionProgress.completed_at} is not null as done
    from ${sessionProgress}
    where ${inArray(sessionProgress.product_session_id, sessionIds)}
  )`;
}

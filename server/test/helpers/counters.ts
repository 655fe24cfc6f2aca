/**
 * Checks of the counters kept by the triggers of migration 0007 (issue 9): each content row's
 * `likes_count` and `comments_count` against a count of its likes and approved comments, and
 * `content_counts` against a count of the active rows of each type.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/** A row whose stored counters differ from the counted ones. */
export interface CounterMismatch {
  type: string;
  id: number;
  stored: string;
  counted: string;
}

const TABLES = [
  ['post', 'posts'],
  ['podcast', 'podcasts'],
  ['product', 'products'],
  ['product_session', 'product_sessions'],
] as const;

/** Every content row (and `content_counts` entry) whose counters are wrong; empty when all are right. */
export async function counterMismatches(db: Db): Promise<CounterMismatch[]> {
  const mismatches: CounterMismatch[] = [];
  for (const [type, table] of TABLES) {
    const result = await db.execute(sql`
      select ${type}::text as type, t.id,
        t.likes_count || '/' || t.comments_count as stored,
        (select count(*) from likes l where l.likeable_type = ${type} and l.likeable_id = t.id) || '/' ||
        (select count(*) from comments c where c.commentable_type = ${type} and c.commentable_id = t.id and c.status = 'approved') as counted
      from ${sql.identifier(table)} as t`);
    const active = await db.execute(sql`
      select ${type}::text as type, 0 as id, coalesce((select active from content_counts where type = ${type}), -1)::text as stored,
        (select count(*) from ${sql.identifier(table)} where is_active)::text as counted`);
    for (const row of [...rowsOf(result), ...rowsOf(active)]) {
      if (row.stored !== row.counted) mismatches.push({ ...row, id: Number(row.id) });
    }
  }
  return mismatches;
}

function rowsOf(result: unknown): CounterMismatch[] {
  return ((result as { rows?: CounterMismatch[] }).rows ?? []) as CounterMismatch[];
}

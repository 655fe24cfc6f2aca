/**
 * «A session opened» mails (issue 37 item 5). A daily job (queue `session-open-mails`, 08:00 Tehran
 * time, one run a day across every replica) mails each buyer whose session was opened by its date
 * (days after purchase, a day, or a day staff moved it to for them) within the last
 * {@link LOOKBACK_DAYS} days and is open now (its prerequisite met). Each buyer and session is claimed
 * by inserting a `session_open_notices` row (`on conflict do nothing`), with the mails queued in the
 * claim's transaction, so a retried job or a second replica mails once. A session opened by its
 * prerequisite being done opens at once in front of the buyer, who just did it: no mail; neither for
 * a lock staff lifted (they tell the buyer themselves).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client';
import { TEHRAN_TIME_ZONE } from '../../lib/jalali-periods';
import { getUserContacts } from '../users';
import { sessionOpenedMail } from './mails';
import { sessionOpenSql, sessionOpensAtSql } from './session-schedule';
import { sessionOpenNotices, sessionUnlocks } from './session-schedule-tables';
import { accessGrants, products, productSessions } from './tables';

/** The job queue of the daily mails. */
export const SESSION_OPEN_MAIL_QUEUE = 'session-open-mails';

/** When the mails go: every day at 08:00 Tehran time, after the night's midnight openings. */
const SESSION_OPEN_MAIL_CRON = '0 8 * * *';

/** How far back an opening is still news: a day's run missed is made up by the next ones. */
export const LOOKBACK_DAYS = 3;

/** One claimed mail: the buyer, the session and when it opened. */
interface ClaimedRow {
  user_id: number;
  session_id: number;
  session_title: string;
  product_id: number;
  product_title: string;
  opened_at: Date | string;
}

/**
 * Sends the mails due at `now` (see the file's comment).
 * @returns how many buyer–session mails were queued
 */
export async function mailOpenedSessions(app: FastifyInstance, now = new Date()): Promise<number> {
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const s = sql.raw('s');
    const buyer = sql.raw('b.user_id');
    const opensAt = sessionOpensAtSql(buyer, s);
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await tx.execute(sql`
      with opened as (
        select b.user_id, s.id as session_id, s.title as session_title, p.id as product_id, p.title as product_title, ${opensAt} as opened_at
        from ${productSessions} as s
        join ${products} as p on p.id = s.product_id and p.is_active
        join (select distinct g.user_id, g.product_id from ${accessGrants} as g
          where g.ended_at is null and g.starts_at <= ${at} and (g.ends_at is null or g.ends_at > ${at})) as b on b.product_id = s.product_id
        where s.is_active and not s.is_free_preview
          and ${opensAt} > ${at} - ${LOOKBACK_DAYS} * interval '1 day' and ${opensAt} <= ${at}
          and ${sessionOpenSql(buyer, s, at)}
          and not exists (select 1 from ${sessionUnlocks} as lifted where lifted.user_id = b.user_id and lifted.product_session_id = s.id and lifted.opens_at is null)
      ), claimed as (
        insert into ${sessionOpenNotices} (user_id, product_session_id, sent_at)
        select user_id, session_id, ${at} from opened
        on conflict do nothing
        returning user_id, product_session_id
      )
      select opened.* from opened join claimed on claimed.user_id = opened.user_id and claimed.product_session_id = opened.session_id`);
    const rows = rowsOf<ClaimedRow>(result);
    const people = await getUserContacts(tx, [...new Set(rows.map((row) => row.user_id))]);
    for (const row of rows) {
      const person = people.get(row.user_id);
      if (!person) continue;
      await app.mailer.sendLater(
        tx,
        sessionOpenedMail({
          to: person.email,
          fullName: person.full_name,
          course: row.product_title,
          session: row.session_title,
          openedAt: new Date(row.opened_at),
          link: `${app.settings.publicUrl}/products/${row.product_id}/${row.session_id}`,
        }),
      );
    }
    return rows.length;
  });
}

/** Creates the mails' queue and daily schedule and starts this process's worker; answers a function that stops it. */
export async function startSessionOpenMails(app: FastifyInstance): Promise<() => Promise<void>> {
  await app.jobs.declare({ name: SESSION_OPEN_MAIL_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 300 });
  await app.jobs.schedule(SESSION_OPEN_MAIL_QUEUE, SESSION_OPEN_MAIL_CRON, {}, { tz: TEHRAN_TIME_ZONE });
  await app.jobs.work(SESSION_OPEN_MAIL_QUEUE, async () => {
    app.log.info({ mailed: await mailOpenedSessions(app) }, 'session open mails');
  });
  return () => app.jobs.stop(SESSION_OPEN_MAIL_QUEUE);
}

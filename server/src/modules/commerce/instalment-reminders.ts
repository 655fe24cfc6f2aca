/**
 * Reminders of parts falling due (issue 36 item 2: «mail and SMS remind the buyer before each due
 * date»). A daily job (queue `instalment-reminders`, 09:00 Tehran time, one run a day across every
 * replica) finds the unpaid parts of purchases whose first part is paid and that are not cancelled,
 * due within the next {@link REMIND_DAYS_BEFORE} days and not reminded yet; each is claimed with
 * `reminded_at` by a conditional update, its mail queued in the claim's transaction, and its SMS (to a
 * verified mobile) queued after it commits, so a retried job or a second replica reminds once.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import type { Db } from '../../db/client';
import { TEHRAN_TIME_ZONE } from '../../lib/jalali-periods';
import { getUserContacts, verifiedMobiles } from '../users';
import { instalmentReminderMail } from './mails';
import { partOwed } from './instalments';
import { instalmentPurchases, instalments } from './tables';

/** The job queue of the daily reminders. */
export const INSTALMENT_REMINDER_QUEUE = 'instalment-reminders';

/** When the reminders run: every day at 09:00 Tehran time, when a buyer reads mail. */
const INSTALMENT_REMINDER_CRON = '0 9 * * *';

/** How many days before its due date a part is reminded. */
export const REMIND_DAYS_BEFORE = 3;

/** The profile's tab where a part is paid (the users-permissions remote's `#instalments`). */
const PAY_PAGE = '/profile#instalments';

const DAY_MS = 86_400_000;

/**
 * Sends the reminders due now (see the file's comment).
 * @returns how many parts were reminded
 */
export async function remindInstalmentsDue(app: FastifyInstance, now = new Date()): Promise<number> {
  const rows = await app.db
    .select({ part: instalments, purchase: instalmentPurchases })
    .from(instalments)
    .innerJoin(instalmentPurchases, eq(instalmentPurchases.id, instalments.purchase_id))
    .where(
      and(
        isNull(instalments.reminded_at),
        partOwed,
        gt(instalments.due_at, now),
        lte(instalments.due_at, new Date(now.getTime() + REMIND_DAYS_BEFORE * DAY_MS)),
      ),
    );
  const ids = [...new Set(rows.map((row) => row.purchase.user_id))];
  const [people, mobiles] = await Promise.all([getUserContacts(app.db, ids), verifiedMobiles(app.db, ids)]);
  let reminded = 0;
  for (const { part, purchase } of rows) {
    const person = people.get(purchase.user_id);
    if (!person) continue;
    const claimed = await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .update(instalments)
        .set({ reminded_at: now })
        .where(and(eq(instalments.id, part.id), isNull(instalments.reminded_at)))
        .returning({ id: instalments.id });
      if (!row) return false;
      await app.mailer.sendLater(
        tx,
        instalmentReminderMail({
          to: person.email,
          fullName: person.full_name,
          course: purchase.title,
          number: part.number,
          parts: purchase.parts,
          amount: part.amount,
          dueAt: part.due_at,
          graceDays: purchase.grace_days,
          link: `${app.settings.publicUrl}${PAY_PAGE}`,
        }),
      );
      return true;
    });
    if (!claimed) continue;
    reminded += 1;
    const mobile = mobiles.get(purchase.user_id);
    if (mobile) {
      const amount = formatToman(part.amount);
      const due = formatJalaliDate(part.due_at);
      await app.sms.sendLater({
        to: mobile,
        template: 'instalment-reminder',
        parameters: { COURSE: purchase.title, AMOUNT: amount, DATE: due },
        text: `یادآوری: قسط ${toPersianDigits(part.number)} دوره «${purchase.title}» به مبلغ ${amount} در ${due} سررسید می‌شود. ${app.settings.publicUrl}${PAY_PAGE}`,
        expiresAt: part.due_at.toISOString(),
      });
    }
  }
  return reminded;
}

/** Creates the reminders' queue and daily schedule and starts this process's worker; answers a function that stops it. */
export async function startInstalmentReminders(app: FastifyInstance): Promise<() => Promise<void>> {
  await app.jobs.declare({ name: INSTALMENT_REMINDER_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 300 });
  await app.jobs.schedule(INSTALMENT_REMINDER_QUEUE, INSTALMENT_REMINDER_CRON, {}, { tz: TEHRAN_TIME_ZONE });
  await app.jobs.work(INSTALMENT_REMINDER_QUEUE, async () => {
    app.log.info({ reminded: await remindInstalmentsDue(app) }, 'instalment reminders');
  });
  return () => app.jobs.stop(INSTALMENT_REMINDER_QUEUE);
}

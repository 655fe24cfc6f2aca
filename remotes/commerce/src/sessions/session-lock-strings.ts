import type { SessionLock } from '@shop/contracts';
import { formatJalaliDate, toPersianDigits } from '@shop/format';

/**
 * Persian strings of a session its schedule still closes (issue 37 item 5), on the course page's
 * list and the session page; the server's 423 message says the same.
 */
export const sessionLockStrings = {
  title: 'این جلسه هنوز باز نشده است',
  onDate: (day: string) => `از ${day} باز می‌شود`,
  daysAfterPurchase: (days: number, day: string) => `${toPersianDigits(days)} روز پس از خرید باز می‌شود: ${day}`,
  afterLesson: 'پس از انجام جلسهٔ',
  afterQuiz: 'پس از قبولی در',
  opens: 'باز می‌شود',
  locked: 'قفل تا زمان باز شدن',
};

/** The date part of a lock: «از ۱۲ آذر ۱۴۰۵ باز می‌شود» or «۷ روز پس از خرید باز می‌شود: ۱۶ آذر ۱۴۰۵»; null without a date. */
export function lockDateText(lock: SessionLock): string | null {
  if (!lock.opens_at) return null;
  const day = formatJalaliDate(lock.opens_at);
  return lock.days_after_purchase ? sessionLockStrings.daysAfterPurchase(lock.days_after_purchase, day) : sessionLockStrings.onDate(day);
}

/** The prerequisite part of a lock as plain text: «پس از انجام جلسهٔ «…» باز می‌شود» / «پس از قبولی در «…» باز می‌شود»; null without one. */
export function lockPrerequisiteText(lock: SessionLock): string | null {
  if (!lock.prerequisite) return null;
  const lead = lock.prerequisite.kind === 'quiz' ? sessionLockStrings.afterQuiz : sessionLockStrings.afterLesson;
  return `${lead} «${lock.prerequisite.title}» ${sessionLockStrings.opens}`;
}

/** Every part of a lock as one line, joined with «؛ ». */
export function lockText(lock: SessionLock): string {
  return [lockDateText(lock), lockPrerequisiteText(lock)].filter(Boolean).join('؛ ');
}

/**
 * Persian strings of what a buyer has left before a course's certificate (issue 37 item 4), on
 * the course page. Kept apart from `strings.ts`, which is near its length limit; read them
 * together (STYLE.md habit 10). Functions take numbers already written in Persian digits.
 */
export const completionStrings = {
  /** The list's name; the visible heading adds a colon. */
  title: 'باقی‌مانده تا گواهی',
  heading: 'باقی‌مانده تا گواهی:',
  /** Beside a quiz left: a quiz is done only by passing it. */
  quizNotPassed: 'آزمون — هنوز قبول نشده‌اید',
  /** Beside an assignment left: it is done when staff grade it a pass. */
  assignmentNotPassed: 'تکلیف — هنوز نمرهٔ قبولی نگرفته‌اید',
  /** «و ۳ جلسهٔ دیگر», after the sessions listed by name. */
  more: (count: string) => `و ${count} جلسهٔ دیگر`,
};

/**
 * The Persian strings of a quiz session's page (issue 37 items 1 and 2): its rules, the buyer's
 * attempts, the attempt being taken and its result. The question's own strings are in
 * `learning-strings.ts`. Functions take numbers already written in Persian digits.
 */
export const quizStrings = {
  title: 'آزمون',
  loading: 'در حال بارگذاری آزمون…',
  failedToLoad: 'آزمون بارگذاری نشد؛ صفحه را دوباره باز کنید.',
  noQuestions: 'این آزمون هنوز پرسشی ندارد.',
  /** The rules, one line each. */
  rules: {
    questions: (count: string, points: string) => `${count} پرسش، روی هم ${points} امتیاز`,
    passMark: (percent: string) => `نمرهٔ قبولی: ${percent}٪`,
    timeLimit: (minutes: string) => `زمان هر بار: ${minutes} دقیقه؛ با پایان زمان، آزمون با پاسخ‌های ذخیره‌شده ثبت می‌شود`,
    noTimeLimit: 'بدون محدودیت زمان',
    attemptsLeft: (left: string, max: string) => `دفعات باقی‌مانده: ${left} از ${max}`,
    anyAttempts: 'هر چند بار که بخواهید',
    best: 'بهترین نمرهٔ شما ملاک است',
    last: 'نمرهٔ آخرین بار ملاک است',
  },
  passed: (percent: string) => `در این آزمون قبول شده‌اید؛ نمرهٔ ملاک شما ${percent}٪ است.`,
  notPassed: (percent: string, pass: string) => `هنوز قبول نشده‌اید: نمرهٔ ملاک شما ${percent}٪ و نمرهٔ قبولی ${pass}٪ است.`,
  start: 'شروع آزمون',
  retake: 'آزمون دوباره',
  continue: 'ادامهٔ آزمون',
  starting: 'در حال آماده‌سازی…',
  noAttemptsLeft: 'همهٔ دفعات مجاز این آزمون را به کار برده‌اید.',
  /** The list of past attempts. */
  attempts: {
    title: 'دفعه‌های شما',
    number: (n: string) => `بار ${n}`,
    open: 'در حال انجام',
    passed: 'قبول',
    failed: 'مردود',
    percent: (percent: string) => `${percent}٪`,
    view: 'دیدن نتیجه',
  },
  /** The attempt being taken. */
  attempt: {
    heading: (n: string) => `آزمون، بار ${n}`,
    remaining: 'زمان باقی‌مانده',
    /** Read out by screen readers at five minutes and one minute left. */
    remainingAnnounced: (minutes: string) => `${minutes} دقیقه از زمان آزمون مانده است.`,
    answered: (answered: string, total: string) => `${answered} از ${total} پرسش پاسخ داده شده است`,
    saving: 'در حال ذخیره…',
    saved: 'پاسخ‌ها ذخیره شده‌اند',
    saveFailed: 'پاسخ ذخیره نشد؛ دوباره تلاش کنید.',
    submit: 'پایان و ثبت آزمون',
    submitting: 'در حال ثبت…',
    confirmTitle: 'آزمون ثبت شود؟',
    confirmUnanswered: (count: string) => `${count} پرسش بی‌پاسخ مانده است. پس از ثبت، پاسخ‌ها عوض نمی‌شوند.`,
    confirmAll: 'پس از ثبت، پاسخ‌ها عوض نمی‌شوند.',
    confirm: 'ثبت آزمون',
  },
  /** A submitted attempt. */
  result: {
    passed: (percent: string) => `قبول شدید؛ نمرهٔ شما ${percent}٪ است.`,
    failed: (percent: string, pass: string) => `قبول نشدید؛ نمرهٔ شما ${percent}٪ و نمرهٔ قبولی ${pass}٪ است.`,
    score: (score: string, max: string) => `امتیاز: ${score} از ${max}`,
    timedOut: 'زمان آزمون به پایان رسید و آزمون با پاسخ‌های ذخیره‌شده ثبت شد.',
    answersHidden: 'پاسخ‌های درست این آزمون نشان داده نمی‌شوند.',
    back: 'بازگشت به آزمون',
  },
  /** Under the «done» place of a quiz session: it is done by passing. */
  doneByPassing: 'این جلسه با قبولی در آزمون کامل می‌شود.',
  donePassed: 'در این آزمون قبول شده‌اید؛ این جلسه کامل است.',
} as const;

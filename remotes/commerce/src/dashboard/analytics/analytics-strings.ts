import type { QuizScorePolicy } from '@shop/contracts';

/**
 * Every Persian string of what staff learn of a course (issue 37 item 6) in the commerce remote,
 * kept apart from `strings.ts` (at its length limit) like the quizzes' strings; read them together
 * (STYLE.md habit 10). Functions take numbers already written in Persian digits.
 */
export const analyticsStrings = {
  /** The link of the course form. */
  link: 'گزارش یادگیری دوره',
  title: 'گزارش یادگیری دوره',
  /** The heading once the course is known. */
  titleOf: (course: string) => `گزارش یادگیری «${course}»`,
  intro: 'جایی که خریداران در دوره می‌مانند، قبولی در آزمون‌ها و سهم پاسخ درست هر پرسش. خریدار کسی است که این دوره را دارد یا روزی داشته است (بازپرداخت‌شده‌ها هم شمرده می‌شوند).',
  products: 'دوره‌ها',
  notFound: 'این دوره پیدا نشد.',
  loadFailed: 'گزارش بارگیری نشد. دوباره تلاش کنید.',
  retry: 'تلاش دوباره',
  /** «۱٬۲۰۰ خریدار، ۱٬۱۰۰ با دسترسی فعال». */
  buyers: (buyers: string, active: string) => `${buyers} خریدار، ${active} نفر با دسترسی فعال`,
  /** A percent, «۶۷٪»; a dash when nothing is counted yet. */
  percent: (value: string) => `${value}٪`,
  none: '—',
  funnel: {
    title: 'مسیر خریداران در جلسه‌ها',
    intro: 'هر جلسهٔ فعال به ترتیب دوره: چند خریدار به آن رسیده‌اند (آن را باز کرده‌اند یا آزمونش را آغاز کرده‌اند) و چند نفر آن را کامل کرده‌اند.',
    empty: 'این دوره هنوز جلسهٔ فعالی ندارد.',
    quiz: 'آزمون',
    /** «جلسهٔ ۳». */
    position: (position: string) => `جلسهٔ ${position}`,
    /** «رسیده: ۸ نفر (۸۰٪)». */
    reached: (count: string, percent: string) => `رسیده: ${count} نفر (${percent})`,
    done: (count: string, percent: string) => `کامل: ${count} نفر (${percent})`,
  },
  quizzes: {
    title: 'آزمون‌ها',
    list: 'قبولی در آزمون‌ها',
    empty: 'این دوره آزمون فعالی ندارد.',
    columns: {
      title: 'آزمون',
      attempted: 'شرکت‌کننده',
      attempts: 'دفعات',
      passed: 'قبول',
      pass_rate: 'درصد قبولی',
      average_best_percent: 'میانگین بهترین نمره',
      rule: 'قاعدهٔ قبولی',
    },
    /** «۶۰٪، بهترین نمره». */
    rule: (pass: string, policy: QuizScorePolicy) => `${pass}، ${policy === 'best' ? 'بهترین نمره' : 'آخرین نمره'}`,
  },
  questions: {
    /** The table of a quiz's questions. */
    listOf: (quiz: string) => `پرسش‌های «${quiz}»`,
    intro: 'کم‌ترین سهم پاسخ درست اول؛ هر پاسخ با نسخه‌ای از پرسش سنجیده شده که به خریدار داده شده بود.',
    empty: 'این آزمون هنوز پرسشی ندارد.',
    columns: {
      text: 'پرسش',
      type: 'نوع',
      answers: 'پاسخ‌ها',
      right_percent: 'سهم پاسخ درست',
      unanswered: 'بی‌پاسخ',
    },
    untitled: 'پرسش بی‌متن',
    removed: '(دیگر در آزمون نیست)',
    /** «۳ از ۴ (۷۵٪)». */
    right: (right: string, answers: string, percent: string) => `${right} از ${answers} (${percent})`,
  },
} as const;

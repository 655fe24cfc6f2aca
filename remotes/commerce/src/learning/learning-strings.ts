/**
 * Every Persian string of checked learning (issue 37) in the commerce remote: so far the buyer's
 * question of a quiz (item 1). Kept apart from `strings.ts`, which is near its length limit; read
 * them together (STYLE.md habit 10). Functions take numbers already written in Persian digits.
 */
export const learningStrings = {
  /** One question of an attempt (`QuestionField`). */
  question: {
    /** «پرسش ۳ از ۵». */
    number: (position: string, total: string) => `پرسش ${position} از ${total}`,
    /** «۲ امتیاز». */
    points: (points: string) => `${points} امتیاز`,
    noPoints: 'بدون امتیاز',
    /** The audio clip's player, named by the question's number. */
    audio: (position: string) => `صدای پرسش ${position}`,
  },
  /** The two answers of a true/false question. */
  trueFalse: {
    true: 'درست',
    false: 'نادرست',
  },
  shortAnswer: {
    label: 'پاسخ شما',
    /** Under the field: what to write and how much of it is used. */
    help: (used: string, max: string) => `پاسخ را کوتاه بنویسید؛ ${used} از ${max} نویسه.`,
  },
  ordering: {
    /** What the list is for, before it. */
    help: 'با دکمه‌های بالا و پایین، گزینه‌ها را به ترتیب درست بچینید.',
    up: (item: string) => `انتقال «${item}» به بالا`,
    down: (item: string) => `انتقال «${item}» به پایین`,
    /** Read out after a move. */
    moved: (item: string, place: string, total: string) => `«${item}» اکنون ${place} از ${total} است.`,
  },
  matching: {
    /** The empty choice of a prompt's select. */
    placeholder: 'انتخاب کنید',
  },
  /** After submitting, when the quiz shows answers. */
  result: {
    correct: 'پاسخ درست',
    wrong: 'پاسخ نادرست',
    /** «۲ از ۲ امتیاز». */
    awarded: (awarded: string, points: string) => `${awarded} از ${points} امتیاز`,
    unanswered: 'به این پرسش پاسخ ندادید.',
    /** Beside an option that is part of the right answer. */
    rightOption: 'گزینه درست',
    /** Beside an option the buyer chose that is not. */
    wrongChoice: 'انتخاب نادرست',
    acceptedAnswers: 'پاسخ‌های پذیرفته:',
    rightOrder: 'ترتیب درست:',
    /** Under a prompt matched right. */
    rightMatch: 'درست',
    /** Under a prompt matched wrong or not at all: its right match. */
    expectedMatch: (match: string) => `پاسخ درست: ${match}`,
  },
} as const;

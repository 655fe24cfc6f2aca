import type { QuestionType, QuizScorePolicy } from '@shop/contracts';

/**
 * Every Persian string of the staff side of quizzes (issue 37 items 1–2) in the commerce remote: a
 * course's question bank, the question form, regrading, and a quiz's rules and questions. Kept apart
 * from `strings.ts`, which is at its length limit; read them together (STYLE.md habit 10). Functions
 * take numbers already written in Persian digits.
 */
export const quizStrings = {
  /** The six kinds of question, as staff pick and read them. */
  types: {
    single_choice: 'چندگزینه‌ای (یک پاسخ)',
    multiple_choice: 'چندگزینه‌ای (چند پاسخ)',
    true_false: 'درست یا نادرست',
    short_answer: 'پاسخ کوتاه',
    ordering: 'مرتب‌سازی',
    matching: 'جورکردنی',
  } satisfies Record<QuestionType, string>,
  /** «۲ امتیاز». */
  points: (points: string) => `${points} امتیاز`,
  /** «نسخهٔ ۳». */
  version: (version: string) => `نسخهٔ ${version}`,
  /** A question named in a button or dialog: the start of its text. */
  untitled: 'پرسش بی‌متن',
  /** The links of the session and course forms. */
  links: {
    quiz: 'پرسش‌ها و تنظیمات آزمون',
    bank: 'بانک پرسش‌های دوره',
  },
  /** `/dashboard/products/:productId/quiz-questions`. */
  bank: {
    title: 'بانک پرسش‌های دوره',
    /** The heading once the course is known. */
    titleOf: (course: string) => `بانک پرسش‌های «${course}»`,
    intro: 'پرسش‌هایی که آزمون‌های این دوره از میان آن‌ها ساخته می‌شوند. هر ویرایش نسخهٔ تازه‌ای از پرسش می‌سازد؛ آزمون‌های پیشین با نسخه‌ای که دیده‌اند نمره می‌گیرند، مگر آن‌که پرسش را بازنمره‌دهی کنید.',
    products: 'دوره‌ها',
    add: 'پرسش تازه',
    list: 'پرسش‌های این دوره',
    search: 'جست‌وجو در متن پرسش‌ها',
    typeFilter: 'نوع پرسش',
    total: (count: string) => `${count} پرسش`,
    empty: 'هنوز پرسشی در بانک این دوره نیست؛ با «پرسش تازه» نخستین را بسازید.',
    emptyFiltered: 'پرسشی با این مشخصات پیدا نشد.',
    columns: { body: 'متن پرسش', type: 'نوع', points: 'امتیاز', version: 'نسخه', actions: 'عملیات' },
    /** Under a question with answers on earlier versions. */
    olderAnswers: (count: string) => `${count} پاسخ به نسخه‌های پیشین`,
    edit: (question: string) => `ویرایش پرسش «${question}»`,
    delete: (question: string) => `حذف پرسش «${question}»`,
    deleteTitle: (question: string) => `حذف پرسش «${question}»؟`,
    deleteText: 'پرسش از بانک و از همهٔ آزمون‌های این دوره برداشته می‌شود. آزمون‌هایی که پیش‌تر داده شده‌اند آن را نگه می‌دارند و نمره‌شان عوض نمی‌شود.',
    deleteConfirm: 'حذف پرسش',
    deleteFailed: 'پرسش حذف نشد؛ اتصال را بررسی کنید و دوباره تلاش کنید.',
    regrade: 'بازنمره‌دهی',
    regradeOf: (question: string) => `بازنمره‌دهی پرسش «${question}»`,
  },
  /** The dialog that adds or edits a question. */
  form: {
    add: 'پرسش تازه',
    edit: 'ویرایش پرسش',
    /** Above the fields while editing. */
    editing: (version: string) => `ویرایش، نسخهٔ تازه‌ای پس از ${version} می‌سازد.`,
    type: 'نوع پرسش',
    typeFixed: 'نوع پرسش پس از ساختن آن عوض نمی‌شود.',
    body: 'متن پرسش',
    bodyHelp: 'پرسش را همان‌گونه که خریدار می‌بیند بنویسید.',
    points: 'امتیاز',
    pointsHelp: 'امتیاز پاسخ درست، عدد صحیح از ۰ تا ۱۰۰؛ صفر یعنی پرسش در نمره حساب نمی‌شود.',
    save: 'ذخیرهٔ پرسش',
    create: 'افزودن پرسش',
    saving: 'در حال ذخیره…',
    cancel: 'انصراف',
    loading: 'در حال بارگیری پرسش…',
    /** The toast after an edit of a question that earlier attempts answered. */
    pastAttemptsKept: (answers: string) =>
      `پرسش ویرایش شد. ${answers} پاسخ آزمون‌های پیشین نمره‌ای را که با نسخه‌های پیشین گرفته‌اند نگه می‌دارند تا پرسش را بازنمره‌دهی کنید (دکمهٔ «بازنمره‌دهی» در ردیف پرسش).`,
    choices: {
      legend: 'گزینه‌ها',
      helpSingle: 'یک گزینه را «پاسخ درست» بزنید.',
      helpMultiple: 'هر گزینه‌ای را که درست است «پاسخ درست» بزنید.',
      option: (number: string) => `گزینهٔ ${number}`,
      correct: 'پاسخ درست',
      correctOf: (number: string) => `گزینهٔ ${number} پاسخ درست است`,
      add: 'افزودن گزینه',
      remove: (number: string) => `حذف گزینهٔ ${number}`,
    },
    ordering: {
      legend: 'موارد به ترتیب درست',
      help: 'موارد را به ترتیب درست بنویسید؛ خریدار آن‌ها را درهم می‌بیند.',
      item: (number: string) => `مورد ${number}`,
      add: 'افزودن مورد',
      remove: (number: string) => `حذف مورد ${number}`,
      up: (number: string) => `انتقال مورد ${number} به بالا`,
      down: (number: string) => `انتقال مورد ${number} به پایین`,
    },
    matching: {
      legend: 'جفت‌ها',
      help: 'هر گزینه را با پاسخ درستش در یک ردیف بنویسید؛ خریدار پاسخ‌ها را درهم می‌بیند.',
      prompt: (number: string) => `گزینهٔ ${number}`,
      match: (number: string) => `پاسخ گزینهٔ ${number}`,
      add: 'افزودن جفت',
      remove: (number: string) => `حذف جفت ${number}`,
    },
    trueFalse: {
      legend: 'پاسخ درست',
      true: 'درست',
      false: 'نادرست',
    },
    shortAnswer: {
      legend: 'پاسخ‌های پذیرفته',
      help: 'هر شکلی از پاسخ را که درست است بنویسید؛ نویسه‌های عربی و فارسی، رقم‌ها، نیم‌فاصله، اعراب و فاصله‌ها در سنجش یکسان‌اند.',
      answer: (number: string) => `پاسخ پذیرفتهٔ ${number}`,
      add: 'افزودن پاسخ',
      remove: (number: string) => `حذف پاسخ پذیرفتهٔ ${number}`,
    },
  },
  /** The regrade dialog. */
  regrade: {
    title: (question: string) => `بازنمره‌دهی پرسش «${question}»`,
    intro: (version: string) => `پاسخ‌هایی که به نسخه‌های پیشین این پرسش داده شده‌اند با نسخهٔ کنونی (${version}) دوباره نمره می‌گیرند. پیش از اعمال، آنچه تغییر می‌کند را ببینید.`,
    loading: 'در حال بررسی پاسخ‌ها…',
    failed: 'پیش‌نمایش بازنمره‌دهی گرفته نشد؛ دوباره تلاش کنید.',
    answers: 'پاسخ‌های بررسی‌شده',
    answersChanged: 'پاسخ‌هایی که امتیازشان تغییر می‌کند',
    attemptsChanged: 'آزمون‌هایی که نمره‌شان تغییر می‌کند',
    nothingLeft: 'همهٔ پاسخ‌های نسخه‌های پیشین پیش‌تر با همین نسخه نمره گرفته‌اند؛ چیزی برای بازنمره‌دهی نمانده است.',
    noChange: 'بازنمره‌دهی نمرهٔ هیچ آزمونی را تغییر نمی‌دهد.',
    changes: 'آزمون‌هایی که نمره‌شان تغییر می‌کند',
    columns: { name: 'خریدار', percent: 'نمره', passed: 'قبولی' },
    /** «۴۰٪ ← ۸۰٪»: before, then after (read right to left). */
    percentChange: (before: string, after: string) => `${before}٪ ← ${after}٪`,
    passed: 'قبول',
    failedMark: 'مردود',
    passedChange: (before: string, after: string) => `${before} ← ${after}`,
    unknownName: 'کاربر بی‌نام',
    /** When the server listed fewer than it counted. */
    more: (shown: string, total: string) => `${shown} مورد از ${total} مورد نشان داده شده است.`,
    apply: 'اعمال بازنمره‌دهی',
    applying: 'در حال بازنمره‌دهی…',
    close: 'بستن',
    applyFailed: 'بازنمره‌دهی انجام نشد؛ دوباره تلاش کنید.',
  },
  /** `/dashboard/product-sessions/:sessionId/quiz`. */
  settings: {
    title: 'پرسش‌ها و تنظیمات آزمون',
    titleOf: (session: string) => `آزمون «${session}»`,
    intro: 'قاعده‌های آزمون و پرسش‌های آن به ترتیبی که خریدار می‌بیند (مگر آن‌که درهم شوند). آزمون‌هایی که آغاز شده‌اند پرسش‌هایی را که گرفته‌اند نگه می‌دارند.',
    sessions: 'جلسه‌ها',
    session: 'ویرایش جلسه',
    bankLink: 'بانک پرسش‌های دوره',
    rules: 'قاعده‌ها',
    time_limit_minutes: 'مدت آزمون (دقیقه)',
    timeLimitHelp: 'از ۱ تا ۶۰۰ دقیقه؛ خالی یعنی بی‌محدودیت زمانی.',
    max_attempts: 'تعداد دفعات مجاز',
    maxAttemptsHelp: 'از ۱ تا ۱۰۰؛ خالی یعنی هر چند بار.',
    pass_percent: 'نمره قبولی (درصد)',
    passPercentHelp: 'کمترین نمره‌ای که قبول است، از ۰ تا ۱۰۰.',
    shuffle_questions: 'پرسش‌ها برای هر خریدار درهم بیایند',
    shuffle_options: 'گزینه‌ها برای هر خریدار درهم بیایند',
    show_answers: 'پس از ثبت آزمون، پاسخ درست هر پرسش نشان داده شود',
    score_policy: 'نمره ملاک، اگر آزمون چند بار داده شود',
    scorePolicies: { best: 'بهترین نمره', last: 'آخرین نمره' } satisfies Record<QuizScorePolicy, string>,
    questions: 'پرسش‌های آزمون',
    questionsList: 'پرسش‌های آزمون به ترتیب',
    noQuestions: 'هنوز پرسشی برای این آزمون برنگزیده‌اید؛ از بانک پرسش‌های دوره، پایین همین صفحه، بیفزایید.',
    /** «۵ پرسش، ۱۲ امتیاز». */
    totals: (count: string, points: string) => `${count} پرسش، جمع ${points} امتیاز`,
    up: (question: string) => `انتقال «${question}» به بالا`,
    down: (question: string) => `انتقال «${question}» به پایین`,
    remove: (question: string) => `برداشتن «${question}» از آزمون`,
    picker: 'افزودن از بانک پرسش‌ها',
    pickerList: 'پرسش‌های بانک دوره',
    pickerEmpty: 'بانک این دوره پرسشی با این مشخصات ندارد.',
    add: (question: string) => `افزودن «${question}» به آزمون`,
    addButton: 'افزودن',
    added: 'در آزمون',
    close: 'بستن',
    save: 'ذخیرهٔ آزمون',
    saving: 'در حال ذخیره…',
    back: 'بازگشت به جلسه',
  },
} as const;

/**
 * The learning module's own Persian texts (issue 37; issue 34 item 3: each domain owns its
 * messages): what the question bank, the quizzes and the attempts answer.
 */

/** The Persian texts the learning module and its routes answer with. */
export const LEARNING_MESSAGES = {
  questionCreated: 'پرسش به بانک پرسش‌های دوره افزوده شد.',
  questionUpdated: 'پرسش ویرایش شد؛ آزمون‌های پیشین با نسخهٔ پیشین آن نمره گرفته‌اند و تا بازنمره‌دهی همان می‌مانند.',
  questionDeleted: 'پرسش از بانک و از آزمون‌ها برداشته شد؛ آزمون‌های پیشین آن را نگه می‌دارند.',
  questionTypeFixed: 'نوع پرسش پس از ساختن آن عوض نمی‌شود؛ پرسش تازه‌ای بسازید.',
  optionIdUnknown: 'شناسهٔ گزینه‌ای که فرستاده شد از این پرسش نیست.',
  quizSaved: 'تنظیمات آزمون ذخیره شد.',
  notAQuiz: 'این جلسه آزمون نیست.',
  questionsNotInCourse: 'همهٔ پرسش‌های آزمون باید از بانک پرسش‌های همین دوره باشند.',
  quizWithoutQuestions: 'این آزمون هنوز پرسشی ندارد.',
  noAttemptsLeft: 'همهٔ دفعات مجاز این آزمون را به کار برده‌اید.',
  timeOver: 'زمان این آزمون به پایان رسیده است و پاسخ تازه پذیرفته نمی‌شود.',
  attemptClosed: 'این آزمون پیش‌تر ثبت شده است و پاسخ آن عوض نمی‌شود.',
  questionPositionUnknown: 'این آزمون چنین پرسشی ندارد.',
  /** An answer that does not fit its question, on the field it is about. */
  oneOptionExpected: 'یک گزینه را برگزینید.',
  optionsOfQuestion: 'گزینه‌ها باید از گزینه‌های همین پرسش باشند، هر کدام یک بار.',
  everyItemOrdered: 'همهٔ موارد را، هر کدام یک بار، به ترتیب بفرستید.',
  booleanExpected: 'درست یا نادرست را برگزینید.',
  textExpected: 'پاسخ را بنویسید.',
  matchesOfQuestion: 'هر گزینه را با یکی از پاسخ‌های همین پرسش جور کنید.',
  regraded: (attempts: number) => `بازنمره‌دهی انجام شد؛ نمرهٔ ${attempts.toLocaleString('fa-IR')} آزمون تغییر کرد.`,
} as const;

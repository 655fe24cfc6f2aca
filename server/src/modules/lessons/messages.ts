/**
 * The lessons module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the lessons module and its routes answer with. */
export const LESSONS_MESSAGES = {
  notLessonFile: 'فایل جلسه باید صوتی، ویدیویی، PDF یا ZIP باشد.',
  uploadSessionMissing: 'جلسهٔ این بارگذاری پیدا نشد؛ ابتدا جلسه را ذخیره کنید.',
  uploadSizeMissing: 'حجم فایل باید از پیش معلوم باشد.',
  uploadNotFound: 'این بارگذاری پیدا نشد یا منقضی شده است؛ فایل را دوباره انتخاب کنید.',
  uploadOffsetMismatch: 'بخشی از فایل با آنچه ذخیره شده نمی‌خواند؛ بارگذاری از جای درست ادامه می‌یابد.',
  lessonProcessing: 'فایل قبلی این جلسه هنوز در حال پردازش است؛ پس از پایان پردازش دوباره بارگذاری کنید.',
  lessonNothingToRetry: 'فایلی برای پردازش دوباره در این جلسه نیست؛ فایل جلسه را دوباره بارگذاری کنید.',
  lessonUnreadable: 'این فایل ویدیو یا صوت خواندنی نیست؛ ممکن است ناقص یا خراب باشد.',
  lessonNoStreams: 'این فایل نه تصویر دارد و نه صدا.',
  lessonEmpty: 'طول این فایل صفر ثانیه است.',
  lessonSourceMissing: 'فایل بارگذاری‌شده پیدا نشد؛ فایل جلسه را دوباره بارگذاری کنید.',
  ffmpegMissing: 'برنامه پردازش ویدیو (ffmpeg) روی سرور نصب نیست؛ به مدیر فنی سایت خبر دهید.',
  lessonProcessingFailed: 'پردازش فایل چند بار به خطا خورد؛ کمی بعد دوباره تلاش کنید.',
} as const;

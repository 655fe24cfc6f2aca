/**
 * The forensics module's own Persian texts (issue 34 item 3: each domain owns its messages): the
 * refusals of the leaked-copy upload and of the identifications and revocations (issue 38 items 3, 4).
 */

/** The Persian texts the forensics module and its routes answer with. */
export const FORENSICS_MESSAGES = {
  uploadSessionMissing: 'جلسه‌ای که این نسخه از آن است پیدا نشد؛ جلسه را دوباره انتخاب کنید.',
  uploadSizeMissing: 'حجم فایل باید از پیش معلوم باشد.',
  uploadTooLarge: 'حجم نسخه نشت‌کرده حداکثر ۲ گیگابایت است.',
  uploadNotVideo: 'فایل بارگذاری‌شده ویدیو نیست؛ نسخه نشت‌کرده باید یک فایل ویدیویی باشد.',
  uploadNotFound: 'این بارگذاری پیدا نشد یا منقضی شده است؛ فایل را دوباره انتخاب کنید.',
  sessionNotReady: 'این جلسه درس ویدیویی آماده‌ای ندارد که نسخه با آن مقایسه شود.',
  sessionMissing: 'این جلسه پیدا نشد.',
  uploadNotYours: 'این بارگذاری پیدا نشد، هنوز کامل نشده یا از شما نیست؛ فایل را دوباره بارگذاری کنید.',
  uploadOtherSession: 'این فایل برای جلسه دیگری بارگذاری شده است.',
  identificationQueued: 'نسخه در صف شناسایی قرار گرفت؛ نتیجه چند دقیقه دیگر آماده می‌شود.',
  identificationFailed: 'شناسایی این نسخه چند بار به خطا خورد؛ کمی بعد دوباره تلاش کنید.',
  copyMissing: 'فایل نسخه نشت‌کرده دیگر در دسترس نیست؛ آن را دوباره بارگذاری کنید.',
  referenceMissing: 'فایل‌های نشانه‌گذاری این درس پیدا نشد؛ درس را دوباره بارگذاری کنید.',
  nobodyNamed: 'این شناسایی حسابی را نام نبرده است؛ دسترسی کسی لغو نمی‌شود.',
  alreadyRevoked: 'دسترسی این حساب از روی همین شناسایی پیش‌تر لغو شده است.',
  revoked: 'دسترسی این حساب به دوره لغو شد و به او ایمیل زده شد.',
} as const;

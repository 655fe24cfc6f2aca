/**
 * The Persian texts of assignments (issue 37 item 3): what the buyer's submissions, their uploads
 * and staff's grading answer with.
 */
import { toPersianDigits } from '@shop/format';

/** The Persian texts assignments and their routes answer with. */
export const ASSIGNMENT_MESSAGES = {
  notAnAssignment: 'این جلسه تکلیف نیست.',
  settingsSaved: 'تنظیمات تکلیف ذخیره شد.',
  submitted: 'پاسخ شما فرستاده شد؛ پس از بررسی، نمره و بازخورد را همین‌جا می‌بینید و ایمیلی هم می‌گیرید.',
  graded: 'نمره ثبت شد و به دانشجو ایمیل شد.',
  uploadDiscarded: 'فایل برداشته شد.',
  openSubmission: 'پاسخ پیشین شما هنوز بررسی نشده است؛ پس از نمره‌گرفتن آن می‌توانید دوباره بفرستید.',
  resubmitNever: 'این تکلیف فقط یک بار فرستاده می‌شود و پاسخ شما پیش‌تر فرستاده شده است.',
  alreadyPassed: 'شما در این تکلیف قبول شده‌اید و فرستادن دوباره آن ممکن نیست.',
  textOrFiles: 'متن پاسخ را بنویسید یا دست‌کم یک فایل بفرستید.',
  uploadUnknown: 'یکی از فایل‌ها پیدا نشد یا پیش‌تر فرستاده شده است؛ آن را دوباره بارگذاری کنید.',
  tooManyFiles: (max: number) => (max === 0 ? 'این تکلیف فایل نمی‌پذیرد.' : `حداکثر ${toPersianDigits(max)} فایل می‌توانید بفرستید.`),
  fileTooLarge: (mb: number) => `حجم هر فایل باید حداکثر ${toPersianDigits(mb)} مگابایت باشد.`,
  typeNotAllowed: (types: readonly string[]) => `پسوند فایل باید یکی از این‌ها باشد: ${types.join('، ')}.`,
  typeMismatch: 'محتوای فایل با پسوند آن نمی‌خواند.',
  uploadSessionMissing: 'تکلیف این بارگذاری پیدا نشد.',
  uploadSizeMissing: 'حجم فایل باید از پیش معلوم باشد.',
  uploadNotFound: 'این بارگذاری پیدا نشد یا منقضی شده است؛ فایل را دوباره انتخاب کنید.',
} as const;

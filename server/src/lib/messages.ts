/** A count or an id in Persian digits, without grouping (issue 26 messages). */
export function persianNumber(n: number): string {
  return n.toLocaleString('fa-IR', { useGrouping: false });
}

/** Ids in Persian digits, separated by the Persian comma. */
export function persianList(ids: number[]): string {
  return ids.map(persianNumber).join('، ');
}

/**
 * The Persian texts every part of the API shares: errors, bad input, fields, limits and sign-in
 * state. A module's own texts are beside it (modules/<module>/messages.ts, issue 34 item 3).
 */
export const MESSAGES = {
  serverError: 'خطای سرور',
  invalidJson: 'بدنه درخواست JSON معتبر نیست.',
  // bad input (issue 10)
  jsonTooDeep: 'بدنه درخواست JSON بیش از حد تودرتو است.',
  formInvalid: 'فرم ارسال‌شده ناقص یا نامعتبر است.',
  // a tus endpoint asked without the protocol (lib/tus-routes.ts)
  uploadProtocolRequired: 'این نشانی فقط بارگذاری ازسرگرفتنی (tus، سرآیند Tus-Resumable: 1.0.0) را می‌پذیرد.',
  /** A NUL character, a lone surrogate or bytes that are not UTF-8 (issue 22 item 3). */
  fieldBadCharacter: 'این فیلد نویسه نامعتبر دارد.',
  bodyNotUtf8: 'بدنه درخواست متن UTF-8 معتبر نیست.',
  headerBadCharacter: 'یکی از سرآیندها یا کوکی‌های درخواست نویسه نامعتبر دارد.',
  validationFailed: 'اطلاعات وارد شده معتبر نیست.',
  notFound: 'مورد درخواستی یافت نشد.',
  routeNotFound: 'آدرس درخواستی در API وجود ندارد.',
  methodNotAllowed: 'این عملیات برای این آدرس معتبر نیست.',
  payloadTooLarge: 'حجم درخواست بیش از حد مجاز است.',
  unsupportedMediaType: 'نوع محتوای درخواست پشتیبانی نمی‌شود؛ بدنه را به صورت JSON بفرستید.',
  badRequest: 'درخواست معتبر نیست.',
  tooManyRequests: 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید.',
  storageFull: 'فضای ذخیره‌سازی سرور پر است و فعلاً تغییری ذخیره نمی‌شود؛ چیزی از درخواست شما ذخیره نشد. کمی بعد دوباره تلاش کنید.',
  storageUnavailable: 'فضای نگه‌داری فایل‌ها موقتاً در دسترس نیست؛ چیزی ذخیره نشد. چند ثانیه دیگر دوباره تلاش کنید.',
  databaseUnavailable: 'پایگاه داده موقتاً در دسترس نیست. چند ثانیه دیگر دوباره تلاش کنید.',
  metricsTokenRequired: 'برای خواندن سنجه‌های سرور، توکن معتبر لازم است.',
  csrfMismatch: 'نشست شما منقضی شده است؛ صفحه را دوباره بارگذاری کنید.',
  unauthenticated: 'برای استفاده از این بخش ابتدا وارد حساب کاربری خود شوید.',
  forbidden: 'forbidden: شما اجازه دسترسی به این بخش را ندارید.',
  emailNotVerified: 'ایمیل شما تأیید نشده است؛ ابتدا ایمیل خود را تأیید کنید.',
  fieldInvalid: 'مقدار این فیلد معتبر نیست.',
  fieldRequired: 'این فیلد الزامی است.',
  fieldInteger: 'این فیلد باید یک عدد صحیح باشد.',
  fieldChoice: 'مقدار انتخاب‌شده معتبر نیست.',
  fieldMin: (n: number) => `این فیلد باید دست‌کم ${n} باشد.`,
  fieldMax: (n: number) => `این فیلد باید حداکثر ${n} باشد.`,
  fieldTooLong: (n: number) => `این فیلد باید حداکثر ${n} نویسه باشد.`,
  notAnImage: 'فایل انتخاب‌شده تصویر نیست.',
  notAudio: 'فایل انتخاب‌شده صوتی نیست.',
  fileTooLarge: 'حجم فایل بیش از حد مجاز است.',
  fileRequired: 'انتخاب این فایل الزامی است.',
  // subtitles (issue 24 "Bad input")
  subtitlesNotUtf8: 'فایل زیرنویس باید متن UTF-8 باشد.',
  subtitlesInvalid: (line: number) => `فایل زیرنویس در قالب WebVTT معتبر نیست (خط ${line.toLocaleString('fa-IR')}).`,
  subtitlesEmpty: 'فایل زیرنویس هیچ متنی ندارد.',
  rangeNotSatisfiable: 'بازه درخواست‌شده از این فایل معتبر نیست.',
  userUnknown: 'کاربری با این شناسه یافت نشد.',
  tokenExpired: 'نشست شما منقضی شده است؛ لطفاً دوباره وارد شوید.',
  // bulk moderation (issue 26)
  fieldMaxItems: (n: number) => `در یک درخواست حداکثر ${persianNumber(n)} مورد را می‌توان فرستاد.`,
  fieldMinItems: 'دست‌کم یک مورد را انتخاب کنید.',
  shellMissing:
    'رابط کاربری هنوز آماده نیست. اگر `npm start` در حال ساختن آن است، چند ثانیه دیگر صفحه را دوباره باز کنید؛ وگرنه در ریشه پروژه `npm run build` را اجرا کنید.',
} as const;

/** Persian headers and values of the dashboard's CSV exports (issue 25 "Exports"; lib/csv-export.ts). */
export const CSV_TEXT = {
  jalaliColumn: (header: string) => `${header} (شمسی، تهران)`,
  isoColumn: (header: string) => `${header} (ISO 8601، UTC)`,
  /** Between the courses of one order in one cell. */
  listSeparator: '، ',
  /** A yes-or-no cell (issue 26: verified email and mobile, a ticket read). */
  yesNo: (value: boolean) => (value ? 'بله' : 'خیر'),
} as const;

/**
 * The auth module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the auth module and its routes answer with. */
export const AUTH_MESSAGES = {
  loginFailed: 'کاربری با این مشخصات یافت نشد.',
  /** The 429 of an account's guessing limit (issue 31 item 1): the ways in that it never holds back. */
  loginNewDeviceWait: (seconds: number) =>
    `ورود با رمز به این حساب از دستگاه‌های تازه تا ${Math.ceil(seconds / 60).toLocaleString('fa-IR')} دقیقه دیگر متوقف است؛ از دستگاهی که پیش‌تر با آن وارد شده‌اید یا با کد پیامکی وارد شوید، یا رمز را بازیابی کنید.`,
  loginSucceeded: 'با موفقیت وارد شدید.',
  registerSucceeded: 'ثبت‌نام با موفقیت انجام شد؛ ایمیل تأیید برای شما فرستاده می‌شود.',
  loggedOut: 'با موفقیت از حساب کاربری خارج شدید.',
  emailVerified: 'ایمیل شما با موفقیت تأیید شد.',
  emailAlreadyVerified: 'ایمیل شما قبلاً تأیید شده است.',
  emailLinkInvalid: 'پیوند تأیید ایمیل نامعتبر است یا منقضی شده است.',
  verificationEmailSent: 'ایمیل تأیید برای شما فرستاده شد؛ صندوق ایمیل خود را ببینید.',
  resetCodeSent: 'اگر حسابی با این مشخصات وجود داشته باشد، کد بازیابی به ایمیل آن فرستاده شد.',
  /**
   * Every refusal of a reset or SMS code, wrong, expired, used, its tries used up or never sent
   * (issue 31 item 7): one answer, so it never tells a real account from an unknown one.
   */
  codeRefused: 'کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.',
  passwordReset: 'رمز عبور شما تغییر کرد؛ با رمز تازه وارد شوید.',
  smsCodeSent: 'اگر این شماره برای این کار پذیرفته باشد، کد شش‌رقمی به آن پیامک شد؛ این کد دو دقیقه معتبر است.',
  /** The per-number limits: `seconds` until the next code may be asked for. */
  smsCodeWait: (seconds: number) =>
    seconds > 60
      ? `برای این شماره کد زیادی خواسته شده است؛ ${Math.ceil(seconds / 60).toLocaleString('fa-IR')} دقیقه دیگر دوباره تلاش کنید.`
      : `برای این شماره به‌تازگی کدی فرستاده شده است؛ ${seconds.toLocaleString('fa-IR')} ثانیه دیگر دوباره تلاش کنید.`,
  smsText: (code: string, minutes: number) =>
    `کد یک‌بارمصرف آکادمی نوشتار: ${code}\nاین کد ${minutes.toLocaleString('fa-IR')} دقیقه معتبر است؛ آن را به کسی ندهید.`,
  mobileVerified: 'شماره موبایل شما با موفقیت تأیید شد.',
  mobileNotYours: 'این شماره، شماره موبایل ثبت‌شده در حساب شما نیست؛ ابتدا آن را در نمایه ذخیره کنید.',
  currentPasswordWrong: 'رمز عبور فعلی درست نیست.',
} as const;

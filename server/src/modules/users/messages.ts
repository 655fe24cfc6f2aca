/**
 * The users module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the users module and its routes answer with. */
export const USERS_MESSAGES = {
  emailTaken: 'این ایمیل قبلاً ثبت شده است.',
  mobileTaken: 'این شماره موبایل قبلاً ثبت شده است.',
  operationNotValid: 'این عملیات معتبر نیست.',
  passwordChanged: 'رمز عبور شما تغییر کرد.',
  profileUpdated: 'اطلاعات حساب شما ذخیره شد.',
  profileEmailChanged: 'اطلاعات ذخیره شد؛ پیوند تأیید به ایمیل تازه شما فرستاده شد.',
  userCreated: 'کاربر افزوده شد.',
  userUpdated: 'اطلاعات کاربر ذخیره شد.',
  userDeleted: 'کاربر حذف شد.',
  cannotDeleteSelf: 'نمی‌توانید حساب خودتان را حذف کنید.',
  lastSuperUser: 'سایت باید دست‌کم یک مدیر کل داشته باشد؛ آخرین مدیر کل را نمی‌توان حذف کرد یا نوعش را تغییر داد.',
  onlySuperChangesType: 'forbidden: فقط مدیر کل می‌تواند نوع کاربر و دسترسی‌هایش را تغییر دهد.',
  onlySuperEditsSuper: 'forbidden: فقط مدیر کل می‌تواند حساب مدیر کل را تغییر دهد.',
  permissionsOnlyForStaff: 'دسترسی فقط به کاربران کارمند داده می‌شود.',
  permissionUnknown: 'دسترسی انتخاب‌شده وجود ندارد.',
  commentStatusSaved: 'وضعیت دیدگاه کاربر ذخیره شد.',
  permissionTaken: 'دسترسی با این نام وجود دارد.',
  permissionBuiltin: 'این دسترسی در کد سایت بررسی می‌شود؛ حذف یا تغییر نام آن بخشی از داشبورد را از کار می‌اندازد.',
  permissionCreated: 'دسترسی افزوده شد.',
  permissionUpdated: 'نام دسترسی ذخیره شد.',
  permissionDeleted: 'دسترسی حذف شد.',
  permissionAssigned: 'کاربر به این دسترسی افزوده شد.',
  permissionUnassigned: 'کاربر از این دسترسی برداشته شد.',
  mailPreferencesSaved: 'تنظیمات ایمیل ذخیره شد.',
} as const;

/** The Persian headers and values of the users module's CSV exports (issue 25 "Exports"; lib/csv-export.ts). */
export const USERS_CSV_TEXT = {
  userStatuses: { ordinary: 'کاربر عادی', staff: 'کارمند', super: 'مدیر کل' },
  commentPermissions: { allowed: 'مجاز', 'temporarily-barred': 'موقتاً غیرمجاز', barred: 'غیرمجاز (دائمی)' },
  userColumns: {
    id: 'شناسه',
    fullName: 'نام و نام خانوادگی',
    email: 'ایمیل',
    mobile: 'موبایل',
    status: 'نوع کاربر',
    emailVerified: 'ایمیل تأییدشده',
    mobileVerified: 'موبایل تأییدشده',
    permissions: 'دسترسی‌ها',
    commentPermission: 'وضعیت دیدگاه‌گذاری',
    barredUntil: 'پایان محرومیت موقت',
    wayOfKnowing: 'نحوه آشنایی با سایت',
    createdAt: 'تاریخ عضویت',
  },
} as const;

/**
 * The releases module's own Persian texts (issue 35; issue 34 item 3: each domain owns its
 * messages): what the release, promote, canary and rollback commands and the dashboard answer.
 */

/** The Persian texts the releases module and its routes answer with. */
export const RELEASES_MESSAGES = {
  /** The audit actor (and `released_by`) of a call made with the deploy token; ` (<by>)` follows when given. */
  deployTokenActor: 'توکن انتشار',
  /** The audit actor of the server's own rollback of a canary whose browsers report load errors (item 4). */
  serverActor: 'سرور (خطای بارگذاری در نسخهٔ آزمایشی)',
  deployTokenInvalid: 'توکن انتشار نادرست است؛ توکن فایل deploy-token پوشهٔ داده یا متغیر DEPLOY_TOKEN را بفرستید.',
  remoteUnknown: 'چنین ریموتی وجود ندارد.',
  bodyNotTarball: 'بدنهٔ درخواست باید بایگانی tar.gz پوشهٔ dist ریموت باشد (Content-Type: application/gzip).',
  tarballUnreadable: 'بایگانی فرستاده‌شده tar.gz خوانایی نیست.',
  tarballTooLarge: (megabytes: number) => `حجم باز‌شدهٔ بایگانی بیش از ${megabytes} مگابایت است.`,
  tarballUnsafePath: (path: string) => `مسیر «${path}» در بایگانی پذیرفته نیست: مسیر مطلق، «..» یا نام پنهان در آن است.`,
  tarballBadName: (path: string) => `نام فایل «${path}» در بایگانی پذیرفته نیست؛ فقط حروف و رقم‌های لاتین، «.»، «_» و «-».`,
  tarballNotRegular: (path: string) => `«${path}» در بایگانی فایل معمولی یا پوشه نیست (پیوند و مانند آن پذیرفته نیست).`,
  tarballMissingFile: (file: string) => `فایل «${file}» در بایگانی نیست؛ بایگانی باید همهٔ پوشهٔ dist ریموت را، فایل‌ها در ریشهٔ آن، داشته باشد.`,
  federationVersionsInvalid: 'فایل federation-versions.json بایگانی معتبر نیست؛ باید نسخهٔ contracts و نسخه‌های singletonها را داشته باشد.',
  shellBuildMissing: 'ساخت پوسته (shell/dist/federation-versions.json) پیدا نشد؛ پیش از انتشار ریموت، پوسته را بسازید (npm run build -w shell).',
  /** The guard (issue 35 item 4): one line per mismatch, naming both versions. */
  incompatible: (name: string, built: string, accepted: string) => `این نسخه با ${name} ${built} ساخته شده و پوستهٔ در حال اجرا ${accepted} را می‌پذیرد.`,
  singletonMissing: (name: string, accepted: string) => `این نسخه ${name} را ندارد و پوستهٔ در حال اجرا ${accepted} را می‌پذیرد.`,
  releaseExists: (version: string) => `نسخهٔ ${version} پیش‌تر منتشر شده است؛ همین ساخت دوباره منتشر نمی‌شود.`,
  versionUnknown: (version: string) => `نسخهٔ ${version} برای این ریموت منتشر نشده است.`,
  versionPruned: (version: string) => `فایل‌های نسخهٔ ${version} پاک شده‌اند و دیگر نمی‌توان آن را به کار برد.`,
  alreadyActive: (version: string) => `نسخهٔ ${version} همین حالا فعال است.`,
  canaryIsActive: (version: string) => `نسخهٔ ${version} همین حالا فعال است؛ آزمایش آن روی سهمی از بازدیدکنندگان معنا ندارد.`,
  nothingToRollBack: 'نسخه‌ای برای بازگشت نیست.',
  noCanary: 'این ریموت آزمایشی روی سهمی از بازدیدکنندگان ندارد.',
  noPreview: 'شما پیش‌نمایشی از این ریموت ندارید.',
} as const;

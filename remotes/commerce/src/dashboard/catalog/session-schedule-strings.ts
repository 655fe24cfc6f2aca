/**
 * Persian strings of a session's schedule in the dashboard (issue 37 item 5): the session form's
 * release and prerequisite fields and the per-buyer overrides on the session's edit page.
 */
export const scheduleStrings = {
  release: 'زمان باز شدن',
  releases: { none: 'همان لحظهٔ خرید', days_after_purchase: 'چند روز پس از خرید', on_date: 'در یک تاریخ' },
  releaseDays: 'تعداد روز پس از خرید',
  releaseDaysHelp: 'از ۱ تا ۳۶۵ روز پس از آغاز دسترسی خریدار به دوره.',
  releaseDate: 'تاریخ باز شدن',
  releaseDateHelp: 'ساعت ۰۰:۰۰ به وقت تهران در این روز باز می‌شود.',
  prerequisite: 'جلسهٔ پیش‌نیاز',
  prerequisiteNone: 'بدون پیش‌نیاز',
  prerequisiteNumbered: (id: string) => `جلسهٔ شمارهٔ ${id}`,
  prerequisiteHelp: 'این جلسه پس از انجام آن جلسه (برای آزمون: قبولی در آن) باز می‌شود.',
  unlocks: {
    title: 'باز کردن قفل برای یک خریدار',
    intro: 'قفل این جلسه را برای یک خریدار همین حالا بردارید یا تاریخ باز شدنش را برای او جابه‌جا کنید.',
    buyer: 'ایمیل خریدار',
    opensDate: 'تاریخ تازه (خالی: همین حالا باز شود)',
    reason: 'دلیل (اختیاری)',
    save: 'ثبت برای این خریدار',
    remove: 'برداشتن',
    removeLabel: (name: string) => `برگرداندن قاعدهٔ جلسه برای ${name}`,
    empty: 'هنوز برای هیچ خریداری استثنایی ثبت نشده است.',
    liftedNow: 'باز شده است',
    opensOn: (day: string) => `باز می‌شود: ${day}`,
    by: (name: string) => `به دست ${name}`,
    listLabel: 'استثناهای خریداران',
  },
} as const;

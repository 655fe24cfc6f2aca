/** The Persian texts of a lesson's playback in the commerce remote (issue 38: devices and streams). */
export const playbackStrings = {
  preparing: 'در حال آماده‌سازی پخش…',
  /** The device limit screen. */
  deviceLimitTitle: 'این دستگاه تازه است و سقف دستگاه‌های شما پر شده است',
  devicesHeading: 'دستگاه‌های حساب شما',
  lastUsed: (date: string) => `آخرین پخش: ${date}`,
  firstUsed: (date: string) => `نخستین پخش: ${date}`,
  remove: (name: string) => `حذف ${name}`,
  removeLabel: 'حذف',
  removalsLeft: (count: string) => `در ۳۰ روز گذشته هنوز ${count} بار می‌توانید دستگاهی را حذف کنید.`,
  noRemovalsLeft: (date: string) => `حذف دستگاه تا ${date} ممکن نیست؛ اگر به کمک نیاز دارید با پشتیبانی تماس بگیرید.`,
  removalsClosed: 'حذف دستگاه در این سایت بسته است؛ اگر به کمک نیاز دارید با پشتیبانی تماس بگیرید.',
  /** After a stream was taken over: play here again (which stops the other one). */
  playHere: 'پخش در این دستگاه',
  failed: 'آماده‌سازی پخش این درس ممکن نشد.',
  retry: 'تلاش دوباره',
} as const;

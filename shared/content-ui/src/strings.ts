/** Persian strings of the shared content components. */
export const t = {
  filters: { all: 'همه', 'most-liked': 'محبوب‌ترین', newest: 'جدیدترین', oldest: 'قدیمی‌ترین' },
  filterLabel: 'مرتب‌سازی',
  likes: 'پسند',
  comments: 'دیدگاه',
  seeAll: 'مشاهده همه',
  empty: 'موردی برای نمایش وجود ندارد.',
  pagination: 'صفحه‌بندی',
  page: (n: string) => `صفحه ${n}`,
  nextPage: 'صفحه بعد',
  previousPage: 'صفحه قبل',
  cancel: 'انصراف',
  uploading: (percent: string) => `در حال بارگذاری: ${percent}٪`,
  processing: 'در حال پردازش فایل‌ها روی سرور…',
  /** The media player's controls (the player's and seek bar's names come from its page). */
  player: {
    play: 'پخش',
    pause: 'توقف',
    back: 'ده ثانیه عقب',
    forward: 'ده ثانیه جلو',
    speed: 'سرعت پخش',
    speedValue: (n: string) => `${n}×`,
    elapsed: (current: string, total: string) => `${current} از ${total}`,
  },
  refreshing: 'در حال به‌روزرسانی فهرست…',
} as const;

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
  refreshing: 'در حال به‌روزرسانی فهرست…',
} as const;

/**
 * The engagement module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the engagement module and its routes answer with. */
export const ENGAGEMENT_MESSAGES = {
  slugTaken: 'این نامک قبلاً استفاده شده است.',
} as const;

/** The Persian headers and values of the engagement module's CSV exports (issue 25 "Exports"; lib/csv-export.ts). */
export const ENGAGEMENT_CSV_TEXT = {
  contentTypes: { post: 'نوشته', podcast: 'پادکست', product: 'دوره', product_session: 'جلسه' },
  commentStatuses: { pending: 'در انتظار تأیید', approved: 'تأییدشده', rejected: 'ردشده' },
  commentColumns: {
    id: 'شناسه دیدگاه',
    status: 'وضعیت',
    type: 'نوع محتوا',
    itemId: 'شناسه محتوا',
    item: 'عنوان محتوا',
    parentId: 'پاسخ به دیدگاه',
    author: 'نویسنده',
    email: 'ایمیل نویسنده',
    text: 'متن دیدگاه',
    createdAt: 'تاریخ ثبت',
  },
} as const;

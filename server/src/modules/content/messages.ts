/**
 * The content module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the content module and its routes answer with. */
export const CONTENT_MESSAGES = {
  postDeleted: 'نوشته حذف شد.',
  podcastDeleted: 'پادکست حذف شد.',
  feedPostsTitle: 'نوشته‌ها',
  feedPostsDescription: 'تازه‌ترین نوشته‌های سایت',
  feedPodcastsTitle: 'پادکست‌ها',
  feedPodcastsDescription: 'تازه‌ترین قسمت‌های پادکست سایت',
  feedAuthor: 'مدیر سایت',
} as const;

/** Every Persian string the content remote shows (STYLE.md habit 10). */
export const t = {
  posts: 'نوشته‌ها',
  newestPosts: 'تازه‌ترین نوشته‌ها',
  postsIntro: 'یادداشت‌ها و آموزش‌های کوتاه درباره برنامه‌نویسی و یادگیری.',
  publishedAt: 'منتشر شده در',
  updatedAt: 'به‌روزرسانی',
  likes: 'پسند',
  comments: 'دیدگاه',
  backToPosts: 'بازگشت به نوشته‌ها',
} as const;

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

  podcasts: 'پادکست‌ها',
  latestPodcasts: 'تازه‌ترین پادکست‌ها',
  podcastsIntro: 'گفت‌وگوها و اپیزودهای صوتی درباره برنامه‌نویسی، یادگیری و کار.',
  subscribe: 'اشتراک در خوراک پادکست',
  duration: 'مدت',
  noAudio: 'فایل صوتی این اپیزود هنوز در دسترس نیست.',

  /** The names of the podcast's player; its controls' names live with the player (`@shop/content-ui`). */
  player: {
    label: 'پخش‌کننده پادکست',
    seek: 'جابه‌جایی در اپیزود',
  },

  dashboard: {
    postsIntro: 'نوشته‌های سایت، فعال و غیرفعال. برای ویرایش روی عنوان بزنید.',
    podcastsIntro: 'اپیزودهای پادکست، فعال و غیرفعال. برای ویرایش روی عنوان بزنید.',
    addPost: 'افزودن نوشته',
    addPodcast: 'افزودن پادکست',
    editPost: 'ویرایش نوشته',
    editPodcast: 'ویرایش پادکست',
    search: 'جست‌وجو',
    searchPlaceholder: 'عنوان یا نامک…',
    columns: { title: 'عنوان', is_active: 'وضعیت', comment_status: 'دیدگاه‌ها', likes_count: 'پسندها', created_at: 'تاریخ انتشار', actions: 'عملیات' },
    active: 'فعال',
    inactive: 'غیرفعال',
    commentsOpen: 'باز',
    commentsClosed: 'بسته',
    /** The list's undo toast (issue 32 item 5). */
    deleted: (title: string) => `«${title}» با دیدگاه‌ها و پسندهایش حذف شد.`,
  },

  form: {
    title: 'عنوان',
    slug: 'نامک (در نشانی صفحه)',
    slugHelp: 'حروف کوچک انگلیسی، رقم و خط تیره؛ مثلاً my-first-post',
    suggestSlug: 'پیشنهاد نامک از روی عنوان',
    description: 'متن',
    descriptionHelp: 'تیتر، فهرست، پیوند و تصویر را با ابزارهای بالای متن بگذارید؛ سرور هر کد ناامنی را حذف می‌کند.',
    audio: 'فایل صوتی',
    chooseAudio: 'انتخاب فایل صوتی',
    audioHelp: 'MP3، OGG، Opus، M4A یا WAV، حداکثر ۵۰ مگابایت.',
    isActive: 'فعال (در سایت نمایش داده شود)',
    commentStatus: 'دیدگاه‌ها',
    commentsOpen: 'باز',
    commentsClosed: 'بسته',
    savedPost: 'نوشته ذخیره شد.',
    savedPodcast: 'پادکست ذخیره شد.',
  },
} as const;

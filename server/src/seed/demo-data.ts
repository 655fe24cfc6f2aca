/**
 * Persian demo content of DESIGN.md "Demo data and accounts". Texts only; `seed.ts` writes them.
 * `daysAgo` spreads the dates over the past months so the list filters give different orders.
 */

/** A post, podcast or product text with its age in days. */
export interface SeedItem {
  title: string;
  slug: string;
  /** HTML. */
  description: string;
  daysAgo: number;
}

const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('\n');

export const SEED_POSTS: SeedItem[] = [
  {
    title: 'از کجا برنامه‌نویسی را شروع کنیم؟',
    slug: 'where-to-start-programming',
    description: html(
      'بیشتر کسانی که تازه سراغ برنامه‌نویسی می‌آیند، در انتخاب اولین زبان گیر می‌کنند. واقعیت این است که زبان اول آن‌قدرها مهم نیست؛ مهم این است که با آن چیزی بسازید.',
      'یک پروژه کوچک انتخاب کنید، مثلاً فهرست کارهای روزانه، و آن را تا انتها پیش ببرید. همین تجربه از ده‌ها ساعت تماشای آموزش ارزشمندتر است.',
    ),
    daysAgo: 170,
  },
  {
    title: 'نام‌گذاری خوب، نیمی از کد تمیز',
    slug: 'good-naming-clean-code',
    description: html(
      'نام یک متغیر باید بگوید چه چیزی را نگه می‌دارد، نه این‌که چطور ساخته شده است. نامی مثل <code>data2</code> هیچ کمکی به خواننده بعدی نمی‌کند.',
      'وقتی برای نام‌گذاری یک تابع به زحمت می‌افتید، احتمالاً آن تابع بیش از یک کار انجام می‌دهد. آن را کوچک‌تر کنید.',
    ),
    daysAgo: 155,
  },
  {
    title: 'گیت را جدی بگیرید',
    slug: 'take-git-seriously',
    description: html(
      'گیت فقط ابزاری برای ذخیره کد نیست؛ تاریخچه تصمیم‌های شماست. پیام‌های کامیت روشن بنویسید تا شش ماه بعد بدانید چرا آن تغییر را داده‌اید.',
      'کامیت‌های کوچک و پشت سر هم، پیدا کردن اشکال را بسیار ساده‌تر می‌کنند.',
    ),
    daysAgo: 140,
  },
  {
    title: 'چرا تست می‌نویسیم؟',
    slug: 'why-we-write-tests',
    description: html(
      'تست خوب به شما جرئت می‌دهد کد را تغییر دهید. بدون تست، هر تغییر کوچکی ممکن است چیزی را در گوشه‌ای دیگر خراب کند و شما خبردار نشوید.',
      'از تست رفتارهایی شروع کنید که کاربر می‌بیند، نه جزئیات درونی پیاده‌سازی.',
    ),
    daysAgo: 126,
  },
  {
    title: 'آشنایی با تایپ‌اسکریپت برای برنامه‌نویسان جاوااسکریپت',
    slug: 'typescript-for-javascript-developers',
    description: html(
      'تایپ‌اسکریپت همان جاوااسکریپت است با یک دستیار دقیق که پیش از اجرا، اشتباه‌های رایج را به شما گوشزد می‌کند.',
      'لازم نیست از روز اول همه‌چیز را تایپ کنید؛ حالت سخت‌گیرانه را روشن کنید و قدم‌به‌قدم پیش بروید.',
    ),
    daysAgo: 112,
  },
  {
    title: 'طراحی پایگاه داده برای یک فروشگاه کوچک',
    slug: 'database-design-small-shop',
    description: html(
      'پیش از نوشتن حتی یک خط کد، موجودیت‌ها را روی کاغذ بکشید: کاربر، محصول، سفارش و اقلام سفارش. رابطه‌ها را مشخص کنید.',
      'قیمت هر قلم را هنگام خرید در سفارش ذخیره کنید؛ قیمت محصول ممکن است فردا تغییر کند.',
    ),
    daysAgo: 98,
  },
  {
    title: 'راست‌به‌چپ در وب؛ نکته‌هایی که کمتر گفته می‌شود',
    slug: 'rtl-web-tips',
    description: html(
      'برای سایت‌های فارسی، فقط افزودن <code>dir="rtl"</code> کافی نیست. آیکون‌های جهت‌دار، فاصله‌ها و حتی انیمیشن‌ها باید آینه‌ای شوند.',
      'به جای left و right از ویژگی‌های منطقی مثل margin-inline-start استفاده کنید تا کد برای هر دو جهت درست کار کند.',
    ),
    daysAgo: 84,
  },
  {
    title: 'چطور یک باگ سخت را پیدا کنیم',
    slug: 'finding-hard-bugs',
    description: html(
      'اول مطمئن شوید که می‌توانید باگ را دوباره ایجاد کنید. باگی که تکرار نمی‌شود، تقریباً پیدا نمی‌شود.',
      'سپس فضای جست‌وجو را نصف کنید: نیمی از تغییرات را برگردانید و ببینید مشکل می‌ماند یا نه. این روش ساده، بارها جواب می‌دهد.',
    ),
    daysAgo: 70,
  },
  {
    title: 'مستندسازی که واقعاً خوانده می‌شود',
    slug: 'documentation-people-read',
    description: html(
      'یک فایل راهنمای کوتاه که می‌گوید پروژه چیست و چطور اجرا می‌شود، از صد صفحه مستند قدیمی مفیدتر است.',
      'مستندات را کنار کد نگه دارید و با همان درخواست ادغامی که کد را تغییر می‌دهد، به‌روز کنید.',
    ),
    daysAgo: 56,
  },
  {
    title: 'کار با تاریخ شمسی در برنامه‌ها',
    slug: 'working-with-jalali-dates',
    description: html(
      'تاریخ را همیشه به صورت UTC ذخیره کنید و فقط هنگام نمایش به تقویم شمسی تبدیل کنید. این کار از بسیاری از دردسرهای منطقه زمانی جلوگیری می‌کند.',
      'کتابخانه‌های استاندارد مرورگر امروز تقویم فارسی را می‌شناسند و برای نمایش ساده نیازی به کتابخانه سنگین ندارید.',
    ),
    daysAgo: 42,
  },
  {
    title: 'کارایی وب: اول اندازه بگیرید',
    slug: 'web-performance-measure-first',
    description: html(
      'بهینه‌سازی بدون اندازه‌گیری، حدس زدن است. با ابزارهایی مثل لایت‌هاوس ببینید زمان واقعاً کجا صرف می‌شود.',
      'اغلب بزرگ‌ترین بهبود از کم کردن حجم جاوااسکریپتی می‌آید که پیش از نمایش اولین صفحه دانلود می‌شود.',
    ),
    daysAgo: 28,
  },
  {
    title: 'یادداشت‌های یک سال کار از راه دور',
    slug: 'a-year-of-remote-work',
    description: html(
      'کار از راه دور یعنی نوشتن بیشتر. وقتی همکارانتان را هر روز نمی‌بینید، باید تصمیم‌ها و پرسش‌ها را روشن و مکتوب کنید.',
      'یک برنامه روزانه ثابت و مرز مشخص میان کار و زندگی، مهم‌ترین درسی بود که گرفتم.',
    ),
    daysAgo: 6,
  },
];

/** A podcast episode; `audio` names a file in seed-media/audio. */
export interface SeedPodcast extends SeedItem {
  audio: string;
  durationSeconds: number;
}

export const SEED_PODCASTS: SeedPodcast[] = [
  {
    title: 'قسمت اول: شروع بدون ترس',
    slug: 'episode-1-start-without-fear',
    description: html('در این قسمت درباره شروع یادگیری برنامه‌نویسی و عبور از ترس‌های اولیه صحبت می‌کنیم.'),
    daysAgo: 160,
    audio: 'podcast-1.ogg',
    durationSeconds: 9,
  },
  {
    title: 'قسمت دوم: عادت‌های کدنویسی',
    slug: 'episode-2-coding-habits',
    description: html('عادت‌های کوچکی که کد را خواناتر می‌کنند: از نام‌گذاری تا تابع‌های کوتاه.'),
    daysAgo: 130,
    audio: 'podcast-2.ogg',
    durationSeconds: 9,
  },
  {
    title: 'قسمت سوم: تست و اعتماد به کد',
    slug: 'episode-3-testing-and-trust',
    description: html('چرا تست خوب به ما شجاعت تغییر دادن کد را می‌دهد و از کجا شروع کنیم.'),
    daysAgo: 100,
    audio: 'podcast-3.ogg',
    durationSeconds: 9,
  },
  {
    title: 'قسمت چهارم: جدول‌ها و ایندکس‌ها',
    slug: 'episode-4-tables-and-indexes',
    description: html('گفت‌وگویی درباره طراحی جدول‌های پایگاه داده و این‌که ایندکس کجا به کار می‌آید.'),
    daysAgo: 65,
    audio: 'podcast-4.ogg',
    durationSeconds: 9,
  },
  {
    title: 'قسمت پنجم: یادگیری مداوم',
    slug: 'episode-5-continuous-learning',
    description: html('روش‌هایی که کمک می‌کند هر روز کمی بهتر از دیروز باشیم، بدون این‌که خسته شویم.'),
    daysAgo: 33,
    audio: 'podcast-5.ogg',
    durationSeconds: 9,
  },
  {
    title: 'قسمت ششم: یک سال متن‌باز',
    slug: 'episode-6-a-year-of-open-source',
    description: html('تجربه‌های یک سال مشارکت در یک پروژه متن‌باز؛ از اولین درخواست ادغام تا نگه‌داری.'),
    daysAgo: 9,
    audio: 'podcast-6.ogg',
    durationSeconds: 9,
  },
];

/** A product (course) with its price in tomans and its sessions. */
export interface SeedProduct extends SeedItem {
  price: number;
  status: 'in-progress' | 'done' | 'expired';
  /** Default `open`; one course shows `buyers-only` comments (issue 6). */
  commentStatus?: 'open' | 'closed' | 'buyers-only';
  /** `releaseDays`: the session opens that many days after purchase (issue 37 item 5). */
  sessions: Array<{ title: string; slug: string; description: string; kind?: 'quiz' | 'assignment'; releaseDays?: number }>;
}

const session = (title: string, slug: string, text: string) => ({ title, slug, description: html(text) });

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    title: 'دوره مقدماتی جاوااسکریپت',
    slug: 'javascript-basics-course',
    description: html(
      'در این دوره جاوااسکریپت را از پایه یاد می‌گیرید: متغیرها، تابع‌ها، آرایه‌ها و کار با صفحه وب.',
      'هر جلسه با یک تمرین کوچک تمام می‌شود تا آموخته‌ها در ذهن بمانند.',
    ),
    daysAgo: 150,
    price: 490000,
    status: 'done',
    sessions: [
      session('جلسه اول: متغیرها و انواع داده', 'js-basics-variables', 'با let و const و انواع داده پایه آشنا می‌شویم.'),
      // An assignment (issue 37 item 3): its rules are SEED_ASSIGNMENT.
      { ...session('جلسه دوم: تابع‌ها (تکلیف)', 'js-basics-functions', 'تعریف تابع، پارامترها و مقدار بازگشتی را با نوشتن یک تابع تمرین می‌کنید و پاسخ را برای بررسی می‌فرستید.'), kind: 'assignment' },
      // Opens 7 days after purchase (issue 37 item 5); user@example.com bought 40 days ago, so it is open for them.
      { ...session('جلسه سوم: آرایه‌ها و حلقه‌ها', 'js-basics-arrays', 'پیمایش آرایه‌ها با for و متدهایی مثل map و filter.'), releaseDays: 7 },
      session('جلسه چهارم: کار با DOM', 'js-basics-dom', 'تغییر صفحه وب با جاوااسکریپت و پاسخ به رویدادها.'),
      { ...session('آزمون پایانی', 'js-basics-final-quiz', 'پنج پرسش از همهٔ جلسه‌ها؛ با ۶۰٪ قبول می‌شوید و گواهی دوره را می‌گیرید.'), kind: 'quiz' },
    ],
  },
  {
    title: 'ری‌اکت در عمل',
    slug: 'react-in-practice',
    description: html(
      'ساخت یک اپلیکیشن واقعی با ری‌اکت، از کامپوننت‌های ساده تا مدیریت وضعیت و درخواست به سرور.',
    ),
    daysAgo: 120,
    price: 1290000,
    status: 'done',
    commentStatus: 'buyers-only',
    sessions: [
      session('جلسه اول: کامپوننت و JSX', 'react-components-jsx', 'اولین کامپوننت‌ها را می‌سازیم و با JSX آشنا می‌شویم.'),
      session('جلسه دوم: وضعیت و رویدادها', 'react-state-events', 'useState و پاسخ به کلیک و ورودی کاربر.'),
      session('جلسه سوم: گرفتن داده از سرور', 'react-fetching-data', 'بارگذاری داده، نمایش حالت انتظار و خطا.'),
    ],
  },
  {
    title: 'پایگاه داده پستگرس برای توسعه‌دهندگان',
    slug: 'postgresql-for-developers',
    description: html('طراحی جدول‌ها، نوشتن کوئری‌های کارآمد و استفاده درست از ایندکس در پستگرس.'),
    daysAgo: 90,
    price: 890000,
    status: 'in-progress',
    sessions: [
      session('جلسه اول: جدول‌ها و کلیدها', 'pg-tables-keys', 'کلید اصلی، کلید خارجی و محدودیت‌ها.'),
      session('جلسه دوم: کوئری‌های پیوندی', 'pg-joins', 'انواع join و زمان استفاده از هر کدام.'),
      session('جلسه سوم: ایندکس‌ها', 'pg-indexes', 'ایندکس چیست و چطور کوئری کند را سریع می‌کند.'),
    ],
  },
  {
    title: 'گیت برای همه',
    slug: 'git-for-everyone',
    description: html('دوره رایگان و کوتاه برای یادگیری گیت؛ از اولین کامیت تا کار گروهی با شاخه‌ها.'),
    daysAgo: 60,
    price: 0,
    status: 'done',
    sessions: [
      session('جلسه اول: اولین مخزن', 'git-first-repository', 'ساخت مخزن، افزودن فایل و اولین کامیت.'),
      session('جلسه دوم: شاخه‌ها', 'git-branches', 'ساخت شاخه، ادغام و حل تعارض.'),
      session('جلسه سوم: کار گروهی', 'git-teamwork', 'درخواست ادغام و بازبینی کد.'),
    ],
  },
  {
    title: 'تست‌نویسی در جاوااسکریپت',
    slug: 'testing-in-javascript',
    description: html('نوشتن تست واحد و تست یکپارچه با Jest و آزمودن رابط کاربری از نگاه کاربر.'),
    daysAgo: 30,
    price: 690000,
    status: 'in-progress',
    sessions: [
      session('جلسه اول: اولین تست', 'testing-first-test', 'ساختار یک تست و اجرای آن.'),
      session('جلسه دوم: تست توابع ناهمگام', 'testing-async', 'تست کدهایی که با Promise کار می‌کنند.'),
      session('جلسه سوم: تست رابط کاربری', 'testing-ui', 'آزمودن کامپوننت‌ها همان‌طور که کاربر آن‌ها را می‌بیند.'),
    ],
  },
  {
    title: 'کارگاه نود جی‌اس و ساخت API',
    slug: 'nodejs-api-workshop',
    description: html('یک API کامل با نود جی‌اس می‌سازیم: مسیرها، اعتبارسنجی، احراز هویت و پایگاه داده.'),
    daysAgo: 12,
    price: 1590000,
    status: 'in-progress',
    sessions: [
      session('جلسه اول: راه‌اندازی سرور', 'node-api-setup', 'ساخت پروژه و اولین مسیر.'),
      session('جلسه دوم: اعتبارسنجی ورودی', 'node-api-validation', 'بررسی داده‌های ورودی و پیام خطای مناسب.'),
      session('جلسه سوم: احراز هویت', 'node-api-auth', 'ثبت‌نام، ورود و نگه‌داری امن رمز عبور.'),
      session('جلسه چهارم: انتشار', 'node-api-deploy', 'آماده‌سازی برای محیط عملیاتی.'),
    ],
  },
];

/** FAQ entries and links (SPEC §3 Link types). */
export const SEED_LINKS: Array<{ title: string; text: string; type: 'question' | 'product-related-question' | 'link' }> = [
  { type: 'product-related-question', title: 'پس از خرید، دوره را چطور ببینم؟', text: 'پس از پرداخت، دوره در بخش «محصولات خریداری‌شده» در نمایه شما قرار می‌گیرد و جلسه‌ها از همان‌جا در دسترس‌اند.' },
  { type: 'product-related-question', title: 'آیا دسترسی به دوره‌ها محدودیت زمانی دارد؟', text: 'خیر؛ پس از خرید، دسترسی شما به دوره همیشگی است و به‌روزرسانی‌های بعدی را هم دریافت می‌کنید.' },
  { type: 'product-related-question', title: 'امکان بازگشت وجه وجود دارد؟', text: 'اگر تا هفت روز پس از خرید از دوره راضی نبودید، با ارسال تیکت درخواست بازگشت وجه بدهید.' },
  { type: 'product-related-question', title: 'پیش‌نیاز دوره‌ها چیست؟', text: 'پیش‌نیاز هر دوره در صفحه همان دوره نوشته شده است. دوره‌های مقدماتی پیش‌نیازی ندارند.' },
  { type: 'question', title: 'چطور حساب کاربری بسازم؟', text: 'از بالای صفحه روی «ثبت‌نام» بزنید، فرم را پر کنید و سپس ایمیل خود را تأیید کنید.' },
  { type: 'question', title: 'رمز عبورم را فراموش کرده‌ام؛ چه کنم؟', text: 'در صفحه ورود روی «فراموشی رمز عبور» بزنید تا کد یک‌بارمصرف برایتان فرستاده شود.' },
  { type: 'question', title: 'چرا دیدگاه من نمایش داده نمی‌شود؟', text: 'دیدگاه‌ها پس از بررسی و تأیید مدیر سایت نمایش داده می‌شوند.' },
  { type: 'question', title: 'چطور با شما در تماس باشم؟', text: 'از صفحه «تماس با ما» تیکت بفرستید؛ معمولاً در کمتر از یک روز کاری پاسخ می‌دهیم.' },
  { type: 'link', title: 'مخزن نمونه‌کدهای دوره‌ها', text: 'https://github.com/' },
  { type: 'link', title: 'کانال آموزشی', text: 'https://www.youtube.com/' },
  { type: 'link', title: 'همه دوره‌ها', text: '/products' },
];

/** The site information of the demo (issue 8), besides the about-me and terms texts below. */
export const SEED_SITE_INFORMATION = {
  site_name: 'آکادمی نوشتار',
  short_description: 'نوشته‌ها، پادکست‌ها و دوره‌های برنامه‌نویسی وب به زبان فارسی؛ ساده، کاربردی و قدم‌به‌قدم.',
  contact_email: 'info@example.com',
  contact_phone: '+989123456789',
  address: 'تهران، خیابان انقلاب، کوچه نوشتار، پلاک ۱۲',
  social_links: {
    telegram: 'https://t.me/',
    instagram: 'https://www.instagram.com/',
    github: 'https://github.com/',
  },
} as const;

/**
 * The demo's discount codes (issue 25): `WELCOME20`, 20 % on every course with no cap or end, and
 * `YALDA`, which ended on the last Yalda night (30 Azar 1404, Tehran midnight), so both the discount
 * and the «expired» refusal can be tried.
 */
export const SEED_DISCOUNT_CODES = [
  {
    code: 'WELCOME20', kind: 'percent', value: 20, applies_to_all: true, product_ids: [], starts_at: null, ends_at: null,
    total_cap: null, per_user_cap: null, min_cart_total: null, is_active: true,
  },
  {
    code: 'YALDA', kind: 'percent', value: 30, applies_to_all: true, product_ids: [], starts_at: '2025-12-11T20:30:00.000Z',
    ends_at: '2025-12-21T20:30:00.000Z', total_cap: null, per_user_cap: 1, min_cart_total: null, is_active: true,
  },
] as const;

/** The demo course's assignment (issue 37 item 3): its second session; pass at 60, send again until passed. */
export const SEED_ASSIGNMENT = {
  instructions: html(
    'تابعی به نام sumEven بنویسید که آرایه‌ای از عددها بگیرد و مجموع عددهای زوج آن را برگرداند؛ برای آرایهٔ خالی صفر.',
    'کد را در یک فایل js یا zip بفرستید و در متن پاسخ بنویسید تابع را چطور آزمودید. نمرهٔ قبولی ۶۰ از ۱۰۰ است و تا قبول نشده‌اید می‌توانید دوباره بفرستید.',
  ),
  max_files: 3,
  max_file_size_mb: 5,
  allowed_types: ['js', 'zip', 'txt', 'pdf'],
  pass_score: 60,
  allow_resubmit: 'until_passed' as const,
  required_for_certificate: true,
};

/**
 * The demo's final quiz of «دوره مقدماتی جاوااسکریپت» (issue 37): five questions of mixed types, pass
 * mark 60 %, 15 minutes an attempt, answers shown after submitting, the best score counting.
 */
export const SEED_QUIZ = {
  rules: { time_limit_minutes: 15, max_attempts: null, pass_percent: 60, shuffle_questions: false, shuffle_options: true, show_answers: true, score_policy: 'best' },
  questions: [
    {
      type: 'single_choice',
      body: '<p>با کدام کلیدواژه متغیری می‌سازیم که دوباره مقداردهی نمی‌شود؟</p>',
      points: 1,
      options: [{ text: 'let' }, { text: 'const', is_correct: true }, { text: 'var' }],
    },
    { type: 'true_false', body: '<p>در جاوااسکریپت، حاصل <code>[] === []</code> درست (true) است.</p>', points: 1, correct_boolean: false },
    {
      type: 'multiple_choice',
      body: '<p>کدام‌ها متدهای آرایه‌اند؟</p>',
      points: 2,
      options: [{ text: 'map', is_correct: true }, { text: 'filter', is_correct: true }, { text: 'toUpperCase' }],
    },
    { type: 'short_answer', body: '<p>حاصل <code>typeof 42</code> چیست؟</p>', points: 1, accepted_answers: ['number', '"number"'] },
    {
      type: 'ordering',
      body: '<p>مرحله‌های گذر یک رویداد در DOM را به ترتیب بچینید.</p>',
      points: 1,
      options: [{ text: 'capture (از بالا به پایین)' }, { text: 'target (روی خود عنصر)' }, { text: 'bubble (از پایین به بالا)' }],
    },
  ],
} as const;

/** The demo's plan on «دوره مقدماتی جاوااسکریپت» (issue 36 item 2): 3 parts, 40 % now, a part every 30 days, no surcharge, 7 grace days. */
export const SEED_INSTALMENT_PLAN = { parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, grace_days: 7, is_active: true } as const;

/** The demo's sales agent (issue 36 item 4): the staff user, code `STAFF10`, 10 % of each sale. */
export const SEED_SALES_AGENT = { code: 'STAFF10', percent: 10, is_active: true } as const;

/** The demo's gift card (issue 36 item 3): `HEDIEH100`, 100 000 tomans into the wallet that redeems it first, with no end. */
export const SEED_GIFT_CARD = { code: 'HEDIEH100', amount: 100_000, expires_at: null } as const;

/** The demo's active announcement; the seed sets it to expire 30 days after seeding. */
export const SEED_ANNOUNCEMENT = {
  title: 'کارگاه تازه در راه است',
  text: 'ثبت‌نام کارگاه نود جی‌اس و ساخت API آغاز شد؛ برای دیدن سرفصل‌ها به صفحه دوره‌ها بروید.',
  expiresInDays: 30,
} as const;

export const SEED_ABOUT_ME = html(
  'سلام! من یک برنامه‌نویس وب هستم که بیش از ده سال است کد می‌نویسم و چند سالی است آموزش هم می‌دهم.',
  'در این سایت نوشته‌ها، پادکست‌ها و دوره‌هایی را منتشر می‌کنم که دوست داشتم روزی که شروع کردم در دسترس داشتم: ساده، کاربردی و به زبان فارسی.',
);

export const SEED_TERMS = [
  '<h2>قوانین و مقررات</h2>',
  html(
    'استفاده از این سایت به معنای پذیرش قوانین زیر است.',
    'محتوای دوره‌ها فقط برای استفاده شخصی خریدار است و انتشار دوباره آن مجاز نیست.',
    'دیدگاه‌ها پیش از انتشار بررسی می‌شوند؛ دیدگاه‌های توهین‌آمیز یا تبلیغاتی منتشر نمی‌شوند.',
    'اطلاعات شخصی شما فقط برای ارائه خدمات سایت استفاده می‌شود و در اختیار دیگران قرار نمی‌گیرد.',
  ),
].join('\n');

/** Extra readers whose likes make "most liked" differ from "newest". */
export const SEED_READERS = [
  { full_name: 'مریم احمدی', email: 'maryam@example.com' },
  { full_name: 'علی رضایی', email: 'ali@example.com' },
  { full_name: 'سارا محمدی', email: 'sara@example.com' },
  { full_name: 'رضا کریمی', email: 'reza@example.com' },
  { full_name: 'نگار حسینی', email: 'negar@example.com' },
];

/** Contact-us tickets of the demo data (sent by the demo user and two readers; the oldest is read). */
export const SEED_TICKETS: Array<{ title: string; text: string; isRead: boolean; daysAgo: number }> = [
  {
    title: 'مشکل در پخش پادکست',
    text: 'سلام، قسمت دوم پادکست روی گوشی من تا انتها پخش نمی‌شود و وسط کار قطع می‌شود. لطفاً بررسی کنید.',
    isRead: true,
    daysAgo: 20,
  },
  {
    title: 'پرسش درباره خرید دوره',
    text: 'آیا پس از خرید دوره، به جلسه‌هایی که بعداً اضافه می‌شوند هم دسترسی خواهم داشت؟',
    isRead: false,
    daysAgo: 6,
  },
  {
    title: 'پیشنهاد موضوع برای نوشته بعدی',
    text: 'خیلی خوشحال می‌شوم اگر درباره آزمون‌نویسی خودکار در پروژه‌های کوچک هم بنویسید.',
    isRead: false,
    daysAgo: 1,
  },
];

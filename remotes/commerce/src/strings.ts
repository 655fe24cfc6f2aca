import type { ProductStatus } from '@shop/contracts';

/** Every Persian string the commerce remote shows (STYLE.md habit 10). */
export const t = {
  products: 'دوره‌ها',
  latestProducts: 'تازه‌ترین دوره‌ها',
  productsIntro: 'دوره‌های آموزشی جلسه‌به‌جلسه، همراه با تمرین و پشتیبانی.',
  price: 'قیمت',
  sessionsCount: (count: string) => `${count} جلسه`,
  sessions: 'جلسات دوره',
  noSessions: 'هنوز جلسه‌ای برای این دوره منتشر نشده است.',
  session: (number: string) => `جلسه ${number}`,
  publishedAt: 'منتشر شده در',
  likes: 'پسند',
  comments: 'دیدگاه',
  productStatus: 'وضعیت دوره',
  status: {
    'in-progress': 'در حال برگزاری',
    done: 'تکمیل شده',
    expired: 'منقضی شده',
  } satisfies Record<ProductStatus, string>,
  cart: 'سبد خرید',
  cartEmpty: 'سبد خرید شما خالی است',
  cartEmptyHint: 'دوره‌ای را که می‌خواهید از فهرست دوره‌ها انتخاب کنید.',
  browseProducts: 'مشاهده دوره‌ها',
} as const;

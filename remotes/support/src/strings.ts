/** Every Persian string the support remote shows (STYLE.md habit 10). */
export const t = {
  faq: 'پرسش‌های متداول',
  faqIntro: 'پاسخ پرسش‌هایی که بیشتر از ما می‌پرسند. اگر پاسخ خود را پیدا نکردید، با ما تماس بگیرید.',
  faqTabs: 'دسته‌های پرسش‌ها',
  faqTabAboutProducts: 'درباره دوره‌ها',
  faqTabOther: 'سایر پرسش‌ها',
  noQuestions: 'هنوز پرسشی در این بخش ثبت نشده است.',
  aboutMe: 'درباره من',
  moreAboutMe: 'بیشتر درباره من',
  terms: 'قوانین و مقررات',
} as const;

/** Persian strings of the shared form pieces (STYLE.md habit 10). */
export const t = {
  selected: (name: string) => `انتخاب شد: ${name}`,
  keepFile: 'اگر فایلی انتخاب نکنید، فایل فعلی می‌ماند.',
  fixErrors: 'لطفاً خطاهای مشخص‌شده را برطرف کنید.',
  failed: 'ذخیره انجام نشد؛ لطفاً دوباره تلاش کنید.',
  image: 'تصویر',
  chooseImage: 'انتخاب تصویر',
  imageHelp: 'JPG، PNG یا WebP، حداکثر ۲ مگابایت.',
  save: 'ذخیره',
  saving: 'در حال ذخیره…',
  cancel: 'انصراف',
  noConnection: 'ارتباط با سرور برقرار نشد؛ اطلاعات فرم سر جایش است، دوباره تلاش کنید.',
} as const;

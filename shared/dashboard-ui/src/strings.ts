/** Persian strings of the shared dashboard pieces (STYLE.md habit 10). */
export const t = {
  all: 'همه',
  empty: 'موردی با این مشخصات پیدا نشد.',
  total: (count: string) => `${count} مورد`,
  edit: (title: string) => `ویرایش «${title}»`,
  remove: (title: string) => `حذف «${title}»`,
  deleteTitle: 'حذف شود؟',
  confirmDelete: 'حذف',
  deleted: 'حذف شد.',
} as const;

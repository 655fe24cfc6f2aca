/** Persian strings of the shared dashboard pieces (STYLE.md habit 10). */
export const t = {
  all: 'همه',
  empty: 'موردی با این مشخصات پیدا نشد.',
  total: (count: string) => `${count} مورد`,
  edit: (title: string) => `ویرایش «${title}»`,
  remove: (title: string) => `حذف «${title}»`,
  exportCsv: 'خروجی CSV',
  exportCsvOf: (what: string) => `خروجی CSV ${what}`,
  // row selection and undoable delete (issue 26)
  selectAll: 'همه در این صفحه',
  selectRow: (title: string) => `انتخاب «${title}»`,
  selectedCount: (count: string) => `${count} مورد انتخاب شده`,
  bulkActions: 'عملیات روی موارد انتخاب‌شده',
  clearSelection: 'لغو انتخاب',
  undo: 'بازگردانی',
} as const;

import type { AgentPayout } from '@shop/contracts';

/**
 * Every Persian string of sales agents («همکاری در فروش», issue 36 item 4) in the commerce remote:
 * the cart's agent code, super's agents and staff's payouts. Kept apart from `strings.ts`, which is
 * near its length limit; read them together (STYLE.md habit 10).
 */
export const agentStrings = {
  /** The cart's agent code field. */
  cart: {
    open: 'کد همکار فروش دارید؟',
    label: 'کد همکار فروش',
    help: 'کدی که همکار فروش به شما داده است؛ حروف انگلیسی و رقم.',
    submit: 'ثبت',
    submitting: 'در حال بررسی…',
    /** Before the code, which is shown left to right. */
    named: 'همکار فروش:',
    remove: 'حذف',
    removeLabel: 'حذف همکار فروش',
    /** When the server's refusal has no message of its own. */
    failed: 'کد ثبت نشد؛ دوباره تلاش کنید.',
  },
  /** `/dashboard/sales-agents` (super only). */
  agents: {
    title: 'همکاران فروش',
    intro: 'کاربرانی که با پیوند یا کد خود خریدار می‌آورند و درصدی از مبلغ پرداختی خرید را می‌گیرند؛ پورسانت پس از پایان مهلت بازگشت وجه قطعی می‌شود.',
    list: 'فهرست همکاران فروش',
    total: (count: string) => `${count} همکار`,
    empty: 'هنوز همکار فروشی تعریف نشده است.',
    columns: { name: 'نام', email: 'ایمیل', code: 'کد', percent: 'درصد', link: 'پیوند همکاری', is_active: 'وضعیت', actions: 'عملیات' },
    percent: (percent: string) => `${percent}٪`,
    active: 'فعال',
    inactive: 'غیرفعال',
    edit: (name: string) => `ویرایش همکار فروش ${name}`,
    copy: (code: string) => `کپی پیوند ${code}`,
    copied: 'پیوند همکاری کپی شد.',
    copyFailed: 'پیوند کپی نشد؛ آن را انتخاب و دستی کپی کنید.',
    add: 'افزودن همکار فروش',
    editing: (name: string) => `ویرایش همکار فروش: ${name}`,
    create: 'افزودن همکار',
    save: 'ذخیره تغییرات',
    saving: 'در حال ذخیره…',
    cancelEdit: 'انصراف از ویرایش',
    fields: {
      user: 'کاربر',
      code: 'کد همکار فروش',
      codeHelp: 'از ۳ تا ۳۲ حرف انگلیسی و رقم، بدون فاصله؛ در پیوند همکار هم می‌آید.',
      percent: 'درصد پورسانت',
      percentHelp: 'از ۱ تا ۵۰ درصدِ مبلغی که خریدار پرداخت می‌کند.',
      is_active: 'فعال (کد و پیوندش پذیرفته شود)',
    },
  },
  /** `/dashboard/financial-info/agent-payouts` (manage-refunds). */
  payouts: {
    title: 'تسویه همکاران فروش',
    intro: 'درخواست‌های تسویه همکاران فروش، قدیمی‌ترین درخواست اول. تسویه به حساب بانکی را پس از واریز ثبت کنید؛ تسویه به کیف پول با ثبت پرداخت به کیف پول همکار افزوده می‌شود.',
    statusFilter: 'وضعیت تسویه',
    statuses: { requested: 'در انتظار پرداخت', paid: 'پرداخت‌شده' } satisfies Record<AgentPayout['status'], string>,
    destinations: { bank: 'حساب بانکی', wallet: 'کیف پول' } satisfies Record<AgentPayout['to'], string>,
    total: (count: string) => `${count} تسویه`,
    empty: 'تسویه‌ای با این وضعیت نیست.',
    columns: { agent: 'همکار فروش', amount: 'مبلغ', to: 'مقصد', requested_at: 'تاریخ درخواست', status: 'وضعیت', actions: 'عملیات' },
    paidAt: (date: string) => `در ${date}`,
    pay: 'ثبت پرداخت',
    payOf: (amount: string, name: string) => `ثبت پرداخت ${amount} به ${name}`,
    payTitle: (amount: string, name: string) => `ثبت پرداخت ${amount} به ${name}؟`,
    payTextBank: 'ثبت پرداخت پس از واریز مبلغ به حساب بانکی همکار است و برگشت‌پذیر نیست.',
    payTextWallet: 'مبلغ همین حالا به کیف پول همکار افزوده می‌شود؛ این کار برگشت‌پذیر نیست.',
    payFailed: 'پرداخت ثبت نشد؛ اتصال را بررسی کنید و دوباره تلاش کنید.',
  },
} as const;

/** @jest-environment-options {"url": "http://127.0.0.1:25773"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletEntry } from '@shop/contracts';
import { aUser, renderDashboardForm, startApiServer } from '@shop/test-utils';
import WalletsPage from './wallets-page';

const SHORT = 'موجودی کیف پول (۲۰٬۰۰۰ تومان) برای این برداشت کافی نیست.';
const anEntry = (overrides: Partial<WalletEntry> = {}): WalletEntry => ({
  id: 1, kind: 'gift_card', amount: 50000, balance_after: 50000, order_id: null, gift_card_code: 'NOWRUZ1405', reason: null,
  created_at: '2026-11-20T08:30:00Z', ...overrides,
});
const ENTRIES: WalletEntry[] = [
  anEntry({ id: 4, kind: 'staff_debit', amount: -5000, balance_after: 20000, gift_card_code: null, reason: 'اصلاح خطای ثبت', created_at: '2026-11-22T10:00:00Z' }),
  anEntry({ id: 3, kind: 'order_payment', amount: -25000, balance_after: 25000, gift_card_code: null, order_id: 1205, created_at: '2026-11-21T10:00:00Z' }),
  anEntry(),
];

let balance = 20000;
let adjustAnswer: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25773, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/users') {
      const sara = aUser({ id: 8, full_name: 'سارا محمدی', email: 'sara@example.com' });
      return { data: [sara], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } };
    }
    if (url.pathname === '/api/dashboard/financial-info/wallets/8' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        balance,
        data: page === 1 ? ENTRIES : [anEntry({ id: 0, kind: 'refund', amount: 10000, balance_after: 10000, gift_card_code: null, order_id: 77 })],
        meta: { current_page: page, last_page: 2, per_page: 20, total: 21 },
        user: { id: 8, full_name: 'سارا محمدی', email: 'sara@example.com', mobile: null },
      };
    }
    if (url.pathname === '/api/dashboard/financial-info/wallets/8/entries' && method === 'POST') {
      if (adjustAnswer) return adjustAnswer;
      const body = json as { direction: string; amount: number; reason: string };
      balance += body.direction === 'credit' ? body.amount : -body.amount;
      const entry = anEntry({ id: 5, kind: body.direction === 'credit' ? 'staff_credit' : 'staff_debit', amount: body.amount, balance_after: balance, reason: body.reason });
      return { status: 201, body: { message: 'مبلغ به کیف پول افزوده شد.', data: entry } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  balance = 20000;
  adjustAnswer = null;
});

const ROUTES = {
  '/dashboard/financial-info/wallets': <WalletsPage />,
  '/dashboard/financial-info/wallets/:userId': <WalletsPage />,
};
const field = (name: string) => screen.getByRole('textbox', { name });
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;
const walletGets = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/dashboard/financial-info/wallets/8');
const adjustments = () => api.seen.filter((r) => r.method === 'POST').map((r) => r.json);

describe("users' wallets (/dashboard/financial-info/wallets, issue 36 item 3)", () => {
  it('asks for a user, then finds one with the user picker of the manual orders and opens their wallet', async () => {
    renderDashboardForm('/dashboard/financial-info/wallets', ROUTES);
    expect(screen.getByRole('heading', { level: 1, name: 'کیف پول کاربران' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'نمایش کیف پول' }));
    expect(await screen.findByText('کاربری را انتخاب کنید.')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'جست‌وجوی کاربر (ایمیل، نام یا موبایل)' }), { target: { value: 'سارا' } });
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/dashboard/users')).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'کاربر' }));
    await userEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'سارا محمدی — sara@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'نمایش کیف پول' }));
    expect(await screen.findByLabelText('موجودی')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('موجودی').textContent).toBe('۲۰٬۰۰۰ تومان'));
    expect(screen.getByRole('heading', { level: 2, name: 'سارا محمدی' })).toBeTruthy();
  });

  it('shows the balance and the entries in Persian: Jalali date, kind, signed amount, balance after and what each is about; pages through them', async () => {
    renderDashboardForm('/dashboard/financial-info/wallets/8', ROUTES);
    const table = await screen.findByRole('table', { name: 'گردش کیف پول' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByLabelText('موجودی').textContent).toBe('۲۰٬۰۰۰ تومان');
    expect(screen.getByText('۲۱ تراکنش')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['تاریخ', 'نوع', 'مبلغ', 'موجودی پس از آن', 'شرح']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['۱ آذر ۱۴۰۵، ساعت ۱۳:۳۰', 'کاهش توسط پشتیبانی', '\u200e−۵٬۰۰۰ تومان', '۲۰٬۰۰۰ تومان', 'اصلاح خطای ثبت'],
      ['۳۰ آبان ۱۴۰۵، ساعت ۱۳:۳۰', 'پرداخت سفارش', '\u200e−۲۵٬۰۰۰ تومان', '۲۵٬۰۰۰ تومان', 'سفارش ۱٬۲۰۵'],
      ['۲۹ آبان ۱۴۰۵، ساعت ۱۲:۰۰', 'کارت هدیه', '\u200e+۵۰٬۰۰۰ تومان', '۵۰٬۰۰۰ تومان', 'کد NOWRUZ1405'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(within(table).getByText('بازگشت وجه')).toBeTruthy());
    expect(walletGets().map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('shows the 422 of a debit above the balance under the amount, keeps what was typed, then credits the wallet', async () => {
    adjustAnswer = { status: 422, body: { message: SHORT, errors: { amount: [SHORT] } } };
    renderDashboardForm('/dashboard/financial-info/wallets/8', ROUTES);
    await screen.findByRole('table', { name: 'گردش کیف پول' });
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'ثبت تراکنش' }));

    await submit();
    expect(await screen.findByText('مبلغ الزامی است')).toBeTruthy();
    expect(screen.getByText('دلیل الزامی است')).toBeTruthy();
    expect(adjustments()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'کاهش موجودی' }));
    await userEvent.type(field('مبلغ (تومان)'), '۵۰۰۰۰');
    await userEvent.type(field('دلیل'), 'بازگشت هزینه اشتباه');
    await submit();
    expect(await screen.findByText(SHORT)).toBeTruthy();
    expect(noteOf(field('مبلغ (تومان)'))).toBe(SHORT);
    expect(field('مبلغ (تومان)').getAttribute('aria-invalid')).toBe('true');
    expect(adjustments()).toEqual([{ direction: 'debit', amount: 50000, reason: 'بازگشت هزینه اشتباه' }]);
    expect((field('مبلغ (تومان)') as HTMLInputElement).value).toBe('۵۰٬۰۰۰');
    expect((field('دلیل') as HTMLTextAreaElement).value).toBe('بازگشت هزینه اشتباه');
    expect((screen.getByRole('radio', { name: 'کاهش موجودی' }) as HTMLInputElement).checked).toBe(true);

    adjustAnswer = null;
    await userEvent.click(screen.getByRole('radio', { name: 'افزایش موجودی' }));
    await submit();
    expect(await screen.findByText('مبلغ به کیف پول افزوده شد.')).toBeTruthy();
    expect(adjustments()[1]).toEqual({ direction: 'credit', amount: 50000, reason: 'بازگشت هزینه اشتباه' });
    // The wallet is asked again and shows the new balance; the form is empty for the next one.
    await waitFor(() => expect(screen.getByLabelText('موجودی').textContent).toBe('۷۰٬۰۰۰ تومان'));
    expect(walletGets().length).toBeGreaterThanOrEqual(2);
    expect((field('مبلغ (تومان)') as HTMLInputElement).value).toBe('');
  });
});

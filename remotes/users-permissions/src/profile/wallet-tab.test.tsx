/** @jest-environment-options {"url": "http://127.0.0.1:25119"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletEntry } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import ProfilePage from './profile-page';

// A stateful fake of the user's wallet API (issue 36 item 3): entries newest first, the balance their sum.
let entries: WalletEntry[] = [];
let redeemAnswer: { status: number; body: unknown } | null = null;

const anEntry = (overrides: Partial<WalletEntry> & Pick<WalletEntry, 'id' | 'kind' | 'amount' | 'balance_after'>): WalletEntry => ({
  order_id: null,
  gift_card_code: null,
  reason: null,
  created_at: '2026-11-20T08:00:00Z',
  ...overrides,
});

const seed = () => [
  anEntry({ id: 6, kind: 'order_payment_returned', amount: 40_000, balance_after: 150_000, order_id: 13, created_at: '2026-11-24T08:00:00Z' }),
  anEntry({ id: 5, kind: 'order_payment', amount: -40_000, balance_after: 110_000, order_id: 13, created_at: '2026-11-23T08:00:00Z' }),
  anEntry({ id: 4, kind: 'staff_debit', amount: -10_000, balance_after: 150_000, reason: 'اصلاح واریز تکراری', created_at: '2026-11-22T08:00:00Z' }),
  anEntry({ id: 3, kind: 'staff_credit', amount: 10_000, balance_after: 160_000, reason: 'جبران قطعی سایت', created_at: '2026-11-21T12:00:00Z' }),
  anEntry({ id: 2, kind: 'refund', amount: 50_000, balance_after: 150_000, order_id: 12, created_at: '2026-11-21T08:00:00Z' }),
  anEntry({ id: 1, kind: 'gift_card', amount: 100_000, balance_after: 100_000, gift_card_code: 'HEDIEH100', created_at: '2026-11-20T08:00:00Z' }),
];

const balance = () => entries[0]?.balance_after ?? 0;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25119, ({ method, url, json }) => {
    if (method === 'GET' && url.pathname === '/api/wallet') {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      return {
        balance: balance(),
        data: entries.slice((page - 1) * perPage, page * perPage),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(entries.length / perPage)), per_page: perPage, total: entries.length },
      };
    }
    if (method !== 'POST' || url.pathname !== '/api/wallet/gift-cards/redeem') return undefined;
    if (redeemAnswer) return redeemAnswer;
    const { code } = json as { code: string };
    const entry = anEntry({ id: 100, kind: 'gift_card', amount: 250_000, balance_after: balance() + 250_000, gift_card_code: code, created_at: '2026-11-25T08:00:00Z' });
    entries = [entry, ...entries];
    return { message: '۲۵۰٬۰۰۰ تومان به کیف پول شما افزوده شد.', data: entry };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  entries = seed();
  redeemAnswer = null;
});

const renderWallet = (url = '/profile#wallet') => renderPage(<ProfilePage />, { url, path: '/profile', user: aUser() });
const balanceShown = () => within(screen.getByRole('region', { name: 'موجودی کیف پول' })).getByText(/تومان$/).textContent;
const entriesShown = async () => within(await screen.findByRole('list', { name: 'گردش کیف پول' })).getAllByRole('listitem');
const codeField = () => screen.getByRole('textbox', { name: 'کد کارت هدیه' }) as HTMLInputElement;
const redeems = () => api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json]);
/** An amount in the wallet: the platform's Persian signs come after a left-to-right mark. */
const LRM = '\u200e';

describe('ProfilePage #wallet «کیف پول» (issue 36 item 3)', () => {
  it('shows the balance and each entry with its Persian description, Jalali date, signed amount and the balance after it', async () => {
    renderWallet();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('کیف پول');
    const [returned, payment, debit, credit, refund, giftCard] = await entriesShown();
    expect(balanceShown()).toBe('۱۵۰٬۰۰۰ تومان');

    expect(giftCard!.textContent).toContain('کارت هدیه HEDIEH100');
    expect(giftCard!.textContent).toContain(`${LRM}+۱۰۰٬۰۰۰ تومان`);
    expect(giftCard!.textContent).toContain('موجودی پس از آن: ۱۰۰٬۰۰۰ تومان');
    expect(within(giftCard!).getByText(formatJalaliDate('2026-11-20T08:00:00Z')).getAttribute('dateTime')).toBe('2026-11-20T08:00:00Z');
    expect(formatJalaliDate('2026-11-20T08:00:00Z')).toBe('۲۹ آبان ۱۴۰۵');
    expect(refund!.textContent).toContain('بازگشت وجه سفارش ۱۲');
    expect(credit!.textContent).toContain('افزایش موجودی توسط پشتیبانی: جبران قطعی سایت');
    expect(debit!.textContent).toContain('کاهش موجودی توسط پشتیبانی: اصلاح واریز تکراری');
    expect(payment!.textContent).toContain('پرداخت سفارش ۱۳');
    expect(payment!.textContent).toContain(`${LRM}−۴۰٬۰۰۰ تومان`);
    expect(payment!.textContent).toContain('موجودی پس از آن: ۱۱۰٬۰۰۰ تومان');
    expect(returned!.textContent).toContain('بازگشت سهم کیف پول از سفارش لغوشده ۱۳');

    // In green, out red: the theme's colours of success and error.
    const colorOf = (item: HTMLElement, amount: string) => getComputedStyle(within(item).getByText(amount)).color;
    expect(colorOf(giftCard!, `${LRM}+۱۰۰٬۰۰۰ تومان`)).toBe('var(--mui-palette-success-main)');
    expect(colorOf(credit!, `${LRM}+۱۰٬۰۰۰ تومان`)).toBe('var(--mui-palette-success-main)');
    expect(colorOf(payment!, `${LRM}−۴۰٬۰۰۰ تومان`)).toBe('var(--mui-palette-error-main)');
    expect(colorOf(debit!, `${LRM}−۱۰٬۰۰۰ تومان`)).toBe('var(--mui-palette-error-main)');

    // Besides the profile's question whether the user is a sales agent (`#agent`, issue 36 item 4).
    expect(api.seen.filter((r) => r.url.pathname !== '/api/agent').map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/wallet?page=1&per_page=10']);
    expect(screen.queryByRole('navigation', { name: 'صفحه‌بندی' })).toBeNull();
  });

  it('redeems a gift card typed loosely: a toast with the server’s message, an empty field, the new balance and entry', async () => {
    const user = userEvent.setup();
    renderWallet();
    await entriesShown();
    expect(codeField().getAttribute('dir')).toBe('ltr');
    await user.type(codeField(), 'nowruz-۱۴۰۵');
    await user.click(screen.getByRole('button', { name: 'افزودن به کیف پول' }));

    const toast = await screen.findByText('۲۵۰٬۰۰۰ تومان به کیف پول شما افزوده شد.');
    expect(toast.closest('#notistack-snackbar')).toBeTruthy();
    expect(redeems()).toEqual([['/api/wallet/gift-cards/redeem', { code: 'NOWRUZ1405' }]]);
    expect(codeField().value).toBe('');
    await waitFor(() => expect(balanceShown()).toBe('۴۰۰٬۰۰۰ تومان'));
    const [newest] = await entriesShown();
    expect(newest!.textContent).toContain('کارت هدیه NOWRUZ1405');
    expect(newest!.textContent).toContain(`${LRM}+۲۵۰٬۰۰۰ تومان`);
    expect(newest!.textContent).toContain(formatJalaliDate('2026-11-25T08:00:00Z'));
  });

  it('shows the server’s 422 under the field and keeps the code', async () => {
    redeemAnswer = {
      status: 422,
      body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { code: ['این کارت هدیه پیش‌تر استفاده شده است.'] } },
    };
    const user = userEvent.setup();
    renderWallet();
    await entriesShown();
    await user.type(codeField(), 'HEDIEH100');
    await user.click(screen.getByRole('button', { name: 'افزودن به کیف پول' }));

    const form = screen.getByRole('form', { name: 'افزودن کارت هدیه' });
    expect(await within(form).findByText('این کارت هدیه پیش‌تر استفاده شده است.')).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().value).toBe('HEDIEH100');
    expect(within(form).getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(balanceShown()).toBe('۱۵۰٬۰۰۰ تومان');
  });

  it('checks the code with giftCardRedeemSchema before sending, and shows a refusal of too many tries above the button', async () => {
    const user = userEvent.setup();
    renderWallet();
    await entriesShown();
    await user.click(screen.getByRole('button', { name: 'افزودن به کیف پول' }));
    expect(await screen.findByText('کد کارت هدیه الزامی است')).toBeTruthy();
    await user.type(codeField(), 'کارت');
    expect(await screen.findByText('کد کارت هدیه فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)')).toBeTruthy();
    expect(redeems()).toEqual([]);

    redeemAnswer = { status: 429, body: { message: 'تعداد تلاش‌ها بیش از حد مجاز است؛ چند دقیقه دیگر دوباره امتحان کنید.' } };
    await user.clear(codeField());
    await user.type(codeField(), 'HEDIEH100');
    await user.click(screen.getByRole('button', { name: 'افزودن به کیف پول' }));
    const form = screen.getByRole('form', { name: 'افزودن کارت هدیه' });
    expect((await within(form).findByRole('alert')).textContent).toBe('تعداد تلاش‌ها بیش از حد مجاز است؛ چند دقیقه دیگر دوباره امتحان کنید.');
    expect(codeField().value).toBe('HEDIEH100');
  });

  it('pages the entries with the page in the URL beside the hash', async () => {
    entries = Array.from({ length: 12 }, (_, i) =>
      anEntry({ id: 12 - i, kind: 'gift_card', amount: 1_000, balance_after: (12 - i) * 1_000, gift_card_code: `CARD${12 - i}` }),
    );
    const user = userEvent.setup();
    renderWallet();
    expect(await entriesShown()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile?page=2#wallet'));
    await waitFor(() => expect(screen.getByText('کارت هدیه CARD1')).toBeTruthy());
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('کارت هدیه'))).toHaveLength(2);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('کیف پول');
    expect(balanceShown()).toBe('۱۲٬۰۰۰ تومان');
  });

  it('shows an empty wallet as «۰ تومان» with a friendly note, and still offers the gift card form', async () => {
    entries = [];
    renderWallet();
    expect(await screen.findByText(/کیف پول شما هنوز گردشی ندارد/)).toBeTruthy();
    expect(balanceShown()).toBe('۰ تومان');
    expect(screen.queryByText('رایگان')).toBeNull();
    expect(screen.queryByRole('list', { name: 'گردش کیف پول' })).toBeNull();
    expect(codeField()).toBeTruthy();
  });
});

/** @jest-environment-options {"url": "http://127.0.0.1:25772"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftCard } from '@shop/contracts';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import commerceModule from '../../module';
import GiftCardsPage from './gift-cards-page';

const TAKEN = 'کارت هدیه‌ای با این کد از قبل وجود دارد.';
const USED = 'این کارت هدیه استفاده شده است و حذف نمی‌شود.';
const aCard = (overrides: Partial<GiftCard> = {}): GiftCard => ({
  id: 3, code: 'NOWRUZ1405', amount: 200000, expires_at: null, redeemed_by: null, redeemed_at: null,
  created_by: { id: 1, full_name: 'مدیر سایت' }, created_at: '2026-11-20T08:30:00Z', ...overrides,
});

let cards: GiftCard[] = [];
let createAnswer: { status: number; body: unknown } | null = null;
let deleteAnswer: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25772, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/financial-info/gift-cards' && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toUpperCase();
      const found = cards.filter((card) => card.code.includes(q));
      return { data: found, meta: { current_page: 1, last_page: 1, per_page: 15, total: found.length } };
    }
    if (url.pathname === '/api/dashboard/financial-info/gift-cards' && method === 'POST') {
      if (createAnswer) return createAnswer;
      const body = json as { code?: string; amount: number; expires_at: string | null };
      const card = aCard({ id: 9, code: body.code ?? 'K7Q2M9X4B1ZP', amount: body.amount, expires_at: body.expires_at, created_at: '2026-11-23T09:00:00Z' });
      cards = [card, ...cards];
      return { status: 201, body: { message: 'کارت هدیه ساخته شد.', data: card } };
    }
    const one = /^\/api\/dashboard\/financial-info\/gift-cards\/(\d+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      if (deleteAnswer) return deleteAnswer;
      cards = cards.filter((card) => card.id !== Number(one[1]));
      return { message: 'کارت هدیه حذف شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  cards = [];
  createAnswer = null;
  deleteAnswer = null;
});

const renderCards = () => renderPage(<GiftCardsPage />, { url: '/dashboard/financial-info/gift-cards', user: aUser({ status: 'super' }) });
const field = (name: string) => screen.getByRole('textbox', { name });
const create = () => userEvent.click(screen.getByRole('button', { name: 'ساخت کارت' }));
const posts = () => api.seen.filter((r) => r.method === 'POST').map((r) => r.json);
const table = () => screen.getByRole('table', { name: 'کارت‌های هدیه' });
/** The helper text under a field (its error, or its help). */
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;

describe('gift cards (/dashboard/financial-info/gift-cards, issue 36 item 3)', () => {
  it('shows the shared schema\'s Persian errors under the fields and sends nothing', async () => {
    renderCards();
    await screen.findByRole('table', { name: 'کارت‌های هدیه' });
    expect(noteOf(field('کد کارت هدیه'))).toBe('خالی بگذارید تا کدی ساخته شود');
    await userEvent.type(field('کد کارت هدیه'), 'هدیه');
    await create();
    expect(await screen.findByText('کد کارت هدیه فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)')).toBeTruthy();
    expect(screen.getByText('مبلغ الزامی است')).toBeTruthy();
    expect(field('کد کارت هدیه').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field('کد کارت هدیه'));
    await userEvent.type(field('کد کارت هدیه'), 'ab');
    await userEvent.type(field('مبلغ (تومان)'), '0');
    await create();
    expect(await screen.findByText('کد کارت هدیه باید دست‌کم ۴ نویسه باشد')).toBeTruthy();
    expect(screen.getByText('مبلغ نباید کمتر از ۱ باشد')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('keeps what was typed when the server refuses a taken code, then makes a card with a code of its own', async () => {
    createAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { code: [TAKEN] } } };
    renderCards();
    await screen.findByRole('table', { name: 'کارت‌های هدیه' });
    await userEvent.type(field('کد کارت هدیه'), 'yalda-۱۴۰۵');
    await userEvent.type(field('مبلغ (تومان)'), '۱۵۰۰۰۰');
    expect((field('مبلغ (تومان)') as HTMLInputElement).value).toBe('۱۵۰٬۰۰۰');
    await create();
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(noteOf(field('کد کارت هدیه'))).toBe(TAKEN);
    expect(posts()).toEqual([{ code: 'YALDA1405', amount: 150000, expires_at: null }]);
    expect((field('کد کارت هدیه') as HTMLInputElement).value).toBe('yalda-۱۴۰۵');
    expect((field('مبلغ (تومان)') as HTMLInputElement).value).toBe('۱۵۰٬۰۰۰');

    // Empty code: the server makes one, and the page shows it to be handed out.
    createAnswer = null;
    await userEvent.clear(field('کد کارت هدیه'));
    await create();
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]).toEqual({ amount: 150000, expires_at: null });
    const made = await screen.findByText('کارت هدیه ساخته شد؛ کد آن:', { exact: false });
    expect(made.closest('[role="status"]')!.textContent).toBe('کارت هدیه ساخته شد؛ کد آن: K7Q2M9X4B1ZP');
    expect((field('مبلغ (تومان)') as HTMLInputElement).value).toBe('');
    // The list is asked again and shows the new card.
    expect(await within(table()).findByText('K7Q2M9X4B1ZP')).toBeTruthy();
  });

  it('lists each card: the code left to right, amount, expiry in Jalali or «بدون پایان», who redeemed it or «استفاده‌نشده», and who made it; searches by code', async () => {
    cards = [
      aCard(),
      aCard({
        id: 4, code: 'YALDA', amount: 50000, expires_at: '2025-12-21T20:30:00Z', redeemed_at: '2025-12-01T10:00:00Z',
        redeemed_by: { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com' }, created_by: null,
      }),
    ];
    renderCards();
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['کد', 'مبلغ', 'پایان اعتبار', 'استفاده', 'سازنده', 'عملیات']);
    const [, nowruz, yalda] = within(table()).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(nowruz!).slice(0, 5)).toEqual(['NOWRUZ1405', '۲۰۰٬۰۰۰ تومان', 'بدون پایان', 'استفاده‌نشده', 'مدیر سایت، ۲۹ آبان ۱۴۰۵، ساعت ۱۲:۰۰']);
    expect(cells(yalda!)).toEqual([
      'YALDA', '۵۰٬۰۰۰ تومان', '۱ دی ۱۴۰۴، ساعت ۰۰:۰۰', 'سارا محمدی، ۱۰ آذر ۱۴۰۴، ساعت ۱۳:۳۰sara@example.com', 'نامشخص، ۲۹ آبان ۱۴۰۵، ساعت ۱۲:۰۰', '',
    ]);
    expect(within(nowruz!).getByText('NOWRUZ1405').getAttribute('dir')).toBe('ltr');
    // A redeemed card cannot be deleted.
    expect(within(yalda!).queryByRole('button')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'جست‌وجوی کد' }), 'yal');
    await waitFor(() => expect(api.seen.some((r) => r.url.searchParams.get('q') === 'yal')).toBe(true));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
  });

  it('deletes an unused card after a confirmation, and shows the server\'s refusal for one redeemed meanwhile', async () => {
    cards = [aCard(), aCard({ id: 5, code: 'SPRING' })];
    renderCards();
    await userEvent.click(await screen.findByRole('button', { name: 'حذف «SPRING»' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف کارت هدیه «SPRING»؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'حذف «SPRING»' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف کارت' }));
    expect(await screen.findByText('کارت هدیه حذف شد.')).toBeTruthy();
    await waitFor(() => expect(within(table()).queryByText('SPRING')).toBeNull());
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/dashboard/financial-info/gift-cards/5']);

    deleteAnswer = { status: 422, body: { message: USED } };
    await userEvent.click(screen.getByRole('button', { name: 'حذف «NOWRUZ1405»' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف کارت' }));
    expect((await screen.findByText(USED)).closest('[role="alert"]')).toBeTruthy();
  });

  it('is a manage-refunds page of the contract, like the refunds', () => {
    const route = commerceModule.dashboardRoutes.find((r) => r.path === '/dashboard/financial-info/gift-cards');
    expect(route?.permission).toBe('manage-refunds');
    expect(['/dashboard/financial-info/wallets', '/dashboard/financial-info/wallets/:userId'].map((path) => commerceModule.dashboardRoutes.find((r) => r.path === path)?.permission)).toEqual([
      'manage-refunds',
      'manage-refunds',
    ]);
  });
});

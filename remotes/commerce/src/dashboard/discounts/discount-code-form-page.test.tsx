/** @jest-environment-options {"url": "http://127.0.0.1:25522"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiscountCode } from '@shop/contracts';
import { clickWithUndo, expectSentAfterUndoWindow, renderDashboardForm, startApiServer, useFakeClock } from '@shop/test-utils';
import { aProduct } from '../../products/fixtures';
import DiscountCodeFormPage from './discount-code-form-page';
import DiscountCodesPage from './discount-codes-page';

const TAKEN = 'این کد تخفیف از قبل وجود دارد.';
const DEACTIVATED = 'این کد تخفیف در سفارش‌هایی به کار رفته است؛ به جای حذف، غیرفعال شد.';
const aCode = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 4, code: 'WELCOME20', kind: 'percent', value: 20, applies_to_all: true, product_ids: [], products: [], starts_at: null,
  ends_at: null, total_cap: null, per_user_cap: null, min_cart_total: null, is_active: true, uses: 3, given_amount: 294000,
  created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z', ...overrides,
});

let codes: DiscountCode[] = [];
let saveAnswer: { status: number; body: unknown } = { status: 201, body: { message: 'کد تخفیف افزوده شد.', data: aCode() } };
const saved: unknown[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25522, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/products') {
      const products = [aProduct({ id: 1, title: 'دوره ری‌اکت' }), aProduct({ id: 2, title: 'کارگاه گیت' })];
      return { data: products, meta: { current_page: 1, last_page: 1, per_page: 50, total: 2 } };
    }
    if (url.pathname === '/api/dashboard/discount-codes' && method === 'GET') {
      return { data: codes, meta: { current_page: 1, last_page: 1, per_page: 15, total: codes.length } };
    }
    if (url.pathname === '/api/dashboard/discount-codes' && method === 'POST') {
      saved.push(json);
      return saveAnswer;
    }
    const one = /^\/api\/dashboard\/discount-codes\/(\d+)$/.exec(url.pathname);
    const target = one && codes.find((code) => code.id === Number(one[1]));
    if (method === 'DELETE' && target) {
      // As the server does (issue 25): a code some order names is deactivated instead.
      if (target.uses > 0) {
        codes = codes.map((code) => (code === target ? { ...code, is_active: false } : code));
        return { message: DEACTIVATED };
      }
      codes = codes.filter((code) => code !== target);
      return { message: 'کد تخفیف حذف شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saved.splice(0);
  codes = [];
  saveAnswer = { status: 201, body: { message: 'کد تخفیف افزوده شد.', data: aCode() } };
});

const renderForm = () =>
  renderDashboardForm('/dashboard/discount-codes/add-discount-code', {
    '/dashboard/discount-codes/add-discount-code': <DiscountCodeFormPage />,
    '/dashboard/discount-codes': <p>list</p>,
  });
const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

describe('discount code form (/dashboard/discount-codes/add-discount-code)', () => {
  it('shows the shared schema\'s Persian errors on the fields and sends nothing', async () => {
    renderForm();
    await userEvent.type(await screen.findByRole('textbox', { name: 'کد تخفیف' }), 'یلدا ۱۴۰۴');
    await userEvent.type(field('درصد تخفیف'), '120');
    await userEvent.click(screen.getByRole('switch', { name: 'برای همه دوره‌ها' }));
    await save();
    expect(await screen.findByText('کد تخفیف فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)')).toBeTruthy();
    expect(screen.getByText('مقدار تخفیف نباید بیشتر از ۱۰۰ باشد')).toBeTruthy();
    expect(screen.getByText('دست‌کم یک دوره را انتخاب کنید')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('sends the cast form: the code upper-case, numbers from Persian digits, the chosen courses; a taken code shows on its field', async () => {
    saveAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { code: [TAKEN] } } };
    renderForm();
    await userEvent.type(await screen.findByRole('textbox', { name: 'کد تخفیف' }), 'nowruz');
    await userEvent.click(screen.getByRole('radio', { name: 'مبلغ ثابت (تومان)' }));
    await userEvent.type(field('مبلغ تخفیف (تومان)'), '۵۰۰۰۰');
    expect((field('مبلغ تخفیف (تومان)') as HTMLInputElement).value).toBe('۵۰٬۰۰۰');
    await userEvent.click(screen.getByRole('switch', { name: 'برای همه دوره‌ها' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'دوره‌های مشمول' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'کارگاه گیت' }));
    await userEvent.type(field('سقف کل استفاده'), '5');
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      code: 'NOWRUZ', kind: 'amount', value: 50000, applies_to_all: false, product_ids: [2], starts_at: null, ends_at: null,
      total_cap: 5, per_user_cap: null, min_cart_total: null, is_active: true,
    });
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(field('کد تخفیف').getAttribute('aria-invalid')).toBe('true');

    saveAnswer = { status: 201, body: { message: 'کد تخفیف افزوده شد.', data: aCode() } };
    await save();
    expect(await screen.findByText('list')).toBeTruthy();
  });
});

describe('discount codes list (/dashboard/discount-codes)', () => {
  it('shows each code with its value, period, uses / cap, money given and active chip', async () => {
    codes = [
      aCode(),
      aCode({ id: 5, code: 'YALDA', kind: 'amount', value: 50000, ends_at: '2025-12-21T20:30:00Z', total_cap: 100, uses: 0, given_amount: 0, is_active: false }),
    ];
    renderDashboardForm('/dashboard/discount-codes', { '/dashboard/discount-codes': <DiscountCodesPage /> });
    const table = await screen.findByRole('table', { name: 'کدهای تخفیف' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, welcome, yalda] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent);
    expect(cells(welcome!)).toEqual(['WELCOME20', '۲۰٪', 'همیشه', '۳ / بی‌سقف', '۲۹۴٬۰۰۰ تومان', 'فعال']);
    expect(cells(yalda!)).toEqual(['YALDA', '۵۰٬۰۰۰ تومان', 'تا ۱ دی ۱۴۰۴، ساعت ۰۰:۰۰', '۰ / ۱۰۰', '—', 'غیرفعال']);
    expect(within(welcome!).getByRole('link', { name: '۳ / بی‌سقف' }).getAttribute('href')).toBe('/dashboard/discount-codes/4/uses');
  });

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();
    const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);

    it('deletes a code without a dialog after the 10-second window; a used one comes back deactivated, as the server says', async () => {
      const user = setup();
      codes = [aCode(), aCode({ id: 5, code: 'YALDA', uses: 0, given_amount: 0 })];
      renderDashboardForm('/dashboard/discount-codes', { '/dashboard/discount-codes': <DiscountCodesPage /> });
      const table = await screen.findByRole('table', { name: 'کدهای تخفیف' });
      await clickWithUndo(user, await within(table).findByRole('button', { name: 'حذف «WELCOME20»' }), 'کد «WELCOME20» حذف شد.');
      expect(within(table).queryByRole('link', { name: 'WELCOME20' })).toBeNull();
      expect(screen.getByText('۱ کد')).toBeTruthy();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/discount-codes/4']);
      expect(await screen.findByText(DEACTIVATED)).toBeTruthy();
      const welcome = (await within(table).findByRole('link', { name: 'WELCOME20' })).closest('tr')!;
      expect(within(welcome).getByText('غیرفعال')).toBeTruthy();

      await user.click(within(table).getByRole('button', { name: 'حذف «YALDA»' }));
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/discount-codes/4', '/api/dashboard/discount-codes/5']);
      await waitFor(() => expect(within(table).queryByRole('link', { name: 'YALDA' })).toBeNull());
      expect(screen.getByText('۱ کد')).toBeTruthy();
    });
  });
});

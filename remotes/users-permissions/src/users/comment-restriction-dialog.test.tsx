/** @jest-environment-options {"url": "http://127.0.0.1:25193"} */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@shop/contracts';
import { aUser, renderPage, startApiServer, type RecordedRequest } from '@shop/test-utils';
import CommentRestrictionDialog from './comment-restriction-dialog';

let answer: (body: Record<string, unknown>) => { status: number; body: unknown };

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25193, ({ method, url, json }) => {
    if (method === 'POST' && url.pathname === '/api/dashboard/users/2/comment-status') return answer(json as Record<string, unknown>);
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  answer = (body) => ({ status: 200, body: { data: aUser({ id: 2, ...body }) } });
});

const posted = (): RecordedRequest[] => api.seen.filter((r) => r.method === 'POST');
const ali = (overrides: Partial<User> = {}) => aUser({ id: 2, full_name: 'علی رضایی', email: 'ali@example.com', ...overrides });

/** Mounts the dialog as the users page does; `closed` counts the calls of `onClose`. */
function renderDialog(user: User) {
  const closed = { count: 0 };
  renderPage(<CommentRestrictionDialog user={user} onClose={() => (closed.count += 1)} />, {
    url: '/dashboard/users',
    user: aUser({ id: 3, status: 'super' }),
  });
  return closed;
}

const dialog = () => screen.getByRole('dialog', { name: 'وضعیت دیدگاه «علی رضایی»' });
/** The picker's field keeps its value as text in a hidden input; typing a whole value there is how a test sets it. */
const pickerInput = () => document.querySelector<HTMLInputElement>('input[name="barred_until"]')!;
const typeInPicker = (text: string) => act(() => void fireEvent.change(pickerInput(), { target: { value: text } }));
const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'ذخیره' }));

describe('comment restriction dialog (POST /api/dashboard/users/:id/comment-status)', () => {
  it('shows the Jalali date-time picker right to left, with Persian month names and digits', async () => {
    renderDialog(ali({ write_comment_status: 'temporarily-barred', comment_barred_until: '2026-11-22T11:00:00Z' }));
    const sections = within(dialog()).getAllByRole('spinbutton');
    // Right to left: the field puts the words of its format («P HH:mm») in reverse order and isolates
    // the date from the time for the bidi algorithm; its styles come from the RTL emotion cache.
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['ساعت‌ها', 'دقیقه‌ها', 'سال', 'ماه', 'روز']);
    expect(pickerInput().value).toBe('۱۴:۳۰\u2069 \u2066۱۴۰۵/۰۹/۰۱');
    expect(pickerInput().closest('.MuiPickersTextField-root')!.className).toMatch(/muirtl-/);
    // 2026-11-22T11:00Z is 1 Azar 1405, 14:30 in Tehran, whatever the browser's zone (this test's: UTC; issue 22 item 7).
    expect(sections.map((s) => s.textContent)).toEqual(['۱۴', '۳۰', '۱۴۰۵', '۰۹', '۰۱']);
    expect(sections[3]!.getAttribute('aria-valuetext')).toBe('آذر');

    await userEvent.click(within(dialog()).getByRole('button', { name: /تاریخ را انتخاب کنید/ }));
    const calendar = await screen.findByRole('grid');
    expect(screen.getByText('آذر ۱۴۰۵')).toBeTruthy();
    expect(within(calendar).getByRole('gridcell', { name: '۳۰' })).toBeTruthy();
    expect(within(calendar).queryByRole('gridcell', { name: '30' })).toBeNull();
  });

  it('refuses an end in the past with a Persian message and sends nothing', async () => {
    renderDialog(ali());
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }));
    typeInPicker('۱۴۰۰/۰۱/۰۱ ۱۰:۰۰');
    await save();
    expect(await within(dialog()).findByText('پایان محدودیت باید در آینده باشد')).toBeTruthy();
    expect(posted()).toHaveLength(0);
  });

  it('asks for the end of a temporary bar', async () => {
    renderDialog(ali());
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }));
    await save();
    expect(await within(dialog()).findByText('پایان محدودیت الزامی است')).toBeTruthy();
    expect(posted()).toHaveLength(0);
  });

  it('posts a future end as ISO 8601, says when the bar ends, then closes with a toast', async () => {
    const closed = renderDialog(ali());
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }));
    typeInPicker('۱۴۱۰/۰۱/۰۱ ۱۲:۳۰');
    expect(await within(dialog()).findByText('کاربر تا ۱ فروردین ۱۴۱۰، ساعت ۱۲:۳۰ نمی‌تواند دیدگاه بنویسد.')).toBeTruthy();
    await save();
    expect(await screen.findByText('وضعیت دیدگاه کاربر ذخیره شد.')).toBeTruthy();
    // 1 Farvardin 1410 is 21 March 2031; 12:30 in Tehran (+03:30) is 09:00 UTC, whatever the browser's zone (issue 22 item 7).
    expect(posted()[0]!.json).toEqual({ write_comment_status: 'temporarily-barred', barred_until: '2031-03-21T09:00:00.000Z' });
    expect(closed.count).toBe(1);
  });

  it('offers quick lengths: one day from now', async () => {
    renderDialog(ali());
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'یک روز' }));
    await save();
    await waitFor(() => expect(posted()).toHaveLength(1));
    const until = Date.parse((posted()[0]!.json as { barred_until: string }).barred_until);
    expect(Math.abs(until - (Date.now() + 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
  });

  it('shows the server’s 422 under the picker and stays open', async () => {
    answer = () => ({ status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { barred_until: ['پایان محدودیت باید در آینده باشد'] } } });
    const closed = renderDialog(ali());
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }));
    typeInPicker('۱۴۱۰/۰۱/۰۱ ۱۲:۳۰');
    await save();
    expect(await within(dialog()).findByText('پایان محدودیت باید در آینده باشد')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(closed.count).toBe(0);
  });

  it('bars permanently or frees without an end', async () => {
    renderDialog(ali({ write_comment_status: 'temporarily-barred', comment_barred_until: '2026-11-22T11:00:00Z' }));
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'غیرمجاز (دائمی)' }));
    expect(pickerInput()).toBeNull();
    await save();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.json).toEqual({ write_comment_status: 'barred' });
  });
});

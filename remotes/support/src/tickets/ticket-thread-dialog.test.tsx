/** @jest-environment-options {"url": "http://127.0.0.1:25157"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketThread } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aTicket, aTicketReply as aReply } from './ticket-fixture';
import TicketsPage from './tickets-page';

// A stateful fake of the tickets API (issue 32 item 3): an answer, a close or a reopen shows up in the next read.
let thread: TicketThread;
let refuseNextAnswer = false;

const seed = (): TicketThread => ({
  ...aTicket({ id: 1, replies_count: 2 }),
  replies: [
    aReply({ id: 10, text: 'کدام مرورگر را به کار می‌برید؟' }),
    aReply({ id: 11, user_id: 7, user_name: 'سارا محمدی', is_staff: false, text: 'کروم روی اندروید.', created_at: '2026-11-22T13:00:00Z' }),
  ],
});

const summary = ({ replies: _replies, ...ticket }: TicketThread) => ticket;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25157, ({ method, url, json }) => {
    if (method === 'GET' && url.pathname === '/api/dashboard/contact-us') {
      return { data: [summary(thread)], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } };
    }
    if (method === 'GET' && url.pathname === '/api/dashboard/contact-us/1') return { data: thread };
    if (method === 'POST' && url.pathname === '/api/dashboard/contact-us/1/replies') {
      if (refuseNextAnswer) {
        refuseNextAnswer = false;
        return { status: 409, body: { message: 'این تیکت بسته است؛ برای پاسخ دادن، نخست آن را دوباره باز کنید.' } };
      }
      const { text } = json as { text: string };
      const replies = [...thread.replies, aReply({ id: 12, text, created_at: '2026-11-22T14:00:00Z' })];
      thread = { ...thread, replies, replies_count: replies.length, state: 'answered', is_read: true };
      return { status: 201, body: { message: 'پاسخ ثبت شد و برای فرستنده ایمیل می‌شود.', data: thread } };
    }
    const action = /^\/api\/dashboard\/contact-us\/1\/(close|reopen)$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const closed = action[1] === 'close';
      thread = { ...thread, closed_at: closed ? '2026-11-23T09:30:00Z' : null, state: closed ? 'closed' : 'answered' };
      return { message: closed ? 'تیکت بسته شد.' : 'تیکت دوباره باز شد.', data: summary(thread) };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  thread = seed();
  refuseNextAnswer = false;
});

const writes = () => api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json]);
const renderTickets = (url = '/dashboard/contact-us') =>
  renderPage(<TicketsPage />, { url, path: '/dashboard/contact-us', user: aUser({ status: 'super' }) });
const dialog = () => screen.findByRole('dialog', { name: 'مشکل در پخش پادکست' });
const messages = (within_: HTMLElement) =>
  within(within(within_).getByRole('list', { name: 'پیام‌های این گفت‌وگو' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the thread of a ticket in the dashboard (issue 32 item 3)', () => {
  it('shows the thread state and replies on the card, and opens the thread in a dialog kept in the URL', async () => {
    const user = userEvent.setup();
    renderTickets();
    const card = (await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' })).closest('article')!;
    expect(within(card).getByText('در انتظار پاسخ')).toBeTruthy();
    expect(within(card).getByText(/۲ پاسخ/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'گفت‌وگو و پاسخ تیکت «مشکل در پخش پادکست»' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us?ticket=1'));
    const open = await dialog();
    expect(within(open).getByText(/sara@example.com/)).toBeTruthy();
    expect(messages(open)).toEqual([
      expect.stringContaining('قسمت دوم پادکست روی گوشی من پخش نمی‌شود.'),
      expect.stringContaining('کدام مرورگر را به کار می‌برید؟'),
      expect.stringContaining('کروم روی اندروید.'),
    ]);
    const [first, second] = within(within(open).getByRole('list', { name: 'پیام‌های این گفت‌وگو' })).getAllByRole('listitem');
    expect(first!.textContent).toContain('سارا محمدی');
    expect(first!.textContent).toContain('فرستنده');
    expect(first!.textContent).toContain(formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true }));
    expect(second!.textContent).toContain('مینا کارمند');
    expect(second!.textContent).toContain('پشتیبانی');

    await user.click(within(open).getByRole('button', { name: 'بازگشت به فهرست' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the answer with ticketReplySchema, sends it, and shows it in the thread', async () => {
    const user = userEvent.setup();
    renderTickets('/dashboard/contact-us?ticket=1');
    const open = await dialog();
    const box = within(open).getByRole('textbox', { name: 'پاسخ شما' });
    await user.type(box, 'a');
    await user.click(within(open).getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await within(open).findByText('متن پاسخ باید دست‌کم ۲ نویسه باشد')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(box);
    await user.type(box, '  لطفاً برنامه را به‌روز کنید.  ');
    await user.click(within(open).getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await screen.findByText('پاسخ ثبت شد و برای فرستنده ایمیل می‌شود.')).toBeTruthy();
    expect(writes()).toEqual([['/api/dashboard/contact-us/1/replies', { text: 'لطفاً برنامه را به‌روز کنید.' }]]);
    await waitFor(() => expect(messages(open)).toHaveLength(4));
    expect(messages(open)[3]).toContain('لطفاً برنامه را به‌روز کنید.');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a refusal of the server (a ticket closed meanwhile) above the button, keeping the text', async () => {
    refuseNextAnswer = true;
    const user = userEvent.setup();
    renderTickets('/dashboard/contact-us?ticket=1');
    const open = await dialog();
    const box = within(open).getByRole('textbox', { name: 'پاسخ شما' });
    await user.type(box, 'پاسخی که دیر رسید.');
    await user.click(within(open).getByRole('button', { name: 'ارسال پاسخ' }));
    expect((await within(open).findByRole('alert')).textContent).toBe('این تیکت بسته است؛ برای پاسخ دادن، نخست آن را دوباره باز کنید.');
    expect((box as HTMLTextAreaElement).value).toBe('پاسخی که دیر رسید.');
  });

  it('closes the ticket (no answer box then, a notice with the Jalali date) and opens it again', async () => {
    const user = userEvent.setup();
    renderTickets('/dashboard/contact-us?ticket=1');
    const open = await dialog();
    await user.click(within(open).getByRole('button', { name: 'بستن تیکت' }));
    expect(await screen.findByText('تیکت بسته شد.')).toBeTruthy();
    const notice = await within(open).findByRole('status');
    expect(notice.textContent).toContain(formatJalaliDate('2026-11-23T09:30:00Z', { withTime: true }));
    expect(within(open).queryByRole('textbox', { name: 'پاسخ شما' })).toBeNull();
    expect(within(open).getByText('بسته شده')).toBeTruthy();

    await user.click(within(open).getByRole('button', { name: 'باز کردن دوباره' }));
    expect(await screen.findByText('تیکت دوباره باز شد.')).toBeTruthy();
    expect(await within(open).findByRole('textbox', { name: 'پاسخ شما' })).toBeTruthy();
    expect(writes()).toEqual([
      ['/api/dashboard/contact-us/1/close', undefined],
      ['/api/dashboard/contact-us/1/reopen', undefined],
    ]);
  });
});

/** @jest-environment-options {"url": "http://127.0.0.1:25118"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket, TicketThread } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import ProfilePage from './profile-page';

// A stateful fake of the sender's tickets API (issue 32 item 3).
let threads: TicketThread[] = [];
let closeBeforeNextReply = false;

const aThread = (overrides: Partial<TicketThread> & Pick<TicketThread, 'id' | 'title'>): TicketThread => ({
  user_id: 7,
  user_name: 'سارا محمدی',
  user_email: 'sara@example.com',
  user_mobile: '+989121234567',
  is_read: true,
  text: 'آیا این دوره گواهی پایان دوره دارد؟',
  created_at: '2026-11-20T08:00:00Z',
  closed_at: null,
  replies_count: 0,
  state: 'waiting',
  replies: [],
  ...overrides,
});

const seed = () => [
  aThread({
    id: 1,
    title: 'پرسش درباره گواهی',
    state: 'answered',
    replies_count: 1,
    replies: [
      {
        id: 10,
        ticket_id: 1,
        user_id: 3,
        user_name: 'مینا کارمند',
        is_staff: true,
        text: 'بله، پس از دیدن همه جلسه‌ها صادر می‌شود.',
        created_at: '2026-11-21T09:00:00Z',
      },
    ],
  }),
  aThread({ id: 2, title: 'مشکل پرداخت', text: 'پرداخت من ناتمام ماند.', created_at: '2026-11-18T08:00:00Z', closed_at: '2026-11-19T10:00:00Z', state: 'closed' }),
];

const summary = ({ replies: _replies, ...ticket }: TicketThread): Ticket => ticket;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25118, ({ method, url, json }) => {
    if (method === 'GET' && url.pathname === '/api/tickets') {
      return { data: threads.map(summary), meta: { current_page: 1, last_page: 1, per_page: 10, total: threads.length } };
    }
    const match = /^\/api\/tickets\/(\d+)(\/replies)?$/.exec(url.pathname);
    const thread = match && threads.find((candidate) => candidate.id === Number(match[1]));
    if (!thread) return undefined;
    if (method === 'GET' && !match[2]) return { data: thread };
    if (method !== 'POST' || !match[2]) return undefined;
    if (closeBeforeNextReply) thread.closed_at = '2026-11-22T10:00:00Z';
    if (thread.closed_at) {
      return { status: 409, body: { message: 'این گفت‌وگو بسته شده است و پاسخ تازه نمی‌پذیرد؛ برای پرسش تازه از صفحه تماس با ما پیام بفرستید.' } };
    }
    const { text } = json as { text: string };
    thread.replies = [...thread.replies, { id: 11, ticket_id: thread.id, user_id: 7, user_name: 'سارا محمدی', is_staff: false, text, created_at: '2026-11-22T09:00:00Z' }];
    Object.assign(thread, { replies_count: thread.replies.length, state: 'waiting', is_read: false });
    return { status: 201, body: { message: 'پاسخ شما ثبت شد؛ به‌زودی بررسی می‌کنیم.', data: thread } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  threads = seed();
  closeBeforeNextReply = false;
});

const posts = () => api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json]);
const renderProfile = (url: string) => renderPage(<ProfilePage />, { url, path: '/profile', user: aUser() });
const messagesOf = () =>
  within(screen.getByRole('list', { name: 'پیام‌های این گفت‌وگو' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('ProfilePage #tickets «پیام‌های من» (issue 32 item 3)', () => {
  it('lists the user’s tickets with their Jalali date, state and replies, each linking its thread', async () => {
    const user = userEvent.setup();
    renderProfile('/profile#tickets');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('پیام‌های من');
    const list = await screen.findByRole('list', { name: 'پیام‌های شما به پشتیبانی' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('پاسخ داده شده');
    expect(first!.textContent).toContain(`فرستاده‌شده در ${formatJalaliDate('2026-11-20T08:00:00Z')}`);
    expect(first!.textContent).toContain('۱ پاسخ');
    expect(second!.textContent).toContain('بسته شده');
    expect(within(list).getByRole('link', { name: 'پرسش درباره گواهی' }).getAttribute('href')).toBe('/profile?ticket=1#tickets');
    expect(screen.getByRole('link', { name: 'پیام تازه' }).getAttribute('href')).toBe('/contact-us');
    // Besides the profile's question whether the user is a sales agent (`#agent`, issue 36 item 4).
    expect(api.seen.filter((r) => r.url.pathname !== '/api/agent').map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/tickets?page=1&per_page=10']);

    await user.click(within(list).getByRole('link', { name: 'پرسش درباره گواهی' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile?ticket=1#tickets'));
    expect(await screen.findByRole('heading', { level: 2, name: 'پرسش درباره گواهی' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'بازگشت به پیام‌های من' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#tickets'));
    expect(await screen.findByRole('list', { name: 'پیام‌های شما به پشتیبانی' })).toBeTruthy();
  });

  it('opens the thread of the answer’s mail link with every message, and sends a reply checked by ticketReplySchema', async () => {
    const user = userEvent.setup();
    renderProfile('/profile?ticket=1#tickets');
    await screen.findByRole('heading', { level: 2, name: 'پرسش درباره گواهی' });
    expect(messagesOf()).toEqual([expect.stringContaining('شما'), expect.stringContaining('پشتیبانی سایت')]);
    expect(messagesOf()[0]).toContain('آیا این دوره گواهی پایان دوره دارد؟');
    expect(messagesOf()[1]).toContain('بله، پس از دیدن همه جلسه‌ها صادر می‌شود.');
    expect(messagesOf()[1]).toContain(formatJalaliDate('2026-11-21T09:00:00Z', { withTime: true }));
    expect(messagesOf()[1]).not.toContain('مینا کارمند');

    const box = screen.getByRole('textbox', { name: 'پاسخ شما' });
    await user.click(box);
    await user.tab();
    expect(await screen.findByText('متن پاسخ الزامی است')).toBeTruthy();
    await user.type(box, '  ممنون، گرفتم.  ');
    await user.click(screen.getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await screen.findByText('پاسخ شما ثبت شد؛ به‌زودی بررسی می‌کنیم.')).toBeTruthy();
    expect(posts()).toEqual([['/api/tickets/1/replies', { text: 'ممنون، گرفتم.' }]]);
    await waitFor(() => expect(messagesOf()).toHaveLength(3));
    expect(messagesOf()[2]).toContain('ممنون، گرفتم.');
    expect(screen.getByText('در انتظار پاسخ')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a closed thread without a reply box, with a notice that leads to the contact page', async () => {
    renderProfile('/profile?ticket=2#tickets');
    const notice = (await screen.findByText(/بسته شد و پاسخ تازه نمی‌پذیرد/)).closest<HTMLElement>('[role="status"]')!;
    expect(notice.textContent).toContain(`این گفت‌وگو در ${formatJalaliDate('2026-11-19T10:00:00Z', { withTime: true })} بسته شد`);
    expect(within(notice).getByRole('link', { name: 'تماس با ما' }).getAttribute('href')).toBe('/contact-us');
    expect(screen.queryByRole('textbox', { name: 'پاسخ شما' })).toBeNull();
  });

  it('keeps the text and shows the refusal when staff closed the thread before the reply arrived', async () => {
    closeBeforeNextReply = true;
    const user = userEvent.setup();
    renderProfile('/profile?ticket=1#tickets');
    const box = await screen.findByRole('textbox', { name: 'پاسخ شما' });
    await user.type(box, 'یک پرسش دیگر');
    await user.click(screen.getByRole('button', { name: 'ارسال پاسخ' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'این گفت‌وگو بسته شده است و پاسخ تازه نمی‌پذیرد؛ برای پرسش تازه از صفحه تماس با ما پیام بفرستید.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('یک پرسش دیگر');
  });

  it('shows an empty state that leads to the contact page', async () => {
    threads = [];
    renderProfile('/profile#tickets');
    expect(await screen.findByText(/هنوز از صفحه تماس با ما پیامی نفرستاده‌اید/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تماس با ما' }).getAttribute('href')).toBe('/contact-us');
  });
});

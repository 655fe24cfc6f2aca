/** @jest-environment-options {"url": "http://127.0.0.1:45122"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentNode } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage } from '@shop/test-utils';
import { CommentThread } from './comment-thread';
import { startApiServer } from '@shop/test-utils';

const node = (overrides: Partial<CommentNode>): CommentNode => ({
  id: 1,
  parent_id: 0,
  text: 'دیدگاه',
  user: { id: 2, full_name: 'مریم احمدی', is_staff: false },
  created_at: '2026-11-22T10:30:00Z',
  replies: [],
  ...overrides,
});

const tree: CommentNode[] = [
  node({
    id: 11,
    text: 'نوشته خوبی بود.',
    replies: [
      node({
        id: 12,
        parent_id: 11,
        text: 'سپاس از شما!',
        user: { id: 1, full_name: 'مدیر سایت', is_staff: true },
        replies: [node({ id: 13, parent_id: 12, text: 'خواهش می‌کنم.', user: { id: 2, full_name: 'مریم احمدی', is_staff: false } })],
      }),
    ],
  }),
  node({ id: 14, text: 'دیدگاه دوم', user: { id: 3, full_name: 'رضا کریمی', is_staff: false } }),
];

let refuse = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(45122, (request) => {
    if (request.url.pathname === '/api/posts/5/comments') return { data: tree };
    if (request.url.pathname === '/api/posts/6/comments') return { data: [] };
    if (request.url.pathname === '/api/comments' && request.method === 'POST') {
      if (refuse) return { status: 403, body: { message: 'forbidden: امکان ثبت دیدگاه برای حساب شما موقتاً بسته شده است.' } };
      const body = request.json as { text: string; parent_id: number };
      if (body.text === 'کوتاه؟') return { status: 422, body: { message: 'نامعتبر', errors: { text: ['متن دیدگاه پذیرفته نشد.'] } } };
      return { status: 201, body: { message: 'دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.', data: node({ id: 99, ...body }) } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  refuse = false;
});

const posted = () => api.seen.filter((r) => r.url.pathname === '/api/comments').map((r) => r.json);
const signedIn = { url: '/posts/5', user: aUser({ id: 7 }) };

describe('CommentThread', () => {
  it('renders the approved tree with authors, the staff badge, Jalali dates and comment anchors', async () => {
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    const staffReply = await screen.findByRole('article', { name: 'مدیر سایت' });
    expect(staffReply.id).toBe('comment-12');
    expect(within(staffReply).getByText('تیم سایت')).toBeTruthy();
    expect(within(staffReply).getByText(formatJalaliDate('2026-11-22T10:30:00Z', { withTime: true }))).toBeTruthy();
    // The reply to the reply sits inside the staff reply's list item, which sits inside the first comment's.
    const first = document.getElementById('comment-11')!.closest('li')!;
    expect(within(first).getByText('خواهش می‌کنم.').closest('article')!.id).toBe('comment-13');
    expect(within(first).queryByText('دیدگاه دوم')).toBeNull();
    expect(screen.getByRole('heading', { name: /دیدگاه‌ها/ }).textContent).toContain('۴ دیدگاه');
    expect(within(document.getElementById('comment-11')!).queryByText('تیم سایت')).toBeNull();
  });

  it('sends a reply with its parent_id and says it shows after approval', async () => {
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'پاسخ به مدیر سایت' }));
    const form = await screen.findByRole('form', { name: 'پاسخ به مدیر سایت' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'متن پاسخ' }), 'ممنون، مفید بود');
    await userEvent.click(within(form).getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await within(form).findByText('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.')).toBeTruthy();
    expect(posted()).toEqual([{ user_id: 7, parent_id: 12, text: 'ممنون، مفید بود', commentable_id: 5, commentable_type: 'post' }]);
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('checks the text on blur with the shared Persian rule', async () => {
    renderPage(<CommentThread type="post" id={6} commentStatus="open" />, { ...signedIn, url: '/posts/6' });
    expect(await screen.findByText('هنوز دیدگاهی ثبت نشده است. نخستین دیدگاه را شما بنویسید.')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: 'متن دیدگاه' });
    await userEvent.click(box);
    await userEvent.tab();
    expect(await screen.findByText('متن الزامی است')).toBeTruthy();
    await userEvent.type(box, 'آ');
    expect(await screen.findByText('متن باید دست‌کم ۲ نویسه باشد')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('shows the server refusal under the form and keeps what was typed', async () => {
    refuse = true;
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    const form = await screen.findByRole('form', { name: 'دیدگاه خود را بنویسید' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'متن دیدگاه' }), 'دیدگاه تازه من');
    await userEvent.click(within(form).getByRole('button', { name: 'ارسال دیدگاه' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('امکان ثبت دیدگاه برای حساب شما موقتاً بسته شده است.');
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('دیدگاه تازه من');
    expect(posted()).toEqual([{ user_id: 7, parent_id: 0, text: 'دیدگاه تازه من', commentable_id: 5, commentable_type: 'post' }]);
  });

  it("shows the server's field error under the text", async () => {
    renderPage(<CommentThread type="post" id={6} commentStatus="open" />, { ...signedIn, url: '/posts/6' });
    const box = await screen.findByRole('textbox', { name: 'متن دیدگاه' });
    await userEvent.type(box, 'کوتاه؟');
    await userEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
    expect(await screen.findByText('متن دیدگاه پذیرفته نشد.')).toBeTruthy();
  });

  it('shows a notice instead of the form when comments are closed', async () => {
    renderPage(<CommentThread type="post" id={5} commentStatus="closed" />, signedIn);
    expect(await screen.findByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeTruthy();
    await screen.findByText('نوشته خوبی بود.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /پاسخ به/ })).toBeNull();
  });

  it('asks visitors to log in and unverified users to verify their email', async () => {
    const { unmount } = renderPage(<CommentThread type="post" id={5} commentStatus="open" />, { url: '/posts/5' });
    expect(await screen.findByText('برای ثبت دیدگاه ابتدا وارد حساب خود شوید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ورود به حساب' }).getAttribute('href')).toBe('/login');
    unmount();
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, { url: '/posts/5', user: aUser({ is_email_verified: false }) });
    expect(await screen.findByText('برای ثبت دیدگاه ابتدا ایمیل خود را تأیید کنید.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'ارسال دوباره ایمیل تأیید' }).getAttribute('href')).toBe('/resend-verification-email'));
  });
});

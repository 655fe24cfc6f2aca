/** @jest-environment-options {"url": "http://127.0.0.1:25122"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentNode } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage } from '@shop/test-utils';
import { CommentThread } from './comment-thread';
import { startApiServer } from '@shop/test-utils';
import { useCommentAnchor } from './use-comment-anchor';
import { COMMENT_HIGHLIGHT_MS } from './use-comment-highlight';

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

/** The site information's switch of sending comments; null answers 404 (the site information cannot be read). */
let siteComments: boolean | null = null;
let refuse = false;
let closedOnServer = false;
/** The server turns the site-wide switch off as the comment arrives, and says so in its own words. */
let switchedOffOnServer = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25122, (request) => {
    if (request.url.pathname === '/api/site-information' && siteComments !== null) {
      return { data: { site_name: 'آکادمی نوشتار', short_description: '', about_me: '', terms_and_conditions: '', contact_email: null, contact_phone: null, address: null, social_links: {}, comments_enabled: siteComments, tickets_enabled: true, selling_enabled: true } };
    }
    if (request.url.pathname === '/api/posts/5/comments') return { data: tree };
    if (request.url.pathname === '/api/posts/6/comments') return { data: [] };
    if (request.url.pathname === '/api/products/8/comments') return { data: [] };
    if (request.url.pathname === '/api/comments' && request.method === 'POST') {
      if (refuse) return { status: 403, body: { message: 'forbidden: امکان ثبت دیدگاه برای حساب شما موقتاً بسته شده است.' } };
      if (closedOnServer) return { status: 403, body: { message: 'forbidden: دیدگاه‌ها برای این صفحه بسته است.' } };
      if (switchedOffOnServer) {
        siteComments = false;
        return { status: 403, body: { message: 'forbidden: ارسال دیدگاه در حال حاضر بسته است.' } };
      }
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
  closedOnServer = false;
  switchedOffOnServer = false;
  siteComments = null;
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

  it('never cuts a pasted text: a counter near the limit, a Persian refusal past it, nothing sent (issue 32 item 9)', async () => {
    renderPage(<CommentThread type="post" id={6} commentStatus="open" />, { ...signedIn, url: '/posts/6' });
    const box = (await screen.findByRole('textbox', { name: 'متن دیدگاه' })) as HTMLTextAreaElement;
    await userEvent.click(box);
    await userEvent.paste('آ'.repeat(1700));
    expect(await screen.findByText('۱٬۷۰۰ از ۲٬۰۰۰ نویسه')).toBeTruthy();
    await userEvent.paste('ب'.repeat(315));
    expect(box.value).toHaveLength(2015);
    expect(await screen.findByText('این متن ۱۵ نویسه از حد ۲٬۰۰۰ نویسه بیشتر است؛ کوتاه‌ترش کنید.')).toBeTruthy();
    expect(screen.getByText('۲٬۰۱۵ از ۲٬۰۰۰ نویسه')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
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

  it('says sending comments is closed site-wide instead of the forms when it is off for the whole site, and keeps the thread', async () => {
    siteComments = false;
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    expect(await screen.findByText('ارسال دیدگاه در سایت فعلاً بسته است.')).toBeTruthy();
    expect(screen.queryByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeNull();
    expect(await screen.findByText('نوشته خوبی بود.')).toBeTruthy();
    expect(screen.getByText('سپاس از شما!')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /پاسخ به/ })).toBeNull();
  });

  it('offers the form when sending comments is on site-wide', async () => {
    siteComments = true;
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    expect(await screen.findByRole('textbox', { name: 'متن دیدگاه' })).toBeTruthy();
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/site-information')).toBe(true));
    expect(screen.queryByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeNull();
  });

  it('turns the form into the comments-closed notice when the server refuses because comments were closed meanwhile', async () => {
    siteComments = true;
    closedOnServer = true;
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    const form = await screen.findByRole('form', { name: 'دیدگاه خود را بنویسید' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'متن دیدگاه' }), 'دیدگاه دیرهنگام');
    await userEvent.click(within(form).getByRole('button', { name: 'ارسال دیدگاه' }));
    expect(await screen.findByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /پاسخ به/ })).toBeNull();
    expect(screen.getByText('نوشته خوبی بود.')).toBeTruthy();
    expect(posted()).toEqual([{ user_id: 7, parent_id: 0, text: 'دیدگاه دیرهنگام', commentable_id: 5, commentable_type: 'post' }]);
    // The rest of the site learns of the switch: the site information is read again.
    await waitFor(() => expect(api.seen.filter((r) => r.url.pathname === '/api/site-information')).toHaveLength(2));
  });

  it('rereads the site information after a refusal, so a switch turned off while the page was open closes the forms', async () => {
    siteComments = true;
    switchedOffOnServer = true;
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    const form = await screen.findByRole('form', { name: 'دیدگاه خود را بنویسید' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'متن دیدگاه' }), 'دیدگاه دیرهنگام');
    await userEvent.click(within(form).getByRole('button', { name: 'ارسال دیدگاه' }));
    // The site information read again tells why: the whole site, not this page.
    expect(await screen.findByText('ارسال دیدگاه در سایت فعلاً بسته است.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(screen.getByText('نوشته خوبی بود.')).toBeTruthy();
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

/** The CSS rules emotion wrote for an element's class (jsdom does not lay out, but it keeps the sheets). */
function cssRulesOf(element: Element): string {
  const name = [...element.classList].find((c) => /^mui(rtl)?-/.test(c))!;
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .map((rule) => rule.cssText)
    .filter((text) => text.includes(`.${name}`))
    .join('\n');
}

/** A page as the detail pages use the thread: the anchor hook and the thread. */
function PageWithThread() {
  useCommentAnchor();
  return <CommentThread type="post" id={5} commentStatus="open" />;
}

describe('CommentThread (issue 6 fixes)', () => {
  it('nests replies under their parent with an indent and a line on the reading side', async () => {
    renderPage(<CommentThread type="post" id={5} commentStatus="open" />, signedIn);
    const reply = await screen.findByRole('article', { name: 'مدیر سایت' });
    const replies = reply.closest('ul')!;
    expect(replies.closest('li')!.querySelector('article')!.id).toBe('comment-11');
    // Logical properties: the indent and the thread line follow the RTL reading side.
    expect(getComputedStyle(replies).getPropertyValue('border-inline-start')).toBe('2px solid');
    expect(cssRulesOf(replies)).toMatch(/padding-inline-start: calc\(3 \* var\(--mui-spacing\)\)/);
    // The top-level list is not indented.
    expect(cssRulesOf(document.getElementById('comment-11')!.closest('ul')!)).not.toMatch(/padding-inline-start/);
  });

  it('does not invite a first comment on a page whose comments are closed', async () => {
    renderPage(<CommentThread type="post" id={6} commentStatus="closed" />, { ...signedIn, url: '/posts/6' });
    expect(await screen.findByText('هنوز دیدگاهی ثبت نشده است.')).toBeTruthy();
    expect(screen.getByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeTruthy();
    expect(screen.queryByText(/نخستین دیدگاه را شما بنویسید/)).toBeNull();
  });

  it('tells a non-buyer that a buyers-only course takes comments from its buyers only', async () => {
    const { unmount } = renderPage(<CommentThread type="product" id={8} commentStatus="buyers-only" canComment={false} />, { url: '/products/8', user: aUser() });
    expect(await screen.findByText('دیدگاه‌های این دوره فقط برای خریداران آن باز است.')).toBeTruthy();
    expect(await screen.findByText('هنوز دیدگاهی ثبت نشده است.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();

    renderPage(<CommentThread type="product" id={8} commentStatus="buyers-only" canComment />, { url: '/products/8', user: aUser() });
    expect(await screen.findByRole('textbox', { name: 'متن دیدگاه' })).toBeTruthy();
    expect(await screen.findByText('هنوز دیدگاهی ثبت نشده است. نخستین دیدگاه را شما بنویسید.')).toBeTruthy();
  });

  it('tells a temporarily barred user until when, and lets them write once the bar has ended', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const barred = aUser({ write_comment_status: 'temporarily-barred', comment_barred_until: until });
    const { unmount } = renderPage(<CommentThread type="post" id={6} commentStatus="open" />, { url: '/posts/6', user: barred });
    expect(await screen.findByText(`امکان ثبت دیدگاه برای حساب شما تا ${formatJalaliDate(until, { withTime: true })} بسته شده است.`)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();

    const ended = aUser({ write_comment_status: 'temporarily-barred', comment_barred_until: new Date(Date.now() - 1000).toISOString() });
    renderPage(<CommentThread type="post" id={6} commentStatus="open" />, { url: '/posts/6', user: ended });
    expect(await screen.findByRole('textbox', { name: 'متن دیدگاه' })).toBeTruthy();
  });

  it('asks a visitor on a buyers-only course to log in first', async () => {
    renderPage(<CommentThread type="product" id={8} commentStatus="buyers-only" />, { url: '/products/8' });
    expect(await screen.findByText('برای ثبت دیدگاه ابتدا وارد حساب خود شوید.')).toBeTruthy();
    expect(screen.queryByText('دیدگاه‌های این دوره فقط برای خریداران آن باز است.')).toBeNull();
  });

  it('highlights and focuses the comment an anchor link opens, then lets the highlight fade', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      renderPage(<PageWithThread />, { url: '/posts/5#comment-12', path: '/posts/5' });
      const anchored = await screen.findByRole('article', { name: 'مدیر سایت' });
      expect(anchored.getAttribute('data-highlighted')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(anchored));
      expect(anchored.tabIndex).toBe(-1);
      expect(cssRulesOf(anchored)).toMatch(/\[data-highlighted\] \{background-color: rgba\(/);
      expect(cssRulesOf(anchored)).toMatch(/prefers-reduced-motion: reduce/);
      // Others are neither highlighted nor focusable.
      expect(document.getElementById('comment-11')!.hasAttribute('data-highlighted')).toBe(false);
      expect(document.getElementById('comment-11')!.hasAttribute('tabindex')).toBe(false);
      act(() => jest.advanceTimersByTime(COMMENT_HIGHLIGHT_MS));
      expect(anchored.hasAttribute('data-highlighted')).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

/** @jest-environment-options {"url": "http://127.0.0.1:25140"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardComment } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import supportModule from '../module';
import CommentsPage from './comments-page';

// A real HTTP server plays the moderation API with state, so an action shows up in the next list.
let comments: DashboardComment[] = [];
let nextId = 100;

const aComment = (overrides: Partial<DashboardComment> & Pick<DashboardComment, 'id'>): DashboardComment => ({
  parent_id: 0,
  text: 'نوشته خیلی خوبی بود، ممنون.',
  status: 'pending',
  user: { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com', is_staff: false },
  commentable: { type: 'post', id: 3, title: 'آشنایی با تایپ‌اسکریپت' },
  created_at: '2026-11-22T11:00:00Z',
  ...overrides,
});

const seed = () => [
  aComment({ id: 11 }),
  aComment({
    id: 12,
    text: 'قسمت دوم کی منتشر می‌شود؟',
    user: { id: 8, full_name: 'علی رضایی', email: 'ali@example.com', is_staff: false },
    commentable: { type: 'podcast', id: 5, title: 'پادکست شماره یک' },
    created_at: '2026-11-21T08:30:00Z',
  }),
  aComment({ id: 13, text: 'این جلسه صدا ندارد.', commentable: { type: 'product_session', id: 9, title: 'جلسه اول: نصب' } }),
  aComment({ id: 14, text: 'دوره عالی است.', status: 'approved', commentable: { type: 'product', id: 4, title: 'دوره جامع ری‌اکت' } }),
  aComment({ id: 15, text: 'هرزنامه', status: 'rejected' }),
];

const TYPES: Record<string, DashboardComment['commentable']['type']> = { post: 'post', podcast: 'podcast', product: 'product', product_session: 'product_session' };

function answer(method: string, url: URL, body: unknown): { status: number; body: unknown } {
  if (method === 'POST' && url.pathname === '/api/dashboard/comments/bulk') {
    const { action, ids } = body as { action: 'approve' | 'reject' | 'delete'; ids: number[] };
    if (ids.some((id) => !comments.some((c) => c.id === id))) return { status: 404, body: { message: 'دیدگاه‌های شماره ۹۹ وجود ندارند' } };
    if (action === 'delete') comments = comments.filter((c) => !ids.includes(c.id) && !ids.includes(c.parent_id));
    else for (const c of comments) if (ids.includes(c.id)) c.status = action === 'approve' ? 'approved' : 'rejected';
    const verb = { approve: 'تأیید', reject: 'رد', delete: 'حذف' }[action];
    return { status: 200, body: { message: `${ids.length.toLocaleString('fa-IR')} دیدگاه ${verb} شد.`, data: { action, ids, changed: ids } } };
  }
  if (method === 'GET' && url.pathname === '/api/dashboard/comments') {
    const type = url.searchParams.get('type');
    const status = url.searchParams.get('status') ?? 'pending';
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    if (page === 2) {
      return { status: 200, body: { data: [aComment({ id: 50, text: 'دیدگاه صفحه دوم' })], meta: { current_page: 2, last_page: 2, per_page: 10, total: 11 } } };
    }
    const found = comments.filter(
      (c) => (!type || c.commentable.type === TYPES[type]) && c.status === status && (c.text.includes(q) || c.user.full_name.includes(q)),
    );
    const many = url.searchParams.get('per_page') === '10' && status === 'approved' && type === 'product';
    return { status: 200, body: { data: found, meta: { current_page: 1, last_page: many ? 2 : 1, per_page: 10, total: many ? 11 : found.length } } };
  }
  const action = /^\/api\/dashboard\/comments\/(\d+)(?:\/(approve|reject|reply))?$/.exec(url.pathname);
  const comment = action && comments.find((c) => c.id === Number(action[1]));
  if (!action || !comment) return { status: 404, body: { message: 'یافت نشد' } };
  if (method === 'POST' && (action[2] === 'approve' || action[2] === 'reject')) {
    comment.status = action[2] === 'approve' ? 'approved' : 'rejected';
    return { status: 200, body: { data: comment } };
  }
  if (method === 'POST' && action[2] === 'reply') {
    const reply = aComment({
      id: nextId++,
      parent_id: comment.id,
      text: (body as { text: string }).text,
      status: 'approved',
      user: { id: 1, full_name: 'مدیر سایت', email: 'super@example.com', is_staff: true },
      commentable: comment.commentable,
    });
    if (comment.status === 'pending') comment.status = 'approved';
    comments.push(reply);
    return { status: 201, body: { data: reply } };
  }
  return { status: 405, body: { message: 'نامعتبر' } };
}

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25140, ({ method, url, json }) => answer(method, url, json));
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  comments = seed();
});

const listCalls = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/dashboard/comments').map((r) => r.url.searchParams);
const actions = () => api.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`);
const card = (text: string) => screen.getByText(text).closest('article')!;
const renderComments = (url = '/dashboard/comments') =>
  renderPage(<CommentsPage />, { url, path: '/dashboard/comments/*', user: aUser({ status: 'super' }) });

describe('CommentsPage (/dashboard/comments)', () => {
  it('lists pending comments of every type with author, item, text, Jalali date and time, and status', async () => {
    renderComments();
    await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
    const first = card('نوشته خیلی خوبی بود، ممنون.');
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('سارا محمدی');
    expect(within(first).getByText('sara@example.com').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText('در انتظار تأیید')).toBeTruthy();
    expect(within(first).getByText('نوشته خیلی خوبی بود، ممنون.')).toBeTruthy();
    expect(within(first).getByText(formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true }))).toBeTruthy();
    expect(formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true })).toBe('۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
    expect(within(first).getByRole('link', { name: '«آشنایی با تایپ‌اسکریپت»' }).getAttribute('href')).toBe('/posts/3#comment-11');
    expect(within(first).getByText(/^برای نوشته/)).toBeTruthy();

    const podcast = card('قسمت دوم کی منتشر می‌شود؟');
    expect(within(podcast).getByRole('link', { name: '«پادکست شماره یک»' }).getAttribute('href')).toBe('/podcasts/5#comment-12');
    const session = card('این جلسه صدا ندارد.');
    expect(within(session).getByText(/^برای جلسه/)).toBeTruthy();
    expect(within(session).queryByRole('link')).toBeNull();
    expect(screen.queryByText('دوره عالی است.')).toBeNull();
    expect(screen.getByText('۳ دیدگاه')).toBeTruthy();

    const [query] = listCalls();
    expect(query!.get('status')).toBe('pending');
    expect(query!.get('type')).toBeNull();
    expect(query!.get('page')).toBe('1');
    expect(query!.has('q')).toBe(false);
  });

  it('filters by status, kept in the URL', async () => {
    const user = userEvent.setup();
    renderComments();
    await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
    await user.click(screen.getByRole('button', { name: 'تأیید شده' }));
    expect(await screen.findByText('دوره عالی است.')).toBeTruthy();
    expect(currentLocation()).toBe('/dashboard/comments?status=approved');
    expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
    const product = card('دوره عالی است.');
    expect(within(product).getByRole('link', { name: '«دوره جامع ری‌اکت»' }).getAttribute('href')).toBe('/products/4#comment-14');
    await user.click(screen.getByRole('button', { name: 'رد شده' }));
    expect(await screen.findByText('هرزنامه')).toBeTruthy();
    expect(listCalls().map((p) => p.get('status'))).toEqual(['pending', 'approved', 'rejected']);
    await user.click(screen.getByRole('button', { name: 'در انتظار تأیید' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments'));
  });

  it('offers «خروجی CSV» of the sub-page\'s type, the status and the search (issue 26)', async () => {
    renderComments('/dashboard/comments/podcasts?status=approved&q=%D9%82%D8%B3%D9%85%D8%AA');
    const link = await screen.findByRole('link', { name: 'خروجی CSV دیدگاه‌ها' });
    expect(link.textContent).toBe('خروجی CSV');
    expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual([
      '/api/dashboard/comments/export?type=podcast&status=approved&q=%D9%82%D8%B3%D9%85%D8%AA',
      true,
    ]);
    // The list's own request must arrive within this test, not in the next one's record.
    await waitFor(() => expect(listCalls()).toHaveLength(1));
  });

  it('a type sub-page sends its type, and the type tabs set the route keeping the status', async () => {
    const user = userEvent.setup();
    renderComments('/dashboard/comments/podcasts');
    expect(await screen.findByText('قسمت دوم کی منتشر می‌شود؟')).toBeTruthy();
    expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('پادکست‌ها');
    expect(listCalls()[0]!.get('type')).toBe('podcast');

    await user.click(screen.getByRole('button', { name: 'تأیید شده' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments/podcasts?status=approved'));
    await user.click(screen.getByRole('tab', { name: 'دوره‌ها' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments/products?status=approved'));
    expect(await screen.findByText('دوره عالی است.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'جلسه‌ها' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments/product-sessions?status=approved'));
    await waitFor(() => expect(listCalls().at(-1)!.get('type')).toBe('product_session'));
    expect(listCalls().map((p) => [p.get('type'), p.get('status')])).toEqual([
      ['podcast', 'pending'],
      ['podcast', 'approved'],
      ['product', 'approved'],
      ['product_session', 'approved'],
    ]);
  });

  it('approves and rejects, with a toast, and the pending list drops them', async () => {
    const user = userEvent.setup();
    renderComments();
    await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
    await user.click(within(card('نوشته خیلی خوبی بود، ممنون.')).getByRole('button', { name: 'تأیید' }));
    expect(await screen.findByText('دیدگاه تأیید شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull());

    await user.click(within(card('قسمت دوم کی منتشر می‌شود؟')).getByRole('button', { name: 'رد' }));
    expect(await screen.findByText('دیدگاه رد شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('قسمت دوم کی منتشر می‌شود؟')).toBeNull());
    expect(actions()).toEqual(['POST /api/dashboard/comments/11/approve', 'POST /api/dashboard/comments/12/reject']);
    expect(screen.getByText('۱ دیدگاه')).toBeTruthy();
  });

  describe('undoable delete, approve and reject (issue 26, issue 32 item 5)', () => {
    const setup = useFakeClock();
    /** Selects every comment on the page and runs the bulk action `label`, which toasts `toast` with «بازگردانی». */
    const onAll = async (user: ReturnType<typeof setup>, label: string, toast: string) => {
      await user.click(screen.getByRole('checkbox', { name: 'همه در این صفحه' }));
      await clickWithUndo(user, within(screen.getByRole('toolbar')).getByRole('button', { name: label }), toast);
    };

    it('selects rows one by one and all on the page; the toolbar counts them and approves them in one request, after 10 seconds', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
      expect(screen.queryByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' })).toBeNull();

      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه سارا محمدی برای «آشنایی با تایپ‌اسکریپت»»' }));
      const toolbar = screen.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' });
      expect(within(toolbar).getByText('۱ مورد انتخاب شده')).toBeTruthy();
      const all = screen.getByRole('checkbox', { name: 'همه در این صفحه' }) as HTMLInputElement;
      expect(all.checked).toBe(false);
      expect(all.getAttribute('data-indeterminate')).toBe('true');

      await user.click(all);
      expect(within(toolbar).getByText('۳ مورد انتخاب شده')).toBeTruthy();
      expect(all.checked).toBe(true);
      expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
      await user.click(all);
      expect(screen.queryByRole('toolbar')).toBeNull();

      await user.click(all);
      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه علی رضایی برای «پادکست شماره یک»»' }));
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'تأیید' }));
      // Issue 32 item 5: the rows leave at once, the toast offers «بازگردانی», and nothing is sent yet.
      expect(await screen.findByText('۲ دیدگاه تأیید شد.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'بازگردانی' })).toBeTruthy();
      expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
      expect(screen.queryByText('این جلسه صدا ندارد.')).toBeNull();
      expect(screen.getByText('قسمت دوم کی منتشر می‌شود؟')).toBeTruthy();
      expect(screen.getByText('۱ دیدگاه')).toBeTruthy();
      expect(screen.queryByRole('toolbar')).toBeNull();
      await expectSentAfterUndoWindow(actions, ['POST /api/dashboard/comments/bulk']);
      expect(api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json])).toEqual([
        ['/api/dashboard/comments/bulk', { action: 'approve', ids: [11, 13] }],
      ]);
      await waitFor(() => expect(listCalls()).toHaveLength(2));
      expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
      expect(screen.getByText('۱ دیدگاه')).toBeTruthy();
    });

    it('rejects the selected rows together after 10 seconds', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
      await onAll(user, 'رد', '۳ دیدگاه رد شد.');
      expect(screen.getByText('دیدگاهی در انتظار تأیید نیست.')).toBeTruthy();
      await expectSentAfterUndoWindow(actions, ['POST /api/dashboard/comments/bulk']);
      expect(api.seen.at(-1)!.json).toEqual({ action: 'reject', ids: [11, 12, 13] });
      await waitFor(() => expect(listCalls()).toHaveLength(2));
      expect(screen.getByText('دیدگاهی در انتظار تأیید نیست.')).toBeTruthy();
    });

    it('«بازگردانی» takes back a bulk approve or reject: the rows return and nothing is sent', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
      await onAll(user, 'تأیید', '۳ دیدگاه تأیید شد.');
      act(() => jest.advanceTimersByTime(4_000));
      await undoAndExpectNothingSent(user, actions);
      expect(await screen.findByText('نوشته خیلی خوبی بود، ممنون.')).toBeTruthy();
      expect(screen.getByText('۳ دیدگاه')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگردانی' })).toBeNull());

      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه علی رضایی برای «پادکست شماره یک»»' }));
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'رد' }));
      expect(await screen.findByText('۱ دیدگاه رد شد.')).toBeTruthy();
      expect(screen.queryByText('قسمت دوم کی منتشر می‌شود؟')).toBeNull();
      await undoAndExpectNothingSent(user, actions);
      expect(await screen.findByText('قسمت دوم کی منتشر می‌شود؟')).toBeTruthy();
      expect(actions()).toEqual([]);
      expect(screen.getByText('۳ دیدگاه')).toBeTruthy();
    });

    it('a bulk approve waiting when the page goes away is sent at once', async () => {
      const user = setup();
      const { unmount } = renderComments();
      await screen.findByText('این جلسه صدا ندارد.');
      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه علی رضایی برای «پادکست شماره یک»»' }));
      await clickWithUndo(user, within(screen.getByRole('toolbar')).getByRole('button', { name: 'تأیید' }), '۱ دیدگاه تأیید شد.');
      act(() => jest.advanceTimersByTime(3_000));
      expect(actions()).toEqual([]);
      unmount();
      await waitFor(() => expect(actions()).toEqual(['POST /api/dashboard/comments/bulk']));
      expect(api.seen.at(-1)!.json).toEqual({ action: 'approve', ids: [12] });
    });

    it('a refused bulk action brings the rows back and says why above the list', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('این جلسه صدا ندارد.');
      comments = comments.filter((comment) => comment.id !== 13);
      await onAll(user, 'حذف', '۳ دیدگاه و پاسخ‌هایش حذف شد.');
      act(() => jest.advanceTimersByTime(10_000));
      expect((await screen.findByText('دیدگاه‌های شماره ۹۹ وجود ندارند')).closest('#notistack-snackbar')).toBeNull();
      expect(screen.getByText('نوشته خیلی خوبی بود، ممنون.')).toBeTruthy();
      expect(screen.getByText('این جلسه صدا ندارد.')).toBeTruthy();
    });


    it('hides a deleted row at once; «بازگردانی» brings it back and nothing is sent', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('این جلسه صدا ندارد.');
      await user.click(within(card('این جلسه صدا ندارد.')).getByRole('button', { name: 'حذف' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByText('این جلسه صدا ندارد.')).toBeNull();
      expect(await screen.findByText('۱ دیدگاه و پاسخ‌هایش حذف شد.')).toBeTruthy();
      expect(screen.getByText('۲ دیدگاه')).toBeTruthy();

      act(() => jest.advanceTimersByTime(5_000));
      await user.click(screen.getByRole('button', { name: 'بازگردانی' }));
      expect(await screen.findByText('این جلسه صدا ندارد.')).toBeTruthy();
      act(() => jest.advanceTimersByTime(15_000));
      expect(actions()).toEqual([]);
      expect(screen.getByText('این جلسه صدا ندارد.')).toBeTruthy();
    });

    it('sends the delete of the selected rows after 10 seconds, not before', async () => {
      const user = setup();
      renderComments();
      await screen.findByText('نوشته خیلی خوبی بود، ممنون.');
      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه سارا محمدی برای «آشنایی با تایپ‌اسکریپت»»' }));
      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «دیدگاه علی رضایی برای «پادکست شماره یک»»' }));
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'حذف' }));
      expect(await screen.findByText('۲ دیدگاه و پاسخ‌هایش حذف شد.')).toBeTruthy();
      expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
      expect(screen.queryByText('قسمت دوم کی منتشر می‌شود؟')).toBeNull();
      expect(screen.queryByRole('toolbar')).toBeNull();

      await expectSentAfterUndoWindow(actions, ['POST /api/dashboard/comments/bulk']);
      expect(api.seen.at(-1)!.json).toEqual({ action: 'delete', ids: [11, 12] });
      await waitFor(() => expect(listCalls()).toHaveLength(2));
      expect(screen.queryByText('نوشته خیلی خوبی بود، ممنون.')).toBeNull();
      expect(screen.getByText('این جلسه صدا ندارد.')).toBeTruthy();
    });

    it('sends a waiting delete at once when the page goes away', async () => {
      const user = setup();
      const { unmount } = renderComments();
      await screen.findByText('این جلسه صدا ندارد.');
      await user.click(within(card('این جلسه صدا ندارد.')).getByRole('button', { name: 'حذف' }));
      expect(actions()).toEqual([]);
      unmount();
      await waitFor(() => expect(actions()).toEqual(['POST /api/dashboard/comments/bulk']));
      expect(api.seen.at(-1)!.json).toEqual({ action: 'delete', ids: [13] });
    });
  });

  it('replies as staff: checks the text (SPEC §5), sends it, and the answered comment leaves the pending list', async () => {
    const user = userEvent.setup();
    renderComments();
    await screen.findByText('قسمت دوم کی منتشر می‌شود؟');
    await user.click(within(card('قسمت دوم کی منتشر می‌شود؟')).getByRole('button', { name: 'پاسخ' }));
    const field = screen.getByRole('textbox', { name: 'پاسخ شما' });
    await user.type(field, 'ب');
    await user.click(screen.getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await screen.findByText('متن باید دست‌کم ۲ نویسه باشد')).toBeTruthy();
    expect(actions()).toEqual([]);

    await user.type(field, 'له، هفته آینده.');
    await waitFor(() => expect(screen.queryByText('متن باید دست‌کم ۲ نویسه باشد')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'ارسال پاسخ' }));
    expect(await screen.findByText('پاسخ شما ثبت و منتشر شد.')).toBeTruthy();
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json])).toEqual([
      ['/api/dashboard/comments/12/reply', { text: 'بله، هفته آینده.' }],
    ]);
    await waitFor(() => expect(screen.queryByText('قسمت دوم کی منتشر می‌شود؟')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'پاسخ شما' })).toBeNull();
  });

  it('searches once typing pauses, and pages, both in the URL', async () => {
    const user = userEvent.setup();
    renderComments('/dashboard/comments/products?status=approved');
    await screen.findByText('دوره عالی است.');
    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments/products?status=approved&page=2'));
    expect(await screen.findByText('دیدگاه صفحه دوم')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'جست‌وجوی دیدگاه‌ها' }), 'عالی');
    await waitFor(() => expect(currentLocation()).toBe(`/dashboard/comments/products?status=approved&q=${encodeURIComponent('عالی')}`));
    expect(await screen.findByText('دوره عالی است.')).toBeTruthy();
    expect(listCalls().map((p) => [p.get('page'), p.get('q')])).toEqual([
      ['1', null],
      ['2', null],
      ['1', 'عالی'],
    ]);
  });

  it('says so when nothing waits, and names the route, permission and nav item in the contract', async () => {
    comments = [];
    renderComments();
    expect(await screen.findByText('دیدگاهی در انتظار تأیید نیست.')).toBeTruthy();
    const commentRoutes = supportModule.dashboardRoutes.filter((route) => route.path.startsWith('/dashboard/comments'));
    expect(commentRoutes.map((route) => [route.path, route.permission])).toEqual([
      ['/dashboard/comments', 'show-comments'],
      ['/dashboard/comments/posts', 'show-comments'],
      ['/dashboard/comments/podcasts', 'show-comments'],
      ['/dashboard/comments/product-sessions', 'show-comments'],
      ['/dashboard/comments/products', 'show-comments'],
    ]);
    expect(supportModule.dashboardNav).toContainEqual({ label: 'دیدگاه‌ها', path: '/dashboard/comments', permission: 'show-comments', icon: 'Comment' });
  });
});

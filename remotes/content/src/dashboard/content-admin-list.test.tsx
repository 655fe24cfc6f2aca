/** @jest-environment-options {"url": "http://127.0.0.1:25126"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import DashboardPostsPage from './dashboard-posts-page';
import DashboardPodcastsPage from './dashboard-podcasts-page';
import { startApiServer } from '@shop/test-utils';

const aPost = (overrides: Partial<Post>): Post => ({
  id: 1,
  title: 'نوشته',
  slug: 'post',
  description: '',
  image: null,
  is_active: true,
  comment_status: 'open',
  likes_count: 0,
  comments_count: 0,
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  ...overrides,
});

const posts = [
  aPost({ id: 1, title: 'آموزش ری‌اکت', likes_count: 12 }),
  aPost({ id: 2, title: 'پیش‌نویس تست', is_active: false, comment_status: 'closed', created_at: '2026-10-01T10:00:00Z' }),
];
let deleted: number[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25126, ({ method, url }) => {
    const match = /^\/api\/dashboard\/(posts|podcasts)(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return undefined;
    if (method === 'DELETE') {
      deleted.push(Number(match[2]));
      return { message: 'نوشته حذف شد.' };
    }
    const q = url.searchParams.get('q') ?? '';
    const found = posts.filter((p) => !deleted.includes(p.id) && p.title.includes(q));
    return { data: found, meta: { current_page: 1, last_page: 1, per_page: 15, total: found.length } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  deleted = [];
});

const listAsked = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/dashboard/posts').map((r) => r.url.searchParams);
const renderList = (url = '/dashboard/posts') => renderPage(<DashboardPostsPage />, { url, path: '/dashboard/posts', user: aUser({ status: 'super' }) });

describe('dashboard posts list (/dashboard/posts)', () => {
  it('shows title, active flag, comment status, likes, Jalali date and the edit link', async () => {
    renderList();
    const row = (await screen.findByText('پیش‌نویس تست')).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['پیش‌نویس تست', 'غیرفعال', 'بسته', '۰', formatJalaliDate('2026-10-01T10:00:00Z')]);
    expect(within(row).getByRole('link', { name: 'ویرایش «پیش‌نویس تست»' }).getAttribute('href')).toBe('/dashboard/posts/2');
    expect(screen.getByRole('link', { name: 'افزودن نوشته' }).getAttribute('href')).toBe('/dashboard/posts/add-post');
    expect(screen.getByRole('columnheader', { name: 'تاریخ انتشار' }).getAttribute('aria-sort')).toBe('descending');
    expect(listAsked()[0]!.get('sort')).toBe('-created_at');
  });

  it('searches once typing pauses, with q in the URL and the API call', async () => {
    renderList();
    await screen.findByText('آموزش ری‌اکت');
    const box = screen.getByRole('searchbox', { name: 'جست‌وجو' });
    for (const text of ['ر', 'ری', 'ری‌ا', 'ری‌اکت']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(currentLocation()).toBe(`/dashboard/posts?q=${encodeURIComponent('ری‌اکت')}`));
    await waitFor(() => expect(screen.queryByText('پیش‌نویس تست')).toBeNull());
    expect(listAsked().map((p) => p.get('q'))).toEqual([null, 'ری‌اکت']);
  });

  it('sorts by a column header, in the URL and the API call', async () => {
    renderList();
    await screen.findByText('آموزش ری‌اکت');
    fireEvent.click(screen.getByRole('button', { name: 'پسندها' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/posts?sort=likes_count'));
    fireEvent.click(screen.getByRole('button', { name: 'پسندها' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/posts?sort=-likes_count'));
    await waitFor(() => expect(listAsked().map((p) => p.get('sort'))).toEqual(['-created_at', 'likes_count', '-likes_count']));
  });

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();

    it('hides the row at once, with no dialog, and sends the DELETE after 10 seconds; then the list refreshes', async () => {
      const user = setup();
      renderList();
      await clickWithUndo(user, await screen.findByRole('button', { name: 'حذف «آموزش ری‌اکت»' }), '«آموزش ری‌اکت» با دیدگاه‌ها و پسندهایش حذف شد.');
      expect(screen.queryByText('آموزش ری‌اکت')).toBeNull();
      expect(screen.getByText('۱ مورد')).toBeTruthy();
      await expectSentAfterUndoWindow(() => deleted, [1]);
      expect(api.seen.find((r) => r.method === 'DELETE')!.url.pathname).toBe('/api/dashboard/posts/1');
      await waitFor(() => expect(listAsked().length).toBe(2));
      expect(screen.queryByText('آموزش ری‌اکت')).toBeNull();
    });

    it('«بازگردانی» brings the row back and sends nothing; a delete waiting as the page goes away is sent at once', async () => {
      const user = setup();
      const { unmount } = renderList();
      await user.click(await screen.findByRole('button', { name: 'حذف «آموزش ری‌اکت»' }));
      await screen.findByRole('button', { name: 'بازگردانی' });
      await undoAndExpectNothingSent(user, () => deleted);
      expect(await screen.findByText('آموزش ری‌اکت')).toBeTruthy();
      expect(screen.getByText('۲ مورد')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'حذف «پیش‌نویس تست»' }));
      unmount();
      await waitFor(() => expect(deleted).toEqual([2]));
    });
  });

  it('lists podcasts from their own endpoint', async () => {
    renderPage(<DashboardPodcastsPage />, { url: '/dashboard/podcasts', path: '/dashboard/podcasts', user: aUser({ status: 'super' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'پادکست‌ها' })).toBeTruthy();
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/dashboard/podcasts')).toBe(true));
    expect(screen.getByRole('link', { name: 'افزودن پادکست' }).getAttribute('href')).toBe('/dashboard/podcasts/add-podcast');
  });
});

/** @jest-environment-options {"url": "http://127.0.0.1:25110"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@shop/contracts';
import { currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import PostListPage from './post-list-page';
import PostDetailPage from './post-detail-page';
import LatestPostsSlot from './latest-posts-slot';
import { UI_KIT_VERSION } from '@shop/ui-kit';
import { ROUTER_VERSION } from '@shop/router';
import { API_CLIENT_VERSION } from '@shop/api-client';
import contentModule from '../module';

function aPost(overrides: Partial<Post>): Post {
  return {
    id: 1,
    title: 'نوشته',
    slug: 'post',
    description: '<p>متن</p>',
    image: null,
    is_active: true,
    comment_status: 'open',
    likes_count: 0,
    comments_count: 0,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}
const meta = (m: Partial<{ current_page: number; last_page: number }>) => ({ current_page: 1, last_page: 1, per_page: 12, total: 13, ...m });

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25110, ({ url }) => {
    if (url.pathname === '/api/posts') {
      return url.searchParams.get('page') === '2'
        ? { data: [aPost({ id: 13, title: 'نوشته سیزدهم' })], meta: meta({ current_page: 2, last_page: 2 }) }
        : { data: [aPost({ id: 1, title: 'کار با تاریخ شمسی', likes_count: 12, comments_count: 3 })], meta: meta({ last_page: 2 }) };
    }
    if (url.pathname === '/api/posts/1') {
      return { data: { ...aPost({ id: 1, title: 'کار با تاریخ شمسی', description: '<p>تقویم <strong>جلالی</strong></p>', likes_count: 12 }), liked_by_me: true } };
    }
    if (url.pathname === '/api/posts/1/comments') {
      return { data: [{ id: 8, parent_id: 0, text: 'عالی بود', user: { id: 2, full_name: 'مریم', is_staff: false }, created_at: '2026-11-22T10:00:00Z', replies: [] }] };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

describe('PostListPage (/posts)', () => {
  it('shows cards with the Jalali date and the counts in Persian digits', async () => {
    renderPage(<PostListPage />, { url: '/posts' });
    const card = (await screen.findByText('کار با تاریخ شمسی')).closest('a')!;
    expect(card.getAttribute('href')).toBe('/posts/1');
    expect(within(card).getByText('۱ آذر ۱۴۰۵')).toBeTruthy();
    expect(within(card).getByLabelText('۱۲ پسند')).toBeTruthy();
    expect(within(card).getByLabelText('۳ دیدگاه')).toBeTruthy();
  });

  it('keeps the filter and page in the URL and asks the API for them', async () => {
    renderPage(<PostListPage />, { url: '/posts' });
    await screen.findByText('کار با تاریخ شمسی');
    fireEvent.click(screen.getByRole('button', { name: 'قدیمی‌ترین' }));
    await waitFor(() => expect(currentLocation()).toBe('/posts?filter=oldest'));
    fireEvent.click(await screen.findByRole('button', { name: 'صفحه ۲' }));
    expect(await screen.findByText('نوشته سیزدهم')).toBeTruthy();
    expect(currentLocation()).toBe('/posts?filter=oldest&page=2');
    expect(api.seen.at(-1)!.url.searchParams.get('filter')).toBe('oldest');
  });
});

describe('PostDetailPage (/posts/:postId)', () => {
  it('shows the post with its sanitized description', async () => {
    renderPage(<PostDetailPage />, { url: '/posts/1', path: '/posts/:postId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'کار با تاریخ شمسی' })).toBeTruthy();
    expect(screen.getByText('جلالی').tagName).toBe('STRONG');
  });

  it('has the like button with liked_by_me, the comment thread and comment anchors', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    renderPage(<PostDetailPage />, { url: '/posts/1#comment-8', path: '/posts/:postId' });
    const like = await screen.findByRole('button', { name: 'پسندیده‌اید، ۱۲ پسند' });
    expect(like.hasAttribute('disabled')).toBe(true);
    expect((await screen.findByText('عالی بود')).closest('article')!.id).toBe('comment-8');
    expect(screen.getByText('برای ثبت دیدگاه ابتدا وارد حساب خود شوید.')).toBeTruthy();
    await waitFor(() => expect(scrolled).toEqual(['comment-8']));
  });
});

describe('LatestPostsSlot (home.latest-posts)', () => {
  it('asks for the six newest posts', async () => {
    renderPage(<LatestPostsSlot />, { url: '/' });
    expect(await screen.findByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeTruthy();
    expect(await screen.findByText('کار با تاریخ شمسی')).toBeTruthy();
    const asked = api.seen.find((r) => r.url.pathname === '/api/posts')!.url.searchParams;
    expect([asked.get('filter'), asked.get('per_page')]).toEqual(['newest', '6']);
  });
});

describe('the content module contract', () => {
  it('declares its pages, dashboard sections and slots under the paths it owns', () => {
    expect(contentModule.name).toBe('content');
    expect(contentModule.publicRoutes.map((r) => r.path)).toEqual(['/posts', '/posts/:postId', '/podcasts', '/podcasts/:podcastId']);
    expect(contentModule.dashboardRoutes.map((r) => [r.path, r.permission])).toEqual([
      ['/dashboard/posts', 'manage-posts'],
      ['/dashboard/posts/add-post', 'manage-posts'],
      ['/dashboard/posts/:editPostId', 'manage-posts'],
      ['/dashboard/podcasts', 'manage-podcasts'],
      ['/dashboard/podcasts/add-podcast', 'manage-podcasts'],
      ['/dashboard/podcasts/:editPodcastId', 'manage-podcasts'],
    ]);
    expect(contentModule.dashboardNav).toEqual([
      { label: 'نوشته‌ها', path: '/dashboard/posts', permission: 'manage-posts', icon: 'Article' },
      { label: 'پادکست‌ها', path: '/dashboard/podcasts', permission: 'manage-podcasts', icon: 'Podcasts' },
    ]);
    expect(Object.keys(contentModule.slots)).toEqual(['home.latest-posts', 'home.latest-podcasts']);
    // It needs facade versions that the current facades satisfy (the shell refuses newer needs):
    // the same major, and no newer than what is built here.
    const current: Record<string, string> = {
      '@shop/ui-kit': UI_KIT_VERSION,
      '@shop/router': ROUTER_VERSION,
      '@shop/api-client': API_CLIENT_VERSION,
    };
    expect(Object.keys(contentModule.requires).sort()).toEqual(Object.keys(current).sort());
    for (const [facade, need] of Object.entries(contentModule.requires)) {
      const [major, minor, patch] = need.replace(/^\^/, '').split('.').map(Number) as [number, number, number];
      const [hasMajor, hasMinor, hasPatch] = current[facade]!.split('.').map(Number) as [number, number, number];
      expect(major).toBe(hasMajor);
      expect(minor * 1000 + patch).toBeLessThanOrEqual(hasMinor * 1000 + hasPatch);
    }
  });
});

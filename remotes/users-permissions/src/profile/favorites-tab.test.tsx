/** @jest-environment-options {"url": "http://127.0.0.1:25141"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import ProfilePage from './profile-page';

const anItem = (id: number, title: string, overrides: Partial<Post> = {}): Post => ({
  id,
  title,
  slug: `item-${id}`,
  description: '<p>متن</p>',
  image: null,
  is_active: true,
  comment_status: 'open',
  likes_count: 12,
  comments_count: 3,
  created_at: '2026-11-22T11:00:00Z',
  updated_at: '2026-11-22T11:00:00Z',
  ...overrides,
});

const meta = (total: number, current_page = 1, last_page = 1) => ({ current_page, last_page, per_page: 12, total });
let podcasts: Post[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25141, ({ url }) => {
    if (url.pathname !== '/api/profile/favorites') return undefined;
    const page = Number(url.searchParams.get('page'));
    if (url.searchParams.get('type') === 'podcast') return { data: podcasts, meta: meta(podcasts.length) };
    if (page === 2) return { data: [anItem(30, 'نوشته صفحه دوم')], meta: meta(13, 2, 2) };
    return {
      data: [anItem(3, 'آشنایی با تایپ‌اسکریپت', { image: '/media/ts.webp' }), anItem(8, 'ری‌اکت ۱۹ چه دارد؟', { likes_count: 40 })],
      meta: meta(13, 1, 2),
    };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  podcasts = [];
});

const favoritesAsked = () => api.seen.filter((r) => r.url.pathname === '/api/profile/favorites').map((r) => r.url.searchParams.toString());

describe('profile favourites tabs (#favorites-posts, #favorites-podcasts)', () => {
  it('lists the liked posts as cards linking to them, with pages kept in the URL', async () => {
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { url: '/profile#favorites-posts', user: aUser() });
    const card = await screen.findByRole('link', { name: /آشنایی با تایپ‌اسکریپت/ });
    expect(card.getAttribute('href')).toBe('/posts/3');
    expect(within(card).getByText(formatJalaliDate('2026-11-22T11:00:00Z'))).toBeTruthy();
    expect(within(card).getByLabelText('۱۲ پسند')).toBeTruthy();
    expect(screen.getByRole('link', { name: /ری‌اکت ۱۹ چه دارد؟/ }).getAttribute('href')).toBe('/posts/8');

    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile?page=2#favorites-posts'));
    expect(await screen.findByRole('link', { name: /نوشته صفحه دوم/ })).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('نوشته‌های پسندیده');
    expect(favoritesAsked()).toEqual(['type=post&page=1', 'type=post&page=2']);
  });

  it('shows an empty state with a way to find podcasts, and asks for podcasts on that tab', async () => {
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { url: '/profile?page=2#favorites-posts', user: aUser() });
    await screen.findByRole('link', { name: /نوشته صفحه دوم/ });
    await user.click(screen.getByRole('tab', { name: 'پادکست‌های پسندیده' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#favorites-podcasts'));
    expect(await screen.findByText(/هنوز پادکستی را نپسندیده‌اید/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده پادکست‌ها' }).getAttribute('href')).toBe('/podcasts');
    expect(favoritesAsked()).toEqual(['type=post&page=2', 'type=podcast&page=1']);
  });

  it('links liked podcasts to the podcast pages', async () => {
    podcasts = [anItem(5, 'پادکست شماره یک')];
    renderPage(<ProfilePage />, { url: '/profile#favorites-podcasts', user: aUser() });
    expect((await screen.findByRole('link', { name: /پادکست شماره یک/ })).getAttribute('href')).toBe('/podcasts/5');
    expect(screen.queryByRole('navigation', { name: 'صفحه‌بندی' })).toBeNull();
  });
});

/** @jest-environment-options {"url": "http://127.0.0.1:25125"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Podcast } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import PodcastListPage from './podcast-list-page';
import PodcastDetailPage from './podcast-detail-page';
import LatestPodcastsSlot from './latest-podcasts-slot';

function aPodcast(overrides: Partial<Podcast>): Podcast {
  return {
    id: 1,
    title: 'اپیزود',
    slug: 'episode',
    description: '<p>یادداشت‌های اپیزود</p>',
    image: null,
    is_active: true,
    comment_status: 'open',
    likes_count: 0,
    comments_count: 0,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    file: '/media/podcasts/1.mp3',
    duration_seconds: 2700,
    ...overrides,
  };
}
const meta = (m: Partial<{ current_page: number; last_page: number }>) => ({ current_page: 1, last_page: 1, per_page: 9, total: 10, ...m });

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25125, ({ url }) => {
    if (url.pathname === '/api/podcasts') {
      return url.searchParams.get('page') === '2'
        ? { data: [aPodcast({ id: 10, title: 'اپیزود دهم' })], meta: meta({ current_page: 2, last_page: 2 }) }
        : { data: [aPodcast({ id: 4, title: 'گفت‌وگو درباره تست', likes_count: 7, comments_count: 2, duration_seconds: 2710 })], meta: meta({ last_page: 2 }) };
    }
    if (url.pathname === '/api/podcasts/4') {
      return { data: { ...aPodcast({ id: 4, title: 'گفت‌وگو درباره تست', likes_count: 7, comment_status: 'closed' }), liked_by_me: false } };
    }
    if (url.pathname === '/api/podcasts/5') return { data: { ...aPodcast({ id: 5, title: 'بی‌صدا', file: null }), liked_by_me: false } };
    if (url.pathname === '/api/podcasts/4/comments' || url.pathname === '/api/podcasts/5/comments') return { data: [] };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

describe('PodcastListPage (/podcasts)', () => {
  it('shows cards with the length, the feed link, and keeps filter and page in the URL', async () => {
    renderPage(<PodcastListPage />, { url: '/podcasts' });
    const card = (await screen.findByText('گفت‌وگو درباره تست')).closest('a')!;
    expect(card.getAttribute('href')).toBe('/podcasts/4');
    expect(within(card).getByText('۴۵:۱۰')).toBeTruthy();
    expect(within(card).getByLabelText('۷ پسند')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'اشتراک در خوراک پادکست' }).getAttribute('href')).toBe('/feeds/podcasts.xml');
    fireEvent.click(screen.getByRole('button', { name: 'محبوب‌ترین' }));
    await waitFor(() => expect(currentLocation()).toBe('/podcasts?filter=most-liked'));
    fireEvent.click(await screen.findByRole('button', { name: 'صفحه ۲' }));
    expect(await screen.findByText('اپیزود دهم')).toBeTruthy();
    expect(currentLocation()).toBe('/podcasts?filter=most-liked&page=2');
    expect(api.seen.at(-1)!.url.searchParams.get('filter')).toBe('most-liked');
  });
});

describe('PodcastDetailPage (/podcasts/:podcastId)', () => {
  it('shows the episode with its player, like button and the closed-comments notice', async () => {
    renderPage(<PodcastDetailPage />, { url: '/podcasts/4', path: '/podcasts/:podcastId', user: aUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'گفت‌وگو درباره تست' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'پخش‌کننده پادکست: گفت‌وگو درباره تست' })).toBeTruthy();
    expect(document.querySelector('audio')!.getAttribute('src')).toBe('/media/podcasts/1.mp3');
    expect(screen.getByTestId('player-duration').textContent).toBe('۴۵:۰۰');
    expect(screen.getByRole('button', { name: 'پسندیدن، ۷ پسند' }).hasAttribute('disabled')).toBe(false);
    expect(await screen.findByText('دیدگاه‌ها برای این صفحه بسته است.')).toBeTruthy();
    expect(screen.getByText('یادداشت‌های اپیزود')).toBeTruthy();
  });

  it('says so when an episode has no audio yet', async () => {
    renderPage(<PodcastDetailPage />, { url: '/podcasts/5', path: '/podcasts/:podcastId' });
    expect(await screen.findByText('فایل صوتی این اپیزود هنوز در دسترس نیست.')).toBeTruthy();
    expect(document.querySelector('audio')).toBeNull();
  });
});

describe('LatestPodcastsSlot (home.latest-podcasts)', () => {
  it('asks for the six newest episodes', async () => {
    renderPage(<LatestPodcastsSlot />, { url: '/' });
    expect(await screen.findByRole('heading', { name: 'تازه‌ترین پادکست‌ها' })).toBeTruthy();
    expect(await screen.findByText('گفت‌وگو درباره تست')).toBeTruthy();
    const asked = api.seen.find((r) => r.url.pathname === '/api/podcasts')!.url.searchParams;
    expect([asked.get('filter'), asked.get('per_page')]).toEqual(['newest', '6']);
  });
});

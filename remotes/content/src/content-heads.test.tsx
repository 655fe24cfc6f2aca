import { render } from '@testing-library/react';
import type { PageHead, UsePageHead } from '@shop/contracts';
import { makeStore, Provider } from '@shop/api-client';
import { MemoryRouter, Route, Routes } from '@shop/router';
import { postsApi } from './posts/posts-api';
import { podcastsApi } from './podcasts/podcasts-api';
import { usePostHead, usePostListHead } from './posts/post-head';
import { usePodcastHead } from './podcasts/podcast-head';

/** What a route's `useHead` gives at `url` (route `path`), with the store as the server rendered it. */
function headAt(store: ReturnType<typeof makeStore>, url: string, path: string, useHead: UsePageHead): PageHead | null {
  let head: PageHead | null = null;
  function Probe() {
    head = useHead();
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return head;
}

const base = { slug: 's', is_active: true, comment_status: 'open' as const, likes_count: 0, comments_count: 0, created_at: '2026-01-01T08:00:00Z', updated_at: '2026-01-03T08:00:00Z' };

describe('content heads (issue 9)', () => {
  // The data is in the store under the detail page's own query argument (a number), as the server
  // rendered it: a head that asked with another argument would find nothing.
  it('describes a post as an article, from the detail page’s own query', async () => {
    const store = makeStore();
    await store.dispatch(postsApi.util.upsertQueryData('getPost', 12, { data: { ...base, id: 12, title: 'شروع با TypeScript', description: '<p>متن</p>', image: '/media/a.webp' } }));
    expect(headAt(store, '/posts/12', '/posts/:postId', usePostHead)).toEqual({
      title: 'شروع با TypeScript',
      description: '<p>متن</p>',
      image: '/media/a.webp',
      item: { type: 'article', publishedAt: '2026-01-01T08:00:00Z', modifiedAt: '2026-01-03T08:00:00Z' },
    });
    expect(headAt(store, '/posts', '/posts', usePostListHead)).toEqual({ title: 'نوشته‌ها', description: expect.stringContaining('برنامه‌نویسی') });
  });

  it('describes a podcast as an episode with its audio file and length', async () => {
    const store = makeStore();
    await store.dispatch(
      podcastsApi.util.upsertQueryData('getPodcast', 7, { data: { ...base, id: 7, title: 'اپیزود هفتم', description: 'یادداشت', image: null, file: '/media/7.mp3', duration_seconds: 1800 } }),
    );
    expect(headAt(store, '/podcasts/7', '/podcasts/:podcastId', usePodcastHead)).toEqual({
      title: 'اپیزود هفتم',
      description: 'یادداشت',
      image: null,
      item: { type: 'podcast-episode', publishedAt: base.created_at, modifiedAt: base.updated_at, audio: '/media/7.mp3', durationSeconds: 1800 },
    });
  });
});

import type { FastifyInstance } from 'fastify';
import type { CommentNode, Paginated, Podcast } from '@shop/contracts';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

describe.each(DB_TARGETS)('podcasts API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  it('lists podcasts with audio files and durations, in each filter order', async () => {
    const response = await app.inject({ url: '/api/podcasts?per_page=4' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Paginated<Podcast>>();
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 4, total: 6 });
    expect(body.data[0]).toMatchObject({
      slug: 'episode-6-a-year-of-open-source',
      file: '/media/seed/audio/podcast-6.ogg',
      duration_seconds: 9,
    });
    const oldest = (await app.inject({ url: '/api/podcasts?filter=oldest' })).json<Paginated<Podcast>>();
    expect(oldest.data[0]!.slug).toBe('episode-1-start-without-fear');
    const liked = (await app.inject({ url: '/api/podcasts?filter=most-liked' })).json<Paginated<Podcast>>();
    const counts = liked.data.map((p) => p.likes_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts[counts.length - 1]!);
  });

  it('answers details, comments and 404s', async () => {
    const oldest = (await app.inject({ url: '/api/podcasts?filter=oldest' })).json<Paginated<Podcast>>();
    const id = oldest.data[0]!.id;
    const detail = await app.inject({ url: `/api/podcasts/${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: Podcast }>().data.comments_count).toBe(1);
    const comments = (await app.inject({ url: `/api/podcasts/${id}/comments` })).json<{ data: CommentNode[] }>();
    expect(comments.data).toHaveLength(1);
    expect(comments.data[0]!.replies).toEqual([]);
    expect((await app.inject({ url: '/api/podcasts/12345' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/podcasts/abc/comments' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/podcasts?filter=best' })).statusCode).toBe(422);
  });
});

import type { FastifyInstance } from 'fastify';
import type { Paginated, Podcast, Post } from '@shop/contracts';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';

describe.each(DB_TARGETS)('profile favorites API on %s', (target) => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp(target);
    token = await loginToken(app, 'user@example.com', 'User12345');
  });
  afterAll(() => app.close());

  const favorites = (query: string) =>
    app.inject({ url: `/api/profile/favorites${query}`, headers: { authorization: `Bearer ${token}` } });

  it('answers 401 to visitors', async () => {
    expect((await app.inject({ url: '/api/profile/favorites?type=post' })).statusCode).toBe(401);
  });

  it('lists the liked posts and podcasts, newest like first', async () => {
    const info = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: { authorization: `Bearer ${token}` } });
    const userId = info.json<{ data: { user: { id: number } } }>().data.user.id;
    const posts = (await favorites('?type=post')).json<Paginated<Post>>();
    // The seed's user liked every post with at least one like (11 of 12).
    expect(posts.meta.total).toBe(11);
    expect(posts.data[0]).toHaveProperty('likes_count');

    const liked = await app.inject({
      method: 'POST',
      url: '/api/like',
      headers: { authorization: `Bearer ${token}` },
      payload: { user_id: userId, likeable_id: 5, likeable_type: 'podcast' },
    });
    expect(liked.statusCode).toBe(201);
    const podcasts = (await favorites('?type=podcast&per_page=2')).json<Paginated<Podcast>>();
    expect(podcasts.data[0]!.id).toBe(5);
    expect(podcasts.data[0]!.file).toMatch(/^\/media\//);
    expect(podcasts.meta.per_page).toBe(2);
    expect((await favorites('?type=product')).statusCode).toBe(422);
  });
});

import type { FastifyInstance } from 'fastify';
import type { CommentNode, Paginated, Post } from '@shop/contracts';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

describe.each(DB_TARGETS)('posts API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  const list = async (query: string) => {
    const response = await app.inject({ url: `/api/posts${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<Post>>();
  };

  it('lists active posts newest first with pagination meta', async () => {
    const body = await list('');
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 12 });
    expect(body.data).toHaveLength(12);
    const dates = body.data.map((p) => Date.parse(p.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const first = body.data[0]!;
    expect(first.title).toBe('یادداشت‌های یک سال کار از راه دور');
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(first.image).toMatch(/^\/media\/seed\/images\/post-\d+\.svg$/);
    expect(typeof first.likes_count).toBe('number');
  });

  it('orders by each filter', async () => {
    const newest = await list('?filter=newest');
    const all = await list('?filter=all');
    expect(newest.data.map((p) => p.id)).toEqual(all.data.map((p) => p.id));

    const oldest = await list('?filter=oldest');
    expect(oldest.data.map((p) => p.id)).toEqual([...newest.data].reverse().map((p) => p.id));
    expect(oldest.data[0]!.slug).toBe('where-to-start-programming');

    const liked = await list('?filter=most-liked');
    const counts = liked.data.map((p) => p.likes_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(8);
    expect(liked.data[0]!.slug).toBe('typescript-for-javascript-developers');
    expect(liked.data.map((p) => p.id)).not.toEqual(newest.data.map((p) => p.id));
  });

  it('counts only approved comments', async () => {
    const oldest = await list('?filter=oldest');
    // The first post has 4 approved comments (with replies) and one waiting for approval.
    expect(oldest.data[0]!.comments_count).toBe(4);
  });

  it('paginates and clamps per_page to 1..50', async () => {
    const page2 = await list('?page=2&per_page=5');
    expect(page2.meta).toEqual({ current_page: 2, last_page: 3, per_page: 5, total: 12 });
    expect(page2.data).toHaveLength(5);
    const page1 = await list('?page=1&per_page=5');
    expect(page2.data.map((p) => p.id)).not.toContain(page1.data[0]!.id);

    expect((await list('?per_page=1000')).meta.per_page).toBe(50);
    expect((await list('?per_page=0')).meta.per_page).toBe(1);
    expect((await list('?per_page=-3')).meta.per_page).toBe(1);
    const beyond = await list('?page=99');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.current_page).toBe(99);
  });

  it.each([
    ['?filter=popular', 'filter'],
    ['?page=abc', 'page'],
    ['?page=0', 'page'],
    ['?page=1.5', 'page'],
    ['?per_page=abc', 'per_page'],
    ['?page=99999999999999999999', 'page'],
    ['?page=1&page=2', 'page'],
  ])('answers 422 with a Persian field error for %s', async (query, field) => {
    const response = await app.inject({ url: `/api/posts${query}` });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('اطلاعات وارد شده معتبر نیست.');
    expect(body.errors[field]?.[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers one post and 404 for unknown or non-numeric ids', async () => {
    const ok = await app.inject({ url: '/api/posts/1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: Post }>().data).toMatchObject({ id: 1, slug: 'where-to-start-programming' });

    for (const id of ['999', 'abc', '0', '-1', '1e3', '99999999999999999999', '%D9%85']) {
      const response = await app.inject({ url: `/api/posts/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'مورد درخواستی یافت نشد.' });
    }
  });

  it('answers the approved comments as a tree, oldest first', async () => {
    const response = await app.inject({ url: '/api/posts/1/comments' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: CommentNode[] }>();
    expect(data).toHaveLength(2);
    const [first, second] = data;
    expect(first!.parent_id).toBe(0);
    expect(first!.user).toEqual({ id: expect.any(Number), full_name: 'کاربر نمونه', is_staff: false });
    expect(first!.replies.map((r) => r.user.full_name)).toEqual(['پشتیبان سایت', 'مریم احمدی']);
    expect(first!.replies[0]!.user.is_staff).toBe(true);
    expect(first!.replies.every((r) => r.parent_id === first!.id)).toBe(true);
    expect(Date.parse(first!.created_at)).toBeLessThan(Date.parse(second!.created_at));
    expect(JSON.stringify(data)).not.toContain('در انتظار تأیید');

    expect((await app.inject({ url: '/api/posts/999/comments' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/posts/x/comments' })).statusCode).toBe(404);
  });
});

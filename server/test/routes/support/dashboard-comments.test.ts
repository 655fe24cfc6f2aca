import type { FastifyInstance } from 'fastify';
import type { CommentNode, DashboardComment, Paginated } from '@shop/contracts';
import { counterMismatches } from '../../helpers/counters';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';

describe.each(DB_TARGETS)('dashboard comments API on %s', (target) => {
  let app: FastifyInstance;
  let userToken: string;
  let staffToken: string;
  let userId: number;
  beforeAll(async () => {
    app = await buildTestApp(target);
    [userToken, staffToken] = await Promise.all([
      loginToken(app, 'user@example.com', 'User12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
    ]);
    const info = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(userToken) });
    userId = info.json<{ data: { user: { id: number } } }>().data.user.id;
  });
  afterAll(() => app.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const staff = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth(staffToken), ...(payload ? { payload } : {}) });
  const commentsCount = async (postId = 2) =>
    (await app.inject({ url: `/api/posts/${postId}` })).json<{ data: { comments_count: number } }>().data.comments_count;
  const tree = async (postId: number) => (await app.inject({ url: `/api/posts/${postId}/comments` })).json<{ data: CommentNode[] }>().data;
  const post = async (text: string, parentId = 0, postId = 2) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: auth(userToken),
      payload: { user_id: userId, parent_id: parentId, text, commentable_id: postId, commentable_type: 'post' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: CommentNode }>().data;
  };

  it('lists comments newest first with filters, and only for show-comments', async () => {
    const pending = await staff('GET', '/api/dashboard/comments?status=pending&type=post');
    expect(pending.statusCode).toBe(200);
    const body = pending.json<Paginated<DashboardComment>>();
    expect(body.data.map((c) => c.text)).toEqual(['این دیدگاه هنوز در انتظار تأیید است.']);
    expect(body.data[0]).toMatchObject({
      status: 'pending',
      user: { full_name: 'سارا محمدی', email: 'sara@example.com', is_staff: false },
      commentable: { type: 'post', id: 1, title: 'از کجا برنامه‌نویسی را شروع کنیم؟' },
    });
    const all = (await staff('GET', '/api/dashboard/comments?per_page=50')).json<Paginated<DashboardComment>>();
    const dates = all.data.map((c) => Date.parse(c.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const searched = (await staff('GET', `/api/dashboard/comments?q=${encodeURIComponent('پایتون')}`)).json<Paginated<DashboardComment>>();
    expect(searched.meta.total).toBe(1);

    expect((await app.inject({ url: '/api/dashboard/comments', headers: auth(userToken) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/dashboard/comments' })).statusCode).toBe(401);
    expect((await staff('GET', '/api/dashboard/comments?status=hidden')).statusCode).toBe(422);
  });

  it('shows a comment only once approved, with its replies nested; reject hides it', async () => {
    const parent = await post('دیدگاه در صف تأیید');
    const reply = await post('پاسخ کاربر به همان دیدگاه', parent.id);
    expect(JSON.stringify(await tree(2))).not.toContain('دیدگاه در صف تأیید');

    const approved = await staff('POST', `/api/dashboard/comments/${parent.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ data: DashboardComment }>().data.status).toBe('approved');
    await staff('POST', `/api/dashboard/comments/${reply.id}/approve`);
    const shown = (await tree(2)).find((c) => c.id === parent.id)!;
    expect(shown.replies.map((r) => r.text)).toEqual(['پاسخ کاربر به همان دیدگاه']);
    expect(await commentsCount()).toBe(2);
    // Approving twice changes nothing.
    await staff('POST', `/api/dashboard/comments/${parent.id}/approve`);
    expect(await commentsCount()).toBe(2);

    const rejected = await staff('POST', `/api/dashboard/comments/${parent.id}/reject`);
    expect(rejected.json<{ data: DashboardComment }>().data.status).toBe('rejected');
    expect((await tree(2)).find((c) => c.id === parent.id)).toBeUndefined();
    expect(await commentsCount()).toBe(1);
    expect(await counterMismatches(app.db)).toEqual([]);
    expect((await staff('POST', '/api/dashboard/comments/99999/approve')).statusCode).toBe(404);
  });

  it('replies as staff (approved, approving a pending parent) and deletes a thread with its replies', async () => {
    const before = await commentsCount();
    const parent = await post('پرسشی که پشتیبان پاسخ می‌دهد');
    const pendingReply = await post('پاسخی که هنوز تأیید نشده', parent.id);
    const response = await staff('POST', `/api/dashboard/comments/${parent.id}/reply`, { text: 'پاسخ پشتیبان' });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: DashboardComment }>().data).toMatchObject({
      parent_id: parent.id,
      status: 'approved',
      user: { is_staff: true },
      commentable: { type: 'post', id: 2 },
    });
    const shown = (await tree(2)).find((c) => c.id === parent.id)!;
    expect(shown.replies.map((r) => r.text)).toEqual(['پاسخ پشتیبان']);
    expect(await commentsCount()).toBe(before + 2);
    expect((await staff('POST', `/api/dashboard/comments/${parent.id}/reply`, { text: 'x' })).statusCode).toBe(422);

    const deleted = await staff('DELETE', `/api/dashboard/comments/${parent.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    expect((await tree(2)).find((c) => c.id === parent.id)).toBeUndefined();
    const left = (await staff('GET', '/api/dashboard/comments?per_page=50')).json<Paginated<DashboardComment>>();
    expect(left.data.some((c) => c.parent_id === parent.id || c.id === pendingReply.id)).toBe(false);
    expect(await commentsCount()).toBe(before);
    expect(await counterMismatches(app.db)).toEqual([]);
    expect((await staff('DELETE', `/api/dashboard/comments/${parent.id}`)).statusCode).toBe(404);
  });
});

import type { FastifyInstance } from 'fastify';
import type { AuthTokenAnswer, Paginated, Podcast, Post, User } from '@shop/contracts';
import { MESSAGES } from '../../../src/lib/messages';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { USERS_MESSAGES } from '../../../src/modules/users';
import { AUTH_MESSAGES } from '../../../src/modules/auth';

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

describe.each(DB_TARGETS)('profile account API on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const put = (url: string, token: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  const me = async (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: bearer(token) });

  let counter = 0;
  /** Registers a fresh account and marks its email verified by its link. */
  async function verifiedUser(): Promise<{ token: string; email: string }> {
    const email = `profile${++counter}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(app),
      payload: { full_name: 'نرگس نمایه', email, password: 'Secret123', password_confirmation: 'Secret123' },
    });
    const { token } = response.json<AuthTokenAnswer>();
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(token),
      payload: { token: link.searchParams.get('token') },
    });
    expect(verified.json().status).toBe('verified');
    return { token, email };
  }

  it('answers 419 without the XSRF pair and 401 to visitors', async () => {
    const visitor = await app.inject({ method: 'PUT', url: '/api/profile', payload: { full_name: 'کسی', email: 'a@b.cd' } });
    expect(visitor.statusCode).toBe(419);
    const csrf = await csrfHeaders(app);
    const withCsrf = await app.inject({ method: 'PUT', url: '/api/profile', headers: csrf, payload: { full_name: 'کسی', email: 'a@b.cd' } });
    expect(withCsrf.statusCode).toBe(401);
  });

  it('saves name and mobile (Persian digits → E.164), keeps the email verified, and removes the mobile when empty', async () => {
    const { token, email } = await verifiedUser();
    const saved = await put('/api/profile', token, { full_name: 'نرگس تازه', email, mobile: '۰۹۱۲ ۷۷۷ ۶۶۵۵' });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<{ message: string; data: User }>();
    expect(body.message).toBe(USERS_MESSAGES.profileUpdated);
    expect(body.data).toMatchObject({ full_name: 'نرگس تازه', email, mobile: '+989127776655', is_email_verified: true });

    const cleared = await put('/api/profile', token, { full_name: 'نرگس تازه', email: email.toUpperCase(), mobile: '' });
    expect(cleared.json<{ data: User }>().data).toMatchObject({ mobile: null, email, is_email_verified: true });
    expect((await me(token)).json().data.user.mobile).toBeNull();
  });

  it('unverifies a changed email and mails a link to the new address', async () => {
    const { token } = await verifiedUser();
    const changed = await put('/api/profile', token, { full_name: 'نرگس نمایه', email: 'New.Address@Example.com' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: USERS_MESSAGES.profileEmailChanged,
      data: { email: 'new.address@example.com', is_email_verified: false, email_verified_at: null },
    });
    const mail = await smtp.waitForMail((m) => m.to.includes('new.address@example.com'));
    expect(mail.text).toContain('/verification?token=');
  });

  it('refuses a taken email or mobile and a bad mobile with Persian 422 field errors, saving nothing', async () => {
    const { token, email } = await verifiedUser();
    const taken = await put('/api/profile', token, { full_name: 'نرگس نمایه', email: 'SUPER@example.com', mobile: '09121234567' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: MESSAGES.validationFailed,
      errors: { email: [USERS_MESSAGES.emailTaken], mobile: [USERS_MESSAGES.mobileTaken] },
    });
    for (const [payload, field] of [
      [{ full_name: 'نرگس نمایه', email, mobile: '12345' }, 'mobile'],
      [{ full_name: 'نرگس نمایه', email, mobile: '02188776655' }, 'mobile'],
      [{ full_name: 'نرگس نمایه', email: 'not-an-email' }, 'email'],
      [{ full_name: 'ن@', email }, 'full_name'],
      [{ email }, 'full_name'],
    ] as const) {
      const response = await put('/api/profile', token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field][0]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await me(token)).json().data.user).toMatchObject({ email, full_name: 'نرگس نمایه', mobile: null, is_email_verified: true });
  });

  it('changes the password only with the right current one, revoking the other tokens but not this one', async () => {
    const { token, email } = await verifiedUser();
    const other = await loginToken(app, email, 'Secret123');
    const wrong = await put('/api/profile/password', token, {
      current_password: 'Wrong1234',
      password: 'Newer1234',
      password_confirmation: 'Newer1234',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.currentPasswordWrong, errors: { current_password: [AUTH_MESSAGES.currentPasswordWrong] } });
    expect((await me(other)).statusCode).toBe(200);

    const weak = await put('/api/profile/password', token, { current_password: 'Secret123', password: 'weak', password_confirmation: 'weak' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toMatch(/[\u0600-\u06FF]/);
    const mismatch = await put('/api/profile/password', token, {
      current_password: 'Secret123',
      password: 'Newer1234',
      password_confirmation: 'Newer12345',
    });
    expect(mismatch.json().errors.password_confirmation[0]).toMatch(/[\u0600-\u06FF]/);

    const changed = await put('/api/profile/password', token, {
      current_password: 'Secret123',
      password: 'Newer1234',
      password_confirmation: 'Newer1234',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: USERS_MESSAGES.passwordChanged });
    expect((await me(token)).statusCode).toBe(200);
    const revoked = await me(other);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: MESSAGES.tokenExpired });
    await expect(loginToken(app, email, 'Secret123')).rejects.toThrow(/422/);
    expect(await loginToken(app, email, 'Newer1234')).toBeTruthy();
  });
});

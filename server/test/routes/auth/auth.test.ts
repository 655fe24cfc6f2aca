import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthTokenAnswer, LoggedInUserInfo } from '@shop/contracts';
import { personalAccessTokens } from '../../../src/modules/users/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { hashToken } from '../../../src/modules/users/access-tokens';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken, setCookie } from '../../helpers/test-app';

const validRegistration = {
  full_name: 'سارا تستی',
  email: 'New.User@Example.com',
  password: 'Secret123',
  password_confirmation: 'Secret123',
};

describe.each(DB_TARGETS)('auth API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  const post = async (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(await csrfHeaders(app)), ...headers } });

  describe('CSRF', () => {
    it('sets a JS-readable XSRF-TOKEN cookie with 204', async () => {
      const response = await app.inject({ url: '/sanctum/csrf-cookie' });
      expect(response.statusCode).toBe(204);
      const cookie = setCookie(response, 'XSRF-TOKEN');
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.value.length).toBeGreaterThan(20);
    });

    it('answers 419 without, or with a wrong, X-XSRF-TOKEN', async () => {
      const { cookie, 'x-xsrf-token': token } = await csrfHeaders(app);
      const cases: Array<Record<string, string>> = [
        {},
        { cookie },
        { cookie, 'x-xsrf-token': `${token}x` },
        { cookie: 'XSRF-TOKEN=forged.value', 'x-xsrf-token': 'forged.value' },
      ];
      for (const headers of cases) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers,
          payload: { email: 'user@example.com', password: 'User12345' },
        });
        expect(response.statusCode).toBe(419);
        expect(response.json()).toEqual({ message: 'نشست شما منقضی شده است؛ صفحه را دوباره بارگذاری کنید.' });
      }
    });

    it('does not ask bearer-token clients for the XSRF header', async () => {
      const token = await loginToken(app, 'user@example.com', 'User12345');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logged-in-user-info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    });

    it('never lets a bearer that does not verify carry the cookie session past the XSRF check (issue 31 item 6)', async () => {
      const token = await loginToken(app, 'user@example.com', 'User12345');
      const cookie = `auth_token=${token}`;
      for (const authorization of ['Bearer junk', 'Bearer revoked-long-ago', 'bearer x']) {
        // A write with the cookie, no XSRF header, and a bearer of no one: refused, never done as the cookie's user.
        const write = await app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, authorization }, payload: { full_name: 'هکر' } });
        expect([write.statusCode, write.json()]).toEqual([401, { message: MESSAGES.tokenExpired }]);
        // A read is one means too: the bearer, not the cookie.
        const read = await app.inject({ method: 'GET', url: '/api/profile/favorites?type=post', headers: { cookie, authorization } });
        expect(read.statusCode).toBe(401);
      }
      // Two words after Bearer are no bearer: the cookie is then the credential, and the XSRF check applies.
      const malformed = await app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie, authorization: 'Bearer a b' }, payload: { full_name: 'هکر' } });
      expect(malformed.statusCode).toBe(419);
      const info = await post('/api/auth/logged-in-user-info', undefined, { authorization: `Bearer ${token}` });
      expect(info.json<LoggedInUserInfo>().data.user.full_name).not.toBe('هکر');
    });
  });

  describe('register', () => {
    it('creates an unverified ordinary account, answers 201 with a token and sets an httpOnly cookie', async () => {
      const response = await post('/api/auth/register', {
        ...validRegistration,
        mobile: '۰۹۱۲ ۳۴۵ ۶۷۸۹',
        way_of_knowing_our_website: 'دوستم معرفی کرد',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<AuthTokenAnswer>();
      expect(body.token.length).toBeGreaterThanOrEqual(40);
      expect(body.message).toMatch(/[\u0600-\u06FF]/);
      expect(body.data.user).toMatchObject({
        full_name: 'سارا تستی',
        email: 'new.user@example.com',
        mobile: '+989123456789',
        status: 'ordinary',
        is_email_verified: false,
        email_verified_at: null,
        write_comment_status: 'allowed',
        permissions: [],
      });
      expect(body.data.user).not.toHaveProperty('password_hash');
      const cookie = setCookie(response, 'auth_token');
      expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBe(360 * 24 * 60 * 60);
      expect(cookie?.secure).toBeFalsy();

      // The token works, by bearer header and by cookie.
      const info = await post('/api/auth/logged-in-user-info', undefined, { authorization: `Bearer ${body.token}` });
      expect(info.json<LoggedInUserInfo>().data.user.email).toBe('new.user@example.com');
    });

    it('answers 422 in Persian for a taken email or mobile', async () => {
      const response = await post('/api/auth/register', {
        ...validRegistration,
        email: 'USER@example.com',
        mobile: '09121234567',
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe('اطلاعات وارد شده معتبر نیست.');
      expect(body.errors.email).toEqual(['این ایمیل قبلاً ثبت شده است.']);
      expect(body.errors.mobile).toEqual(['این شماره موبایل قبلاً ثبت شده است.']);
    });

    it.each([
      ['a bad mobile', { mobile: '12345' }, 'mobile'],
      ['a landline', { mobile: '02188776655' }, 'mobile'],
      ['a short password', { password: 'Ab1', password_confirmation: 'Ab1' }, 'password'],
      ['a password without upper case', { password: 'secret123', password_confirmation: 'secret123' }, 'password'],
      ['a mismatched confirmation', { password_confirmation: 'Secret124' }, 'password_confirmation'],
      ['a bad email', { email: 'not-an-email' }, 'email'],
      ['a missing name', { full_name: '' }, 'full_name'],
      ['an object as name', { full_name: { first: 'x' } }, 'full_name'],
      ['an array as email', { email: ['a@b.c'] }, 'email'],
      ['a huge name', { full_name: 'ب'.repeat(100_000) }, 'full_name'],
    ])('answers 422 for %s', async (_case, change, field) => {
      const response = await post('/api/auth/register', { ...validRegistration, email: 'other@example.com', ...change });
      expect(response.statusCode).toBe(422);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(errors[field]?.[0]).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers 422 for a body that is not an object', async () => {
      for (const payload of [[1, 2], 'text', 42, null]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { ...(await csrfHeaders(app)), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.body).toHaveLength(1);
      }
    });
  });

  describe('login', () => {
    it('signs in by email (any case) and by mobile in Persian digits', async () => {
      const byEmail = await post('/api/auth/login', { email: 'USER@example.com', password: 'User12345' });
      expect(byEmail.statusCode).toBe(200);
      const body = byEmail.json<AuthTokenAnswer>();
      expect(body.data.user).toMatchObject({ email: 'user@example.com', is_email_verified: true, status: 'ordinary' });
      expect(setCookie(byEmail, 'auth_token')?.value).toBe(body.token);

      const byMobile = await post('/api/auth/login', { mobile: '۰۹۱۲۱۲۳۴۵۶۷', password: 'User12345' });
      expect(byMobile.statusCode).toBe(200);
      expect(byMobile.json<AuthTokenAnswer>().data.user.email).toBe('user@example.com');
    });

    it('answers 422 with the Persian message for a wrong password or unknown account', async () => {
      const wrong = await post('/api/auth/login', { email: 'staff@example.com', password: 'Wrong12345' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'کاربری با این مشخصات یافت نشد.',
        errors: { email: ['کاربری با این مشخصات یافت نشد.'] },
      });
      const unknown = await post('/api/auth/login', { mobile: '09350000000', password: 'Wrong12345' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ mobile: ['کاربری با این مشخصات یافت نشد.'] });
      const neither = await post('/api/auth/login', { password: 'Wrong12345' });
      expect(neither.statusCode).toBe(422);
      expect(Object.keys(neither.json().errors).sort()).toEqual(['email', 'mobile']);
    });

    it('answers 429 with Retry-After on the 6th try in a minute for one account', async () => {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 6; i++) {
        last = await post('/api/auth/login', { email: 'super@example.com', password: `Wrong${i}Pass` });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().message).toMatch(/[\u0600-\u06FF]/);
      // Even the right password is refused until the window passes.
      const right = await post('/api/auth/login', { email: 'super@example.com', password: 'Super12345' });
      expect(right.statusCode).toBe(429);
      // Another account from the same IP still may try.
      const other = await post('/api/auth/login', { email: 'staff@example.com', password: 'Staff12345' });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('session', () => {
    it('answers logged-in-user-info by cookie and 401 without a token', async () => {
      const login = await post('/api/auth/login', { email: 'staff@example.com', password: 'Staff12345' });
      const token = login.json<AuthTokenAnswer>().token;
      const csrf = await csrfHeaders(app);
      const info = await app.inject({
        method: 'POST',
        url: '/api/auth/logged-in-user-info',
        headers: { ...csrf, cookie: `${csrf.cookie}; auth_token=${token}` },
      });
      expect(info.statusCode).toBe(200);
      const { data } = info.json<LoggedInUserInfo>();
      expect(data.buyedProducts).toEqual([]);
      expect(data.user.status).toBe('staff');
      expect(data.user.permissions.map((p) => p.name).sort()).toEqual(['manage-posts', 'show-comments']);

      const anonymous = await post('/api/auth/logged-in-user-info');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toMatch(/[\u0600-\u06FF]/);
      const forged = await post('/api/auth/logged-in-user-info', undefined, { authorization: 'Bearer not-a-token' });
      expect(forged.statusCode).toBe(401);
    });

    it('revokes the token on logout and clears the cookie', async () => {
      const token = await loginToken(app, 'user@example.com', 'User12345');
      const auth = { authorization: `Bearer ${token}` };
      expect((await post('/api/auth/logged-in-user-info', undefined, auth)).statusCode).toBe(200);
      const logout = await post('/api/auth/logout', undefined, auth);
      expect(logout.statusCode).toBe(200);
      const cleared = setCookie(logout, 'auth_token');
      expect(cleared?.value).toBe('');
      const after = await post('/api/auth/logged-in-user-info', undefined, auth);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: MESSAGES.tokenExpired });
      expect((await post('/api/auth/logout', undefined, auth)).statusCode).toBe(401);
    });

    it('answers «log in» without a token, and «token expired» (clearing the cookie) for a revoked or expired one', async () => {
      const none = await post('/api/auth/logged-in-user-info');
      expect(none.json()).toEqual({ message: MESSAGES.unauthenticated });
      expect(setCookie(none, 'auth_token')).toBeUndefined();

      const csrf = await csrfHeaders(app);
      const withCookie = (token: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/logged-in-user-info',
          headers: { ...csrf, cookie: `${csrf.cookie}; auth_token=${token}` },
        });
      const unknown = await withCookie('never-issued');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: MESSAGES.tokenExpired });
      expect(setCookie(unknown, 'auth_token')?.value).toBe('');

      // Tokens expire with their cookie (360 days): an expired row no longer signs anyone in.
      const token = await loginToken(app, 'user@example.com', 'User12345');
      const [row] = await app.db
        .select({ expires_at: personalAccessTokens.expires_at })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.token_hash, hashToken(token)));
      const days = (row!.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(359.9);
      expect(days).toBeLessThanOrEqual(360);
      expect((await withCookie(token)).statusCode).toBe(200);
      await app.db
        .update(personalAccessTokens)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(personalAccessTokens.token_hash, hashToken(token)));
      const expired = await withCookie(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: MESSAGES.tokenExpired });
      const bearerExpired = await post('/api/auth/logged-in-user-info', undefined, { authorization: `Bearer ${token}` });
      expect(bearerExpired.json()).toEqual({ message: MESSAGES.tokenExpired });
      expect(setCookie(bearerExpired, 'auth_token')).toBeUndefined();
    });

    it('answers «token expired» on dashboard routes too', async () => {
      const response = await app.inject({ url: '/api/dashboard/posts', headers: { authorization: 'Bearer revoked-long-ago' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.tokenExpired });
    });
  });
});

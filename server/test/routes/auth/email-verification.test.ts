import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthTokenAnswer } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { MAIL_QUEUE } from '../../../src/modules/mail/mailer';
import { MESSAGES } from '../../../src/lib/messages';
import { signEmailVerificationToken } from '../../../src/modules/auth/email-verification';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';
import { closedSmtpUrl, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../helpers/smtp';
import { AUTH_MESSAGES } from '../../../src/modules/auth';

const PERSIAN = /[\u0600-\u06FF]/;

/** The `token` of the verification link in a mail's text part. */
function tokenOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/verification\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verification link in: ${mail.text}`);
  return new URL(link).searchParams.get('token')!;
}

describe.each(DB_TARGETS)('email verification on %s', (target) => {
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

  const post = async (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...(await csrfHeaders(app)), ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  let counter = 0;
  /** Registers a new account and answers its token and email. */
  async function registerUser(): Promise<{ token: string; email: string; id: number }> {
    const email = `verify${++counter}@example.com`;
    // Another Host, as an attacker would send it: the link must not follow it (issue 31 item 5).
    const response = await post(
      '/api/auth/register',
      { full_name: 'مریم آزمون', email, password: 'Secret123', password_confirmation: 'Secret123' },
      { host: 'evil.test', 'x-forwarded-host': 'evil.test' },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<AuthTokenAnswer>();
    return { token: body.token, email, id: body.data.user.id };
  }
  const mailTo = (email: string) => smtp.waitForMail((m) => m.to.includes(email));
  const verify = (token: string) => post('/api/auth/verify-email', { token });

  it('mails a Persian RTL link on register; the link verifies once, then says already verified', async () => {
    const { email, token: session } = await registerUser();
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(PERSIAN);
    expect(mail.html).toMatch(/<html dir="rtl" lang="fa">/);
    expect(mail.html).toContain('مریم آزمون');
    expect(mail.text).toMatch(PERSIAN);
    expect(mail.text).toContain('۶۰ دقیقه');
    // Without PUBLIC_URL: the address the server listens on.
    expect(app.settings.publicUrl).toBe(`http://localhost:${app.settings.listen.port}`);
    expect(mail.text).toContain(`${app.settings.publicUrl}/verification?token=`);
    expect(mail.text).not.toContain('evil.test');
    expect(mail.parsed.from?.text).toContain('no-reply@localhost');

    const first = await verify(tokenOf(mail));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'verified', message: AUTH_MESSAGES.emailVerified });
    const info = await post('/api/auth/logged-in-user-info', undefined, bearer(session));
    expect(info.json().data.user.is_email_verified).toBe(true);

    const again = await verify(tokenOf(mail));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already-verified', message: AUTH_MESSAGES.emailAlreadyVerified });
  });

  it('refuses a tampered, expired, malformed or foreign-key token with 422 and changes nothing', async () => {
    const { email, id } = await registerUser();
    const token = tokenOf(await mailTo(email));
    const [payload, mac] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ u: 1, e: 'super@example.com', x: 4102444800 })).toString('base64url');
    const expired = signEmailVerificationToken(app.settings.appKey, {
      userId: id,
      email,
      expiresAt: new Date(Date.now() - 1000),
    });
    const otherKey = signEmailVerificationToken('another-key', { userId: id, email, expiresAt: new Date(Date.now() + 60_000) });
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${flipped}`, expired, otherKey, 'garbage', `${token}.x`]) {
      const response = await verify(bad);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.emailLinkInvalid, errors: { token: [AUTH_MESSAGES.emailLinkInvalid] } });
    }
    const [row] = await app.db.select({ at: users.email_verified_at }).from(users).where(eq(users.id, id));
    expect(row!.at).toBeNull();
    // The right token still works after all that.
    expect((await verify(token)).json().status).toBe('verified');
  });

  it('answers 422 in Persian for a missing or oversized token', async () => {
    for (const body of [{}, { token: '' }, { token: 'a'.repeat(1001) }]) {
      const response = await post('/api/auth/verify-email', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.token[0]).toMatch(PERSIAN);
    }
  });

  it('voids older links when the email changes, and mails a link to the new address', async () => {
    const { email, token: session } = await registerUser();
    const oldToken = tokenOf(await mailTo(email));
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(session),
      payload: { full_name: 'مریم آزمون', email: 'renamed@example.com' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(oldToken)).statusCode).toBe(422);
    const fresh = await verify(tokenOf(await mailTo('renamed@example.com')));
    expect(fresh.json().status).toBe('verified');
  });

  describe('resend', () => {
    it('answers 401 to visitors', async () => {
      const response = await post('/api/auth/resend-verification-email');
      expect(response.statusCode).toBe(401);
    });

    it('answers 422 «already verified» to a verified user', async () => {
      const token = await loginToken(app, 'user@example.com', 'User12345');
      const response = await post('/api/auth/resend-verification-email', undefined, bearer(token));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.emailAlreadyVerified });
    });

    it('mails a new working link, then answers 429 with Retry-After to a second request within a minute', async () => {
      const { email, token } = await registerUser();
      await mailTo(email); // the register mail
      const first = await post('/api/auth/resend-verification-email', undefined, bearer(token));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: AUTH_MESSAGES.verificationEmailSent });
      const resent = await mailTo(email);

      const second = await post('/api/auth/resend-verification-email', undefined, bearer(token));
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ message: MESSAGES.tooManyRequests });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);

      // Another user is not held back by the first one's limit.
      const other = await registerUser();
      expect((await post('/api/auth/resend-verification-email', undefined, bearer(other.token))).statusCode).toBe(200);

      expect((await verify(tokenOf(resent))).json().status).toBe('verified');
    });
  });
});

describe.each(DB_TARGETS)('resend limits and mail outages on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, {
      smtpUrl: await closedSmtpUrl(),
      rateLimit: { verificationEmailPerMinute: 10, verificationEmailPerHour: 2 },
    });
  });
  afterAll(() => app.close());

  const post = async (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...(await csrfHeaders(app)), ...headers } });
  /** Mails of the queue not sent (waiting, being tried, or waiting for their next try). */
  const unsentMails = async () => (await app.jobs.find(MAIL_QUEUE)).filter((job) => job.state !== 'completed').length;

  it('registers (201, account saved) while the SMTP server is down; the mail waits in the queue', async () => {
    const response = await post('/api/auth/register', {
      full_name: 'کاربر بی‌ایمیل',
      email: 'smtp-down@example.com',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(response.statusCode).toBe(201);
    // Queued, to be tried again while the server is down (issue 23: none lost).
    expect(await unsentMails()).toBe(1);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'smtp-down@example.com'));
    expect(row).toBeDefined();
    // The resend page is the way to recover: it still answers.
    const token = response.json<AuthTokenAnswer>().token;
    const resend = await post('/api/auth/resend-verification-email', undefined, { authorization: `Bearer ${token}` });
    expect(resend.statusCode).toBe(200);
    // The hourly limit (lowered here to 2) applies too.
    expect((await post('/api/auth/resend-verification-email', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await post('/api/auth/resend-verification-email', undefined, { authorization: `Bearer ${token}` })).statusCode).toBe(429);
    expect(await unsentMails()).toBe(3);
  });
});

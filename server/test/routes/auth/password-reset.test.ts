import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthTokenAnswer } from '@shop/contracts';
import { passwordResetCodes } from '../../../src/modules/auth/tables';
import { users } from '../../../src/modules/users/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../helpers/smtp';
import { AUTH_MESSAGES } from '../../../src/modules/auth';

const PERSIAN = /[\u0600-\u06FF]/;

/** The 6-digit code in a reset mail's text part (the only Latin 6-digit run). */
function codeOf(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

describe.each(DB_TARGETS)('password reset on %s', (target) => {
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

  // Each test sends from its own address, so the per-IP limit of one does not reach another.
  let ipCounter = 0;
  let ip = '';
  beforeEach(() => {
    ip = `10.0.0.${++ipCounter}`;
  });
  const post = async (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { ...(await csrfHeaders(app)), ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  let userCounter = 0;
  /** Registers an account with a mobile and answers its token and identifiers. */
  async function registerUser(): Promise<{ token: string; email: string; id: number }> {
    const n = ++userCounter;
    const email = `reset${n}@example.com`;
    const response = await post('/api/auth/register', {
      full_name: 'رضا بازیاب',
      email,
      mobile: `0935000000${n}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<AuthTokenAnswer>();
    return { token: body.token, email, id: body.data.user.id };
  }
  const codeMailTo = (email: string) => smtp.waitForMail((m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text));
  const forgot = (body: object) => post('/api/auth/forgot-password', body);
  const reset = (body: object) => post('/api/auth/reset-password', { password: 'Fresh1234', password_confirmation: 'Fresh1234', ...body });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });

  it('gives the same answer for unknown and known accounts, and mails a code only to the known one', async () => {
    const { email } = await registerUser();
    const unknown = await forgot({ email: 'nobody@example.com' });
    const unknownMobile = await forgot({ mobile: '09359999999' });
    const known = await forgot({ email: email.toUpperCase() });
    for (const response of [unknown, unknownMobile, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetCodeSent });
    }
    const mail = await codeMailTo(email);
    expect(mail.html).toMatch(/<html dir="rtl" lang="fa">/);
    expect(mail.html).toContain(codeOf(mail));
    expect(mail.text).toContain('۱۰ دقیقه');
    expect(mail.subject).toMatch(PERSIAN);
    await app.mailer.idle();
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    // Stored hashed, not as the code.
    const [row] = await app.db.select().from(passwordResetCodes);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(codeOf(mail));
  });

  it('resets with the mailed code (by mobile, Persian digits), revokes every token, and refuses the code again', async () => {
    const { email, token } = await registerUser();
    expect((await forgot({ mobile: `۰۹۳۵۰۰۰۰۰۰${userCounter}` })).statusCode).toBe(200);
    const code = codeOf(await codeMailTo(email));
    const persianCode = code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

    const done = await reset({ mobile: `0935000000${userCounter}`, code: persianCode });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    const old = await post('/api/auth/logged-in-user-info', undefined, bearer(token));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: MESSAGES.tokenExpired });
    expect((await login(email, 'Secret123')).statusCode).toBe(422);
    expect((await login(email, 'Fresh1234')).statusCode).toBe(200);

    const reused = await reset({ email, code, password: 'Other1234', password_confirmation: 'Other1234' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.code).toEqual([AUTH_MESSAGES.codeRefused]);
    expect((await login(email, 'Fresh1234')).statusCode).toBe(200);
  });

  it('counts wrong codes, burns the code at the fifth, and then refuses even the right code', async () => {
    const { email } = await registerUser();
    await forgot({ email });
    const code = codeOf(await codeMailTo(email));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await reset({ email, code: wrong });
      expect(response.statusCode).toBe(422);
      answers.push(response.json().errors.code[0]);
    }
    expect(answers).toEqual(Array(5).fill(AUTH_MESSAGES.codeRefused));
    const sixth = await reset({ email, code });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().errors.code).toEqual([AUTH_MESSAGES.codeRefused]);
    expect((await login(email, 'Secret123')).statusCode).toBe(200);

    // A new code starts a fresh count.
    await forgot({ email });
    const next = codeOf(await codeMailTo(email));
    expect((await reset({ email, code: next === '000000' ? '111111' : '000000' })).json().errors.code).toEqual([
      AUTH_MESSAGES.codeRefused,
    ]);
    expect((await reset({ email, code: next })).statusCode).toBe(200);
  });

  it('refuses an expired code with 422 and deletes it', async () => {
    const { email, id } = await registerUser();
    await forgot({ email });
    const code = codeOf(await codeMailTo(email));
    await app.db
      .update(passwordResetCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.user_id, id));
    const response = await reset({ email, code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.codeRefused, errors: { code: [AUTH_MESSAGES.codeRefused] } });
    expect(await app.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.user_id, id))).toHaveLength(0);
    expect((await login(email, 'Secret123')).statusCode).toBe(200);
  });

  it('replaces an older code with a new one', async () => {
    const { email } = await registerUser();
    await forgot({ email });
    const first = codeOf(await codeMailTo(email));
    await forgot({ email });
    const second = codeOf(await codeMailTo(email));
    if (first !== second) expect((await reset({ email, code: first })).json().errors.code).toEqual([AUTH_MESSAGES.codeRefused]);
    expect((await reset({ email, code: second })).statusCode).toBe(200);
  });

  it('lets only one of several racing resets with the right code pass', async () => {
    const { email } = await registerUser();
    await forgot({ email });
    const code = codeOf(await codeMailTo(email));
    const headers = await csrfHeaders(app);
    const passwords = ['RaceOne123', 'RaceTwo123', 'RaceThree123', 'RaceFour123'];
    const answers = await Promise.all(
      passwords.map((password) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          remoteAddress: ip,
          headers,
          payload: { email, code, password, password_confirmation: password },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect([...statuses].sort()).toEqual([200, 422, 422, 422]);
    const winner = passwords[statuses.indexOf(200)]!;
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('answers 422 for unknown accounts, missing codes and bad input, never 5xx', async () => {
    const unknown = await reset({ email: 'nobody@example.com', code: '123456' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.code).toEqual([AUTH_MESSAGES.codeRefused]);
    const noCode = await reset({ email: 'super@example.com', code: '123456' });
    expect(noCode.json().errors.code).toEqual([AUTH_MESSAGES.codeRefused]);
    // A real account with a live code answers a wrong code as an unknown account does (issue 31 item 7).
    const { email } = await registerUser();
    await forgot({ email });
    const code = codeOf(await codeMailTo(email));
    const wrong = await reset({ email, code: code === '123456' ? '654321' : '123456' });
    expect([wrong.statusCode, wrong.json()]).toEqual([unknown.statusCode, unknown.json()]);
    const cases: Array<[object, string]> = [
      [{ email: 'super@example.com', code: '12345' }, 'code'],
      [{ email: 'super@example.com', code: 'abcdef' }, 'code'],
      [{ email: 'super@example.com', code: '123456', password: 'weak', password_confirmation: 'weak' }, 'password'],
      [{ email: 'super@example.com', code: '123456', password_confirmation: 'Other1234' }, 'password_confirmation'],
      [{ code: '123456' }, 'email'],
      [{ email: 'super@example.com', mobile: '09121234567', code: '123456' }, 'mobile'],
      [{ email: ['x'], code: '123456' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const response = await reset(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field][0]).toMatch(PERSIAN);
    }
    for (const body of [{}, { mobile: '12345' }, { email: 'not-an-email' }]) {
      const response = await forgot(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(PERSIAN);
    }
    expect((await login('super@example.com', 'Super12345')).statusCode).toBe(200);
  });

  it('limits code requests per account (3 per 15 minutes, any address) and per address (10 per 15 minutes)', async () => {
    const { email } = await registerUser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      ip = `10.1.0.${i + 1}`;
      statuses.push((await forgot({ email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    ip = '10.2.0.1';
    const perIp: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await forgot({ email: `someone${i}@example.com` });
      perIp.push(last.statusCode);
    }
    expect(perIp).toEqual([...Array(10).fill(200), 429]);
    expect(last!.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });
});

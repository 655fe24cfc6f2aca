/**
 * Sign-in by SMS code (issue 26): the codes' limits, lifetime, tries and replay, the same answer
 * for unknown numbers, the JSON outbox, verify-mobile and the reset by a verified mobile, and
 * sms.ir's verify API against its fake, with the queue's retry when it fails. The clock of the
 * limits and of the lifetime is Jest's fake `Date` (nothing else faked).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthTokenAnswer, LoggedInUserInfo } from '@shop/contracts';
import { smsCodes } from '../../../src/modules/auth/tables';
import { users } from '../../../src/modules/users/tables';
import { DB_TARGETS, buildTestApp, csrfHeaders, setCookie } from '../../helpers/test-app';
import { startFakeSmsir, type FakeSmsir } from '../../helpers/fake-smsir';
import { AUTH_MESSAGES } from '../../../src/modules/auth';
import { advanceClock, resetClock } from '../../helpers/clock';

interface OutboxSms {
  to: string;
  text: string;
  template: string;
  parameters: { CODE: string };
  time: string;
}

/** Test requests from their own addresses, so the per-IP limits of one test do not reach another. */
function requester(getApp: () => FastifyInstance) {
  let ipCounter = 0;
  let ip = '';
  return {
    nextIp: () => (ip = `10.26.0.${++ipCounter}`),
    post: async (url: string, payload?: object, headers: Record<string, string> = {}) =>
      getApp().inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { ...(await csrfHeaders(getApp())), ...headers } }),
  };
}

const DEMO_MOBILE = '+989121234567';

describe.each(DB_TARGETS)('SMS codes with the outbox on %s', (target) => {
  let app: FastifyInstance;
  let outbox: string;
  beforeAll(async () => {
    app = await buildTestApp(target);
    outbox = app.settings.sms.outboxDir;
  });
  afterAll(async () => {
    await app.close();
    resetClock();
  });
  const { nextIp, post } = requester(() => app);
  beforeEach(nextIp);

  /** When a code was last asked for each number as written (the route queues its SMS after answering). */
  const askedAt = new Map<string, number>();
  const askCode = (mobile: string, purpose = 'login', headers: Record<string, string> = {}) => {
    askedAt.set(mobile, Date.now());
    return post('/api/auth/sms-code', { mobile, purpose }, headers);
  };
  const smsLogin = (mobile: string, code: string) => post('/api/auth/sms-login', { mobile, code });

  /** Every SMS written to the outbox so far, after the queue has sent what it holds. */
  async function outboxed(): Promise<OutboxSms[]> {
    await app.sms.idle();
    if (!fs.existsSync(outbox)) return [];
    return fs.readdirSync(outbox).sort().map((name) => JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as OutboxSms);
  }
  /**
   * The code of the SMS sent to `mobile` (E.164) since a code was last asked for it as `askedAs`
   * (as typed); waits for it up to 10 s.
   */
  async function lastCode(mobile: string, askedAs = mobile): Promise<string> {
    const since = askedAt.get(askedAs) ?? 0;
    for (let waited = 0; waited < 10_000; waited += 100) {
      const sms = (await outboxed()).filter((s) => s.to === mobile && Date.parse(s.time) >= since).at(-1);
      if (sms) return sms.parameters.CODE;
      await sleep(100);
    }
    throw new Error(`no SMS to ${mobile}`);
  }

  /** The outbox's SMS to `mobile` (E.164), once there are at least `count`, with their file names; waits up to 10 s. */
  async function smsFilesTo(mobile: string, count: number): Promise<{ file: string; code: string }[]> {
    for (let waited = 0; ; waited += 100) {
      await app.sms.idle();
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      const to = files
        .map((file) => ({ file, sms: JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as OutboxSms }))
        .filter(({ sms }) => sms.to === mobile)
        .map(({ file, sms }) => ({ file, code: sms.parameters.CODE }));
      if (to.length >= count) return to;
      if (waited >= 10_000) throw new Error(`${to.length} SMS to ${mobile}, not ${count}`);
      await sleep(100);
    }
  }

  let mobileCounter = 0;
  /** Registers an account with a fresh mobile; its token, id and E.164 mobile. */
  async function registerUser(): Promise<{ token: string; id: number; mobile: string }> {
    const n = String(++mobileCounter).padStart(3, '0');
    const response = await post('/api/auth/register', {
      full_name: 'سارا پیامکی',
      email: `sms${n}@example.com`,
      mobile: `0936000${n.padStart(4, '0')}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<AuthTokenAnswer>();
    expect(body.data.user.is_mobile_verified).toBe(false);
    return { token: body.token, id: body.data.user.id, mobile: body.data.user.mobile! };
  }

  it('takes a mobile in Persian digits, writes the SMS to the outbox and signs in with the code in Persian digits', async () => {
    const asked = await askCode('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: AUTH_MESSAGES.smsCodeSent });
    const code = await lastCode(DEMO_MOBILE, '۰۹۱۲ ۱۲۳ ۴۵۶۷');
    const sms = (await outboxed()).find((s) => s.parameters.CODE === code && s.to === DEMO_MOBILE)!;
    expect(sms.parameters.CODE).toMatch(/^\d{6}$/);
    expect(sms.text).toContain(sms.parameters.CODE);
    expect(new Date(sms.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Stored as an HMAC, never as the code.
    const [row] = await app.db.select().from(smsCodes).where(eq(smsCodes.mobile, DEMO_MOBILE));
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(sms.parameters.CODE);

    const persianCode = sms.parameters.CODE.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const signedIn = await smsLogin('+98 912 123 4567', persianCode);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<AuthTokenAnswer>();
    expect(body.message).toBe(AUTH_MESSAGES.loginSucceeded);
    expect(body.data.user.email).toBe('user@example.com');
    expect(setCookie(signedIn, 'auth_token')?.value).toBe(body.token);
    const [user] = await app.db.select({ verified: users.mobile_verified_at }).from(users).where(eq(users.mobile, DEMO_MOBILE));
    expect(user!.verified).not.toBeNull();

    // The same code again: used.
    const replayed = await smsLogin(DEMO_MOBILE, sms.parameters.CODE);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toEqual({ message: AUTH_MESSAGES.codeRefused, errors: { code: [AUTH_MESSAGES.codeRefused] } });
  });

  it('answers an unknown number the same, and sends it nothing', async () => {
    const before = (await outboxed()).length;
    const unknown = await askCode('09350009999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.smsCodeSent });
    expect((await outboxed()).length).toBe(before);
    // Its limits count the same as a known number's.
    const again = await askCode('09350009999');
    expect(again.statusCode).toBe(429);
    // And no code signs it in.
    expect((await smsLogin('09350009999', '123456')).statusCode).toBe(422);
  });

  it.each([
    ['letters', 'abcdefg'],
    ['a landline', '02188776655'],
    ['too short', '0912123'],
    ['a foreign mobile', '+447400123456'],
  ])('refuses %s with a Persian field error and sends nothing', async (_, mobile) => {
    const response = await askCode(mobile);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.mobile).toEqual(['شماره موبایل معتبر نیست']);
  });

  it('refuses a code that is not 6 digits, and an unknown purpose', async () => {
    const short = await smsLogin(DEMO_MOBILE, '1234');
    expect(short.statusCode).toBe(422);
    expect(short.json<{ errors: Record<string, string[]> }>().errors.code).toEqual(['کد باید ۶ رقم باشد']);
    const purpose = await askCode(DEMO_MOBILE, 'anything');
    expect(purpose.statusCode).toBe(422);
    expect(purpose.json<{ errors: Record<string, string[]> }>().errors.purpose).toEqual(['نوع کد معتبر نیست']);
  });

  it('sends one code a minute per number, with a Persian answer saying when', async () => {
    const { mobile } = await registerUser();
    expect((await askCode(mobile)).statusCode).toBe(200);
    advanceClock(30_000);
    const tooSoon = await askCode(mobile);
    expect(tooSoon.statusCode).toBe(429);
    const wait = Number(tooSoon.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(31);
    expect(tooSoon.json<{ message: string }>().message).toBe(AUTH_MESSAGES.smsCodeWait(wait));
    expect(tooSoon.json<{ message: string }>().message).toMatch(/[۰-۹]+ ثانیه/);
    // Another number is not held back.
    expect((await askCode((await registerUser()).mobile)).statusCode).toBe(200);
    advanceClock(31_000);
    expect((await askCode(mobile)).statusCode).toBe(200);
  });

  it('sends five codes an hour per number, then says how many minutes to wait', async () => {
    const { mobile } = await registerUser();
    for (let i = 0; i < 5; i += 1) {
      if (i > 0) advanceClock(61_000);
      expect((await askCode(mobile)).statusCode).toBe(200);
    }
    advanceClock(61_000);
    const sixth = await askCode(mobile);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect(sixth.json<{ message: string }>().message).toMatch(/[۰-۹]+ دقیقه دیگر/);
    advanceClock(60 * 60_000 - 5 * 61_000 + 1000);
    expect((await askCode(mobile)).statusCode).toBe(200);
  });

  it('counts per requester first, so no one address uses up a number; then ten an hour from anyone, but never for a known device (issue 31 item 7)', async () => {
    // The owner registers on this browser, which becomes a known device of the account.
    const n = String(++mobileCounter).padStart(4, '0');
    const registered = await post('/api/auth/register', {
      full_name: 'مالک شماره',
      email: `owner${n}@example.com`,
      mobile: `0936100${n}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(registered.statusCode).toBe(201);
    const mobile = registered.json<AuthTokenAnswer>().data.user.mobile!;
    const device = { cookie: `known_device=${setCookie(registered, 'known_device')!.value}` };

    // An attacker's address asks once, then is held back; the owner, from another address, is not.
    nextIp();
    expect((await askCode(mobile)).statusCode).toBe(200);
    expect((await askCode(mobile)).statusCode).toBe(429);
    nextIp();
    expect((await askCode(mobile)).statusCode).toBe(200);
    // Ten addresses together fill the number's hour: the eleventh is held back…
    for (let i = 2; i < 10; i += 1) {
      nextIp();
      expect((await askCode(mobile)).statusCode).toBe(200);
    }
    nextIp();
    const eleventh = await askCode(mobile);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(50 * 60);
    // …but not the owner's known device, which signs in with its code: the SMS to the number that
    // is not one of the attackers' ten (they may share its time: the test's clock ticks by 20 ms).
    nextIp();
    const csrf = await csrfHeaders(app);
    const attackers = new Set((await smsFilesTo(mobile, 10)).map(({ file }) => file));
    const own = await post('/api/auth/sms-code', { mobile, purpose: 'login' }, { ...csrf, cookie: `${csrf.cookie}; ${device.cookie}` });
    expect(own.statusCode).toBe(200);
    const [owners] = (await smsFilesTo(mobile, 11)).filter(({ file }) => !attackers.has(file));
    expect((await smsLogin(mobile, owners!.code)).statusCode).toBe(200);
  });

  it('ends a code after its two minutes', async () => {
    const { mobile } = await registerUser();
    await askCode(mobile);
    const code = await lastCode(mobile);
    advanceClock(2 * 60_000 + 1000);
    const late = await smsLogin(mobile, code);
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toBe(AUTH_MESSAGES.codeRefused);
  });

  it('ends a code at its fifth wrong try, and keeps the new code only', async () => {
    const { mobile } = await registerUser();
    await askCode(mobile);
    const code = await lastCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const response = await smsLogin(mobile, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe(AUTH_MESSAGES.codeRefused);
    }
    const fifth = await smsLogin(mobile, wrong);
    expect(fifth.json<{ message: string }>().message).toBe(AUTH_MESSAGES.codeRefused);
    // From another address: this one has had its five sign-in tries of the minute (the login's limit).
    nextIp();
    expect((await smsLogin(mobile, code)).json<{ message: string }>().message).toBe(AUTH_MESSAGES.codeRefused);

    // A newer code ends the older one.
    advanceClock(61_000);
    await askCode(mobile);
    const first = await lastCode(mobile);
    advanceClock(61_000);
    await askCode(mobile);
    const second = await lastCode(mobile);
    if (first !== second) expect((await smsLogin(mobile, first)).statusCode).toBe(422);
    expect((await smsLogin(mobile, second)).statusCode).toBe(200);
  });

  it("refuses a code sent to another number", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await askCode(a.mobile);
    await askCode(b.mobile);
    const codeOfA = await lastCode(a.mobile);
    const codeOfB = await lastCode(b.mobile);
    if (codeOfA !== codeOfB) {
      const crossed = await smsLogin(b.mobile, codeOfA);
      expect(crossed.statusCode).toBe(422);
      expect(crossed.json<{ message: string }>().message).toBe(AUTH_MESSAGES.codeRefused);
    }
    // A code for sign-in does not reset a password.
    const asReset = await post('/api/auth/sms-reset-password', { mobile: a.mobile, code: codeOfA, password: 'Fresh1234', password_confirmation: 'Fresh1234' });
    expect(asReset.statusCode).toBe(422);
    expect((await smsLogin(a.mobile, codeOfA)).statusCode).toBe(200);
  });

  it("verifies the signed-in user's own mobile, then resets the password by a code to it", async () => {
    const { token, mobile } = await registerUser();
    const bearer = { authorization: `Bearer ${token}` };
    // No reset SMS to a mobile not verified yet.
    const before = (await outboxed()).filter((s) => s.to === mobile).length;
    expect((await askCode(mobile, 'reset-password')).statusCode).toBe(200);
    expect((await outboxed()).filter((s) => s.to === mobile).length).toBe(before);

    const other = await askCode(DEMO_MOBILE, 'verify-mobile', bearer);
    expect(other.statusCode).toBe(422);
    expect(other.json<{ errors: Record<string, string[]> }>().errors.mobile).toEqual([AUTH_MESSAGES.mobileNotYours]);
    advanceClock(61_000);
    expect((await askCode(mobile, 'verify-mobile', bearer)).statusCode).toBe(200);
    const code = await lastCode(mobile);
    expect((await post('/api/auth/verify-mobile', { code })).statusCode).toBe(401);
    const me = async () => (await post('/api/auth/logged-in-user-info', {}, bearer)).json<LoggedInUserInfo>().data.user.is_mobile_verified;
    expect(await me()).toBe(false);
    const verified = await post('/api/auth/verify-mobile', { code }, bearer);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: AUTH_MESSAGES.mobileVerified });
    expect(await me()).toBe(true);

    advanceClock(61_000);
    expect((await askCode(mobile, 'reset-password')).statusCode).toBe(200);
    const resetCode = await lastCode(mobile);
    const reset = await post('/api/auth/sms-reset-password', { mobile, code: resetCode, password: 'Fresh1234', password_confirmation: 'Fresh1234' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    // Every token revoked; the new password signs in.
    expect((await post('/api/auth/logged-in-user-info', {}, bearer)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { mobile, password: 'Fresh1234' })).statusCode).toBe(200);
  });
});

describe.each(DB_TARGETS)("sms.ir's verify API on %s", (target) => {
  let app: FastifyInstance;
  let smsir: FakeSmsir;
  const TEMPLATE_ID = 123456;
  beforeAll(async () => {
    smsir = await startFakeSmsir();
    app = await buildTestApp(target, {
      sms: {
        provider: 'smsir',
        smsir: { apiKey: smsir.apiKey, templateId: TEMPLATE_ID, instalmentReminderTemplateId: undefined, baseUrl: smsir.url },
        retry: { retryLimit: 3, retryDelaySeconds: 1 },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smsir.close();
  });
  const { nextIp, post } = requester(() => app);
  beforeEach(() => {
    nextIp();
    smsir.reset();
  });
  /** Waits (up to 30 s) until the fake has answered a message with HTTP 200. */
  async function sentBySmsir(): Promise<void> {
    for (let waited = 0; waited < 30_000 && !smsir.calls.some((c) => c.status === 200); waited += 100) await sleep(100);
  }

  it('sends the code through the verify API in its documented form, and the code signs in', async () => {
    expect((await post('/api/auth/sms-code', { mobile: '٠٩١٢١٢٣٤٥٦٧', purpose: 'login' })).statusCode).toBe(200);
    await sentBySmsir();
    expect(smsir.calls).toHaveLength(1);
    const [call] = smsir.calls;
    expect(call).toMatchObject({ path: '/v1/send/verify', apiKey: smsir.apiKey, status: 200 });
    expect(call!.body).toEqual({ mobile: '09121234567', templateId: TEMPLATE_ID, parameters: [{ name: 'CODE', value: expect.stringMatching(/^\d{6}$/) }] });
    const code = call!.body.parameters![0]!.value;
    expect((await post('/api/auth/sms-login', { mobile: '09121234567', code })).statusCode).toBe(200);
  });

  it('tries again with backoff when the provider fails, and the SMS still goes out', async () => {
    const { token } = (
      await post('/api/auth/register', {
        full_name: 'نیما تلاش',
        email: 'retry@example.com',
        mobile: '09361110000',
        password: 'Secret123',
        password_confirmation: 'Secret123',
      })
    ).json<AuthTokenAnswer>();
    expect(token).toBeTruthy();
    smsir.failNext = 2;
    expect((await post('/api/auth/sms-code', { mobile: '09361110000', purpose: 'login' })).statusCode).toBe(200);
    await sentBySmsir();
    expect(smsir.calls.map((c) => c.status)).toEqual([500, 500, 200]);
    const code = smsir.calls[2]!.body.parameters![0]!.value;
    expect((await post('/api/auth/sms-login', { mobile: '09361110000', code })).statusCode).toBe(200);
  });
});

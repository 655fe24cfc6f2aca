import fs from 'node:fs';
import path from 'node:path';
import {
  auditRetentionDaysFromEnv,
  parseTrustProxy,
  releasesKeptFromEnv,
  resolveSettings,
  transcodeConcurrencyFromEnv,
  unpaidReminderHoursFromEnv,
} from '../src/settings';
import { RATE_LIMITS, rateLimitsFromEnv } from '../src/rate-limit-settings';
import { smsCodeLimitsOf } from '../src/modules/auth/sms-codes';
import { tempDir } from './helpers/test-app';

describe('rate limits from the environment', () => {
  it('takes each RATE_LIMIT_* variable, defaults for the others', () => {
    const limits = rateLimitsFromEnv({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000', RATE_LIMIT_COMMENTS_PER_MINUTE: ' 12 ' });
    expect(limits.global).toBe(100_000);
    expect(limits.comments).toBe(12);
    expect(limits.loginPerAccount).toBe(RATE_LIMITS.loginPerAccount.default);
    expect(Object.keys(limits).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it('names every variable in one scheme', () => {
    for (const { env } of Object.values(RATE_LIMITS)) {
      expect(env).toMatch(/^RATE_LIMIT_[A-Z_]+_PER_(MINUTE|HOUR|15_MINUTES)$/);
    }
    expect(new Set(Object.values(RATE_LIMITS).map(({ env }) => env)).size).toBe(Object.keys(RATE_LIMITS).length);
  });

  it.each(['0', '-5', '2.5', 'ten', '1e3', '99999999999999999999'])('refuses %p at start, naming the variable', (value) => {
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_TICKETS_PER_HOUR: value })).toThrow(
      `RATE_LIMIT_TICKETS_PER_HOUR="${value}" is not a valid rate limit`,
    );
    expect(() => resolveSettings({ dataDir: tempDir() }, { RATE_LIMIT_TICKETS_PER_HOUR: value })).toThrow('RATE_LIMIT_TICKETS_PER_HOUR');
  });

  it('gives the SMS codes per number their limits: one a minute and five an hour per address, ten an hour from all, unless raised', () => {
    const hour = 60 * 60_000;
    expect(smsCodeLimitsOf(rateLimitsFromEnv({}))).toEqual({
      perRequester: [{ max: 1, windowMs: 60_000 }, { max: 5, windowMs: hour }],
      perNumber: { max: 10, windowMs: hour },
    });
    const raised = rateLimitsFromEnv({ RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_MINUTE: '3', RATE_LIMIT_SMS_CODE_NUMBER_PER_HOUR: '40' });
    expect(smsCodeLimitsOf(raised)).toEqual({
      perRequester: [{ max: 3, windowMs: 60_000 }, { max: 5, windowMs: hour }],
      perNumber: { max: 40, windowMs: hour },
    });
  });

  it('lets options (tests) override the environment', () => {
    const settings = resolveSettings({ dataDir: tempDir(), rateLimit: { checkout: 3 } }, { RATE_LIMIT_CHECKOUT_PER_MINUTE: '50' });
    expect(settings.rateLimit.checkout).toBe(3);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, and takes true or the gateways’ addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy(' loopback,10.0.0.0/8 ')).toBe('loopback,10.0.0.0/8');
    expect(resolveSettings({ dataDir: tempDir() }, { TRUST_PROXY: '172.16.0.0/12' }).trustProxy).toBe('172.16.0.0/12');
  });
});

describe('PUBLIC_URL (issue 31 item 5)', () => {
  const settingsOf = (env: NodeJS.ProcessEnv) => resolveSettings({ dataDir: tempDir() }, env);

  it('is the origin of every absolute URL, without its trailing slash', () => {
    expect(settingsOf({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('is the address the server listens on when unset, outside production', () => {
    expect(settingsOf({}).publicUrl).toBe('http://localhost:8080');
    expect(settingsOf({ PORT: '9001', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:9001');
    expect(settingsOf({ PORT: '9001', HOST: '::1' }).publicUrl).toBe('http://[::1]:9001');
  });

  it('stops the server in production without one, or with one that is no http(s) origin', () => {
    expect(() => settingsOf({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    for (const bad of ['shop.example', 'ftp://shop.example', 'https://shop.example/?a=1', 'javascript:alert(1)']) {
      expect(() => settingsOf({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL must be/);
    }
    expect(settingsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).publicUrl).toBe('https://shop.example');
  });
});

describe('TRANSCODE_CONCURRENCY', () => {
  it('is 1 by default, takes a whole number from 0 to 999, and names itself otherwise', () => {
    expect(transcodeConcurrencyFromEnv(undefined)).toBe(1);
    expect(transcodeConcurrencyFromEnv(' ')).toBe(1);
    expect(transcodeConcurrencyFromEnv('0')).toBe(0);
    expect(transcodeConcurrencyFromEnv(' 2 ')).toBe(2);
    expect(transcodeConcurrencyFromEnv('999')).toBe(999);
    for (const bad of ['-1', '1.5', 'two', '1e3', '1000']) expect(() => transcodeConcurrencyFromEnv(bad)).toThrow(/TRANSCODE_CONCURRENCY/);
  });
});

describe('UNPAID_REMINDER_HOURS (issue 25)', () => {
  it('is 24 hours when unset, takes positive hours with fractions, and names the variable for anything else', () => {
    expect(unpaidReminderHoursFromEnv(undefined)).toBe(24);
    expect(unpaidReminderHoursFromEnv('')).toBe(24);
    expect(unpaidReminderHoursFromEnv(' 48 ')).toBe(48);
    expect(unpaidReminderHoursFromEnv('0.001')).toBe(0.001);
    for (const bad of ['0', '-1', 'a day', '1e3', '.5']) expect(() => unpaidReminderHoursFromEnv(bad)).toThrow(/UNPAID_REMINDER_HOURS/);
  });
});

describe('AUDIT_RETENTION_DAYS (issue 26)', () => {
  it('is 365 days when unset, takes more, and refuses less than a year or anything else, naming the variable', () => {
    expect(auditRetentionDaysFromEnv(undefined)).toBe(365);
    expect(auditRetentionDaysFromEnv(' ')).toBe(365);
    expect(auditRetentionDaysFromEnv('730')).toBe(730);
    for (const bad of ['364', '0', '-400', 'a year', '400.5']) expect(() => auditRetentionDaysFromEnv(bad)).toThrow(/AUDIT_RETENTION_DAYS.*at least a year/);
  });

  it('stops the start with that message when the environment or an option asks for less', () => {
    expect(() => resolveSettings({ dataDir: tempDir() }, { AUDIT_RETENTION_DAYS: '90' })).toThrow(/AUDIT_RETENTION_DAYS="90"/);
    expect(() => resolveSettings({ dataDir: tempDir(), auditRetentionDays: 30 }, {})).toThrow(/AUDIT_RETENTION_DAYS="30"/);
    expect(resolveSettings({ dataDir: tempDir() }, { AUDIT_RETENTION_DAYS: '400' }).auditRetentionDays).toBe(400);
  });
});

describe('the deploy token and RELEASES_KEPT (issue 35)', () => {
  it('makes <DATA_DIR>/deploy-token at the first start (mode 0600) and reads it after; DEPLOY_TOKEN wins', () => {
    const dataDir = tempDir();
    const token = resolveSettings({ dataDir }, {}).deployToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, 'deploy-token');
    expect(fs.readFileSync(file, 'utf8')).toBe(token);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSettings({ dataDir }, {}).deployToken).toBe(token);
    expect(resolveSettings({ dataDir }, { DEPLOY_TOKEN: 'from-the-pipeline' }).deployToken).toBe('from-the-pipeline');
    const other = tempDir();
    expect(resolveSettings({ dataDir: other }, { DEPLOY_TOKEN: 'from-the-pipeline' }).deployToken).toBe('from-the-pipeline');
    expect(fs.existsSync(path.join(other, 'deploy-token'))).toBe(false);
  });

  it('keeps 10 releases per remote when unset, takes 1 or more, and refuses anything else, naming the variable', () => {
    expect(releasesKeptFromEnv(undefined)).toBe(10);
    expect(releasesKeptFromEnv(' 3 ')).toBe(3);
    for (const bad of ['0', '-1', 'ten', '2.5']) expect(() => releasesKeptFromEnv(bad)).toThrow(/RELEASES_KEPT/);
    expect(resolveSettings({ dataDir: tempDir() }, { RELEASES_KEPT: '4' }).releasesKept).toBe(4);
  });
});

/** Run-time settings of the server: options of `buildApp` first, then environment variables. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AUDIO_MAX_KB, IMAGE_MAX_KB, SESSION_FILE_MAX_KB } from '@shop/validation';
import { rateLimitsFromEnv, type RateLimits } from './rate-limit-settings';

/**
 * Tries of a queued mail or SMS: the first, then `retryLimit` more, the n-th after
 * `retryDelaySeconds · 2^(n−1)` seconds (pg-boss's backoff).
 */
export interface JobRetry {
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Tries of a mail by default (env MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS): 10 s, 20 s, … about
 * 5.7 hours in all.
 */
export const MAIL_RETRY: JobRetry = { retryLimit: 11, retryDelaySeconds: 10 };

/** Which provider sends SMS (env SMS_PROVIDER): the JSON outbox, or sms.ir's verify API. */
export interface SmsSettings {
  provider: 'outbox' | 'smsir';
  /** Folder of the outbox provider: `<dataDir>/sms-outbox`. */
  outboxDir: string;
  /**
   * sms.ir: env SMSIR_API_KEY, SMSIR_TEMPLATE_ID (the sign-in code's), SMSIR_INSTALMENT_REMINDER_TEMPLATE_ID
   * (issue 36 item 2; optional), SMSIR_BASE_URL (default https://api.sms.ir).
   */
  smsir: { apiKey: string | undefined; templateId: number | undefined; instalmentReminderTemplateId: number | undefined; baseUrl: string };
  retry: JobRetry;
}

/**
 * Tries of an SMS by default (env SMS_RETRY_LIMIT, SMS_RETRY_DELAY_SECONDS): 5, 10, 20, 40 s, all
 * within a code's two minutes.
 */
export const SMS_RETRY: JobRetry = { retryLimit: 4, retryDelaySeconds: 5 };

/** Time bounds of the request pool, in milliseconds (issue 23 "Survives the faults"). */
export interface DatabaseBounds {
  /** Longest wait for a new connection, or for a free one when all are busy. */
  connectMs: number;
  /**
   * Longest run of one statement, enforced by PostgreSQL (`statement_timeout`), and, 2 s later,
   * by the client for a connection that stopped answering at all (`query_timeout`).
   */
  statementMs: number;
}

/** Options of `buildApp`; every field falls back to an environment variable or a default. */
export interface AppOptions {
  /** `postgres://…` (env DATABASE_URL); when absent PGlite is used. */
  databaseUrl?: string;
  /** An open PGlite from `createPglite()` (tests: in memory), closed with the app; wins over `dataDir`'s database. */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** Data folder (env DATA_DIR, default `./data` from the working directory). */
  dataDir?: string;
  /** Seed demo content into an empty database (default true). */
  seed?: boolean;
  /**
   * With the seed, render and process the demo video lesson with ffmpeg (env SEED_DEMO_LESSON !==
   * 'false'; default true). Test apps turn it off: it takes seconds.
   */
  demoLesson?: boolean;
  /** Serve the shell, remotes and media (env SERVE_STATIC !== 'false'). */
  serveStatic?: boolean;
  /** Folder of the shell's build (default `<repo>/shell/dist`). */
  shellDist?: string;
  /** Folder holding `<name>/dist` of each remote (default `<repo>/remotes`). */
  remotesRoot?: string;
  /** File whose JSON replaces the default remote list (env REMOTE_LIST_FILE). */
  remoteListFile?: string;
  /**
   * Origin the server fetches the remotes' server bundles from when the remote list names them by
   * path (env REMOTES_ORIGIN, e.g. the gateway `http://gateway:8080` in front of the remote
   * containers); absent: this process, which serves `<remotesRoot>/<name>/dist` itself.
   */
  remotesOrigin?: string;
  /** Redis for the rate-limit store (env REDIS_URL); in memory when absent. */
  redisUrl?: string;
  /** Retries of a mail that could not be sent (env MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS). */
  mailRetry?: JobRetry;
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Rate limits (env RATE_LIMIT_*, see {@link RATE_LIMITS}); tests may lower or raise them. */
  rateLimit?: Partial<RateLimits>;
  /** Key prefix of the rate-limit counters in Redis (env RATE_LIMIT_REDIS_NAMESPACE, default `shop-rate-limit:`). */
  rateLimitNamespace?: string;
  /** Key prefix of the stream registry in Redis (issue 38 item 2; env STREAMS_REDIS_NAMESPACE, default `shop-streams:`). */
  streamsNamespace?: string;
  /** Which proxies' X-Forwarded-For to believe (env TRUST_PROXY, see {@link parseTrustProxy}); default none. */
  trustProxy?: TrustProxy;
  /** Origin of every absolute URL (env PUBLIC_URL); see {@link publicUrlFrom}. */
  publicUrl?: string;
  /** Largest uploads in KB (default IMAGE_MAX_KB and AUDIO_MAX_KB of @shop/validation; tests lower them). */
  uploadLimits?: Partial<UploadLimits>;
  /** Payment gateway settings (env PAYMENT_GATEWAY, ZARINPAL_MERCHANT_ID, ZARINPAL_BASE_URL, SNAPPPAY_*). */
  payment?: Partial<PaymentSettings>;
  /** Lifetime of a signed session-file URL, seconds (env SIGNED_URL_TTL_SECONDS, default 3600). */
  signedUrlTtlSeconds?: number;
  /** Minutes an unpaid order holds its discount code (env DISCOUNT_HOLD_MINUTES, default 60; issue 25). */
  discountHoldMinutes?: number;
  /** Days after a payment during which a refund takes a sales agent's commission back (env REFUND_WINDOW_DAYS, default 7; issue 36 item 4). */
  refundWindowDays?: number;
  /** S3-compatible media storage (env S3_ENDPOINT and S3_BUCKET, with S3_REGION and the S3_*_KEY pair); the data folder when absent. */
  s3?: S3Settings;
  /** `smtp://…` or `smtps://…` (env SMTP_URL); when absent mail is written to `<dataDir>/outbox/` as `.eml` files. */
  smtpUrl?: string;
  /**
   * Outgoing SMS (issue 26; env SMS_PROVIDER `smsir` with SMSIR_API_KEY, SMSIR_TEMPLATE_ID and
   * SMSIR_BASE_URL, and SMS_RETRY_LIMIT, SMS_RETRY_DELAY_SECONDS); default: `<dataDir>/sms-outbox/`.
   */
  sms?: Partial<SmsSettings>;
  /** Sender of every mail (env MAIL_FROM, default `"آکادمی نوشتار" <no-reply@localhost>`). */
  mailFrom?: string;
  /**
   * Lifetime of a cached anonymous public answer or visitor's page, ms (env PUBLIC_CACHE_MS,
   * default 30 000; 0 turns the caches off). See plugins/app/public-cache.ts.
   */
  publicCacheMs?: number;
  /** Bearer token that `GET /metrics` requires (env METRICS_TOKEN); open when absent. */
  metricsToken?: string;
  /**
   * How long a stopping server waits for the jobs its workers are running, ms (default
   * {@link DEFAULT_JOBS_STOP_TIMEOUT_MS}; a test of what outlives the wait shortens it).
   */
  jobsStopTimeoutMs?: number;
  /** Lesson processing (issue 24): env TRANSCODE_CONCURRENCY, FFMPEG_PATH, FFPROBE_PATH. */
  transcode?: Partial<TranscodeSettings>;
  /** Hours after checkout an unpaid order's reminder is due (env UNPAID_REMINDER_HOURS, default 24; fractions allowed). */
  unpaidReminderHours?: number;
  /** Days audit log entries are kept (env AUDIT_RETENTION_DAYS, default 365, at least 365). */
  auditRetentionDays?: number;
  /** Deploy token of the release commands (env DEPLOY_TOKEN); see {@link AppSettings.deployToken}. */
  deployToken?: string;
  /** Kept releases per remote (env RELEASES_KEPT, default 10, at least 1; issue 35 item 7). */
  releasesKept?: number;
}

/** How this process transcodes lessons (issue 24; modules/lessons/transcode.ts). */
export interface TranscodeSettings {
  /** Lessons this process transcodes at once (env TRANSCODE_CONCURRENCY, default 1; 0: none, another replica does). */
  concurrency: number;
  /** The ffmpeg and ffprobe programs (env FFMPEG_PATH, FFPROBE_PATH; default found on PATH). */
  ffmpegPath: string;
  ffprobePath: string;
}

/** Largest accepted uploads, KB. */
export interface UploadLimits {
  imageKb: number;
  audioKb: number;
  /** Lesson files of product sessions (env SESSION_FILE_MAX_KB, default 512 MB). */
  sessionFileKb: number;
}

/**
 * Which payment adapters run (DESIGN.md "Money, payments"): the default one, the built-in sandbox or
 * Zarinpal v4, and beside it SnappPay (issue 36 item 2), its API or its built-in sandbox.
 */
export interface PaymentSettings {
  gateway: 'sandbox' | 'zarinpal';
  /** Zarinpal merchant id (36 characters). */
  zarinpalMerchantId: string | undefined;
  /** Zarinpal origin, e.g. https://payment.zarinpal.com (sandbox: https://sandbox.zarinpal.com). */
  zarinpalBaseUrl: string;
  /** SnappPay's API ({@link snapppayFromEnv}), or undefined: SnappPay's built-in sandbox. */
  snapppay: SnappPaySettings | undefined;
}

/** SnappPay's online merchant API (issue 36 item 2): its origin and the four credentials SnappPay gives a merchant. */
export interface SnappPaySettings {
  /** Origin without a trailing slash, e.g. https://api.snapppay.ir (SnappPay gives a staging one). */
  baseUrl: string;
  /** Origin of SnappPay's pay page, where the cart's form is redirected (CSP `form-action`): SNAPPPAY_PAGE_ORIGIN, default the API's origin. */
  pageOrigin: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/**
 * SnappPay's API of SNAPPPAY_CLIENT_ID, SNAPPPAY_CLIENT_SECRET, SNAPPPAY_USERNAME, SNAPPPAY_PASSWORD and
 * SNAPPPAY_BASE_URL (default https://api.snapppay.ir) and SNAPPPAY_PAGE_ORIGIN (default its origin), or undefined when none of the four is set (the sandbox).
 * @throws Error when only some of the four are set: half a setting would quietly keep the sandbox
 */
export function snapppayFromEnv(env: NodeJS.ProcessEnv): SnappPaySettings | undefined {
  const credentials = {
    clientId: env.SNAPPPAY_CLIENT_ID || '',
    clientSecret: env.SNAPPPAY_CLIENT_SECRET || '',
    username: env.SNAPPPAY_USERNAME || '',
    password: env.SNAPPPAY_PASSWORD || '',
  };
  const set = Object.values(credentials).filter(Boolean).length;
  if (set === 0) return undefined;
  if (set < 4) throw new Error('SNAPPPAY_CLIENT_ID, SNAPPPAY_CLIENT_SECRET, SNAPPPAY_USERNAME and SNAPPPAY_PASSWORD are set together (or none, for the sandbox)');
  const baseUrl = (env.SNAPPPAY_BASE_URL || 'https://api.snapppay.ir').replace(/\/+$/, '');
  return { baseUrl, pageOrigin: new URL(env.SNAPPPAY_PAGE_ORIGIN || baseUrl).origin, ...credentials };
}

/**
 * How long a stopping server waits for the jobs its workers are running, ms. A job still running
 * then is failed (pg-boss runs it again later) and abandoned by its worker: long enough for an
 * aborted transcode to clean up on a busy machine, short of a 30 s termination grace period.
 */
export const DEFAULT_JOBS_STOP_TIMEOUT_MS = 20_000;

/** Fastify's `trustProxy`: false, true (any proxy), or the proxies' addresses, CIDRs and proxy-addr names. */
export type TrustProxy = boolean | string;

/**
 * TRUST_PROXY: unset or `false` → false (`request.ip` is the peer); `true` → believe every
 * X-Forwarded-For hop (only safe when the gateway overwrites the header, since a client can send
 * its own); else a comma-separated list of the gateways' addresses or CIDRs, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal` (`loopback` for an nginx on the same host): the client is
 * the last address that is not one of them.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Resolved settings, available as `app.settings`. */
export interface AppSettings {
  databaseUrl: string | undefined;
  /** PostgreSQL request pool bounds (issue 23): DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS. */
  databaseBounds: DatabaseBounds;
  dataDir: string;
  uploadsDir: string;
  /** Private files (lesson files), never served as they are: `<dataDir>/private`. */
  privateDir: string;
  /** Seed demo content into an empty database (env SEED !== 'false'). */
  seed: boolean;
  /** With the seed, the demo video lesson (seed/demo-lesson.ts). */
  demoLesson: boolean;
  serveStatic: boolean;
  shellDist: string;
  remotesRoot: string;
  remoteListFile: string | undefined;
  remotesOrigin: string | undefined;
  redisUrl: string | undefined;
  /** NODE_ENV=production: HSTS and a script policy without 'unsafe-eval' (plugins/external/helmet.ts). */
  production: boolean;
  /** Secure flag of the cookies (NODE_ENV=production unless COOKIE_SECURE=false). */
  cookieSecure: boolean;
  /** Key that signs CSRF tokens: env APP_KEY, else a random key kept in `<dataDir>/app-key`. */
  appKey: string;
  rateLimit: RateLimits;
  /** Key prefix of the rate-limit counters in Redis. */
  rateLimitNamespace: string;
  /** Key prefix of the streams each account plays now, in Redis (issue 38 item 2; modules/commerce/stream-registry.ts). */
  streamsNamespace: string;
  /** Fastify's `trustProxy`: whose X-Forwarded-For gives `request.ip` (per-IP limits). */
  trustProxy: TrustProxy;
  /** Origin of every absolute URL (mail links, feeds, sitemaps, the payment callback), without a trailing slash: {@link publicUrlFrom}. */
  publicUrl: string;
  /** Where the server listens (env PORT, default 8080; env HOST, default 0.0.0.0). */
  listen: { port: number; host: string };
  uploadLimits: UploadLimits;
  payment: PaymentSettings;
  signedUrlTtlSeconds: number;
  /**
   * Minutes an unpaid order counts as a use of its discount code (issue 25): the time a buyer has to
   * pay, as WooCommerce holds coupons for pending orders; after it only paid orders count.
   */
  discountHoldMinutes: number;
  /** Days after a payment during which a refund takes a sales agent's commission back (issue 36 item 4). */
  refundWindowDays: number;
  /** The media bucket, or undefined: files under {@link AppSettings.uploadsDir} and {@link AppSettings.privateDir}. */
  s3: S3Settings | undefined;
  /** SMTP server of outgoing mail, or undefined: write `.eml` files to {@link AppSettings.outboxDir}. */
  smtpUrl: string | undefined;
  /** Mail folder of the embedded default: `<dataDir>/outbox`. */
  outboxDir: string;
  /** Sender address of every mail. */
  mailFrom: string;
  /** Outgoing SMS (modules/sms/sms-sender.ts). */
  sms: SmsSettings;
  /** Retries of a mail that could not be sent (modules/mail/mailer.ts). */
  mailRetry: JobRetry;
  /** Free bytes the data folder keeps: writes are refused below it (plugins/app/disk-guard.ts; DATA_DIR_RESERVE_MB). */
  dataDirReserveBytes: number;
  /** Lifetime of a cached anonymous public answer, ms; 0: no cache. */
  publicCacheMs: number;
  /** Bearer token of `GET /metrics`, or undefined: the metrics are open (keep them off the public gateway). */
  metricsToken: string | undefined;
  /** How long a stopping server waits for the jobs its workers are running, ms (plugins/external/jobs.ts). */
  jobsStopTimeoutMs: number;
  transcode: TranscodeSettings;
  /** Hours after checkout an unpaid order gets its one reminder (issue 25 win-back; modules/commerce/unpaid-reminder.ts). */
  unpaidReminderHours: number;
  /** Days the audit log keeps an entry before the retention job deletes it (issue 26; modules/audit/audit-log.ts). */
  auditRetentionDays: number;
  /**
   * `X-Deploy-Token` of the release commands (issue 35 item 6): env DEPLOY_TOKEN (CI), else the content of
   * `<dataDir>/deploy-token`, made at the first start (32 random bytes, base64url, mode 0600).
   */
  deployToken: string;
  /** Newest releases kept per remote beside the active, canary and pinned ones (issue 35 item 7; modules/releases). */
  releasesKept: number;
}

/** Default sender (DESIGN.md "Outside services"); MAIL_FROM replaces it. */
export const DEFAULT_MAIL_FROM = '"آکادمی نوشتار" <no-reply@localhost>';

/** Default lifetime of a cached anonymous public answer, ms (PUBLIC_CACHE_MS replaces it). */
export const DEFAULT_PUBLIC_CACHE_MS = 30_000;

/**
 * Free space the data folder keeps, MB (issue 23): below it, writes answer 507 before PGlite or an
 * upload meets a full disk.
 */
export const DATA_DIR_RESERVE_MB = 256;

/** Default of {@link AppSettings.refundWindowDays}: a week, the refund window a Persian course seller usually promises. */
export const REFUND_WINDOW_DAYS = 7;

/** Default of {@link AppSettings.discountHoldMinutes}: an hour to pay an order that used a code. */
export const DISCOUNT_HOLD_MINUTES = 60;

/**
 * Longest wait for a PostgreSQL connection, ms (issue 23): a database that is down or unreachable
 * answers the request 503 after this, instead of holding it.
 */
export const DB_CONNECT_TIMEOUT_MS = 3_000;

/**
 * Longest run of one SQL statement, ms (issue 23): the slowest request of the commerce bench (a
 * year's sales over 200 000 orders) takes about 20 ms; a statement still running after this
 * answers 503.
 */
export const DB_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The server package's folder, which holds `drizzle/`, `assets/` and `seed-media/`. This file runs
 * one level below it both from source (`server/src`) and compiled (`server/dist`, one bundle).
 */
export const SERVER_ROOT = path.resolve(__dirname, '..');

/** The repository root. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..');

/** The secret in `<dataDir>/<name>` (≥ `minLength` characters), else a new one of `make` written there with mode 0600. */
function keptSecret(dataDir: string, name: string, minLength: number, make: () => string): string {
  const file = path.join(dataDir, name);
  let secret = '';
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    // first start: made below
  }
  if (secret.length >= minLength) return secret;
  secret = make();
  try {
    fs.writeFileSync(file, secret, { mode: 0o600 });
  } catch {
    // read-only data folder: the secret lives for this process only
  }
  return secret;
}

/** Where the bucket is (env S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
export interface S3Settings {
  /** Origin of the S3 API, e.g. `https://s3.ir-thr-at1.arvanstorage.ir` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  /** Signing region (default `us-east-1`, which MinIO and ArvanCloud accept). */
  region: string;
  /** Access key; without both keys the SDK's default chain (AWS_* variables, instance roles) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * The media bucket of S3_ENDPOINT and S3_BUCKET (issue 10 "Scale-out"), or undefined when neither is set.
 * @throws Error when only one of them, or only one of S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, is set:
 * half a setting would quietly keep media on one instance's disk.
 */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint && !bucket) return undefined;
  if (!endpoint || !bucket) throw new Error('S3_ENDPOINT and S3_BUCKET are set together (or neither, for the data folder)');
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  return { endpoint, bucket, region: env.S3_REGION || 'us-east-1', accessKeyId: accessKeyId || undefined, secretAccessKey: secretAccessKey || undefined };
}

/**
 * TRANSCODE_CONCURRENCY (issue 24): lessons one process transcodes at once, a whole number from 0
 * (this process transcodes none; another replica does) to 999; unset: 1.
 * @throws Error naming the variable for any other value
 */
export function transcodeConcurrencyFromEnv(raw: string | undefined): number {
  return wholeNumberFromEnv('TRANSCODE_CONCURRENCY', raw, { min: 0, max: 999, fallback: 1 }, 'give a whole number of lessons at once, from 0 to 999.');
}

/** Default of UNPAID_REMINDER_HOURS (issue 25: an order left unpaid for 24 hours gets one reminder). */
export const UNPAID_REMINDER_HOURS = 24;

/**
 * UNPAID_REMINDER_HOURS: hours, a positive number (fractions allowed, so tests can use seconds);
 * unset: {@link UNPAID_REMINDER_HOURS}.
 * @throws Error naming the variable for any other value
 */
export function unpaidReminderHoursFromEnv(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return UNPAID_REMINDER_HOURS;
  const hours = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || hours <= 0) throw new Error(`UNPAID_REMINDER_HOURS="${value}" is not valid: give a positive number of hours.`);
  return hours;
}

/** The shortest and default retention of the audit log (issue 26: entries are kept at least a year), days. */
export const AUDIT_RETENTION_DAYS = 365;

/**
 * A whole-number variable `name`: unset, `fallback`; else digits, from `min` to `max` (6 digits at most).
 * @throws Error `<name>="<value>" is not valid: <rule>` for anything else, so the server does not start
 */
function wholeNumberFromEnv(name: string, raw: string | undefined, { min, max = 999_999, fallback }: { min: number; max?: number; fallback: number }, rule: string): number {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) throw new Error(`${name}="${value}" is not valid: ${rule}`);
  return Number(value);
}

/** AUDIT_RETENTION_DAYS: whole days, at least {@link AUDIT_RETENTION_DAYS}; unset: that. @throws Error naming the variable */
export function auditRetentionDaysFromEnv(raw: string | undefined): number {
  return wholeNumberFromEnv('AUDIT_RETENTION_DAYS', raw, { min: AUDIT_RETENTION_DAYS, fallback: AUDIT_RETENTION_DAYS }, `audit log entries are kept at least a year; give a whole number of days, ${AUDIT_RETENTION_DAYS} or more.`);
}

/** Default of RELEASES_KEPT (issue 35 item 7: the last 10 versions of each remote). */
export const RELEASES_KEPT = 10;

/** RELEASES_KEPT: a whole number, at least 1; unset: {@link RELEASES_KEPT}. @throws Error naming the variable */
export function releasesKeptFromEnv(raw: string | undefined): number {
  return wholeNumberFromEnv('RELEASES_KEPT', raw, { min: 1, fallback: RELEASES_KEPT }, 'give a whole number of releases kept per remote, 1 or more.');
}

/**
 * The origin of every absolute URL the server writes (issue 31 item 5: never a request's Host
 * header, which anyone can set): `configured` (PUBLIC_URL) without its trailing slashes, else the
 * address the server listens on (`http://localhost:8080` for 0.0.0.0 or ::).
 * @throws Error at start for a PUBLIC_URL that is no http(s) URL, or none in production
 */
export function publicUrlFrom(configured: string | undefined, listen: { port: number; host: string }, production: boolean): string {
  if (configured === undefined) {
    if (production) throw new Error('PUBLIC_URL is required with NODE_ENV=production: the origin visitors use, e.g. https://shop.example');
    const host = listen.host === '0.0.0.0' || listen.host === '::' ? 'localhost' : listen.host.includes(':') ? `[${listen.host}]` : listen.host;
    return `http://${host}:${listen.port}`;
  }
  const trimmed = configured.replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http or https URL without a query (got ${configured})`);
  }
  return trimmed;
}

/** Merges options, environment and defaults. Creates the data folder when missing. */
export function resolveSettings(options: AppOptions, env = process.env): AppSettings {
  const dataDir = path.resolve(process.cwd(), options.dataDir ?? env.DATA_DIR ?? 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const production = env.NODE_ENV === 'production';
  const listen = { port: Number(env.PORT ?? 8080), host: env.HOST ?? '0.0.0.0' };
  return {
    databaseUrl: options.pglite ? undefined : (options.databaseUrl ?? (env.DATABASE_URL || undefined)),
    databaseBounds: {
      connectMs: Number(env.DB_CONNECT_TIMEOUT_MS) || DB_CONNECT_TIMEOUT_MS,
      statementMs: Number(env.DB_STATEMENT_TIMEOUT_MS) || DB_STATEMENT_TIMEOUT_MS,
    },
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    seed: options.seed ?? env.SEED !== 'false',
    demoLesson: options.demoLesson ?? env.SEED_DEMO_LESSON !== 'false',
    serveStatic: options.serveStatic ?? env.SERVE_STATIC !== 'false',
    shellDist: options.shellDist ?? path.join(REPO_ROOT, 'shell', 'dist'),
    remotesRoot: options.remotesRoot ?? path.join(REPO_ROOT, 'remotes'),
    remoteListFile: options.remoteListFile ?? (env.REMOTE_LIST_FILE || undefined),
    remotesOrigin: options.remotesOrigin ?? (env.REMOTES_ORIGIN || undefined),
    redisUrl: options.redisUrl ?? (env.REDIS_URL || undefined),
    production,
    cookieSecure: production && env.COOKIE_SECURE !== 'false',
    appKey: process.env.APP_KEY || keptSecret(dataDir, 'app-key', 32, () => randomBytes(32).toString('hex')),
    rateLimit: { ...rateLimitsFromEnv(env), ...options.rateLimit },
    rateLimitNamespace: options.rateLimitNamespace ?? (env.RATE_LIMIT_REDIS_NAMESPACE || 'shop-rate-limit:'),
    streamsNamespace: options.streamsNamespace ?? (env.STREAMS_REDIS_NAMESPACE || 'shop-streams:'),
    trustProxy: options.trustProxy ?? parseTrustProxy(env.TRUST_PROXY),
    publicUrl: publicUrlFrom(options.publicUrl ?? (env.PUBLIC_URL || undefined), listen, production),
    listen,
    uploadLimits: {
      imageKb: IMAGE_MAX_KB,
      audioKb: AUDIO_MAX_KB,
      sessionFileKb: Number(env.SESSION_FILE_MAX_KB) || SESSION_FILE_MAX_KB,
      ...options.uploadLimits,
    },
    payment: {
      gateway: env.PAYMENT_GATEWAY === 'zarinpal' ? 'zarinpal' : 'sandbox',
      zarinpalMerchantId: env.ZARINPAL_MERCHANT_ID || undefined,
      zarinpalBaseUrl: (env.ZARINPAL_BASE_URL || 'https://payment.zarinpal.com').replace(/\/+$/, ''),
      snapppay: snapppayFromEnv(env),
      ...options.payment,
    },
    signedUrlTtlSeconds: options.signedUrlTtlSeconds ?? (Number(env.SIGNED_URL_TTL_SECONDS) || 3600),
    discountHoldMinutes: options.discountHoldMinutes ?? (Number(env.DISCOUNT_HOLD_MINUTES) || DISCOUNT_HOLD_MINUTES),
    refundWindowDays: options.refundWindowDays ?? (Number(env.REFUND_WINDOW_DAYS) || REFUND_WINDOW_DAYS),
    s3: options.s3 ?? s3FromEnv(env),
    smtpUrl: options.smtpUrl ?? (env.SMTP_URL || undefined),
    outboxDir: path.join(dataDir, 'outbox'),
    mailFrom: options.mailFrom ?? (env.MAIL_FROM || DEFAULT_MAIL_FROM),
    sms: {
      provider: env.SMS_PROVIDER === 'smsir' ? 'smsir' : 'outbox',
      outboxDir: path.join(dataDir, 'sms-outbox'),
      smsir: {
        apiKey: env.SMSIR_API_KEY || undefined,
        templateId: Number(env.SMSIR_TEMPLATE_ID) || undefined,
        instalmentReminderTemplateId: Number(env.SMSIR_INSTALMENT_REMINDER_TEMPLATE_ID) || undefined,
        baseUrl: (env.SMSIR_BASE_URL || 'https://api.sms.ir').replace(/\/+$/, ''),
      },
      retry: {
        retryLimit: env.SMS_RETRY_LIMIT ? Number(env.SMS_RETRY_LIMIT) : SMS_RETRY.retryLimit,
        retryDelaySeconds: Number(env.SMS_RETRY_DELAY_SECONDS) || SMS_RETRY.retryDelaySeconds,
      },
      ...options.sms,
    },
    dataDirReserveBytes: (Number(env.DATA_DIR_RESERVE_MB) || DATA_DIR_RESERVE_MB) * 1024 * 1024,
    mailRetry: options.mailRetry ?? {
      retryLimit: env.MAIL_RETRY_LIMIT ? Number(env.MAIL_RETRY_LIMIT) : MAIL_RETRY.retryLimit,
      retryDelaySeconds: Number(env.MAIL_RETRY_DELAY_SECONDS) || MAIL_RETRY.retryDelaySeconds,
    },
    publicCacheMs: options.publicCacheMs ?? (env.PUBLIC_CACHE_MS ? Number(env.PUBLIC_CACHE_MS) : DEFAULT_PUBLIC_CACHE_MS),
    metricsToken: options.metricsToken ?? (env.METRICS_TOKEN || undefined),
    jobsStopTimeoutMs: options.jobsStopTimeoutMs ?? DEFAULT_JOBS_STOP_TIMEOUT_MS,
    transcode: {
      concurrency: transcodeConcurrencyFromEnv(env.TRANSCODE_CONCURRENCY),
      ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
      ffprobePath: env.FFPROBE_PATH || 'ffprobe',
      ...options.transcode,
    },
    unpaidReminderHours: options.unpaidReminderHours ?? unpaidReminderHoursFromEnv(env.UNPAID_REMINDER_HOURS),
    auditRetentionDays: auditRetentionDaysFromEnv(options.auditRetentionDays === undefined ? env.AUDIT_RETENTION_DAYS : String(options.auditRetentionDays)),
    deployToken: options.deployToken ?? (env.DEPLOY_TOKEN || keptSecret(dataDir, 'deploy-token', 32, () => randomBytes(32).toString('base64url'))),
    releasesKept: options.releasesKept ?? releasesKeptFromEnv(env.RELEASES_KEPT),
  };
}

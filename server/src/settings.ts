/** Run-time settings of the server: options of `buildApp` first, then environment variables. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AUDIO_MAX_KB, IMAGE_MAX_KB, SESSION_FILE_MAX_KB } from '@shop/validation';

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
  /** Serve the shell, remotes and media (env SERVE_STATIC !== 'false'). */
  serveStatic?: boolean;
  /** Folder of the shell's build (default `<repo>/shell/dist`). */
  shellDist?: string;
  /** Folder holding `<name>/dist` of each remote (default `<repo>/remotes`). */
  remotesRoot?: string;
  /** File whose JSON replaces the default remote list (env REMOTE_LIST_FILE). */
  remoteListFile?: string;
  /** Redis for the rate-limit store (env REDIS_URL); in memory when absent. */
  redisUrl?: string;
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Rate limits per minute (DESIGN.md; tests may lower or raise them). */
  rateLimit?: Partial<RateLimits>;
  /** Origin for absolute URLs in feeds (env PUBLIC_URL); else the request's protocol and host. */
  publicUrl?: string;
  /** Largest uploads in KB (default IMAGE_MAX_KB and AUDIO_MAX_KB of @shop/validation; tests lower them). */
  uploadLimits?: Partial<UploadLimits>;
  /** Payment gateway settings (env PAYMENT_GATEWAY, ZARINPAL_MERCHANT_ID, ZARINPAL_BASE_URL). */
  payment?: Partial<PaymentSettings>;
  /** Lifetime of a signed session-file URL, seconds (env SIGNED_URL_TTL_SECONDS, default 3600). */
  signedUrlTtlSeconds?: number;
  /** `smtp://…` or `smtps://…` (env SMTP_URL); when absent mail is written to `<dataDir>/outbox/` as `.eml` files. */
  smtpUrl?: string;
  /** Sender of every mail (env MAIL_FROM, default `"آکادمی نوشتار" <no-reply@localhost>`). */
  mailFrom?: string;
  /**
   * Lifetime of a cached anonymous public answer, ms (env PUBLIC_CACHE_MS, default 2000; 0 turns
   * the cache off). See plugins/app/public-cache.ts.
   */
  publicCacheMs?: number;
}

/** Largest accepted uploads, KB. */
export interface UploadLimits {
  imageKb: number;
  audioKb: number;
  /** Lesson files of product sessions (env SESSION_FILE_MAX_KB, default 512 MB). */
  sessionFileKb: number;
}

/** Which payment adapter runs (DESIGN.md "Money, payments"): the built-in sandbox, or Zarinpal v4. */
export interface PaymentSettings {
  gateway: 'sandbox' | 'zarinpal';
  /** Zarinpal merchant id (36 characters). */
  zarinpalMerchantId: string | undefined;
  /** Zarinpal origin, e.g. https://payment.zarinpal.com (sandbox: https://sandbox.zarinpal.com). */
  zarinpalBaseUrl: string;
}

/** Requests allowed per window; each field names its window (most are per minute). */
export interface RateLimits {
  /** Every /api and /sanctum request, per IP, per minute. */
  global: number;
  /** Login tries per account identifier + IP, per minute. */
  loginPerAccount: number;
  /** Login tries per IP, any account, per minute. */
  loginPerIp: number;
  /** Verification mails a signed-in user may ask for per minute (issue 7: 1). */
  verificationEmailPerMinute: number;
  /** Verification mails a signed-in user may ask for per hour (issue 7: 5). */
  verificationEmailPerHour: number;
  /** Password-reset codes asked for one account identifier per 15 minutes (issue 7: 3). */
  passwordResetPerAccount: number;
  /** Password-reset codes asked for from one IP per 15 minutes, any account (issue 7: 10). */
  passwordResetPerIp: number;
}

/** Resolved settings, available as `app.settings`. */
export interface AppSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** Private files (lesson files), never served as they are: `<dataDir>/private`. */
  privateDir: string;
  seed: boolean;
  serveStatic: boolean;
  shellDist: string;
  remotesRoot: string;
  remoteListFile: string | undefined;
  redisUrl: string | undefined;
  /** Secure flag of the cookies (NODE_ENV=production unless COOKIE_SECURE=false). */
  cookieSecure: boolean;
  /** Key that signs CSRF tokens: env APP_KEY, else a random key kept in `<dataDir>/app-key`. */
  appKey: string;
  rateLimit: RateLimits;
  /** Origin without a trailing slash, or undefined (use the request's). */
  publicUrl: string | undefined;
  uploadLimits: UploadLimits;
  payment: PaymentSettings;
  signedUrlTtlSeconds: number;
  /** SMTP server of outgoing mail, or undefined: write `.eml` files to {@link AppSettings.outboxDir}. */
  smtpUrl: string | undefined;
  /** Mail folder of the embedded default: `<dataDir>/outbox`. */
  outboxDir: string;
  /** Sender address of every mail. */
  mailFrom: string;
  /** Lifetime of a cached anonymous public answer, ms; 0: no cache. */
  publicCacheMs: number;
}

/** Default sender (DESIGN.md "Outside services"); MAIL_FROM replaces it. */
export const DEFAULT_MAIL_FROM = '"آکادمی نوشتار" <no-reply@localhost>';

/** Default lifetime of a cached anonymous public answer, ms (PUBLIC_CACHE_MS replaces it). */
export const DEFAULT_PUBLIC_CACHE_MS = 2000;

/** The repository root (server/src/.. /..). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

function loadAppKey(dataDir: string): string {
  if (process.env.APP_KEY) return process.env.APP_KEY;
  const file = path.join(dataDir, 'app-key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  const key = randomBytes(32).toString('hex');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, key, { mode: 0o600 });
  } catch {
    // read-only data folder: the key lives for this process only
  }
  return key;
}

/** Merges options, environment and defaults. Creates the data folder when missing. */
export function resolveSettings(options: AppOptions, env = process.env): AppSettings {
  const dataDir = path.resolve(process.cwd(), options.dataDir ?? env.DATA_DIR ?? 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const production = env.NODE_ENV === 'production';
  return {
    databaseUrl: options.pglite ? undefined : (options.databaseUrl ?? (env.DATABASE_URL || undefined)),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    seed: options.seed ?? true,
    serveStatic: options.serveStatic ?? env.SERVE_STATIC !== 'false',
    shellDist: options.shellDist ?? path.join(REPO_ROOT, 'shell', 'dist'),
    remotesRoot: options.remotesRoot ?? path.join(REPO_ROOT, 'remotes'),
    remoteListFile: options.remoteListFile ?? (env.REMOTE_LIST_FILE || undefined),
    redisUrl: options.redisUrl ?? (env.REDIS_URL || undefined),
    cookieSecure: production && env.COOKIE_SECURE !== 'false',
    appKey: loadAppKey(dataDir),
    rateLimit: {
      global: 600,
      loginPerAccount: 5,
      loginPerIp: 30,
      verificationEmailPerMinute: 1,
      verificationEmailPerHour: 5,
      passwordResetPerAccount: 3,
      passwordResetPerIp: 10,
      ...options.rateLimit,
    },
    publicUrl: (options.publicUrl ?? (env.PUBLIC_URL || undefined))?.replace(/\/+$/, ''),
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
      ...options.payment,
    },
    signedUrlTtlSeconds: options.signedUrlTtlSeconds ?? (Number(env.SIGNED_URL_TTL_SECONDS) || 3600),
    smtpUrl: options.smtpUrl ?? (env.SMTP_URL || undefined),
    outboxDir: path.join(dataDir, 'outbox'),
    mailFrom: options.mailFrom ?? (env.MAIL_FROM || DEFAULT_MAIL_FROM),
    publicCacheMs: options.publicCacheMs ?? (env.PUBLIC_CACHE_MS ? Number(env.PUBLIC_CACHE_MS) : DEFAULT_PUBLIC_CACHE_MS),
  };
}

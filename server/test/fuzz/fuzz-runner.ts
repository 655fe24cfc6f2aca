/**
 * The OpenAPI-driven fuzzer (issue 10 "Bad input"), shared by the CI test (openapi-fuzz.test.ts)
 * and `npm run bench:fuzz` (scripts/bench-fuzz.ts). It reads `GET /api/docs/json`, and for every
 * operation and every case class that applies (arbitraries.ts) sends `runsPerClass` generated
 * requests, each once as a visitor and once as the super user, and checks every answer:
 * - never a 5xx;
 * - a 4xx is JSON whose `message` (and every field error) is Persian;
 * - a refused write (4xx to POST/PUT/PATCH/DELETE) changed no table's row count (but the audit
 *   log's record of a refused sign-in, {@link REFUSALS_RECORDED});
 * - a NUL byte or bytes that are not UTF-8 in a path parameter or the query are refused (4xx;
 *   issue 22 item 3), never passed on as text.
 * Each (operation, class) is one fast-check property with its own seed, derived from the run's seed.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '../../src/modules/users/tables';
import { issueToken } from '../../src/modules/users/access-tokens';
import { AUTH_COOKIE } from '../../src/plugins/app/auth';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/plugins/app/csrf';
import type { AppOptions } from '../../src/settings';
import { RATE_LIMITS } from '../../src/rate-limit-settings';
import { buildTestApp, csrfHeaders, type DbTarget } from '../helpers/test-app';
import { caseClassesOf, fuzzCase, type CaseClass, type FuzzCase } from './arbitraries';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi-operations';

/** Default seed of every run (a run is deterministic for a seed); FUZZ_SEED replaces it. */
export const DEFAULT_SEED = 20_240_610;

/** Generated requests per (operation, case class) in `npm test` (FUZZ_RUNS replaces it): about 4 000 requests. */
export const DEFAULT_RUNS = 2;

/** The run's seed: FUZZ_SEED, else {@link DEFAULT_SEED}. */
export function seedFromEnv(env = process.env): number {
  return env.FUZZ_SEED ? Number(env.FUZZ_SEED) : DEFAULT_SEED;
}

/** Settings of one run. */
export interface FuzzOptions {
  /** Generated requests per (operation, case class); each is sent as visitor and as super. */
  runsPerClass: number;
  seed: number;
  /** Only operations whose `METHOD path` contains this text (replaying one failure). */
  only?: string;
}

/** Outcome of one run. */
export interface FuzzReport {
  seed: number;
  operations: number;
  /** (operation, case class) pairs fuzzed. */
  properties: number;
  requests: number;
  /** Requests by answered status code. */
  byStatus: Record<number, number>;
  /** Requests by case class and status class (`2xx`, `3xx`, `4xx`, `5xx`). */
  byClass: Partial<Record<CaseClass, Record<string, number>>>;
  /** One line per failed property: what was sent, what came back, the seed to replay it. */
  failures: string[];
  durationMs: number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Case classes whose every request must be refused: bad bytes in the URL (issue 22 item 3). */
const MUST_REFUSE = new Set<CaseClass>(['nul-path', 'bad-utf8-path', 'nul-query', 'bad-utf8-query']);
const PERSIAN_LETTER = /[\u0600-\u06FF]/;
/** Two Latin words in a row: English prose. A Persian message holds at most a lone term («JSON», «forbidden:»). */
const ENGLISH_PHRASE = /[A-Za-z]{2,}[\s,.;:]+[A-Za-z]{2,}/;

/** True when `message` is Persian text: Persian letters and no English phrase (issue 10). */
function isPersian(message: unknown): boolean {
  return typeof message === 'string' && PERSIAN_LETTER.test(message) && !ENGLISH_PHRASE.test(message);
}

/** Every rate limit of the app (settings.ts `RATE_LIMITS`) raised out of reach, so the fuzzer is never throttled. */
export function unthrottledRateLimits(): NonNullable<AppOptions['rateLimit']> {
  return Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, 1_000_000_000]));
}

/** A seeded test app on `target` whose rate limits do not throttle the fuzzer. */
export function buildFuzzApp(target: DbTarget): Promise<FastifyInstance> {
  return buildTestApp(target, { rateLimit: unthrottledRateLimits() });
}

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(app: FastifyInstance, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await app.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * What a refusal itself writes by design, left out of the counts: the audit log's record of a
 * refused sign-in and of the lockout it may start (issue 31: every failed sign-in is recorded).
 */
const REFUSALS_RECORDED: Record<string, string> = { audit_log: `action not in ('login_failed', 'lockout')` };

/** Counts the rows of every table of the `public` schema in one query, less {@link REFUSALS_RECORDED}. */
export async function rowCounter(app: FastifyInstance): Promise<() => Promise<Record<string, number>>> {
  const tables = await rowsOf<{ tablename: string }>(
    app,
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  const query = sql.raw(
    tables
      .map((t) => {
        const where = REFUSALS_RECORDED[t.tablename];
        return `select '${t.tablename}' as name, count(*)::int as n from "${t.tablename}"${where ? ` where ${where}` : ''}`;
      })
      .join(' union all '),
  );
  return async () =>
    Object.fromEntries((await rowsOf<{ name: string; n: number }>(app, query)).map((r) => [r.name, Number(r.n)]));
}

function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]).map((name) => `${name} ${before[name]} → ${after[name]}`);
}

/** Problems of one answer: 5xx, or a 4xx without a Persian `message` (or with a non-Persian field error). */
export function answerProblems(response: LightMyRequestResponse): string[] {
  if (response.statusCode >= 500) return [`${response.statusCode}`];
  if (response.statusCode < 400) return [];
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = response.json();
  } catch {
    return [`${response.statusCode} without a JSON body (${String(response.headers['content-type'])})`];
  }
  const problems: string[] = [];
  if (!isPersian(body?.message)) {
    problems.push(`${response.statusCode} message is not Persian`);
  }
  for (const [field, messages] of Object.entries(body?.errors ?? {})) {
    const list = Array.isArray(messages) ? messages : [messages];
    if (!list.every(isPersian)) problems.push(`field error of ${field} is not Persian`);
  }
  return problems;
}

function preview(value: string | Buffer | undefined, max = 160): string {
  if (value === undefined) return '';
  const s = typeof value === 'string' ? value : value.toString('latin1');
  const shown = s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
  return JSON.stringify(shown);
}

/** A 32-bit seed of one property, derived from the run's seed and the property's name. */
function propertySeed(seed: number, name: string): number {
  let hash = seed | 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x5bd1e995) | 0;
  return hash;
}

/**
 * Fuzzes every operation of the app's OpenAPI document (see the file comment).
 * `onProgress` is called after each property with the number done and the total.
 */
export async function runFuzz(
  app: FastifyInstance,
  options: FuzzOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<FuzzReport> {
  const started = Date.now();
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  const operations = operationsOf(doc).filter((op) => !options.only || op.key.includes(options.only));
  const countRows = await rowCounter(app);
  const csrf = await csrfHeaders(app);
  const otherCsrf = await csrfHeaders(app);

  const [superUser] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'super@example.com'), isNotNull(users.email_verified_at)));
  if (!superUser) throw new Error('the seeded super@example.com is missing');
  let superToken = (await issueToken(app.db, superUser.id)).token;
  // An accepted fuzzed write may sign the super user out (logout, password change), change their
  // email (unverified: the dashboard answers 403) or bar their comments: restore them after each.
  const restoreSuper = async () => {
    await app.db
      .update(users)
      .set({ status: 'super', email_verified_at: new Date(), write_comment_status: 'allowed', comment_barred_until: null })
      .where(eq(users.id, superUser.id));
    superToken = (await issueToken(app.db, superUser.id)).token;
  };

  const report: FuzzReport = {
    seed: options.seed,
    operations: operations.length,
    properties: 0,
    requests: 0,
    byStatus: {},
    byClass: {},
    failures: [],
    durationMs: 0,
  };

  // The counts after a refused write that changed nothing, while no other request has run since:
  // the next write's "before" (saves a count per write).
  let unchangedCounts: Record<string, number> | undefined;
  const send = async (fuzz: FuzzCase, actor: 'visitor' | 'super'): Promise<string[]> => {
    const headers: Record<string, string> = { ...fuzz.headers };
    const cookies: string[] = [];
    if (fuzz.csrf !== 'missing') {
      cookies.push(`${CSRF_COOKIE}=${csrf['x-xsrf-token']}`);
      headers[CSRF_HEADER] = fuzz.csrf === 'valid' ? csrf['x-xsrf-token'] : otherCsrf['x-xsrf-token'];
    }
    if (actor === 'super') {
      if (fuzz.superAuth === 'bearer') headers.authorization = `Bearer ${superToken}`;
      else cookies.push(`${AUTH_COOKIE}=${superToken}`);
    }
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    const write = WRITES.has(fuzz.method);
    const before = write ? (unchangedCounts ?? (await countRows())) : undefined;
    unchangedCounts = undefined;
    const response = await app.inject({ method: fuzz.method, url: fuzz.url, headers, payload: fuzz.payload });
    report.requests++;
    report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
    const tally = (report.byClass[fuzz.caseClass] ??= {});
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    tally[statusClass] = (tally[statusClass] ?? 0) + 1;

    const problems = answerProblems(response);
    if (MUST_REFUSE.has(fuzz.caseClass) && response.statusCode < 400) problems.push(`${response.statusCode}: bad bytes accepted`);
    if (write && response.statusCode >= 400) {
      const after = await countRows();
      const changed = changedTables(before!, after);
      if (changed.length > 0) problems.push(`refused write changed rows: ${changed.join(', ')}`);
      else unchangedCounts = after;
    } else if (write && response.statusCode < 400) {
      await restoreSuper();
    }
    return problems.map(
      (problem) =>
        `${problem} — as ${actor} (csrf ${fuzz.csrf}${actor === 'super' ? `, ${fuzz.superAuth}` : ''}): ` +
        `${fuzz.method} ${preview(fuzz.url, 200)} ${JSON.stringify(fuzz.headers['content-type'] ?? '')} ${preview(fuzz.payload)} ` +
        `→ ${preview(response.body, 300)}`,
    );
  };

  const properties: Array<[Operation, CaseClass]> = operations.flatMap((op) => caseClassesOf(op).map((c) => [op, c] as [Operation, CaseClass]));
  for (const [operation, caseClass] of properties) {
    const name = `${operation.key} [${caseClass}]`;
    const seed = propertySeed(options.seed, name);
    const details = await fc.check(
      fc.asyncProperty(fuzzCase(operation, caseClass), async (fuzz) => {
        const problems = [...(await send(fuzz, 'visitor')), ...(await send(fuzz, 'super'))];
        if (problems.length > 0) throw new Error(problems.join('\n    '));
      }),
      { numRuns: options.runsPerClass, seed, endOnFailure: true },
    );
    report.properties++;
    if (details.failed) {
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      report.failures.push(
        `${name} (FUZZ_SEED=${options.seed} FUZZ_ONLY='${operation.key}'; property seed ${seed}, path ${details.counterexamplePath}):\n    ${error}`,
      );
    }
    onProgress?.(report.properties, properties.length);
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** A few lines for a person: requests, outcomes by status and by case class, duration. */
export function formatReport(report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const count = (prefix: string) =>
    Object.entries(report.byStatus)
      .filter(([status]) => status.startsWith(prefix))
      .reduce((sum, [, n]) => sum + n, 0);
  const classes = Object.entries(report.byClass)
    .map(([name, tally]) => `  ${name.padEnd(26)} ${Object.entries(tally).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`)
    .join('\n');
  return [
    `fuzz seed ${report.seed}: ${report.operations} operations, ${report.properties} properties, ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s ` +
      `(${(report.requests / (report.durationMs / 1000)).toFixed(0)} req/s)`,
    `outcomes: 2xx ${count('2')}, 3xx ${count('3')}, 4xx ${count('4')}, 5xx ${count('5')}`,
    `by status: ${statuses}`,
    `by case class:\n${classes}`,
    `failed properties: ${report.failures.length}`,
  ].join('\n');
}

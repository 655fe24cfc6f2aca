/**
 * HTTP of the crash test (issue 10 "Load and faults"): a real client of the compiled server over
 * TCP, so a `kill -9` cuts its requests off as it would a browser's. Every answer that arrived is
 * an acknowledged write; a request that got none (connection reset) is not.
 */
import { csrfHeadersOf } from '../helpers/server-process';
import { randomBytes } from 'node:crypto';
import { multipart, type FilePart } from '../helpers/multipart';

/** An answer that arrived: status, headers and body (JSON when it parses). */
export interface Answer {
  status: number;
  location: string | null;
  body: unknown;
}

/** Counts answers that arrived, so a test can wait for some before it kills the server. */
export class AnswerCounter {
  private answered = 0;
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];

  /** Records one more answer and wakes the waiters whose count it reached. */
  add(): void {
    this.answered += 1;
    for (const waiter of [...this.waiters]) {
      if (this.answered >= waiter.count) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  get count(): number {
    return this.answered;
  }

  /** Resolves once `count` answers arrived in all (at once when they already have). */
  reached(count: number): Promise<void> {
    if (this.answered >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

/**
 * Sends one request to `origin`; answers null when no answer arrived (the server died with the
 * request in flight). Redirects are not followed (the gateway callback answers 303).
 */
export async function send(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
  counter?: AnswerCounter | AnswerCounter[],
): Promise<Answer | null> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body),
      redirect: 'manual',
    });
    text = await response.text();
  } catch {
    return null;
  }
  for (const each of [counter ?? []].flat()) each.add();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (HTML page, empty 303): keep the text.
  }
  return { status: response.status, location: response.headers.get('location'), body };
}

/** Like {@link send}, but an answer is required and must have `status`. */
export async function expectAnswer(
  origin: string,
  path: string,
  status: number,
  init: Parameters<typeof send>[2] = {},
): Promise<Answer> {
  const answer = await send(origin, path, init);
  if (!answer) throw new Error(`${init.method ?? 'GET'} ${path}: no answer`);
  if (answer.status !== status) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} instead of ${status}: ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/** A signed-in user of the test: id and bearer header. */
export interface Account {
  id: number;
  email: string;
  headers: { authorization: string };
}

/** Registers a new user through the API (email `crash-<hex>@example.com`). */
export async function register(origin: string): Promise<Account> {
  const email = `crash-${randomBytes(6).toString('hex')}@example.com`;
  const answer = await expectAnswer(origin, '/api/auth/register', 201, {
    method: 'POST',
    headers: { ...(await csrfHeadersOf(origin)), 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: 'خریدار آزمون خرابی', email, password: 'Secret123', password_confirmation: 'Secret123' }),
  });
  const { token, data } = answer.body as { token: string; data: { user: { id: number } } };
  return { id: data.user.id, email, headers: { authorization: `Bearer ${token}` } };
}

/** Signs in through the API and answers the bearer header. */
export async function login(origin: string, email: string, password: string): Promise<{ authorization: string }> {
  const answer = await expectAnswer(origin, '/api/auth/login', 200, {
    method: 'POST',
    headers: { ...(await csrfHeadersOf(origin)), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${(answer.body as { token: string }).token}` };
}

/** A dashboard multipart request's `init` for {@link send}. */
export function formInit(
  method: 'POST' | 'PUT',
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): Parameters<typeof send>[2] {
  const form = multipart(fields, files);
  return { method, headers: { ...headers, ...form.headers }, body: form.payload };
}

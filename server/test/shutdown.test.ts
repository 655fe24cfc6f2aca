/**
 * SIGTERM on the compiled server (issue 10 "Production build"): a request already in flight is
 * answered in full, new connections are refused, the database is closed and the process exits 0;
 * the write that request acknowledged is there after a restart. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set. A signal that comes while a mail or SMS file is being written drains too.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { csrfHeadersOf, scratchPostgresDatabase, SERVER_ROOT, startServerProcess, type ServerProcess } from './helpers/server-process';
import { DB_TARGETS, tempDir } from './helpers/test-app';

jest.setTimeout(180_000);

/** Resolves once `predicate` holds for the process output (polled every 50 ms). */
async function outputShows(server: ServerProcess, predicate: (output: string) => boolean): Promise<void> {
  while (!predicate(server.output())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each(DB_TARGETS)('SIGTERM on %s', (target) => {
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    env = { DATA_DIR: tempDir('shop-shutdown-'), SEED: 'false' };
    if (target === 'postgres') {
      const database = await scratchPostgresDatabase('shop_shutdown');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await dropDatabase?.();
  });

  it('finishes the request in flight, refuses new ones, closes the database and keeps the write', async () => {
    const server = await startServerProcess(env);
    servers.push(server);
    const csrf = await csrfHeadersOf(server.origin);
    const body = JSON.stringify({ full_name: 'سارا تستی', email: 'drain@example.com', password: 'Secret123', password_confirmation: 'Secret123' });

    // Headers first, with Expect: 100-continue: the server's "continue" proves it holds the request.
    const request = http.request(`${server.origin}/api/auth/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...csrf,
        expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    await new Promise<void>((resolve) => request.once('continue', () => resolve()));

    server.child.kill('SIGTERM');
    await outputShows(server, (output) => output.includes('SIGTERM: draining'));
    // The listener is closed: a new connection is refused while the old request is still open.
    await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();

    request.end(body);
    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text)).toMatchObject({ data: { user: { email: 'drain@example.com' } } });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('database closed');

    const again = await startServerProcess(env);
    servers.push(again);
    const login = await fetch(`${again.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await csrfHeadersOf(again.origin)) },
      body: JSON.stringify({ email: 'drain@example.com', password: 'Secret123' }),
    });
    expect(login.status).toBe(200);
    await again.stop();
    servers = [];
  });
});

describe('SIGTERM while a mail or SMS file is being written', () => {
  it('drains and exits 0: the signal-exit of write-file-atomic does not end the process by the signal', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'helpers', 'drain-on-signal-process.ts')], {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    while (!output.includes('ready')) {
      if (child.exitCode !== null) throw new Error(`the process ended before it was ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM: draining');
    expect(output).toContain('closed');
  });
});

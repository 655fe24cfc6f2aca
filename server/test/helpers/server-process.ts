/**
 * The compiled server as a real process (issue 10): what `npm start` and the server image run,
 * for the tests that signal, kill or multiply it. Also a scratch PostgreSQL database per test
 * file, so that several processes can share one without the schema resets of test-app.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import processOptions from '../../process-options.json';

/** The server package folder. */
export const SERVER_ROOT = path.resolve(__dirname, '../..');

let compiled = false;

/** Compiles the server to dist/ once per test process (build.mjs takes about a second). */
export function compileServer(): void {
  if (compiled) return;
  const run = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build.mjs failed: ${run.stderr}`);
  compiled = true;
}

/** Resident memory of process `pid`, bytes (VmRSS of /proc). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The ports {@link freePort} has given in this test file: each is meant for a listener of its own. */
const givenPorts = new Set<number>();

/**
 * A TCP port free at the time of the call, chosen by the kernel, and never one this test file was
 * given before: the kernel may hand a port back once its probe closed, and a gateway's remote blocks
 * then listened on the port a test had taken for «nothing listens here» (it answered 404, not 503).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: chosen } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(chosen));
      });
    });
    if (!givenPorts.has(port)) {
      givenPorts.add(port);
      return port;
    }
  }
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (JSON log lines). */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node dist/main.js` on a free port and waits until `/api/health` answers 200.
 * Defaults: production mode without Secure cookies, no static site, PGlite in `DATA_DIR`, no
 * Redis, no demo video lesson; `env` overrides them (DATA_DIR is required).
 * @throws when the process exits or is not healthy within `timeoutMs` (its output in the message)
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  compileServer();
  const port = await freePort();
  let log = '';
  // Started as `npm start` and the server image start it (process-options.json).
  const child = spawn(process.execPath, [...processOptions.nodeArgs, path.join(SERVER_ROOT, 'dist', 'main.js')], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      ...processOptions.env,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SERVE_STATIC: 'false',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The seed's demo video lesson takes seconds of ffmpeg; these tests do not play it.
      SEED_DEMO_LESSON: 'false',
      // Production needs the public origin (issue 31 item 5): the process's own address unless given.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited before it was healthy:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${log}`);
    }
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    port,
    child,
    output: () => log,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}

/** `Cookie` and `X-XSRF-TOKEN` headers of a fresh CSRF pair over real HTTP (register and login are browser forms). */
export async function csrfHeadersOf(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/sanctum/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token) };
}

/**
 * A new, empty database on the PostgreSQL server of `DATABASE_URL`, for processes that share it.
 * @returns its URL and a function that drops it (closing what is still connected)
 */
export async function scratchPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: new URL('/postgres', base).href });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(`/${name}`, base).href;
  return { url, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

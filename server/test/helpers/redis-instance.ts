/**
 * A Redis server of the test's own (issue 23): Debian's `redis-server` on a free port, without
 * persistence, so that a fault test may stop and start it without touching the machine's Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process';

/** A Redis server the test controls. */
export interface RedisInstance {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  /** Starts it (again) on the same port, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (SIGKILL: as a crash or a lost host, no goodbye to the clients). */
  stop(): Promise<void>;
}

/** Resolves once something accepts TCP connections on `port`; rejects after `ms`. */
async function listening(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `redis-server` (on PATH) on a free port. */
export async function startRedisInstance(): Promise<RedisInstance> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const instance: RedisInstance = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await listening(port, 10_000);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await instance.start();
  return instance;
}

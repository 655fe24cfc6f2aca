/**
 * A PostgreSQL server of the test's own (issue 23): Debian's binaries (the `pg_ctl` on PATH and the
 * `initdb` beside it) on a fresh cluster in a temporary folder and a free port, so that a fault test
 * may stop, restart and kill it without touching the machine's server. Run as the `postgres` user
 * when the test runs as root (PostgreSQL refuses root).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/** A running test cluster. */
export interface PostgresInstance {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is ended, then the server exits. */
  stop(): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl restart -m fast` (what a failover, a minor upgrade or a maintenance window does). */
  restart(): Promise<void>;
  /** Stops the server for good and removes its folder. */
  destroy(): void;
}

/** The folder of Debian's PostgreSQL binaries: where the `pg_ctl` on PATH points. */
function binaryFolder(): string {
  const found = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('pg_ctl is not on PATH: install Debian\'s postgresql package');
  return path.dirname(fs.realpathSync(found));
}

/**
 * Creates and starts a cluster (trust authentication on 127.0.0.1; fsync off, since the test
 * measures faults, not durability of the disk).
 * @throws when initdb or the first start fails (their output in the message)
 */
export async function startPostgresInstance(): Promise<PostgresInstance> {
  const bin = binaryFolder();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const command = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]] : [path.join(bin, name), args];
  // Synchronous for set-up; the fault steps run without blocking the test's event loop, whose
  // requests go on meanwhile.
  const runSync = (name: string, args: string[]) => {
    const [file, argv] = command(name, args);
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${name} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  runSync('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  const ctlArgs = (...args: string[]) => ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', ...args];
  const ctl = async (...args: string[]) => {
    const [file, argv] = command('pg_ctl', ctlArgs(...args));
    await promisify(execFile)(file, argv, { cwd: dir });
  };
  runSync('pg_ctl', ctlArgs('start'));
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await ctl('stop', '-m', 'fast');
      running = false;
    },
    async start() {
      await ctl('start');
      running = true;
    },
    async restart() {
      await ctl('restart', '-m', 'fast');
      running = true;
    },
    destroy() {
      if (running) {
        try {
          runSync('pg_ctl', ctlArgs('stop', '-m', 'immediate'));
        } catch {
          // Already gone: the folder goes all the same.
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

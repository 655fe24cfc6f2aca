/**
 * The production gateway in front of server processes (issue 10 "Scale-out"): Debian's nginx
 * (`/usr/sbin/nginx`, `apt-get install nginx`) run as a child process with the routes of
 * `docker/nginx/gateway.conf` itself. The template's `${GATEWAY_*}` placeholders are replaced as
 * the nginx image's envsubst does (NGINX_ENVSUBST_FILTER=^GATEWAY_), and the result is placed in
 * an `http {}` block beside:
 * - `upstream shop_server`: the given server processes (round robin, kept-alive connections).
 *   `GATEWAY_SERVER` is `http://shop_server`, so the template's `proxy_pass $variable` uses the
 *   group and never asks a resolver;
 * - so does everything else (pages and the shell's files, as in the server image);
 * - each remote's location goes to a server block made from `docker/nginx/remote.conf` (what a
 *   remote container runs), on its own free port, serving `remotes/<name>/dist`;
 * - `docker/nginx/gzip.conf`, as the gateway image loads it.
 * Everything nginx writes (pid, logs, temporary files) stays in a fresh temporary folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES } from '@shop/contracts';
import { freePort, SERVER_ROOT } from './server-process';

/** The repository root. */
const REPO_ROOT = path.resolve(SERVER_ROOT, '..');
/** The nginx configuration files of the images (docker/nginx). */
export const NGINX_CONFIG_DIR = path.join(REPO_ROOT, 'docker', 'nginx');
/** Debian's nginx binary. */
export const NGINX_BINARY = '/usr/sbin/nginx';
/** Name of the upstream group of the server processes. */
export const SERVER_UPSTREAM = 'shop_server';

/**
 * `template` with `${NAME}` and `$NAME` replaced for every NAME of `values` that starts with
 * `GATEWAY_`, as the nginx image's `20-envsubst-on-templates.sh` does with
 * NGINX_ENVSUBST_FILTER=^GATEWAY_ (nginx's own `$variables` stay).
 * @throws Error naming the `GATEWAY_*` placeholders `values` lacks
 */
export function substituteGatewayTemplate(template: string, values: Record<string, string>): string {
  const output = template.replace(/\$\{(GATEWAY_[A-Za-z0-9_]+)\}|\$(GATEWAY_[A-Za-z0-9_]+)/g, (whole, braced?: string, bare?: string) => {
    const name = (braced ?? bare)!;
    return Object.hasOwn(values, name) ? values[name]! : whole;
  });
  const missing = [...new Set(output.match(/\$\{?GATEWAY_[A-Za-z0-9_]+/g) ?? [])];
  if (missing.length) throw new Error(`gateway.conf needs ${missing.join(', ')}`);
  return output;
}

/** `upstream <name> { … }` over `origins` (`http://host:port`), with a pool of kept-alive connections. */
function upstreamBlock(name: string, origins: string[]): string {
  const servers = origins.map((origin) => `    server ${new URL(origin).host};`).join('\n');
  return `upstream ${name} {\n${servers}\n    keepalive 64;\n}\n`;
}

/** A remote container's server block (remote.conf) on `port`, serving `dist`. */
function remoteServerBlock(port: number, dist: string): string {
  const conf = fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'remote.conf'), 'utf8');
  const placed = conf.replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${port};`).replace(/^(\s*)root\s+\S+;/m, `$1root ${dist};`);
  if (placed === conf || !placed.includes(`root ${dist};`)) throw new Error('remote.conf: listen 80 or root not found');
  return placed;
}

/**
 * The whole nginx configuration: the gateway on 127.0.0.1:`port` in front of `servers`, the
 * remotes' server blocks, and every file nginx writes in `dir`.
 */
async function gatewayConfiguration(dir: string, port: number, options: GatewayOptions): Promise<string> {
  const remotes: string[] = [];
  const values: Record<string, string> = {
    // Never asked: every upstream below is a group of this configuration.
    GATEWAY_RESOLVER: '127.0.0.1',
    GATEWAY_SERVER: `http://${SERVER_UPSTREAM}`,
    GATEWAY_MEDIA_CACHE_DIR: `${dir}/media_cache`,
  };
  const upstreams = [upstreamBlock(SERVER_UPSTREAM, options.servers)];
  for (const name of REMOTE_NAMES) {
    const remotePort = await freePort();
    const group = `shop_remote_${name.replace(/-/g, '_')}`;
    values[`GATEWAY_REMOTE_${name.toUpperCase().replace(/-/g, '_')}`] = `http://${group}`;
    upstreams.push(upstreamBlock(group, [`http://127.0.0.1:${remotePort}`]));
    remotes.push(remoteServerBlock(remotePort, path.join(REPO_ROOT, 'remotes', name, 'dist')));
  }
  const template = fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'gateway.conf'), 'utf8');
  const gateway = substituteGatewayTemplate(template, values).replace(/^(\s*)listen\s+8080;/m, `$1listen 127.0.0.1:${port};`);
  if (!gateway.includes(`listen 127.0.0.1:${port};`)) throw new Error('gateway.conf: listen 8080 not found');

  return [
    `worker_processes ${options.workers ?? 1};`,
    // As root, nginx's workers would run as nobody, who may not read the temporary folder.
    ...(process.getuid?.() === 0 ? ['user root root;'] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    // What the nginx image's nginx.conf sets around conf.d.
    'include /etc/nginx/mime.types;',
    'default_type application/octet-stream;',
    'sendfile on;',
    'keepalive_timeout 65;',
    `access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind}_temp;`),
    fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'gzip.conf'), 'utf8'),
    ...upstreams,
    ...remotes,
    gateway,
    '}',
    '',
  ].join('\n');
}

/** Options of {@link startGateway}. */
export interface GatewayOptions {
  /** Origins (`http://127.0.0.1:<port>`) of the server processes behind the gateway. */
  servers: string[];
  /** nginx worker processes (default 1: one round robin, so sequential requests alternate). */
  workers?: number;
  /** Port on 127.0.0.1 (default a free one): the servers may need to know it before it starts. */
  port?: number;
  /** Milliseconds to wait for `/gateway-health` (default 15 000). */
  timeoutMs?: number;
}

/** A running gateway. */
export interface Gateway {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Process id of nginx's master process (its workers are its children). */
  pid: number;
  /** nginx's error log so far. */
  errorLog(): string;
  /** Stops nginx (SIGTERM), waits for its exit and removes its temporary folder. */
  stop(): Promise<void>;
}

/**
 * Starts nginx with `docker/nginx/gateway.conf` on a free port of 127.0.0.1 in front of
 * `options.servers`, and waits until `/gateway-health` answers 200.
 * @throws Error when nginx is missing, refuses the configuration, exits, or is not healthy in time
 *   (its output and error log in the message)
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`${NGINX_BINARY} is missing: apt-get install -y nginx`);
  if (!options.servers.length) throw new Error('startGateway needs at least one server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-gateway-'));
  const port = options.port ?? (await freePort());
  const confFile = path.join(dir, 'nginx.conf');
  try {
    fs.writeFileSync(confFile, await gatewayConfiguration(dir, port, options));
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let output = '';
  const child = spawn(NGINX_BINARY, ['-p', dir, '-e', `${dir}/error.log`, '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  child.once('error', (error) => (output += String(error)));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    if (gone || Date.now() > deadline) {
      const why = gone ? 'exited' : 'was not healthy in time';
      const log = `${output}\n${errorLog()}`;
      await stop();
      throw new Error(`nginx ${why}:\n${log}`);
    }
    const healthy = await fetch(`${origin}/gateway-health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { origin, pid: child.pid!, errorLog, stop };
}

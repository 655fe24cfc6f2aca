/**
 * A TCP proxy between a server under test and a service (issue 23 "Connections cut or stalled"):
 * it forwards, cuts every connection, or swallows traffic as a broken network or a lost NAT entry
 * does, without touching the service itself.
 */
import net from 'node:net';
import { freePort } from './server-process';

/** A running proxy on 127.0.0.1. */
export interface TcpProxy {
  port: number;
  /**
   * New connections are forwarded again. Connections swallowed before stay dead for their clients,
   * which hear nothing more; the service's side of them is closed, as its TCP keepalive would.
   */
  forward(): void;
  /** Every open connection is reset; new ones are reset at once until {@link forward}. */
  cut(): void;
  /**
   * Every open connection, and each new one until {@link forward}, stays open but nothing it sends
   * reaches the other side, ever: the peers wait for answers that never come.
   */
  swallow(): void;
  close(): Promise<void>;
}

/** Starts a proxy from a free port to `target` on 127.0.0.1, forwarding. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  type Mode = 'forward' | 'cut' | 'swallow';
  let mode: Mode = 'forward';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; dead: boolean }>();

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair = { client, upstream, dead: mode === 'swallow' };
    pairs.add(pair);
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!pair.dead) to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    // A swallowed connection's client never hears that the service closed its side.
    upstream.on('close', () => pair.dead || end()).on('error', () => pair.dead || end());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    port,
    forward: () => {
      mode = 'forward';
      for (const pair of pairs) if (pair.dead) pair.upstream.destroy();
    },
    cut: () => {
      mode = 'cut';
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.upstream.destroy();
      }
    },
    swallow: () => {
      mode = 'swallow';
      for (const pair of pairs) pair.dead = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

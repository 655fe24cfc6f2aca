/** The graceful shutdown of the listening server (issue 10 "Production build"). */
import type { FastifyBaseLogger } from 'fastify';

/**
 * How long a signal waits for the requests in flight before the process exits anyway, in
 * milliseconds: below Docker's and Kubernetes' 10 s / 30 s grace before their SIGKILL.
 */
export const DRAIN_TIMEOUT_MS = 8_000;

/**
 * Drains `app` on SIGTERM and SIGINT: it stops accepting connections, lets the requests in flight
 * finish (Fastify answers 503 to new requests on kept-alive connections meanwhile), then its onClose
 * hooks close the database, Redis and the mailer, and the process exits 0; it exits 1 when that
 * outlasts `drainTimeoutMs` (milliseconds), and at once on a second signal.
 *
 * The listeners stay for the process's life (`process.on`, not `once`): signal-exit, which
 * write-file-atomic loads while it writes a mail or SMS file, sends a signal again when no other
 * listener is left to handle it, and a `once` listener is already gone when it looks. A SIGTERM
 * during such a write then ended the process by the signal, without draining.
 */
export function drainOnSignals(
  app: { log: Pick<FastifyBaseLogger, 'info' | 'error'>; close: () => PromiseLike<unknown> },
  drainTimeoutMs = DRAIN_TIMEOUT_MS,
): void {
  let draining = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.error(`${signal} while draining: exiting`);
      process.exit(1);
    }
    draining = true;
    app.log.info(`${signal}: draining`);
    setTimeout(() => {
      app.log.error(`requests still running after ${drainTimeoutMs} ms: exiting`);
      process.exit(1);
    }, drainTimeoutMs).unref();
    await app.close();
    app.log.info('closed');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void drain(signal));
}

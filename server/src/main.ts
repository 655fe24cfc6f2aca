/** Starts the server on PORT (default 8080) and HOST (default 0.0.0.0). */
import { buildApp } from './app';
import { requestContext } from './lib/request-log';

/**
 * How long SIGTERM waits for the requests in flight before the process exits anyway, in
 * milliseconds: below Docker's and Kubernetes' 10 s / 30 s grace before their SIGKILL.
 */
const DRAIN_TIMEOUT_MS = 8_000;

async function main(): Promise<void> {
  const app = await buildApp();
  const { port, host } = app.settings.listen;
  // SIGTERM/SIGINT (issue 10 "Production build"): stop accepting connections, let the requests in
  // flight finish (Fastify answers 503 to new requests on kept-alive connections meanwhile), then
  // the onClose hooks close the database, Redis and the mailer.
  const close = async (signal: string) => {
    app.log.info(`${signal}: draining`);
    setTimeout(() => {
      app.log.error(`requests still running after ${DRAIN_TIMEOUT_MS} ms: exiting`);
      process.exit(1);
    }, DRAIN_TIMEOUT_MS).unref();
    await app.close();
    app.log.info('closed');
    process.exit(0);
  };
  // Faults of the services around the server are answered where they happen (issue 23); what still
  // escapes is a bug to see in the log, not a reason to end every request in flight. A thrown
  // exception leaves the process in an unknown state: logged, then the process exits.
  // Logged with the id of the request whose work it was, when there is one.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason, ...requestContext.getStore() }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  });
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  app.log.info(`ready: http://${shown}:${port}/ (API docs: http://${shown}:${port}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

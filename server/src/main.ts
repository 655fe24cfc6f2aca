/** Starts the server on PORT (default 8080) and HOST (default 0.0.0.0). */
import { buildApp } from './app';
import { requestContext } from './lib/request-log';
import { drainOnSignals } from './lib/shutdown';

async function main(): Promise<void> {
  const app = await buildApp();
  const { port, host } = app.settings.listen;
  // Faults of the services around the server are answered where they happen (issue 23); what still
  // escapes is a bug to see in the log, not a reason to end every request in flight. A thrown
  // exception leaves the process in an unknown state: logged, then the process exits.
  // Logged with the id of the request whose work it was, when there is one.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason, ...requestContext.getStore() }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  });
  drainOnSignals(app);
  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  app.log.info(`ready: http://${shown}:${port}/ (API docs: http://${shown}:${port}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

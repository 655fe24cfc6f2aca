/** Starts the server on PORT (default 8080) and HOST (default 0.0.0.0). */
import { buildApp } from './app';

async function main(): Promise<void> {
  const app = await buildApp();
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
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

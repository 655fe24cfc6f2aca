/**
 * `app.files` (modules/files/stored-files.ts): the store with the bookkeeping that keeps files and
 * the rows naming them in step across crashes (issue 10 "Load and faults"). Takes this process's
 * writer lease (an advisory lock on PostgreSQL), sweeps what earlier crashes cut off before the
 * server listens, then again every {@link SWEEP_INTERVAL_MS} (a replica that died while others run
 * is swept by them, without a restart).
 */
import fp from 'fastify-plugin';
import { postgresLease, soleProcessLease, TrackedStoredFiles } from '../../modules/files';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes and discards uploaded files together with their rows (dashboard posts, podcasts, courses, sessions). */
    files: TrackedStoredFiles;
  }
}

/** Time between two sweeps of one process, ms. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export default fp(
  async (app) => {
    const lease = app.dbSession ? await postgresLease(app.dbSession) : soleProcessLease();
    const files = new TrackedStoredFiles(app.storage, lease, app.log);
    app.decorate('files', files);

    const sweep = async () => {
      try {
        const removed = await files.sweep(app.db);
        if (removed > 0) app.log.warn({ removed }, 'removed files of writes cut off by a crash, or discarded and not yet removed');
      } catch (error) {
        app.log.error({ err: error }, 'file sweep failed; the next one tries again');
      }
    };
    await sweep();
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      running ??= sweep().finally(() => (running = undefined));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'stored-files', dependencies: ['db', 'storage'] },
);

/**
 * The demo data's door (issue 6 "Demo data"; issue 34: the seed in its own folder, above the
 * modules whose functions write it, so the database layer imports none). `app.ts` hands
 * {@link demoSeedStep} to the db plugin, which runs it after the migrations in the same exclusive
 * setup step (on PostgreSQL under the advisory lock that keeps replicas from seeding twice).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { seedIfEmpty } from './demo';
import { seedDemoLesson } from './demo-lesson';

/**
 * The setup step that seeds an empty database with the demo data (`seedIfEmpty`, its media into
 * `app.storage`, read when the step runs: the storage plugin loads before the db plugin) and, when
 * `app.settings.demoLesson`, the demo video lesson; a database already seeded gets only what later
 * versions added. Without ffmpeg the lesson is skipped with a warning; any other failure of the
 * seed fails the start.
 */
export function demoSeedStep(app: Pick<FastifyInstance, 'storage' | 'log' | 'settings'>): (db: Db) => Promise<void> {
  return async (db) => {
    const { storage, log, settings } = app;
    if (!(await seedIfEmpty(db, { storage }))) return;
    log.info('seeded demo content into an empty database');
    if (!settings.demoLesson) return;
    try {
      const sessionId = await seedDemoLesson(db, storage, settings.transcode);
      log.info({ sessionId }, 'seeded the demo video lesson');
    } catch (error) {
      log.warn({ err: error }, 'the demo video lesson was not made (is ffmpeg installed?); the demo goes on without it');
    }
  };
}

/**
 * The file store (lib/storage.ts) as `app.storage` (DESIGN.md "Money, payments, mail, media"): the
 * S3-compatible bucket of `settings.s3` (S3_ENDPOINT, S3_BUCKET) when set, else the data folder,
 * `<DATA_DIR>/uploads` (public) and `<DATA_DIR>/private`, whose writes that a crash cut off an hour
 * or more ago are removed here. Loaded before the db plugin, whose seed writes the demo media.
 */
import fp from 'fastify-plugin';
import { LocalFileStorage, type FileStorage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images, audio and lesson files are written and read. */
    storage: FileStorage;
  }
}

export default fp(
  async (app) => {
    const { s3, uploadsDir, privateDir } = app.settings;
    if (s3) {
      // Loaded only when used: the AWS SDK costs about 0.6 s and 20 MB of memory at start.
      const { S3FileStorage } = await import('../../lib/s3-storage');
      const storage = new S3FileStorage(s3);
      app.decorate('storage', storage);
      app.addHook('onClose', async () => storage.destroy());
      return;
    }
    const storage = new LocalFileStorage(uploadsDir, privateDir);
    const removed = await storage.removeStalePartials();
    if (removed > 0) app.log.warn({ removed }, 'removed writes cut off by an earlier crash');
    app.decorate('storage', storage);
  },
  { name: 'storage' },
);

/** The upload store (lib/storage.ts) as `app.storage`: local disk under `<DATA_DIR>/uploads` (public) and `<DATA_DIR>/private`. */
import fp from 'fastify-plugin';
import { LocalFileStorage, type FileStorage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images and audio are written. */
    storage: FileStorage;
  }
}

export default fp(
  async (app) => {
    app.decorate('storage', new LocalFileStorage(app.settings.uploadsDir, app.settings.privateDir));
  },
  { name: 'storage' },
);

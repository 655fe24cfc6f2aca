/**
 * Writes refused before the data folder is full (issue 23 "The data folder full"): PGlite that meets
 * a full disk fails the statement (SQLSTATE 53100) and then blocks the process for good, its next
 * statement never returning; an upload cut by a full disk is a wasted transfer. So while the data
 * folder holds the database (PGlite) or the files (no S3), a request that may write (any method
 * but GET, HEAD and OPTIONS) is answered **507** `storageFull` (Persian, `Retry-After`) when the
 * folder's free space, less the request's body, is under `DATA_DIR_RESERVE_MB` (default 256 MB:
 * room for PostgreSQL's write-ahead log and the writes already running). Reads go on; nothing is
 * half-written. The free space is read at most once a second (`statfs`).
 */
import fs from 'node:fs/promises';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';

/** How long one reading of the free space is trusted, ms. */
export const FREE_SPACE_TTL_MS = 1_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** True while writes are refused for want of space; null when the data folder holds no data (PostgreSQL and S3). */
    dataDirFull: (() => Promise<boolean>) | null;
  }
}

export default fp(
  async (app) => {
    const { dataDir, s3, dataDirReserveBytes } = app.settings;
    if (app.dbKind !== 'pglite' && s3) {
      app.decorate('dataDirFull', null);
      return;
    }
    let reading: { at: number; free: Promise<number> } | null = null;
    const freeBytes = () => {
      if (!reading || Date.now() - reading.at > FREE_SPACE_TTL_MS) {
        const free = fs.statfs(dataDir).then((stats) => stats.bavail * stats.bsize);
        const current = { at: Date.now(), free };
        reading = current;
        // A failed reading is not kept: the next request reads again.
        free.catch(() => {
          if (reading === current) reading = null;
        });
      }
      return reading.free;
    };

    app.decorate('dataDirFull', async () => (await freeBytes()) < dataDirReserveBytes);

    app.addHook('onRequest', async (request) => {
      if (READS.has(request.method)) return;
      const body = Number(request.headers['content-length']) || 0;
      const free = await freeBytes();
      if (free - body >= dataDirReserveBytes) return;
      request.log.warn({ free, body, reserve: dataDirReserveBytes }, 'data folder nearly full: write refused');
      throw new ApiError(507, MESSAGES.storageFull);
    });
  },
  { name: 'disk-guard', dependencies: ['db', 'error-handler'] },
);

/** Jest setup file: points DATABASE_URL of this test file at its worker's database (see worker-databases.ts). */
import { workerDatabaseUrl } from './worker-databases';

if (process.env.DATABASE_URL && process.env.JEST_WORKER_ID) {
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, process.env.JEST_WORKER_ID);
}

/** Jest global teardown: drops the workers' PostgreSQL databases (see worker-databases.ts). */
import { onServer, workerDatabaseName } from './worker-databases';

export default async function globalTeardown(globalConfig: { maxWorkers: number }): Promise<void> {
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) return;
  for (let worker = 1; worker <= globalConfig.maxWorkers; worker += 1) {
    await onServer(runUrl, `DROP DATABASE IF EXISTS ${workerDatabaseName(runUrl, worker)} WITH (FORCE)`);
  }
}

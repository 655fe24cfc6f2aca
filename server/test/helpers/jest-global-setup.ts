/** Jest global setup: a fresh PostgreSQL database for each worker (see worker-databases.ts). */
import type { Config } from 'jest';
import { onServer, workerDatabaseName } from './worker-databases';

export default async function globalSetup(globalConfig: { maxWorkers: number }, _project: Config): Promise<void> {
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) return;
  for (let worker = 1; worker <= globalConfig.maxWorkers; worker += 1) {
    const name = workerDatabaseName(runUrl, worker);
    await onServer(runUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await onServer(runUrl, `CREATE DATABASE ${name}`);
  }
}

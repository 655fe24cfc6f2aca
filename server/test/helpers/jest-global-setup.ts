/**
 * Jest global setup: a folder for this run's PGlite images (database-images.ts; the workers inherit
 * TEST_DATABASE_IMAGES), and a fresh PostgreSQL database for each worker (worker-databases.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from 'jest';
import { onServer, templateNamesOf, workerDatabaseName } from './worker-databases';

export default async function globalSetup(globalConfig: { maxWorkers: number }, _project: Config): Promise<void> {
  process.env.TEST_DATABASE_IMAGES = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-images-'));
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) return;
  for (let worker = 1; worker <= globalConfig.maxWorkers; worker += 1) {
    const name = workerDatabaseName(runUrl, worker);
    // Templates left by an interrupted run hold that run's migrations and seed.
    for (const template of templateNamesOf(name)) await onServer(runUrl, `DROP DATABASE IF EXISTS "${template}"`);
    await onServer(runUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await onServer(runUrl, `CREATE DATABASE "${name}"`);
  }
}

/** Jest global teardown: removes the run's database images and the workers' PostgreSQL databases. */
import fs from 'node:fs';
import { onServer, templateNamesOf, workerDatabaseName } from './worker-databases';

export default async function globalTeardown(globalConfig: { maxWorkers: number }): Promise<void> {
  const images = process.env.TEST_DATABASE_IMAGES;
  if (images) fs.rmSync(images, { recursive: true, force: true });
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) return;
  for (let worker = 1; worker <= globalConfig.maxWorkers; worker += 1) {
    const name = workerDatabaseName(runUrl, worker);
    await onServer(runUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    for (const template of templateNamesOf(name)) await onServer(runUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  }
}

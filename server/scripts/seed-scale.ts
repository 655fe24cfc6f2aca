/**
 * `npm run seed:scale -w server`: fills a PostgreSQL database up to the scale of issue 9 (100 000
 * posts, 20 000 podcasts, 2 000 courses with sessions, 1 000 000 comments; see src/seed/scale.ts).
 * DATABASE_URL names it (default BENCH_SCALE_DATABASE_URL's default, the database `bench:api`
 * measures at scale), created when missing; it is migrated and given the demo seed first when empty.
 * A database already at scale is left as it is: run it again after a drop to start over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/seed/demo';
import { seedScale } from '../src/seed/scale';
import { LocalFileStorage } from '../src/lib/storage';
import { createDatabaseIfMissing, SCALE_DATABASE_URL } from './bench-db';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL || SCALE_DATABASE_URL;
  await createDatabaseIfMissing(url);
  const database = await openDatabase({ url });
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-scale-'));
  try {
    const started = Date.now();
    await seedIfEmpty(database.db, { storage: new LocalFileStorage(path.join(mediaDir, 'uploads'), path.join(mediaDir, 'private')) });
    const written = await seedScale(database.db);
    console.log(
      `[seed:scale] ${url.replace(/\/\/[^@]*@/, '//…@')}: wrote ${JSON.stringify(written)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[seed:scale] failed:', error);
  process.exit(1);
});

/**
 * `npm run seed:orders -w server -- --count 200000`: fills a large order history (issue 6
 * "Demo data") into the database the server uses: DATABASE_URL, else the PGlite files of
 * DATA_DIR (default `<repo>/data`, the folder `npm start` uses). An empty database gets the demo
 * content first. Stop a server running on the same PGlite folder before running it.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/seed/demo';
import { seedBulkOrders } from '../src/seed/orders';
import { LocalFileStorage } from '../src/lib/storage';
import { REPO_ROOT } from '../src/settings';

/** The value of `--count N` (default 200 000). */
function countArg(argv: string[]): number {
  const at = argv.indexOf('--count');
  const count = at === -1 ? 200_000 : Number(argv[at + 1]);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count takes a positive whole number');
  return count;
}

async function main(): Promise<void> {
  const count = countArg(process.argv.slice(2));
  const url = process.env.DATABASE_URL || undefined;
  // npm -w runs this in server/; a relative DATA_DIR is meant from where npm was called.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const database = await openDatabase({ url, dataDir });
  try {
    await seedIfEmpty(database.db, { storage: new LocalFileStorage(path.join(dataDir, 'uploads'), path.join(dataDir, 'private')) });
    const started = Date.now();
    const written = await seedBulkOrders(database.db, { count });
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `[seed:orders] wrote ${written} orders into ${url ? 'PostgreSQL' : `PGlite at ${dataDir}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('[seed:orders] failed:', error);
  process.exit(1);
});

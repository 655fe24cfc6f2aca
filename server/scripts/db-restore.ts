/**
 * `npm run db:restore -- <file> [--replace]` (issue 10 "Operations"): puts a tarball of
 * `npm run db:backup` back as the embedded PGlite database of DATA_DIR (see db-backup.ts for the
 * folder), through PGlite's own `loadDataDir`.
 *
 * Never over live data: the tarball is unpacked into a new folder beside `<DATA_DIR>/db`, opened
 * and checked there (it must hold this app's migrations table), then moved into place. When
 * `<DATA_DIR>/db` already holds a database the restore refuses unless `--replace` is given, and
 * then that database is moved aside to `db.before-restore-<UTC time>`, not deleted. It always
 * refuses while the database is open (a server is running on it). A failed restore leaves
 * `<DATA_DIR>/db` as it was.
 *
 * With DATABASE_URL set it prints that PostgreSQL is restored with `pg_restore` and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { assertNotOpen, backupStamp, dataDirOf, DbToolRefused, pgliteDirOf, POSTGRES_ADVICE } from './db-backup';

/** What {@link restorePglite} did: the database folder, and where the one it replaced went. */
export interface RestoreResult {
  dbDir: string;
  movedAside: string | undefined;
}

/** Opens the unpacked tarball in `dir` and checks that it is a database of this app. */
async function unpack(tarball: string, dir: string): Promise<void> {
  const pglite = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(tarball)]) });
  try {
    await pglite.query('select count(*) from drizzle.__drizzle_migrations');
  } catch (error) {
    throw new DbToolRefused(`${tarball} is not a database of this site (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    // A tarball PGlite could not start from leaves nothing open (and close() would throw again).
    if (pglite.ready) await pglite.close();
  }
}

/**
 * Restores `tarball` as the PGlite database of `dataDir`.
 * @param options.replace move an existing database aside instead of refusing
 * @throws DbToolRefused when the tarball is missing or not this app's, the database is open, or
 *   one exists without `replace`
 */
export async function restorePglite(dataDir: string, tarball: string, options: { replace?: boolean } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(tarball)) throw new DbToolRefused(`no file ${tarball}`);
  const dbDir = pgliteDirOf(dataDir);
  const existing = fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0;
  if (existing) {
    assertNotOpen(dbDir);
    if (!options.replace) {
      throw new DbToolRefused(`${dbDir} holds a database: pass --replace to move it aside (it is kept) and restore`);
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const stamp = backupStamp();
  const unpacked = `${dbDir}.restoring-${stamp}`;
  try {
    await unpack(tarball, unpacked);
  } catch (error) {
    fs.rmSync(unpacked, { recursive: true, force: true });
    throw error;
  }
  let movedAside: string | undefined;
  if (existing) {
    movedAside = `${dbDir}.before-restore-${stamp}`;
    fs.renameSync(dbDir, movedAside);
  } else {
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
  fs.renameSync(unpacked, dbDir);
  return { dbDir, movedAside };
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.error(POSTGRES_ADVICE);
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace');
  if (files.length !== 1 || unknown.length > 0) {
    throw new DbToolRefused('usage: npm run db:restore -- <backup.tar.gz> [--replace]');
  }
  const tarball = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const { dbDir, movedAside } = await restorePglite(dataDirOf(), tarball, { replace: args.includes('--replace') });
  console.log(`[db:restore] ${tarball} → ${dbDir}`);
  if (movedAside) console.log(`[db:restore] the previous database is kept in ${movedAside}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('[db:restore] failed:', error instanceof DbToolRefused ? error.message : error);
    process.exit(1);
  });
}

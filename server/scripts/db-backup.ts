/**
 * `npm run db:backup [-- <file>]` (issue 10 "Operations"): copies the embedded PGlite database of
 * DATA_DIR (default `<repo>/data`, the folder `npm start` uses; a relative DATA_DIR counts from
 * where npm was called) into one gzipped tarball made by PGlite's own `dumpDataDir()`: by default
 * `<DATA_DIR>/backups/<UTC time>.tar.gz`, else `<file>`. `npm run db:restore` reads it back.
 *
 * Consistency: PGlite is one process's database, with no lock between processes. The backup opens
 * the files itself, so it refuses while `<DATA_DIR>/db/postmaster.pid` exists: PGlite writes that
 * file while a database is open and removes it on a clean close, so its presence means a server is
 * running on the folder (or stopped without closing it: starting and stopping the server once
 * recovers and closes it). The tarball is written beside its name and renamed when complete, so a
 * file with the final name is never truncated. Uploads (`uploads/`, `private/`) and `app-key` are
 * plain files: copy them with it.
 *
 * With DATABASE_URL set it prints that PostgreSQL is backed up with `pg_dump -Fc` and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPglite } from '../src/db/client';
import { REPO_ROOT } from '../src/settings';

/** A backup or restore that must not run as asked: the message says why and what to do. */
export class DbToolRefused extends Error {
  override name = 'DbToolRefused';
}

/** What both scripts print when DATABASE_URL is set: PostgreSQL has its own tools. */
export const POSTGRES_ADVICE = [
  'DATABASE_URL is set: db:backup and db:restore handle the embedded PGlite database only.',
  "PostgreSQL is backed up and restored with its own tools (pg_dump of the server's major version or newer):",
  '  pg_dump -Fc -d "$DATABASE_URL" -f shop.dump',
  '  pg_restore --no-owner -d "<URL of a new, empty database>" shop.dump',
].join('\n');

/** The data folder of the scripts: DATA_DIR from where npm was called, else `<repo>/data`. */
export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
}

/** PGlite's folder inside a data folder (plugins/external/db.ts opens `<dataDir>/db`). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'db');

/** Throws {@link DbToolRefused} when a PGlite database in `dbDir` is open (or was not closed). */
export function assertNotOpen(dbDir: string): void {
  if (fs.existsSync(path.join(dbDir, 'postmaster.pid'))) {
    throw new DbToolRefused(
      `the PGlite database in ${dbDir} is open (postmaster.pid exists): stop the server first. ` +
        'If it is already stopped, it did not close the database: start and stop it once, then try again.',
    );
  }
}

/** `2026-03-01T09-30-00Z`: a UTC time usable as a file name everywhere. */
export function backupStamp(now = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

/** Throws {@link DbToolRefused} when `file` exists: a backup never overwrites one. */
function assertAbsent(file: string): void {
  if (fs.existsSync(file)) throw new DbToolRefused(`${file} exists already: choose another name`);
}

/** Writes `data` to `file` durably: a `.partial` beside it, flushed, then renamed (never overwrites). */
function writeAtomically(file: string, data: Uint8Array): void {
  assertAbsent(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}

/**
 * Backs up the PGlite database of `dataDir` into a gzipped tarball.
 * @param target file to write; default `<dataDir>/backups/<backupStamp()>.tar.gz`
 * @returns the path written and its size in bytes
 * @throws DbToolRefused when there is no database, it is open, or `target` exists
 */
export async function backupPglite(dataDir: string, target?: string): Promise<{ file: string; bytes: number }> {
  const dbDir = pgliteDirOf(dataDir);
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new DbToolRefused(`no PGlite database in ${dbDir}`);
  assertNotOpen(dbDir);
  const file = target ?? path.join(dataDir, 'backups', `${backupStamp()}.tar.gz`);
  assertAbsent(file);
  const pglite = createPglite(dbDir);
  let tarball: Uint8Array;
  try {
    await pglite.waitReady;
    tarball = new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
  writeAtomically(file, tarball);
  return { file, bytes: tarball.byteLength };
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.error(POSTGRES_ADVICE);
    process.exit(1);
  }
  const [target] = process.argv.slice(2);
  const dataDir = dataDirOf();
  const started = Date.now();
  const { file, bytes } = await backupPglite(dataDir, target && path.resolve(process.env.INIT_CWD ?? process.cwd(), target));
  console.log(`[db:backup] ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`[db:backup] uploads, private files and app-key are plain files in ${dataDir}: copy them too`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('[db:backup] failed:', error instanceof DbToolRefused ? error.message : error);
    process.exit(1);
  });
}

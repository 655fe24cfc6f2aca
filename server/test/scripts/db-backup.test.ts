/**
 * `npm run db:backup` / `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts; issue 10
 * "Operations"): a PGlite data folder with rows is backed up, restored into another folder and
 * opened there; open databases and existing ones are never overwritten.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { createPglite, openDatabase } from '../../src/db/client';
import { users } from '../../src/modules/users/tables';
import { backupPglite, DbToolRefused, pgliteDirOf } from '../../scripts/db-backup';
import { restorePglite } from '../../scripts/db-restore';
import { tempDir } from '../helpers/test-app';
import { pgliteFromImage } from '../helpers/database-images';
import { compileServer, SERVER_ROOT } from '../helpers/server-process';

const PEOPLE = [
  { full_name: 'سارا احمدی', email: 'sara@example.com', password_hash: 'x' },
  { full_name: 'علی رضایی', email: 'ali@example.com', password_hash: 'x' },
];

/**
 * A migrated PGlite data folder holding {@link PEOPLE}, closed again: a copy of the worker's bare
 * image: migrating a new database took over a minute on a busy 2-core CI machine.
 */
async function dataDirWithRows(): Promise<string> {
  const dataDir = tempDir('shop-backup-');
  const database = await openDatabase({ pglite: await pgliteFromImage('bare', pgliteDirOf(dataDir)) });
  await database.db.insert(users).values(PEOPLE);
  await database.close();
  return dataDir;
}

/** A new data folder holding a copy of `dataDir`'s (closed) database. */
function copyOf(dataDir: string): string {
  const copy = tempDir('shop-restore-');
  fs.cpSync(pgliteDirOf(dataDir), pgliteDirOf(copy), { recursive: true });
  return copy;
}

/** Names of the users in the PGlite database folder `dbDir`. */
async function namesIn(dbDir: string): Promise<string[]> {
  const pglite = createPglite(dbDir);
  try {
    const { rows } = await pglite.query<{ full_name: string }>('select full_name from users order by id');
    return rows.map((row) => row.full_name);
  } finally {
    await pglite.close();
  }
}

const NAMES = PEOPLE.map((person) => person.full_name);

describe('db:backup and db:restore (PGlite)', () => {
  let source: string;
  let backup: string;

  beforeAll(async () => {
    source = await dataDirWithRows();
    ({ file: backup } = await backupPglite(source));
  });

  it('writes a gzipped tarball to <DATA_DIR>/backups/<UTC time>.tar.gz, nothing half-written beside it', () => {
    expect(path.dirname(backup)).toBe(path.join(source, 'backups'));
    expect(path.basename(backup)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect([...fs.readFileSync(backup).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(fs.readdirSync(path.dirname(backup))).toEqual([path.basename(backup)]);
  });

  it('restores into a new data folder whose database the server opens with the rows', async () => {
    const target = tempDir('shop-restore-');
    const result = await restorePglite(target, backup);
    expect(result).toEqual({ dbDir: pgliteDirOf(target), movedAside: undefined });
    expect(fs.readdirSync(target)).toEqual(['db']);
    const database = await openDatabase({ dataDir: target });
    try {
      const rows = await database.db.select({ name: users.full_name }).from(users).orderBy(asc(users.id));
      expect(rows.map((row) => row.name)).toEqual(NAMES);
    } finally {
      await database.close();
    }
  });

  it('refuses to back up while the database is open (a server runs on the folder)', async () => {
    const running = createPglite(pgliteDirOf(source));
    await running.waitReady;
    try {
      await expect(backupPglite(source, path.join(source, 'while-open.tar.gz'))).rejects.toThrow(/stop the server/);
      expect(fs.existsSync(path.join(source, 'while-open.tar.gz'))).toBe(false);
    } finally {
      await running.close();
    }
  });

  it('never overwrites a backup file', async () => {
    await expect(backupPglite(source, backup)).rejects.toThrow(DbToolRefused);
  });

  it('refuses to restore over a database unless told to replace it, and then keeps the old one aside', async () => {
    const target = copyOf(source);
    const before = createPglite(pgliteDirOf(target));
    await before.query(`insert into users (full_name, email, password_hash) values ('فقط در مقصد', 'only@example.com', 'x')`);
    await before.close();

    await expect(restorePglite(target, backup)).rejects.toThrow(/--replace/);
    expect(await namesIn(pgliteDirOf(target))).toEqual([...NAMES, 'فقط در مقصد']);

    const { movedAside } = await restorePglite(target, backup, { replace: true });
    expect(await namesIn(pgliteDirOf(target))).toEqual(NAMES);
    expect(movedAside).toMatch(/db\.before-restore-\d{4}-/);
    expect(await namesIn(movedAside!)).toEqual([...NAMES, 'فقط در مقصد']);
  });

  it('refuses to restore over an open database even with --replace', async () => {
    const target = copyOf(source);
    const running = createPglite(pgliteDirOf(target));
    await running.waitReady;
    try {
      await expect(restorePglite(target, backup, { replace: true })).rejects.toThrow(/stop the server/);
      expect(fs.readdirSync(target)).toEqual(['db']);
    } finally {
      await running.close();
    }
  });

  it('refuses a file that is not a backup and leaves the data folder as it was', async () => {
    const target = tempDir('shop-restore-');
    const junk = path.join(target, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    await expect(restorePglite(target, junk)).rejects.toThrow(/not a database of this site/);
    expect(fs.readdirSync(target)).toEqual(['junk.tar.gz']);
  });

  it('on PostgreSQL (DATABASE_URL set) both compiled scripts name pg_dump -Fc / pg_restore and exit non-zero', () => {
    compileServer();
    for (const script of ['db-backup.js', 'db-restore.js']) {
      const run = spawnSync(process.execPath, [path.join('dist', script), 'x.tar.gz'], {
        cwd: SERVER_ROOT,
        env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('pg_dump -Fc');
      expect(run.stderr).toContain('pg_restore');
    }
  });
});

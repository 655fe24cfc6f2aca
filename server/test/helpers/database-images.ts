/**
 * Ready databases for test apps: each jest worker migrates (and seeds) a database once per kind,
 * keeps an image of it, and starts every later test app from a copy of that image. A new PGlite
 * takes seconds to create, migrate and seed on a busy 2-core machine; loading an image takes about
 * one. The app then finds its migrations applied and its demo content present, as a restarted
 * server does, and writes its demo media into its own data folder (seed/demo.ts `seedIfEmpty`).
 *
 * - PGlite: a data folder in the run's folder `TEST_DATABASE_IMAGES` (made by the global setup,
 *   removed by the global teardown), one per worker and kind, copied for each app.
 * - PostgreSQL: a template database per worker and kind; the worker's database is dropped and
 *   created again from it (`CREATE DATABASE … TEMPLATE`, a file copy of a fraction of a second).
 *
 * Jest gives each test file its own module registry, so the images are found again by name (file,
 * database), not kept in a variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp, type AppOptions } from '../../src/app';
import { createPglite } from '../../src/db/client';
import { onServer, templateDatabaseName, type ImageKind } from './worker-databases';

/** The image kind an app of `options` can start from, or undefined when it must make its own database. */
export function imageKindOf(options: AppOptions): ImageKind | undefined {
  // The demo video lesson is rendered by ffmpeg during the seed: its tests watch that happen.
  if (options.demoLesson) return undefined;
  return options.seed === false ? 'bare' : 'seeded';
}

/** The folder of this run's PGlite images (env TEST_DATABASE_IMAGES, set by the global setup). */
function imagesFolder(): string {
  const folder = process.env.TEST_DATABASE_IMAGES;
  if (!folder) throw new Error('TEST_DATABASE_IMAGES is not set: jest runs test/helpers/jest-global-setup.ts first');
  return folder;
}

const workerId = () => process.env.JEST_WORKER_ID ?? '1';

/** An app on a fresh database of `kind`, made only to be imaged (no logging, no static files). */
async function imageApp(kind: ImageKind, options: AppOptions) {
  const dataDir = fs.mkdtempSync(path.join(imagesFolder(), 'data-'));
  return buildApp({ dataDir, logger: false, serveStatic: false, demoLesson: false, seed: kind === 'seeded', ...options });
}

/**
 * This worker's PGlite image of `kind` (a data folder, as PGlite on disk keeps it), made first if missing.
 * @returns the image folder's path; rejects with PGlite's or the app's error.
 */
export async function pgliteImageFolder(kind: ImageKind): Promise<string> {
  const folder = path.join(imagesFolder(), `pglite-w${workerId()}-${kind}`);
  if (!fs.existsSync(folder)) {
    const partial = `${folder}.${process.pid}.partial`;
    const source = createPglite(partial);
    await source.waitReady;
    const app = await imageApp(kind, { pglite: source });
    await app.close();
    fs.renameSync(partial, folder);
  }
  return folder;
}

/** The folders this test file's apps were given by {@link pgliteFromImage}, with their PGlite. */
const appFolders = new Map<string, PGlite>();

/**
 * Removes this worker's app folders (about 46 MB each, a few hundred in a run) whose PGlite is
 * closed, and those of its earlier test files: a worker runs one file at a time, so a folder this
 * file did not make belongs to a file that has ended. The global teardown removes the rest.
 */
function removeFinishedAppFolders(prefix: string): void {
  for (const name of fs.readdirSync(imagesFolder())) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(imagesFolder(), name);
    if (appFolders.get(folder)?.closed === false) continue;
    fs.rmSync(folder, { recursive: true, force: true });
    appFolders.delete(folder);
  }
}

/**
 * A PGlite on a copy of this worker's `kind` image: in the folder `dir`, or in a new folder of the
 * run's, removed once the PGlite is closed. On disk, as the server keeps it (PGlite's NODEFS):
 * copying a folder and reading the pages a test needs costs a worker about a third less CPU than
 * unpacking a tarball of the whole database into memory (issue 33 item 2).
 * @returns the PGlite, ready; rejects with PGlite's or the app's error.
 */
export async function pgliteFromImage(kind: ImageKind, dir?: string): Promise<PGlite> {
  const image = await pgliteImageFolder(kind);
  let folder = dir;
  if (!folder) {
    const prefix = `app-w${workerId()}-`;
    removeFinishedAppFolders(prefix);
    folder = fs.mkdtempSync(path.join(imagesFolder(), prefix));
  }
  fs.cpSync(image, folder, { recursive: true });
  const pglite = createPglite(folder);
  if (!dir) appFolders.set(folder, pglite);
  await pglite.waitReady;
  return pglite;
}

/**
 * Makes the PostgreSQL database of `url` (this worker's) a fresh copy of its `kind` template,
 * making the template first if missing. Connections still open to that database are ended.
 * @throws the server's error when a database cannot be dropped or created.
 */
export async function postgresFromImage(url: string, kind: ImageKind): Promise<void> {
  const database = new URL(url).pathname.slice(1);
  const template = templateDatabaseName(database, kind);
  const exists = (await onServer(url, 'SELECT 1 FROM pg_database WHERE datname = $1', [template])).length === 1;
  if (!exists) {
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    await onServer(url, `CREATE DATABASE "${template}"`);
    try {
      const app = await imageApp(kind, { databaseUrl: templateUrl.href });
      await app.close();
    } catch (error) {
      // A half-made template would be copied by every later app.
      await onServer(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      throw error;
    }
  }
  await onServer(url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await onServer(url, `CREATE DATABASE "${database}" TEMPLATE "${template}"`);
}

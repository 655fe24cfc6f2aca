/**
 * Ready databases for test apps: each jest worker migrates (and seeds) a database once per kind,
 * keeps an image of it, and starts every later test app from a copy of that image. A new PGlite
 * takes seconds to create, migrate and seed on a busy 2-core machine; loading an image takes about
 * one. The app then finds its migrations applied and its demo content present, as a restarted
 * server does, and writes its demo media into its own data folder (seed/demo.ts `seedIfEmpty`).
 *
 * - PGlite: a `dumpDataDir` tarball in the run's folder `TEST_DATABASE_IMAGES` (made by the global
 *   setup, removed by the global teardown), one file per worker and kind.
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
 * This worker's PGlite image of `kind` (an uncompressed `dumpDataDir` tarball), made first if missing.
 * @returns the image file's path; rejects with PGlite's or the app's error.
 */
export async function pgliteImageFile(kind: ImageKind): Promise<string> {
  const file = path.join(imagesFolder(), `pglite-w${workerId()}-${kind}.tar`);
  if (!fs.existsSync(file)) {
    const source = createPglite();
    await source.waitReady;
    const app = await imageApp(kind, { pglite: source });
    try {
      const image = await source.dumpDataDir('none');
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await app.close();
    }
  }
  return file;
}

/**
 * A PGlite holding a copy of this worker's `kind` image: in memory, or in the folder `dir`.
 * @returns the PGlite, ready; rejects with PGlite's or the app's error.
 */
export async function pgliteFromImage(kind: ImageKind, dir?: string): Promise<PGlite> {
  const pglite = createPglite(dir, new Blob([fs.readFileSync(await pgliteImageFile(kind))]));
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

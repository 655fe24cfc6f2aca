/**
 * Test apps on every database target: PGlite always, and PostgreSQL when DATABASE_URL is set.
 * Each app starts on a fresh copy of its worker's migrated and seeded image (database-images.ts;
 * PGlite on disk, as the server keeps it), but an app with the demo video lesson migrates and seeds
 * its own (PGlite in memory). Each test file builds its own app; jest runs two files at a time,
 * each worker on its own PostgreSQL database (worker-databases.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { buildApp, type AppOptions } from '../../src/app';
import { createPglite } from '../../src/db/client';
import { imageKindOf, pgliteFromImage, postgresFromImage } from './database-images';

export type DbTarget = 'pglite' | 'postgres';

/** The targets of this run: `pglite`, plus `postgres` when DATABASE_URL is set. */
export const DB_TARGETS: DbTarget[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh temporary data folder. */
export function tempDir(prefix = 'shop-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Builds a seeded app on `target` with logging, static serving and the demo video lesson off unless overridden. */
export async function buildTestApp(target: DbTarget, overrides: AppOptions = {}): Promise<FastifyInstance> {
  // No demo video lesson (seed/demo-lesson.ts): rendering it takes seconds; its own test turns it on.
  const base: AppOptions = { dataDir: tempDir(), logger: false, serveStatic: false, demoLesson: false, ...overrides };
  const kind = imageKindOf(base);
  if (target === 'postgres') {
    const url = process.env.DATABASE_URL!;
    if (kind) await postgresFromImage(url, kind);
    else await resetPostgres(url);
    return buildApp({ ...base, databaseUrl: url });
  }
  // Start PGlite first: on a busy machine its first start alone can outlast Fastify's 10 s plugin timeout.
  const pglite = kind ? await pgliteFromImage(kind) : createPglite();
  await pglite.waitReady;
  return buildApp({ ...base, pglite });
}

/** Drops the app schemas of the PostgreSQL database `url`: the app migrates and seeds it again. */
async function resetPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

/** Value of a cookie set by a response, with its attributes. */
export function setCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

/** A valid XSRF pair: headers to send with a mutating browser request. */
export async function csrfHeaders(app: FastifyInstance): Promise<{ cookie: string; 'x-xsrf-token': string }> {
  const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const token = setCookie(response, 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

/** The known-device cookie each app gave each email, sent back as a browser would (issue 31 item 1). */
const knownDevices = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * Logs in through the API (with CSRF headers) and returns the bearer token. Like one browser, it
 * keeps the known-device cookie of each account, so a test's many sign-ins are never held back as
 * guesses from new devices.
 */
export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const devices = knownDevices.get(app) ?? new Map<string, string>();
  knownDevices.set(app, devices);
  const csrf = await csrfHeaders(app);
  const device = devices.get(email.toLowerCase());
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...csrf, cookie: device ? `${csrf.cookie}; known_device=${device}` : csrf.cookie },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const issued = setCookie(response, 'known_device')?.value;
  if (issued) devices.set(email.toLowerCase(), issued);
  return response.json<{ token: string }>().token;
}

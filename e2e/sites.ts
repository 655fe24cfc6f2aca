import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The sites the browser tests run on (issue 33 item 2): the same build served twice, each site its
 * own server process on its own port with its own embedded database and data folder, so that two
 * shares of the tests run side by side without seeing each other's writes. A test spends much of
 * its time waiting for pages and answers, so two keep two cores busy; three made the machine so
 * busy that pages settled late enough for tests to trip (issue 33's note). Not 8080, so a running
 * `npm start` does not get in the way.
 */
export const SITE_PORTS = [8090, 8091] as const;

/** The data folder (embedded database, media, mail and SMS outboxes) of the site on `port`. */
export function dataDirOf(port: number): string {
  return path.join(__dirname, '.artifacts', `site-${port}`, 'data');
}

/** The site's address on `port`, the `baseURL` of the tests that run on it. */
export function siteUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** The port of the site at `baseURL` (one of {@link SITE_PORTS}). @throws for another address. */
export function portOf(baseURL: string | undefined): number {
  const port = Number(new URL(baseURL ?? '').port);
  if (!SITE_PORTS.includes(port as (typeof SITE_PORTS)[number])) throw new Error(`${baseURL} is not a site of the browser tests`);
  return port;
}

/** The address of the site the running test uses: its project's `baseURL`. */
export function siteOfTest(): string {
  const { baseURL } = test.info().project.use;
  portOf(baseURL);
  return baseURL!;
}

import { expect, test } from '../test';
import { logIn } from './accounts';
import { checkAccessibility as check, type Found } from './axe';
import { dashboardPages, open } from './dashboard-pages';

// The dashboard's half of the accessibility check (accessibility.spec.ts has the public pages): a
// file of its own, so that the two halves run on different sites side by side (playwright.config.ts).
test('every dashboard page has no WCAG 2.1 A/AA violation', async ({ browser }) => {
  // One test crawls every dashboard page (about 45, and more with each section): on a 2-core CI
  // machine it outgrew 240 s (ci13 and ci16 of 2026-11-29 ended at that bound, mid-crawl).
  test.setTimeout(480_000);
  const started = Date.now();
  const found: Found = {};
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(staff, 'super');
  await open(staff, '/dashboard');
  await check(staff, '/dashboard', found);
  const { all } = await dashboardPages(staff, (path) => check(staff, path, found));
  expect(all.length).toBeGreaterThan(20);
  await staff.context().close();

  console.log(`accessibility: ${1 + all.length} dashboard pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(found).toEqual({});
});

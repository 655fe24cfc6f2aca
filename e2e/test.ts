import { test as base } from '@playwright/test';

export { expect, request, type APIRequestContext, type Browser, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Playwright's `test` for every browser test, with one automatic fixture: when a test passes, the
 * browser contexts it opened itself (`browser.newContext()`) are closed; the `page` fixture's is
 * Playwright's to close. Left open, a test's pages (a lesson player, a dashboard that polls) would
 * go on running beside the later tests of its worker, on a machine that the server's tests share
 * (issue 33 item 2). A failed test's are left for Playwright's screenshots of them.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});

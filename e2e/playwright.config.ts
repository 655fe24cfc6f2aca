import { defineConfig } from '@playwright/test';

/** Port of the site under test: not 8080, so a running `npm start` does not get in the way. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * Browser tests of the whole federated site, as `npm start` serves it, in Debian's
 * Chromium (Playwright's own browser download does not work here). Each run starts from a
 * fresh embedded database, seeded with the demo data.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'fa-IR',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'rm -rf .artifacts/data && node ../scripts/start.mjs',
    // The server answers while front ends still build (scripts/start.mjs): ./global-setup.ts then
    // waits for every one of them.
    url: `http://localhost:${E2E_PORT}/api/site-information`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The embedded database (PGlite) is the default that `npm start` uses. Every test signs in
    // from one address, the demo accounts many times a minute, each test in a new browser: the
    // sign-in limits (5 a minute per account, 30 per address, 10 in 15 minutes per account from new
    // browsers; the API tests prove them) are raised so they never decide a test.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: `${__dirname}/.artifacts/data`,
      DATABASE_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '100',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '300',
      RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES: '1000',
    },
  },
});

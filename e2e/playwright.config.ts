import { defineConfig } from '@playwright/test';
import { dataDirOf, SITE_PORTS, siteUrl } from './sites';

/**
 * The tests that swap a remote's build on disk (a redeploy, a remote that is down): the sites serve
 * the same `dist` folders, so these run last, alone, once every share is done.
 */
const REMOTE_SWAPS = 'remote-swaps.spec.ts';

/**
 * The releases' test (issue 35): two server processes of its own behind the gateway, which build
 * changed copies of a remote and read the shell's build; it runs after the remote swaps, alone.
 */
const RELEASES = 'releases.spec.ts';

/**
 * The test files of the second site; the first runs the rest, and so a new file. Chosen by their
 * times (`npm run test:e2e` prints each test's) so that both shares end together (issue 33 item 2).
 */
const SHARES = [
  [
    'accessibility-dashboard.spec.ts',
    'assignments.spec.ts',
    'commerce.spec.ts',
    'community.spec.ts',
    'discount-codes.spec.ts',
    'error-messages.spec.ts',
    'home.spec.ts',
    'layout.spec.ts',
    'people.spec.ts',
    'quizzes.spec.ts',
    'server-rendering.spec.ts',
    'site.spec.ts',
    'sms-register.spec.ts',
    'tickets.spec.ts',
    'visitor-cart.spec.ts',
  ],
];

/** One site of {@link SITE_PORTS} as `npm start` serves it, from a fresh embedded database seeded with the demo data. */
function site(port: number) {
  const dataDir = dataDirOf(port);
  return {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    // The server answers while front ends still build (scripts/start.mjs): ./global-setup.ts then
    // waits for every one of them.
    url: `${siteUrl(port)}/api/site-information`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // The embedded database (PGlite) is the default that `npm start` uses. Every test signs in
    // from one address, the demo accounts many times a minute, each test in a new browser: the
    // sign-in limits (5 a minute per account, 30 per address, 10 in 15 minutes per account from new
    // browsers) and the SMS codes to one number (one a minute per address) are raised so they never
    // decide a test, nor keep one waiting: the API tests prove them.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '100',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '300',
      RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES: '1000',
      RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_MINUTE: '10',
    },
  };
}

/**
 * Browser tests of the whole federated site, as `npm start` serves it, in Debian's Chromium
 * (Playwright's own browser download does not work here). The sites of {@link SITE_PORTS} run side by
 * side, one worker each (a project per site); the remote swaps follow on the first.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.artifacts/test-results',
  fullyParallel: false,
  workers: SITE_PORTS.length,
  retries: 0,
  // A test's whole budget only bounds one that hangs; each wait has its own (expect's 15 s). A
  // journey of thirty steps with full-page shots at two widths outlasted a minute on a loaded 2-core
  // CI machine twice (the reply mail's, then the discount code's, every step before the cut passed).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
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
  projects: [
    { name: 'site-1', workers: 1, testIgnore: [...SHARES.flat(), REMOTE_SWAPS, RELEASES], use: { baseURL: siteUrl(SITE_PORTS[0]) } },
    ...SHARES.map((files, i) => ({ name: `site-${i + 2}`, workers: 1, testMatch: files, use: { baseURL: siteUrl(SITE_PORTS[i + 1]!) } })),
    {
      name: 'remote-swaps',
      workers: 1,
      testMatch: REMOTE_SWAPS,
      dependencies: SITE_PORTS.map((_, i) => `site-${i + 1}`),
      use: { baseURL: siteUrl(SITE_PORTS[0]) },
    },
    { name: 'releases', workers: 1, testMatch: RELEASES, dependencies: ['remote-swaps'] },
  ],
  webServer: SITE_PORTS.map(site),
});

/**
 * The fuzz figures of `npm run bench` (issue 10 "Bad input"): the OpenAPI-driven fuzzer of
 * test/fuzz/ (the same generators and checks as `npm test`) at ten times the test's count, on a
 * seeded PGlite app in memory. Prints the requests sent, their outcomes (2xx, 3xx, 4xx by status,
 * 5xx), per case class, the duration, and every failed property with the seed that replays it;
 * writes `bench-results/fuzz.json` at the repository root. Exit code 1 when a property failed
 * (a 5xx, a non-Persian 4xx or a refused write that changed rows), else 0.
 *
 * Environment: FUZZ_RUNS requests per operation and case class (default ten times the test's),
 * FUZZ_SEED the run's seed, FUZZ_ONLY the operations whose `METHOD path` contains it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/settings';
import { buildFuzzApp, DEFAULT_RUNS, formatReport, runFuzz, seedFromEnv } from '../test/fuzz/fuzz-runner';

async function main(): Promise<number> {
  const runsPerClass = Number(process.env.FUZZ_RUNS) || DEFAULT_RUNS * 10;
  const seed = seedFromEnv();
  console.log(`[bench:fuzz] ${runsPerClass} requests per operation and case class, each as visitor and super, seed ${seed} (PGlite in memory)`);
  // The test app starts from a database image (test/helpers/database-images.ts), kept in a folder
  // that jest's global setup makes for `npm test` and this run makes for itself.
  const images = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fuzz-images-'));
  process.env.TEST_DATABASE_IMAGES = images;
  const app = await buildFuzzApp('pglite').catch((error: unknown) => {
    fs.rmSync(images, { recursive: true, force: true });
    throw error;
  });
  try {
    let shown = 0;
    const report = await runFuzz(app, { runsPerClass, seed, only: process.env.FUZZ_ONLY }, (done, total) => {
      const tenth = Math.floor((done * 10) / total);
      if (tenth > shown) {
        shown = tenth;
        console.log(`[bench:fuzz] ${tenth * 10} % of ${total} properties`);
      }
    });
    console.log(formatReport(report));
    for (const failure of report.failures) console.log(`\n${failure}`);
    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'fuzz.json');
    fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerClass, ...report }, null, 2)}\n`);
    console.log(`\n[bench:fuzz] written ${file}`);
    return report.failures.length > 0 ? 1 : 0;
  } finally {
    await app.close();
    fs.rmSync(images, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:fuzz] failed:', error);
    process.exit(1);
  },
);

// The order the server's test files start in (server/jest.config.js `testSequencer`; issue 33 item 2).
// Jest starts the longest files first when its cache holds their last times, so that no worker is
// left alone with a long file at the end; on a clean clone (CI) it has no times and orders by file
// size, and a short file with a long run (the forensic identification, 110 lines and 3 minutes)
// started last and ran alone: 196 s of a 1 026 s run with one worker idle. Files without a time of
// their own take their time from EXPECTED_SECONDS, so a clean clone starts them first too.
const path = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;

/**
 * Seconds each file took in a whole `npm test -w server` on a 2-core machine with PostgreSQL
 * (two workers, 2026-12-01): every file of 15 s or more. Only the order matters, so the figures need
 * no update unless a file's place among the slowest changes.
 */
const EXPECTED_SECONDS = {
  'test/modules/forensics/identify.test.ts': 196,
  'test/fuzz/openapi-fuzz.test.ts': 157,
  'test/modules/lessons/transcode.test.ts': 91,
  'test/faults/postgres.test.ts': 86,
  'test/crash/transcode-restart.test.ts': 86,
  'test/seed/demo-lesson.test.ts': 82,
  'test/routes/forensics/forensic-identifications.test.ts': 53,
  'test/scripts/db-backup.test.ts': 50,
  'test/routes/commerce/exports.test.ts': 50,
  'test/crash/kill-restart.test.ts': 48,
  'test/modules/forensics/score.test.ts': 37,
  'test/modules/mail/mailer.test.ts': 34,
  'test/plugins/external/jobs.test.ts': 32,
  'test/routes/commerce/receipts.test.ts': 30,
  'test/routes/site/health.test.ts': 28,
  'test/shutdown.test.ts': 27,
  'test/plugins/app/metrics.test.ts': 27,
  'test/routes/authorization-matrix.test.ts': 26,
  'test/faults/disk-full.test.ts': 25,
  'test/faults/smtp.test.ts': 22,
  'test/routes/site/media.test.ts': 20,
  'test/routes/commerce/course-progress-left.test.ts': 19,
  'test/routes/auth/sms-code.test.ts': 19,
  'test/faults/redis.test.ts': 16,
  'test/routes/users/dashboard-users.test.ts': 16,
  'test/modules/mail/notifications.test.ts': 16,
  'test/routes/commerce/certificates.test.ts': 15,
  'test/routes/releases/releases.test.ts': 15,
};

/** Jest's sequencer with {@link EXPECTED_SECONDS} standing in for the times its cache lacks. */
class ServerTestSequencer extends TestSequencer {
  /** The file's last time from Jest's cache, else its expected time; milliseconds, or undefined. */
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const expected = EXPECTED_SECONDS[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')];
    return expected == null ? undefined : expected * 1000;
  }

  /**
   * Failed files first (Jest's rule), then the longest by {@link time}, then files without a time,
   * the largest first. (Jest's own order runs every file without a time before those with one.)
   */
  sort(tests) {
    const size = new Map(tests.map((test) => [test.path, test.context.hasteFS.getSize(test.path) ?? 0]));
    const failed = new Map(tests.map((test) => [test.path, this.hasFailed(test)]));
    for (const test of tests) test.duration = this.time(test);
    return tests.sort(
      (a, b) =>
        Number(failed.get(b.path)) - Number(failed.get(a.path)) ||
        (b.duration ?? 0) - (a.duration ?? 0) ||
        size.get(b.path) - size.get(a.path),
    );
  }
}

module.exports = ServerTestSequencer;

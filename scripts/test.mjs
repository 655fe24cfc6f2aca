// `npm test`, the README's test command: the front-end workspaces' component tests in one Jest run
// (the root jest.config.js) with lint and the type check beside them, then the server's API tests
// with the front ends' build beside them, then the browser tests on the built site. It stops
// after the first stage where a step fails, with that step's exit code, and prints every step run
// with its time at the end (issue 33: `.ci/run` ends with a table of its steps). With CI_STEPS set
// to a file, it also appends each step to it as «name<TAB>seconds<TAB>ok|failed» lines, which
// `.ci/run` prints in its own table.
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `command` in the repository's root; resolves to its exit code. Its output goes to the
 * terminal, or with `logFile` to that file, printed whole once it ends, so that two steps run side
 * by side do not mix their lines.
 */
function run(command, args, logFile) {
  return new Promise((resolve) => {
    const log = logFile && createWriteStream(logFile);
    const child = spawn(command, args, { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!log) return resolve(status);
      log.end(() => {
        console.log(`\n${'='.repeat(20)} ${args.join(' ')}: its output (${logFile}) ${'='.repeat(20)}`);
        console.log(readFileSync(logFile, 'utf8'));
        resolve(status);
      });
    });
  });
}

const logs = path.join(root, 'bench-results', 'test-logs');
mkdirSync(logs, { recursive: true });

/**
 * A step running the root's npm `script` at nice 19, beside a stage's tests (see below), its output
 * in a log file.
 */
function besideTests(script) {
  return [`${script} (at nice 19)`, 'nice', ['-n', '19', 'npm', 'run', script], path.join(logs, `${script.replace(':', '-')}.log`)];
}

/**
 * The stages, one after another; the steps of a stage side by side: [name, command, args, logFile?].
 * The component tests, the server's tests and the browser tests each keep both cores busy, so they
 * run one after another (the server's and the browser tests side by side overloaded a 2-core
 * machine: browser tests three times slower, server hooks past their minute). Each of the first two
 * leaves the cores idle a sixth to an eighth of its time (tests waiting for an answer, a restart, a
 * timer, ffmpeg at nice 19): what only later stages need runs beside them at nice 19, on that idle
 * time, off the way of the tests (issue 33 item 2). Lint and the type check, one process on one core
 * each, beside the component tests: a failure of either still ends the run after its first stage.
 * The front ends' build for the browser tests beside the server's tests (the server itself is built
 * after: its tests compile their own `server/dist`).
 */
const stages = [
  [['test components (shared, remotes, shell)', 'npx', ['jest']], besideTests('lint'), besideTests('typecheck')],
  [['test @shop/server', 'npm', ['test', '-w', 'server']], besideTests('build:front-ends')],
  [['test:browsers', 'npm', ['run', 'test:browsers']]],
];

// The runtime every step runs on: the `node` development dependency (Node 24, issue 33 item 4), which
// npm's scripts find before the machine's own.
console.log(`npm test on Node ${process.version}`);
const started = performance.now();
const done = [];
let code = 0;
for (const stage of stages) {
  const codes = await Promise.all(
    stage.map(async ([name, command, args, logFile]) => {
      const stepStarted = performance.now();
      const stepCode = await run(command, args, logFile);
      const seconds = (performance.now() - stepStarted) / 1000;
      done.push({ name, seconds, ok: stepCode === 0 });
      if (process.env.CI_STEPS) appendFileSync(process.env.CI_STEPS, `${name}\t${seconds.toFixed(0)}\t${stepCode === 0 ? 'ok' : 'failed'}\n`);
      return stepCode;
    }),
  );
  code = codes.find((stepCode) => stepCode !== 0) ?? 0;
  if (code !== 0) break;
}

console.log(`\nnpm test on Node ${process.version}, step by step:`);
for (const { name, seconds, ok } of done) console.log(`  ${name.padEnd(40)} ${seconds.toFixed(0).padStart(6)} s  ${ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total (steps side by side overlap)'.padEnd(40)} ${((performance.now() - started) / 1000).toFixed(0).padStart(6)} s`);
process.exit(code);

// `npm test`, the README's test command: lint, type check, each workspace's tests one after another
// (lerna's topological order, as `lerna run test` ran them), then the browser tests on the built
// site. It stops at the first step that fails, with that step's exit code, and prints every step
// run with its time at the end (issue 33: `.ci/run` ends with a table of its steps). With
// CI_STEPS set to a file, it also appends each step to it as «name<TAB>seconds<TAB>ok|failed»
// lines, which `.ci/run` prints in its own table.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs `command` in the repository's root with the terminal's streams; answers its exit code. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

/** The workspaces with a `test` script but the browser tests, in lerna's topological order. */
function workspacesWithTests() {
  const listed = spawnSync('npx', ['lerna', 'ls', '--all', '--toposort', '--json', '--loglevel', 'silent'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`lerna ls failed: ${listed.stderr}`);
  return JSON.parse(listed.stdout)
    .filter((pkg) => pkg.name !== '@shop/e2e' && JSON.parse(readFileSync(path.join(pkg.location, 'package.json'), 'utf8')).scripts?.test)
    .map((pkg) => pkg.name);
}

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ...workspacesWithTests().map((name) => [`test ${name}`, 'npm', ['test', '-w', name]]),
  ['test:e2e (build, then browsers)', 'npm', ['run', 'test:e2e']],
];

// The runtime every step runs on: the `node` development dependency (Node 24, issue 33 item 4), which
// npm's scripts find before the machine's own.
console.log(`npm test on Node ${process.version}`);
const done = [];
let code = 0;
for (const [name, command, args] of steps) {
  const started = performance.now();
  code = run(command, args);
  const seconds = (performance.now() - started) / 1000;
  done.push({ name, seconds, ok: code === 0 });
  if (process.env.CI_STEPS) appendFileSync(process.env.CI_STEPS, `${name}\t${seconds.toFixed(0)}\t${code === 0 ? 'ok' : 'failed'}\n`);
  if (code !== 0) break;
}

console.log(`\nnpm test on Node ${process.version}, step by step:`);
for (const { name, seconds, ok } of done) console.log(`  ${name.padEnd(40)} ${seconds.toFixed(0).padStart(6)} s  ${ok ? 'ok' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(40)} ${done.reduce((sum, step) => sum + step.seconds, 0).toFixed(0).padStart(6)} s`);
process.exit(code);

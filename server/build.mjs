// Compiles the server for `npm start` and the server image (issue 10 "Production build"): each
// entry becomes one CommonJS file in dist/, with the workspace's own TypeScript packages (@shop/*)
// bundled in and every other package left to node_modules. dist/ sits one level below the
// package folder like src/, so SERVER_ROOT (settings.ts) finds drizzle/, assets/ and seed-media/.
// A package left to node_modules may be ESM-only (pg-boss 12): Node 24, the runtime here, loads it
// with `require` (require(esm), Node 22.12 and later), so the CommonJS output needs nothing more.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const ENTRIES = {
  main: 'src/main.ts',
  // A worker thread's file of its own (plugins/app/page-renderer.ts finds it beside main.js).
  'render-worker': 'src/plugins/app/render-worker.mts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
};

/** Bare imports stay external unless they name a workspace package (TypeScript sources). */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@shop/') ? undefined : { path, external: true }));
  },
};

const { outputFiles } = await build({
  entryPoints: ENTRIES,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalPackages],
  write: false,
});

// Each file written beside its place and renamed into it, so that a server starting meanwhile (a
// test's server process while another test compiles it, `npm start` beside a build) reads the old
// file or the new one whole, never half of one.
for (const { path, contents } of outputFiles) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

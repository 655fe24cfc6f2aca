// Lint for the whole tree. Besides the recommended rules it holds the import boundaries of
// STYLE.md habit 2 and DESIGN.md's facades, each with a message that says the fix.
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const facades = [
  { group: ['@mui/*', '@emotion/*', 'notistack', 'stylis', 'stylis-plugin-rtl'], message: 'Import UI components through @shop/ui-kit (or @shop/ui-kit/lazy): the facade keeps one tree-shaken MUI on the page (DESIGN.md).' },
  { group: ['react-router', 'react-router-dom'], message: 'Import routing through @shop/router (DESIGN.md facades).' },
  { group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*', 'react-redux'], message: 'Import Redux Toolkit, RTK Query and react-redux through @shop/api-client (DESIGN.md facades).' },
];
const noRemotes = { group: ['@shop/remote-*', '**/remotes/**'], message: 'A remote or shared package never imports a remote: move the shared part to a package under shared/ (STYLE.md habit 2).' };
const noShell = { group: ['@shop/shell', '**/shell/src/**'], message: 'Only the shell imports the shell: move what you need to a package under shared/ (STYLE.md habit 2).' };
const noServer = { group: ['@shop/server', '**/server/src/**'], message: 'The front end talks to the server over HTTP only; shared types live in @shop/contracts.' };
const noFrontEnd = { group: ['react', 'react-dom', '@shop/ui-kit', '@shop/router', '@shop/api-client', '@shop/content-ui', '@shop/remote-*', '@shop/shell'], message: 'The server never imports front-end code; shared rules live in @shop/contracts and @shop/validation.' };

const adapters = [
  { group: ['pg-boss'], message: 'Reach the job queue through app.jobs, its one adapter (lib/job-queues.ts JobQueue; issue 34 item 4).' },
  { group: ['@tus/file-store', '@tus/s3-store'], message: 'Ask app.storage for the upload store (createUploadStore; issue 34 item 4).' },
];

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The server's modules: each folder of server/src/modules. */
const SERVER_MODULES = readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'server/drizzle/**', '**/*.js', 'bench-results/**', 'e2e/.artifacts/**', 'data/**', 'server/.openapi-client/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Sizes a reader can hold (issue 34 item 5): no source file over 600 lines, no function over 150.
  // Tests, whose describe blocks hold many cases, are left out.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'server/test/**'],
    rules: { 'max-lines': ['error', { max: 600 }], 'max-lines-per-function': ['error', { max: 150 }] },
  },
  { files: ['shell/src/**'], rules: restrict(...facades, noRemotes, noServer) },
  { files: ['remotes/*/src/**'], rules: restrict(...facades, noRemotes, noShell, noServer) },
  { files: ['shared/content-ui/src/**', 'shared/dashboard-ui/src/**', 'shared/forms/src/**', 'shared/dev-host/src/**', 'shared/engagement/src/**'], rules: restrict(...facades, noRemotes, noShell, noServer) },
  { files: ['shared/contracts/src/**', 'shared/validation/src/**', 'shared/format/src/**'], rules: restrict(noRemotes, noShell, noServer) },
  { files: ['shared/ui-kit/src/**'], rules: restrict(facades[1], facades[2], noRemotes, noShell, noServer) },
  { files: ['shared/router/src/**'], rules: restrict(facades[0], facades[2], noRemotes, noShell, noServer) },
  { files: ['shared/api-client/src/**'], rules: restrict(facades[0], facades[1], noRemotes, noShell, noServer) },
  { files: ['server/**'], rules: restrict(noFrontEnd) },
  // Every outside service behind its one adapter (issue 34 item 4; STYLE.md): the job queue behind
  // app.jobs, the resumable upload stores behind app.storage.
  {
    files: ['server/src/**'],
    ignores: ['server/src/lib/job-queues.ts', 'server/src/plugins/external/jobs.ts', 'server/src/lib/storage.ts', 'server/src/lib/s3-storage.ts'],
    rules: restrict(noFrontEnd, ...adapters),
  },
  // No import circle in the server nor in the shared packages, nor across them (issue 34 item 1): a
  // circle makes load order matter and every file in it change together. The @shop/* packages
  // resolve to their TypeScript sources through the workspaces' links. The rule follows value
  // imports only (an `import type` is erased from the build); keep type imports out of circles too.
  {
    files: ['server/src/**', 'shared/*/src/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // The files import-x reads for their own imports (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // One door per server module (issue 34 item 1): from outside a module (another module, a route, a
  // plugin, the seed, app.ts) only its index.ts is imported; inside it, its files import each other.
  // A module declares its tables in its tables.ts, which is how a table's owner is known: only
  // another module's tables.ts (for a foreign key) and the seed may import it, so every other use of
  // a table goes through its owner's functions (STYLE.md habits 2 and 6).
  {
    files: ['server/src/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: SERVER_MODULES.flatMap((module) => {
            const from = `server/src/modules/${module}`;
            const message = ` Import the ${module} module through its one door, modules/${module}/index.ts (export what you need there); its tables only through its functions.`;
            return [
              // A module whose tables.ts is full declares more beside it in `<topic>-tables.ts` (drizzle.config.ts reads both).
              { target: [`server/src/modules/!(${module})/**/!(tables|*-tables).ts`, 'server/src/!(modules|seed)/**', 'server/src/*.ts'], from, except: ['./index.ts'], message },
              { target: [`server/src/modules/!(${module})/{tables,*-tables}.ts`, 'server/src/seed/**'], from, except: ['./index.ts', './tables.ts'], message },
            ];
          }),
        },
      ],
    },
  },
  // The server's layers, bottom up: settings, lib and db; modules; seed, plugins and routes; app.ts
  // (issue 34 item 2). The bottom layer imports nothing above it.
  {
    files: ['server/src/db/**', 'server/src/lib/**', 'server/src/settings.ts'],
    rules: restrict(noFrontEnd, {
      group: ['**/modules/**', '**/seed', '**/seed/**', '**/plugins/**', '**/routes/**', '**/app'],
      message: 'settings, lib and db are the bottom layer: they import no module, seed, plugin or route. Move the shared part down, or pass it in (as app.ts hands the seed to the db plugin).',
    }),
  },
);

// The component tests of every front-end workspace (shared/*, remotes/*, shell) in one Jest run,
// `npm test`'s step (scripts/test.mjs): two workers share all of them, rather than fourteen Jest
// starts each ending on one busy worker (issue 33 item 2: 146 s one by one, 115 s together). Each
// workspace keeps its own jest.config.js, which `npm test -w <workspace>` runs alone. The server's
// API tests are their own run (server/jest.config.js: Node's VM modules, a database per worker).
const fs = require('node:fs');
const path = require('node:path');
const preset = require('./jest.preset.js')();

/** Options Jest takes only from the run's own configuration, not from a project's. */
const RUN_OPTIONS = ['maxWorkers', 'passWithNoTests', 'testTimeout'];

/** The front-end workspaces with tests: a jest.config.js beside their package.json. */
const workspaces = ['shared', 'remotes']
  .flatMap((group) => fs.readdirSync(path.join(__dirname, group)).map((name) => path.join(group, name)))
  .concat('shell')
  .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')));

module.exports = {
  ...Object.fromEntries(RUN_OPTIONS.map((option) => [option, preset[option]])),
  projects: workspaces.map((dir) => {
    const config = { ...require(`./${dir}/jest.config.js`), rootDir: path.join(__dirname, dir), displayName: dir };
    for (const option of RUN_OPTIONS) delete config[option];
    return config;
  }),
};

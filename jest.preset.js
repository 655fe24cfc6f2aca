// Shared Jest settings: every workspace's jest.config.js spreads this. TypeScript and TSX
// are compiled by SWC (TOOLCHAIN.md: the fastest transform here); type checks are `npm run typecheck`.
/** @param {{ environment?: 'node' | 'jsdom' }} options */
module.exports = function jestPreset({ environment = 'node' } = {}) {
  return {
    testEnvironment: environment === 'jsdom' ? require.resolve('./jest.jsdom-env.js') : environment,
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages under node_modules that tests import must be compiled too.
    transformIgnorePatterns: ['/node_modules/(?!(@sodaru|yup-to-json-schema)/)'],
    setupFilesAfterEnv: environment === 'jsdom' ? [require.resolve('./jest.testing-library.js')] : [],
    moduleNameMapper: { '\\.(css|woff2?)$': '<rootDir>/../../jest.asset-stub.js' },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    passWithNoTests: false,
    // Generous: on a loaded 2-core machine a form test can take seconds. Speed is measured by
    // `npm run bench`, not by timeouts.
    testTimeout: 30_000,
    // Two test files at a time in every workspace: CI's machines have 2 cores, and jest's default
    // (cores - 1) would run them one by one. The server's API tests give each worker a PostgreSQL
    // database of its own (server/test/helpers/worker-databases.ts).
    maxWorkers: 2,
  };
};

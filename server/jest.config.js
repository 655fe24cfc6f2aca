// Server tests run in Node against PGlite (always) and PostgreSQL (when DATABASE_URL is set).
const preset = require('../jest.preset.js')({ environment: 'node' });

module.exports = {
  ...preset,
  transform: {
    // ESM packages under node_modules compiled with Node's interop: a default import of a CommonJS
    // module is its `module.exports` (music-metadata's `import ContentType from 'content-type'`).
    // Import attributes are kept: pg-boss reads its package.json `with { type: 'json' }`.
    '/node_modules/.+\\.m?js$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022', experimental: { keepImportAttributes: true } },
        module: { type: 'commonjs', importInterop: 'node' },
      },
    ],
    ...preset.transform,
  },
  // ESM-only dependencies of the server (e.g. content-disposition, used by @fastify/static; pg-boss
  // and its serialize-error).
  transformIgnorePatterns: [
    '/node_modules/(?!(@sodaru|yup-to-json-schema|content-disposition|content-type|cookie|music-metadata|strtok3|token-types|@tokenizer|file-type|uint8array-extras|@borewit|win-guid|media-typer|@tus|srvx|pg-boss|serialize-error|non-error)/)',
  ],
  // music-metadata and file-type export only `import`/`module-sync` conditions, which jest's
  // resolver does not use: map them to their Node entries (compiled by the transform above).
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^music-metadata$': '<rootDir>/../node_modules/music-metadata/lib/index.js',
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
    '^file-type/core$': '<rootDir>/../node_modules/file-type/core.js',
  },
  // One PostgreSQL database per worker when DATABASE_URL is set (test/helpers/worker-databases.ts).
  globalSetup: '<rootDir>/test/helpers/jest-global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/jest-global-teardown.ts',
  setupFiles: ['<rootDir>/test/helpers/jest-worker-database.ts'],
  // The slowest files first, on a clean clone too (test/helpers/test-sequencer.js).
  testSequencer: '<rootDir>/test/helpers/test-sequencer.js',
  testTimeout: 60000,
};

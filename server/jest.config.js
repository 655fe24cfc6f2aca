// Server tests run in Node against PGlite (always) and PostgreSQL (when DATABASE_URL is set).
const preset = require('../jest.preset.js')({ environment: 'node' });

module.exports = {
  ...preset,
  // ESM-only dependencies of the server (e.g. content-disposition, used by @fastify/static).
  transformIgnorePatterns: ['/node_modules/(?!(@sodaru|yup-to-json-schema|content-disposition|content-type|cookie)/)'],
  testTimeout: 60000,
};

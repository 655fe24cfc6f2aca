const { createConfig } = require('@shop/build-config');

const API = process.env.API_ORIGIN ?? 'http://localhost:8080';

module.exports = createConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'users-permissions',
  devPort: 3003,
  devServer: { proxy: [{ context: ['/api', '/sanctum', '/media'], target: API }] },
});

const path = require('node:path');
const { createConfig } = require('@shop/build-config');

const fonts = path.dirname(require.resolve('@fontsource/vazirmatn/package.json'));
const API = process.env.API_ORIGIN ?? 'http://localhost:8080';

module.exports = createConfig({
  dir: __dirname,
  kind: 'host',
  name: 'shell',
  devPort: 3000,
  runtimePlugins: [require.resolve('./src/federation/runtime-plugin.ts')],
  serverRuntimePlugins: [require.resolve('./src/server/runtime-plugin.ts')],
  copy: ['arabic-400', 'arabic-700', 'latin-400', 'latin-700'].map((face) => ({
    from: path.join(fonts, 'files', `vazirmatn-${face}-normal.woff2`),
    // Content-hashed, so the server lets browsers keep them a year (static-site.ts cacheControlFor);
    // index.html finds the names among the build's assets.
    to: 'fonts/[name].[contenthash][ext]',
  })),
  // In development the API, media, RSS feeds and built remotes come from `npm start`'s server.
  devServer: { proxy: [{ context: ['/api', '/sanctum', '/media', '/feeds', '/remotes'], target: API }] },
});

// The one webpack + Module Federation configuration of the shell and the four remotes
// (DESIGN.md "Shape" and "The remote contract"; TOOLCHAIN.md for why each setting is here).
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const esbuild = require('esbuild');

const REACT_VERSION = require('react/package.json').version;

/**
 * Libraries shared as singletons: React and the project's three facades. Nothing else is
 * shared: MUI, emotion, notistack, react-router and Redux Toolkit are reached only through
 * the facades, so each exists once and is tree-shaken inside its facade's chunk.
 */
function sharedModules() {
  const facade = (pkg) => ({ singleton: true, requiredVersion: `^${require(`${pkg}/package.json`).version}` });
  const react = { singleton: true, requiredVersion: `^${REACT_VERSION}` };
  return {
    react,
    'react-dom': react,
    'react-dom/client': react,
    'react/jsx-runtime': react,
    '@shop/ui-kit': facade('@shop/ui-kit'),
    '@shop/ui-kit/lazy': facade('@shop/ui-kit'),
    '@shop/ui-kit/charts': facade('@shop/ui-kit'),
    '@shop/ui-kit/date-pickers': facade('@shop/ui-kit'),
    '@shop/router': facade('@shop/router'),
    '@shop/api-client': facade('@shop/api-client'),
  };
}

/**
 * The libraries the shell provides to the remotes at run time (issue 35 item 4): the singletons and
 * what the facades carry (MUI, Redux Toolkit, react-router), each with the facade folder (under
 * shared/) it is looked up from, or null for the app's own folder.
 */
const SINGLETON_PACKAGES = [
  ['react', null],
  ['react-dom', null],
  ['@shop/ui-kit', null],
  ['@shop/router', null],
  ['@shop/api-client', null],
  ['@mui/material', 'ui-kit'],
  ['@reduxjs/toolkit', 'api-client'],
  ['react-router', 'router'],
];

/**
 * The version of `pkg` installed where Node would find it from `fromDir` (its own `node_modules`,
 * then each parent's), read from its package.json (some packages do not export that file).
 * @throws Error when it is not installed
 */
function installedVersion(pkg, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    if (dir === path.dirname(dir)) throw new Error(`${pkg} is not installed (looked from ${fromDir})`);
  }
}

/**
 * The versions an app is built with, as the server's release guard reads them from
 * `dist/federation-versions.json` (issue 35 item 4): `{ contracts, singletons: { <package>: <version> } }`.
 * A remote's release carries its own; the running shell's is the one releases must be compatible with.
 * @param {string} dir the app's folder
 */
function federationVersions(dir) {
  return {
    contracts: installedVersion('@shop/contracts', dir),
    singletons: Object.fromEntries(SINGLETON_PACKAGES.map(([pkg, facade]) => [pkg, installedVersion(pkg, facade ? path.join(__dirname, '..', facade) : dir)])),
  };
}

/** Writes {@link federationVersions} of the app into its browser build as `federation-versions.json`. */
class FederationVersionsPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FederationVersionsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FederationVersionsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('federation-versions.json', new sources.RawSource(`${JSON.stringify(federationVersions(this.dir), null, 2)}\n`));
      });
    });
  }
}

/**
 * The shared modules of a build. A remote's production bundles, browser and server, carry none of
 * their own (`import: false`): the shell always provides them, so a copy in each remote would never
 * run, and compiling and minifying it was most of a remote's build (issue 33 item 1). A remote in
 * development runs in its own dev host (`src/dev.tsx`) and carries them.
 * @param {boolean} fromHost take every shared module from the host
 */
function sharedOf(fromHost) {
  const shared = sharedModules();
  return fromHost ? Object.fromEntries(Object.entries(shared).map(([key, options]) => [key, { ...options, import: false }])) : shared;
}

/**
 * The folder an app's build is written to: `dist/`, or `SHOP_DIST_DIR` when set (`npm start` builds
 * into a staging folder and renames it into `dist/` once whole; scripts/start.mjs).
 * @param {string} dir the app's folder
 */
function distOf(dir) {
  return process.env.SHOP_DIST_DIR ?? path.join(dir, 'dist');
}

/** Module resolution of both bundles. */
const RESOLVE = {
  extensions: ['.tsx', '.ts', '.mjs', '.js'],
  // npm keeps date-fns-jalali (a dependency of the ui kit) in the ui kit's own node_modules,
  // where @mui/x-date-pickers, hoisted to the root, cannot find it.
  modules: ['node_modules', path.join(__dirname, '../ui-kit/node_modules')],
};

/**
 * Loaders of both bundles: TypeScript (types are checked once for the whole tree by
 * `npm run typecheck`) and assets, emitted by the browser bundle only.
 */
function moduleRules({ sourceMap, emitAssets }) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      loader: 'ts-loader',
      options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap } },
    },
    { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: emitAssets } },
  ];
}

/** Federation name of a remote: a JavaScript identifier (`users-permissions` → `users_permissions`). */
function federationName(name) {
  return name.replace(/-/g, '_');
}

/**
 * The server bundle of an app (DESIGN.md "Public pages"), built beside its browser bundle into
 * `dist/server/`: Node code (`target: 'async-node'`) that Module Federation's Node runtime plugin
 * loads over HTTP (`remoteType: 'script'`), so a remote redeployed alone reaches the server too.
 * - the shell's is the host: `dist/server/main.js` exports the renderer of public pages, and
 *   carries React, react-dom/server and the facades, which it provides to the remotes;
 * - a remote's is its `./module` container (`commonjs-module`), which takes every shared module
 *   from the host (`import: false`) rather than carrying a second React.
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.name `shell` or the remote's name
 * @param {string[]} [options.runtimePlugins] the host's own federation runtime plugins
 */
function createServerConfig({ dir, kind, name, runtimePlugins = [] }) {
  const remote = kind === 'remote';
  const nodeRuntimePlugin = require.resolve('@module-federation/node/runtimePlugin');
  return {
    name: 'server',
    // One after the other: two compilers at once would double the memory on a 2-core CI.
    dependencies: ['browser'],
    context: dir,
    mode: 'production',
    target: 'async-node',
    devtool: false,
    entry: remote ? {} : { main: './src/server/render.tsx' },
    output: {
      path: path.join(distOf(dir), 'server'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: `${federationName(name)}_server`,
      // Assets keep their browser URLs (the browser build emits them): the HTML must match.
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      library: remote ? undefined : { type: 'commonjs2' },
      clean: true,
    },
    resolve: RESOLVE,
    module: { rules: moduleRules({ sourceMap: false, emitAssets: false }) },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName(name),
        ...(remote
          ? {
              filename: 'remoteEntry.js',
              exposes: { './module': './src/module.tsx' },
              library: { type: 'commonjs-module', name: federationName(name) },
              manifest: { fileName: 'mf-manifest.json' },
            }
          : { remotes: {} }),
        remoteType: 'script',
        runtimePlugins: [nodeRuntimePlugin, ...runtimePlugins],
        shared: sharedOf(remote),
        shareStrategy: 'loaded-first',
        dts: false,
        // The entry waits for the shared modules to be set up (`require()` gives a promise).
        experiments: { asyncStartup: true },
      }),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Creates a webpack config function for one app.
 * @param {object} options
 * @param {string} options.dir the app's folder (its `src/` and `dist/` live there)
 * @param {'host' | 'remote'} options.kind the shell is the host; content, commerce, … are remotes
 * @param {string} options.name `shell` or the remote's name of `@shop/contracts` REMOTE_NAMES
 * @param {number} options.devPort port of `webpack serve`
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (host only)
 * @param {string[]} [options.serverRuntimePlugins] federation runtime plugins of the server bundle (host only)
 * @param {Array<{from: string, to: string}>} [options.copy] files copied into dist
 * @param {object} [options.devServer] extra dev-server settings (proxy)
 */
function createConfig({ dir, kind, name, devPort, runtimePlugins = [], serverRuntimePlugins = [], copy = [], devServer = {} }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const browser = createBrowserConfig({ dir, kind, name, devPort, runtimePlugins, copy, devServer, production });
    // `webpack serve` builds the browser bundle only; a production build makes both.
    return production ? [browser, createServerConfig({ dir, kind, name, runtimePlugins: serverRuntimePlugins })] : browser;
  };
}

/**
 * The host's island loader (`src/islands/island-loader.ts`, issue 9) as one small script for
 * islands.html to inline: bundled apart from webpack, because every webpack entry of a federated
 * build carries Module Federation's runtime (about 50 KB gzip), which the loader must not.
 */
function islandLoaderSource(dir, production) {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [path.join(dir, 'src', 'islands', 'island-loader.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: production,
  });
  return outputFiles[0].text.trim();
}

/** The browser bundle of an app (see {@link createConfig}). */
function createBrowserConfig({ dir, kind, name, devPort, runtimePlugins, copy, devServer, production }) {
  {
    const remote = kind === 'remote';
    // A remote builds only its container for production; in development it also mounts
    // itself in the stand-alone dev host (`src/dev.tsx`). The host has two entries, never on one
    // page together: the client-rendered app (`main`, in index.html) and the island runtime of
    // server-rendered public pages (`islands`, brought by the loader islands.html inlines; issue 9).
    const entry = remote
      ? production
        ? {}
        : { main: './src/dev.tsx' }
      : { main: './src/index.tsx', islands: './src/islands/islands.ts' };
    return {
      name: 'browser',
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry,
      output: {
        path: distOf(dir),
        publicPath: remote ? 'auto' : '/',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: federationName(name),
        // dist/server/ is the server bundle's, built after this one.
        clean: { keep: /^server\// },
      },
      resolve: RESOLVE,
      module: { rules: moduleRules({ sourceMap: !production, emitAssets: true }) },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          ...(remote
            ? { filename: 'remoteEntry.js', exposes: { './module': './src/module.tsx' }, manifest: { fileName: 'mf-manifest.json' } }
            : { remotes: {}, runtimePlugins }),
          shared: sharedOf(remote && production),
          shareStrategy: 'loaded-first',
          dts: false,
          // The host provides the federation runtime once; remotes use it instead of each
          // carrying their own copy in remoteEntry.js.
          experiments: { asyncStartup: true, ...(remote ? { externalRuntime: true } : { provideExternalRuntime: true }) },
        }),
        ...(remote && production ? [] : [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', chunks: ['main'] })]),
        ...(remote
          ? []
          : [
              new HtmlWebpackPlugin({
                template: './src/index.html',
                filename: 'islands.html',
                chunks: ['islands'],
                inject: false,
                islandLoader: islandLoaderSource(dir, production),
              }),
            ]),
        ...(copy.length ? [new CopyPlugin({ patterns: copy })] : []),
        new FederationVersionsPlugin(dir),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
        // SWC's minifier through webpack's own minimizer plugin (issue 33 item 1): builds in half
        // terser's time, and its output is as small (esbuild's was as fast but 18 % larger gzipped).
        minimizer: [
          new MinimizerPlugin({
            minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { ecma: 2020 }, mangle: true, format: { comments: false } } },
          }),
        ],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...devServer,
      },
    };
  }
}

module.exports = { createConfig, federationName, sharedModules };

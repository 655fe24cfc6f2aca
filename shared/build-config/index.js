// The one webpack + Module Federation configuration of the shell and the four remotes
// (DESIGN.md "Shape" and "The remote contract"; TOOLCHAIN.md for why each setting is here).
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');

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

/** Federation name of a remote: a JavaScript identifier (`users-permissions` → `users_permissions`). */
function federationName(name) {
  return name.replace(/-/g, '_');
}

/**
 * Creates a webpack config function for one app.
 * @param {object} options
 * @param {string} options.dir the app's folder (its `src/` and `dist/` live there)
 * @param {'host' | 'remote'} options.kind the shell is the host; content, commerce, … are remotes
 * @param {string} options.name `shell` or the remote's name of `@shop/contracts` REMOTE_NAMES
 * @param {number} options.devPort port of `webpack serve`
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (host only)
 * @param {Array<{from: string, to: string}>} [options.copy] files copied into dist
 * @param {object} [options.devServer] extra dev-server settings (proxy)
 */
function createConfig({ dir, kind, name, devPort, runtimePlugins = [], copy = [], devServer = {} }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const remote = kind === 'remote';
    // A remote builds only its container for production; in development it also mounts
    // itself in the stand-alone dev host (`src/dev.tsx`).
    const entry = remote ? (production ? {} : { main: './src/dev.tsx' }) : { main: './src/index.tsx' };
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry,
      output: {
        path: path.join(dir, 'dist'),
        publicPath: remote ? 'auto' : '/',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: federationName(name),
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // npm keeps date-fns-jalali (a dependency of the ui kit) in the ui kit's own node_modules,
        // where @mui/x-date-pickers, hoisted to the root, cannot find it.
        modules: ['node_modules', path.join(__dirname, '../ui-kit/node_modules')],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'ts-loader',
            // Types are checked once for the whole tree by `npm run typecheck`.
            options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: !production } },
          },
          { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          ...(remote
            ? { filename: 'remoteEntry.js', exposes: { './module': './src/module.tsx' }, manifest: { fileName: 'mf-manifest.json' } }
            : { remotes: {}, runtimePlugins }),
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          dts: false,
          // The host provides the federation runtime once; remotes use it instead of each
          // carrying their own copy in remoteEntry.js.
          experiments: { asyncStartup: true, ...(remote ? { externalRuntime: true } : { provideExternalRuntime: true }) },
        }),
        ...(remote && production ? [] : [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' })]),
        ...(copy.length ? [new CopyPlugin({ patterns: copy })] : []),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: production ? 'deterministic' : 'named' },
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
  };
}

module.exports = { createConfig, federationName, sharedModules };

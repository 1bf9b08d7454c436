// Builds the portal (and, with the Word issue, the add-in's task pane) into dist/.
// TypeScript is transpiled by esbuild (type-checking is `npm run typecheck`).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');
const pkg = require('./package.json');
const { ALIASES } = require('./scripts/aliases.cjs');

/** Written to /app-version.json and baked into the bundle: the hourly check compares the two. */
const APP_VERSION = `${pkg.version}+${Date.now().toString(36)}`;

class AppVersionPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AppVersionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AppVersionPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const body = JSON.stringify({ version: APP_VERSION, builtAt: new Date().toISOString() });
        compilation.emitAsset('app-version.json', new webpack.sources.RawSource(body));
      });
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { portal: './portal/src/main.tsx', taskpane: './addin/src/taskpane.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // The code's aliases (tsconfig.json paths; scripts/imports.mjs keeps imports in this form).
      alias: Object.fromEntries(Object.entries(ALIASES).map(([alias, target]) => [alias.slice(0, -1), path.resolve(__dirname, target)])),
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(APP_VERSION) }),
      new HtmlWebpackPlugin({ template: './portal/index.html', chunks: ['portal'] }),
      new HtmlWebpackPlugin({ template: './addin/taskpane.html', filename: 'addin/taskpane.html', chunks: ['taskpane'] }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'portal/public', to: '.' },
          { from: 'addin/public', to: 'addin' },
          { from: 'manifest.xml', to: 'addin/manifest.xml' },
        ],
      }),
      new AppVersionPlugin(),
    ],
    optimization: {
      // Terser drops the exports webpack marks unused (esbuild's per-chunk minify does not).
      minimizer: ['...', new EsbuildPlugin({ css: true, include: /\.css$/ })],
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};

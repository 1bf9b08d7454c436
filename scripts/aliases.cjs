// The code's path aliases, read from tsconfig.json's `paths` (the one place they are written):
// { '@server/': 'server/', '@portal/': 'portal/src/', ... }. Jest, webpack, ESLint's layering
// rules, scripts/imports.mjs and tests/support/registerAliases.ts all use this.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const { paths } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;

const ALIASES = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [alias.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')]),
);

module.exports = { ROOT, ALIASES };

// One lint for the whole repository (issue 18): typescript-eslint without type information (fast
// enough for a pre-commit hook), React hooks and accessibility rules on the UIs, and the layering
// rules of scripts/lint/layering.js as errors. Formatting is Prettier's alone: eslint-config-prettier
// comes last so no rule here fights it.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const prettier = require('eslint-config-prettier/flat');
const globals = require('globals');
const layering = require('./scripts/lint/layering');

const UI = ['portal/**/*.{ts,tsx}', 'addin/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'];

module.exports = tseslint.config(
  { ignores: ['dist/', 'coverage/', '.tmp/', 'data/', 'bench/results/', 'tests/fixtures/', '**/*.min.js'] },
  js.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  { files: ['tests/support/fakeWord.browser.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // A leading _ names what is left out on purpose (a field dropped by destructuring, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Over 200 today, mostly at library seams (Word, Fluent, jsdom): a warning until they are typed.
      '@typescript-eslint/no-explicit-any': 'warn',
      // A `let` set once after closures that read it (a store wired after its client) is not a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read answers as `any` on purpose (they check the shape); migrations take Kysely<any>, as Kysely documents.
    files: ['tests/**', '**/*.test.{ts,tsx}', '**/testing.ts', 'portal/src/test-utils.tsx', 'server/db/migrations/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The portal, the add-in and shared/ run in the browser, where there is no `process`: a debugging switch
    // left in the parser once broke the Word dialog. Tests and the fixtures' helpers run in Node.
    files: UI,
    ignores: ['**/*.test.{ts,tsx}', '**/testing.ts', 'portal/src/test-utils.tsx'],
    rules: { 'no-restricted-globals': ['error', { name: 'process', message: 'This code runs in the browser, which has no process.' }] },
  },
  {
    files: UI,
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['portal/**/*.tsx', 'addin/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    // Focusing the first field of a dialog or login form is Fluent's documented pattern.
    rules: { 'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { layering },
    rules: {
      'layering/layers': 'error',
      // Type-only imports write no SQL: services and policies may name Kysely's types.
      'layering/sql-in-repositories': ['error', { allowTypeImports: true }],
      'layering/no-foreign-routes': 'error',
      'layering/max-parent-depth': 'error',
    },
  },
  prettier,
);

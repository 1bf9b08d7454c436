// One Jest run, four projects: unit (jsdom), API on PGlite, API on PostgreSQL (when
// TEST_POSTGRES_URL is set), and browser tests in headless Chromium.
const fs = require('node:fs');
const path = require('node:path');
const { ALIASES } = require('./scripts/aliases.cjs');

const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }],
};
const common = {
  transform,
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/tests/support/styleStub.js',
    // The code's aliases (tsconfig.json paths).
    ...Object.fromEntries(Object.entries(ALIASES).map(([alias, target]) => [`^${alias}(.*)$`, `<rootDir>/${target}$1`])),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/**
 * An API suite that runs no code that differs by database and tests nothing the two engines could
 * do differently says `@database-neutral` in a comment: it runs once, on PostgreSQL when one
 * answers and on PGlite otherwise, instead of once per database. Every other API suite runs on
 * both: the code that asks which database it is on (library versions, results and analysis
 * reads, the rate-limit store, the change feed, group commits, the admin CLI, the demo) and what
 * engines may differ on (transactions, concurrent writes, search, caches told of changes). The
 * browser suites run on PGlite whatever the machine. (Half the API suites now run once: 124 API
 * suite runs in a CI run became 104; docs/benchmarks.md.)
 */
const API_TESTS = ['tests/api', 'server'].flatMap((dir) =>
  fs
    .readdirSync(path.join(__dirname, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name)),
);
const DATABASE_NEUTRAL = API_TESTS.filter((file) => fs.readFileSync(file, 'utf8').includes('@database-neutral'));
const escaped = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What api-pglite leaves to api-postgres. */
const runOnPostgresOnly = process.env.TEST_POSTGRES_URL ? DATABASE_NEUTRAL.map(escaped) : [];

const projects = [
  {
    ...common,
    displayName: 'unit',
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}', '<rootDir>/{shared,portal,addin}/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/tests/support/setupDom.ts'],
  },
  {
    ...common,
    displayName: 'api-pglite',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/api/**/*.test.ts', '<rootDir>/server/**/*.test.ts'],
    testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...runOnPostgresOnly],
  },
  {
    ...common,
    displayName: 'browser',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/browser/**/*.test.ts'],
  },
];
if (process.env.TEST_POSTGRES_URL) {
  projects.splice(2, 0, {
    ...common,
    displayName: 'api-postgres',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/api/**/*.test.ts', '<rootDir>/server/**/*.test.ts'],
    setupFiles: ['<rootDir>/tests/support/usePostgres.js'],
  });
}

module.exports = {
  projects,
  globalSetup: '<rootDir>/tests/support/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/support/globalTeardown.ts',
  reporters: ['default', '<rootDir>/tests/support/summaryReporter.js'],
  // Browser tests share 2 CPUs with three other projects: a test that takes 15 s alone can take 45 s then.
  testTimeout: 60000,
  // Much of a test's time is waiting (a browser, a server, a child process): with two workers
  // on two CPUs the run used about a third of the CPU time it had; three keep the CPUs busier.
  maxWorkers: 3,
  // A worker's memory grows with every file it runs (each file's module registry is not all freed):
  // by the end of a run each held 2-3 GB, and collecting so large a heap slowed every file after.
  // A worker above this limit after a file is replaced by a fresh one (30 API files on 2 workers:
  // 367 → 338 CPU-s; docs/benchmarks.md).
  workerIdleMemoryLimit: '800MB',
};

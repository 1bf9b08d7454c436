import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { openDatabase } from '@server/db/database';
import { ROOT } from '../support/paths';
import { createTestPostgresDatabase, serve, type TestServer } from '../support/testServer';

// The admin CLI as operators run it: a child process reading DATA_DIR / DATABASE_URL.
// One data directory (or database) serves the whole file: a fresh PGlite directory takes seconds.

const onPostgres = process.env.TEST_DB === 'postgres';
const SLOW = 60_000;

// Made at load (not in beforeAll) so that the concurrent usage tests below may use it too.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-admin-'));
let databaseUrl = '';
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (onPostgres) {
    const created = await createTestPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
});

afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), SLOW - 5_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Error output without the Note line a first open of an empty embedded database prints. */
function errorLines(run: Run): string[] {
  return run.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('Note: '));
}
/** The exit code and the error lines of a run, to compare in one go. */
const outcome = (run: Run) => ({ code: run.code, errors: errorLines(run) });

const lockPath = () => path.join(dataDir, 'testforge.lock');

/** A real server in this process over the same data the CLI wrote (its session cache off: the CLI changes rows behind its back). */
async function openServer(): Promise<TestServer> {
  const database = await openDatabase(onPostgres ? { databaseUrl, poolSize: 2 } : { dataDir });
  return serve(database, onPostgres ? databaseUrl : undefined, {}, () => database.close());
}

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe('usage', () => {
  test(
    'help, --help and no command print the usage and exit 0',
    async () => {
      const runs = await Promise.all([admin(['help']), admin(['--help']), admin([]), admin(['user:create', '--help'])]);
      for (const run of runs) {
        expect(run.code).toBe(0);
        expect(run.stdout).toContain('Usage: npm run admin -- <command> [options]');
        for (const command of ['org:create', 'org:update', 'org:branding', 'user:create', 'wl:token', '--no-FLAG']) expect(run.stdout).toContain(command);
        expect(run.stderr).toBe('');
      }
    },
    SLOW,
  );

  // Usage errors never open the database, so these may run side by side.
  test.concurrent.each([
    [['org:delete', '--code', 'X'], /^Error: unknown command "org:delete"/],
    [['org:create', '--code', 'X', '--name', 'Y', '--days', '3', '--colour'], /^Error: unknown option --colour for org:create/],
    [['org:create', '--code', 'X'], /^Error: org:create needs --name, --days/],
    [['org:create', '--code', 'X', '--name', 'Y', '--days', 'ten'], /^Error: --days must be a whole number of days, 0 or more \(got "ten"\)/],
    [['org:create', '--code', 'X', '--name', 'Y', '--days', '-3'], /^Error: (--days must be a whole number|option --days needs a value)/],
    [['org:update', '--code', 'X', '--days', '2.5'], /^Error: --days must be a whole number/],
    [['org:update', '--code', 'X'], /^Error: org:update needs --days or a flag to change/],
    [['org:update', '--code', 'X', '--parser', '--no-parser'], /^Error: --parser and --no-parser contradict each other/],
    [['org:update', '--code', 'X', '--parser=yes'], /^Error: option --parser takes no value/],
    [['org:update', '--code'], /^Error: option --code needs a value/],
    [['user:create', '--org', 'X', '--email', 'a@b.co', '--name', 'N', '--role', 'owner'], /^Error: --role must be tutor or admin, not "owner"/],
    [['user:create', '--org', 'X', '--email', 'a@b.co', '--name', 'N', '--parser'], /^Error: unknown option --parser for user:create/],
    [['wl:token', '--org', 'X'], /^Error: wl:token needs --email/],
    [['wl:token', '--org', 'X', '--email', 'a@b.co', 'extra'], /^Error: unexpected argument extra for wl:token/],
  ])(
    '%j exits 2 with one line on stderr, without opening the database',
    async (args, message) => {
      const run = await admin(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const lines = errorLines(run);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(lines[0]).toContain('npm run admin -- help');
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    },
    SLOW,
  );

  test(
    'a database that cannot be reached exits 1 with the reason',
    async () => {
      const run = await admin(['org:update', '--code', 'X', '--days', '3'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
      expect(outcome(run)).toEqual({ code: 1, errors: [expect.stringMatching(/^Error: could not open the database \(DATABASE_URL\): .+/)] });
    },
    SLOW,
  );
});

describe('commands on one database', () => {
  let wlToken = '';
  let generatedPassword = '';

  test(
    'org:create creates the organisation and prints its code, name, days and flags',
    async () => {
      const run = await admin(['org:create', '--code', 'ACME', '--name', 'Acme Academy', '--days', '30', '--parser', '--bilingual', '--no-sharing']);
      expect(outcome(run)).toEqual({ code: 0, errors: [] });
      expect(run.stdout).toContain('Created organisation ACME "Acme Academy"');
      expect(run.stdout).toMatch(/days remaining: 30 \(subscription ends \d{4}-\d\d-\d\dT/);
      expect(run.stdout).toContain('flags:          shared-global=off parser=on bilingual=on tb-tests=off gpsc=off sharing=off');
      if (!onPostgres) expect(fs.existsSync(lockPath())).toBe(false);
    },
    SLOW,
  );

  test(
    'org:create refuses a code in use (any case) with exit 1',
    async () => {
      const run = await admin(['org:create', '--code', 'acme', '--name', 'Other', '--days', '5']);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(errorLines(run)).toEqual(['Error: An organisation with the code acme exists already']);
    },
    SLOW,
  );

  test(
    'org:update sets the days and turns flags on and off (--no-FLAG)',
    async () => {
      const run = await admin(['org:update', '--code', 'acme', '--days', '5', '--no-parser', '--gpsc', '--tb-tests']);
      expect(outcome(run)).toEqual({ code: 0, errors: [] });
      expect(run.stdout).toContain('Updated organisation ACME "Acme Academy" (changed: days, parser, tb-tests, gpsc)');
      expect(run.stdout).toContain('days remaining: 5 ');
      expect(run.stdout).toContain('flags:          shared-global=off parser=off bilingual=on tb-tests=on gpsc=on sharing=off');
    },
    SLOW,
  );

  test(
    'org:update of an unknown code exits 1',
    async () => {
      const run = await admin(['org:update', '--code', 'NOPE', '--shared-global']);
      expect(outcome(run)).toEqual({ code: 1, errors: ['Error: No organisation has the code NOPE'] });
    },
    SLOW,
  );

  test(
    'org:branding sets the sign-in branding, refuses a light colour (exit 1) and needs a value (exit 2)',
    async () => {
      const run = await admin([
        'org:branding',
        '--code',
        'acme',
        '--logo',
        'https://cdn.example.com/acme.svg',
        '--color',
        '#7a1f5c',
        '--welcome',
        'Welcome to Acme',
      ]);
      expect(outcome(run)).toEqual({ code: 0, errors: [] });
      expect(run.stdout).toContain('Updated the sign-in branding of ACME "Acme Academy"');
      expect(run.stdout).toContain('colour:  #7a1f5c');
      const light = await admin(['org:branding', '--code', 'ACME', '--color', '#f0f0f0']);
      expect(light.code).toBe(1);
      expect(errorLines(light)[0]).toMatch(/^Error: --color is too light for white text/);
      const nothing = await admin(['org:branding', '--code', 'ACME']);
      expect(nothing.code).toBe(2);
      expect(errorLines(nothing)[0]).toMatch(/^Error: org:branding needs --logo, --color or --welcome \(run "npm run admin -- help" for usage\)$/);
    },
    SLOW,
  );

  test(
    'user:create with a password, and without one (generated and printed)',
    async () => {
      const given = await admin([
        'user:create',
        '--org',
        'ACME',
        '--email',
        'Ada@Example.com',
        '--password',
        'correct-horse-1',
        '--name',
        'Ada Tutor',
        '--clp-editor',
      ]);
      expect(outcome(given)).toEqual({ code: 0, errors: [] });
      expect(given.stdout).toContain('Created user Ada@Example.com "Ada Tutor" in organisation ACME');
      expect(given.stdout).toMatch(/role:\s+tutor/);
      expect(given.stdout).toMatch(/CLP editor:\s+yes/);
      expect(given.stdout).not.toContain('password');

      const generated = await admin(['user:create', '--org', 'acme', '--email', 'boss@example.com', '--name', 'Boss', '--role', 'admin']);
      expect(outcome(generated)).toEqual({ code: 0, errors: [] });
      expect(generated.stdout).toMatch(/role:\s+admin/);
      generatedPassword = /password:\s+(\S+)\s+\(generated; shown once\)/.exec(generated.stdout)?.[1] ?? '';
      expect(generatedPassword.length).toBeGreaterThanOrEqual(8);
    },
    SLOW,
  );

  test(
    'user:create refusals exit 1 with the reason',
    async () => {
      const [duplicate, short, noOrg, badEmail] = await Promise.all(
        onPostgres
          ? [
              admin(['user:create', '--org', 'ACME', '--email', 'ada@example.com', '--password', 'another-pass-1', '--name', 'Again']),
              admin(['user:create', '--org', 'ACME', '--email', 'new@example.com', '--password', 'short', '--name', 'New']),
              admin(['user:create', '--org', 'NOPE', '--email', 'new@example.com', '--password', 'long-enough-1', '--name', 'New']),
              admin(['user:create', '--org', 'ACME', '--email', 'not-an-address', '--password', 'long-enough-1', '--name', 'New']),
            ]
          : // One process at a time on an embedded database: run them in turn.
            [
              await admin(['user:create', '--org', 'ACME', '--email', 'ada@example.com', '--password', 'another-pass-1', '--name', 'Again']),
              await admin(['user:create', '--org', 'ACME', '--email', 'new@example.com', '--password', 'short', '--name', 'New']),
              await admin(['user:create', '--org', 'NOPE', '--email', 'new@example.com', '--password', 'long-enough-1', '--name', 'New']),
              await admin(['user:create', '--org', 'ACME', '--email', 'not-an-address', '--password', 'long-enough-1', '--name', 'New']),
            ],
      );
      for (const run of [duplicate, short, noOrg, badEmail]) {
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
      }
      expect(errorLines(duplicate)).toEqual(['Error: A user with the e-mail ada@example.com exists already in ACME']);
      expect(errorLines(short)).toEqual(['Error: --password must be at least 8 characters']);
      expect(errorLines(noOrg)).toEqual(['Error: No organisation has the code NOPE']);
      expect(errorLines(badEmail)).toEqual(['Error: --email must be an e-mail address']);
    },
    SLOW,
  );

  test(
    'wl:token prints a token; an unknown user exits 1',
    async () => {
      const run = await admin(['wl:token', '--org', 'ACME', '--email', 'ada@example.com']);
      expect(outcome(run)).toEqual({ code: 0, errors: [] });
      const lines = run.stdout.trim().split('\n');
      expect(lines[0]).toContain('White-label access token for ada@example.com in organisation ACME');
      wlToken = lines[lines.length - 1];
      expect(wlToken).toMatch(/^[\w-]{32,}$/);

      const unknown = await admin(['wl:token', '--org', 'ACME', '--email', 'nobody@example.com']);
      expect(outcome(unknown)).toEqual({ code: 1, errors: ['Error: No user nobody@example.com in ACME'] });
    },
    SLOW,
  );

  test(
    'a server on the same data logs the users in and accepts the white-label token',
    async () => {
      const server = await openServer();
      try {
        const login = await getJson(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orgCode: 'ACME', email: 'ada@example.com', password: 'correct-horse-1' }),
        });
        expect(login.status).toBe(200);
        const me = await getJson(`${server.baseUrl}/api/auth/user`, { headers: { 'x-access-token': login.body.data.token } });
        expect(me.status).toBe(200);
        expect(me.body.data.user).toMatchObject({
          email: 'Ada@Example.com',
          name: 'Ada Tutor',
          organization: { code: 'ACME', name: 'Acme Academy' },
          remainingDays: 5,
          isCLPEditor: true,
          enableViduParser: false,
          isBilingualEnabled: true,
          isTbTestEnabled: true,
          allowGpscType: true,
          allowSharing: false,
          isSharedGlobal: false,
          role: ['tutor'],
        });

        const boss = await getJson(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orgCode: 'ACME', email: 'boss@example.com', password: generatedPassword }),
        });
        expect(boss.status).toBe(200);
        expect(boss.body.data.user).toMatchObject({ email: 'boss@example.com', role: ['admin'], isCLPEditor: false });

        const wl = await getJson(`${server.baseUrl}/api/v2/user/wl-login`, { headers: { 'x-wl-access-token': wlToken } });
        expect(wl.status).toBe(200);
        expect(wl.body.data.user).toMatchObject({ email: 'Ada@Example.com', organization: { code: 'ACME' } });
        expect(typeof wl.body.data.token).toBe('string');

        if (onPostgres) {
          // Many processes share one PostgreSQL database: the CLI works while the server runs.
          const run = await admin(['org:update', '--code', 'ACME', '--days', '9']);
          expect(run.code).toBe(0);
          const after = await getJson(`${server.baseUrl}/api/auth/user`, { headers: { 'x-access-token': login.body.data.token } });
          expect(after.body.data.user.remainingDays).toBe(9);
        } else {
          // The embedded database belongs to the server while it runs: the CLI refuses, changing nothing.
          const run = await admin(['org:update', '--code', 'ACME', '--days', '9']);
          expect(run.code).toBe(1);
          expect(run.stdout).toBe('');
          expect(errorLines(run)).toEqual([
            `Error: The data directory ${dataDir} is in use by another Testforge process (pid ${process.pid}). ` +
              'Only one process may open an embedded database: stop that process first, or set DATABASE_URL to run several servers on PostgreSQL.',
          ]);
          expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid });
          const after = await getJson(`${server.baseUrl}/api/auth/user`, { headers: { 'x-access-token': login.body.data.token } });
          expect(after.body.data.user.remainingDays).toBe(5);
        }
      } finally {
        await server.close();
      }
    },
    SLOW,
  );
});

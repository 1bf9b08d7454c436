/**
 * Operator command line: `npm run admin -- <command> [options]` (decisions.md section 3).
 *
 * Exit codes: 0 done, 2 bad usage (unknown command or option, missing or malformed value),
 * 1 any other failure (a rule of the command refused it, the database could not be opened,
 * the embedded data directory is held by a running server).
 *
 * It reads DATABASE_URL / DATA_DIR exactly as the server does (loadConfig + openDatabase), so it
 * takes the same data-directory lock: while a server runs on an embedded database, stop it first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import type { OpenedDatabase } from '../db/database';
import type { FeatureFlag, Organization } from '../db/schema';
import type { OrgFlags } from '../modules/orgs/commands';
import { remainingDays } from '@shared/domain/subscription';

// The database code (PGlite, pg, Kysely) is loaded only once the command line is known to be
// good, so that help and usage errors answer at once.
type Commands = typeof import('../modules/orgs/commands');

/** Command-line flag name -> organisation column. Each is also accepted as --no-NAME. */
const ORG_FLAGS: readonly (readonly [string, FeatureFlag])[] = [
  ['shared-global', 'is_shared_global'],
  ['parser', 'enable_vidu_parser'],
  ['bilingual', 'is_bilingual_enabled'],
  ['tb-tests', 'is_tb_test_enabled'],
  ['gpsc', 'allow_gpsc_type'],
  ['sharing', 'allow_sharing'],
];

const USAGE = `Testforge admin: operator commands on organisations and users, and the job queue.

Usage: npm run admin -- <command> [options]

Commands:
  org:create --code CODE --name NAME --days N [flags]
      Create an organisation whose subscription ends N days from now.
  org:update --code CODE [--days N] [flags]
      Change an organisation: --days restarts the subscription at N days from now.
  user:create --org CODE --email EMAIL --name NAME [--password PASSWORD] [--clp-editor] [--role tutor|admin]
      Create a user in an organisation. Without --password one is generated and printed once.
  org:branding --code CODE [--logo URL] [--color #RRGGBB] [--welcome TEXT]
      The sign-in page's branding: logo (https or /api/files/...), accent colour (dark enough
      for white text, 4.5:1) and a welcome line (up to 200 characters). "" clears a value.
  wl:token --org CODE --email EMAIL
      Print a new white-label access token for that user (sent as x-wl-access-token).
  jobs [--failed N]
      The background job queue (PostgreSQL): jobs per queue and state, and the N latest
      failures (default 5) with their error.
  help
      Print this text.

Organisation flags (each also as --no-FLAG to turn it off):
  --shared-global   access to the Global Library
  --parser          Word bulk-upload parser
  --bilingual       bilingual tests
  --tb-tests        TB tests
  --gpsc            GPSC question type
  --sharing         sharing with other tutors (on by default)

The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded database
in DATA_DIR (default ./data). An embedded database can be used by one process at a time: stop
the server before running a command against it.

Exit status: 0 done, 2 bad usage, 1 refused or failed.
`;

/** Bad command line: exit 2. */
class UsageError extends Error {}

type Parsed = Record<string, string | boolean | undefined>;
type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

const flagOptions: OptionSpec = Object.fromEntries(
  ORG_FLAGS.flatMap(([name]) => [
    [name, { type: 'boolean' as const }],
    [`no-${name}`, { type: 'boolean' as const }],
  ]),
);
const help: OptionSpec = { help: { type: 'boolean' } };

interface Command {
  options: OptionSpec;
  required: string[];
  /** Checks of values that need no database, run before it is opened. */
  validate?: (values: Parsed) => void;
  run: (db: OpenedDatabase, values: Parsed, out: (line: string) => void, commands: Commands) => Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  'org:create': {
    options: { code: { type: 'string' }, name: { type: 'string' }, days: { type: 'string' }, ...flagOptions, ...help },
    required: ['code', 'name', 'days'],
    run: async (database, values, out, { createOrg }) => {
      const org = await createOrg(database.db, {
        code: String(values.code),
        name: String(values.name),
        days: parseDays(values.days)!,
        flags: parseFlags(values),
      });
      out(`Created organisation ${org.code} "${org.name}"`);
      describeOrg(org, out);
    },
  },
  'org:update': {
    options: { code: { type: 'string' }, days: { type: 'string' }, ...flagOptions, ...help },
    required: ['code'],
    validate: (values) => {
      if (values.days === undefined && Object.keys(parseFlags(values)).length === 0) {
        throw new UsageError('org:update needs --days or a flag to change');
      }
    },
    run: async (database, values, out, { updateOrg }) => {
      const flags = parseFlags(values);
      const days = parseDays(values.days);
      const changed = [...(days === undefined ? [] : ['days']), ...ORG_FLAGS.filter(([, column]) => column in flags).map(([name]) => name)];
      const org = await updateOrg(database.db, { code: String(values.code), days, flags });
      out(`Updated organisation ${org.code} "${org.name}" (changed: ${changed.join(', ')})`);
      describeOrg(org, out);
    },
  },
  'org:branding': {
    options: { code: { type: 'string' }, logo: { type: 'string' }, color: { type: 'string' }, welcome: { type: 'string' }, ...help },
    required: ['code'],
    validate: (values) => {
      if (values.logo === undefined && values.color === undefined && values.welcome === undefined) {
        throw new UsageError('org:branding needs --logo, --color or --welcome');
      }
    },
    run: async (database, values, out, { setOrgBranding }) => {
      const text = (value: unknown) => (value === undefined ? undefined : String(value));
      const { org, branding } = await setOrgBranding(database.db, {
        code: String(values.code),
        branding: { logoUrl: text(values.logo), brandColor: text(values.color), welcome: text(values.welcome) },
      });
      out(`Updated the sign-in branding of ${org.code} "${org.name}"`);
      out(`  logo:    ${branding.logoUrl ?? '(none)'}`);
      out(`  colour:  ${branding.brandColor ?? '(none)'}`);
      out(`  welcome: ${branding.welcome ?? '(none)'}`);
    },
  },
  'user:create': {
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'clp-editor': { type: 'boolean' },
      role: { type: 'string' },
      ...help,
    },
    required: ['org', 'email', 'name'],
    validate: (values) => {
      if (values.role !== undefined && values.role !== 'tutor' && values.role !== 'admin') {
        throw new UsageError(`--role must be tutor or admin, not "${String(values.role)}"`);
      }
    },
    run: async (database, values, out, { createUser }) => {
      const role = values.role === 'admin' ? 'admin' : 'tutor';
      const generated = values.password === undefined;
      const { user, password } = await createUser(database.db, {
        orgCode: String(values.org),
        email: String(values.email),
        password: generated ? undefined : String(values.password),
        name: String(values.name),
        clpEditor: values['clp-editor'] === true,
        role,
      });
      out(`Created user ${user.email} "${user.name}" in organisation ${String(values.org)}`);
      out(`  role:        ${role}`);
      out(`  CLP editor:  ${user.is_clp_editor ? 'yes' : 'no'}`);
      if (generated) out(`  password:    ${password}   (generated; shown once)`);
    },
  },
  'wl:token': {
    options: { org: { type: 'string' }, email: { type: 'string' }, ...help },
    required: ['org', 'email'],
    run: async (database, values, out, { createWhitelabelToken }) => {
      const token = await createWhitelabelToken(database.db, { orgCode: String(values.org), email: String(values.email) });
      out(`White-label access token for ${String(values.email)} in organisation ${String(values.org)} (send it as x-wl-access-token; shown once):`);
      out(token);
    },
  },
  jobs: {
    options: { failed: { type: 'string' }, ...help },
    required: [],
    validate: (values) => {
      if (values.failed !== undefined && !/^\d{1,4}$/.test(String(values.failed)))
        throw new UsageError(`--failed must be a whole number, 0 or more (got "${String(values.failed)}")`);
    },
    run: async (database, values, out) => {
      if (database.kind !== 'postgres') {
        out('No job queue: the embedded database is one process, which does its background work itself (docs/scaling.md).');
        return;
      }
      const [{ describeJobs }, { JobsRepository }] = await Promise.all([import('../jobs/status'), import('../jobs/repository')]);
      for (const line of await describeJobs(new JobsRepository(database.db), values.failed === undefined ? 5 : Number(values.failed))) out(line);
    },
  },
};

function parseDays(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d{1,6}$/.test(text)) throw new UsageError(`--days must be a whole number of days, 0 or more (got "${String(value)}")`);
  return Number(text);
}

function parseFlags(values: Parsed): OrgFlags {
  const flags: OrgFlags = {};
  for (const [name, column] of ORG_FLAGS) {
    const on = values[name] === true;
    const off = values[`no-${name}`] === true;
    if (on && off) throw new UsageError(`--${name} and --no-${name} contradict each other`);
    if (on) flags[column] = true;
    if (off) flags[column] = false;
  }
  return flags;
}

function describeOrg(org: Organization, out: (line: string) => void): void {
  const endsAt = new Date(org.subscription_ends_at);
  out(`  id:             ${org.id}`);
  out(`  days remaining: ${remainingDays(endsAt)} (subscription ends ${endsAt.toISOString()})`);
  out(`  flags:          ${ORG_FLAGS.map(([name, column]) => `${name}=${org[column] ? 'on' : 'off'}`).join(' ')}`);
}

/** node:util parseArgs messages are long and mention positional arguments; say it plainly. */
function usageMessage(command: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option ?? message} for ${command}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `option ${option} takes no value`;
    return `option ${option ?? message} needs a value`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? message} for ${command}`;
  return message;
}

/** One line, never empty: pg's AggregateError (every address refused) has no message of its own. */
function describeError(error: unknown): string {
  const inner = error instanceof AggregateError && error.errors.length ? error.errors[0] : error;
  const message = inner instanceof Error ? inner.message || (inner as NodeJS.ErrnoException).code || inner.name : String(inner);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

export async function runCli(
  argv: string[],
  io: { out: (line: string) => void; err: (line: string) => void } = { out: (l) => console.log(l), err: (l) => console.error(l) },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  const hint = ' (run "npm run admin -- help" for usage)';
  if (!command) {
    io.err(`Error: unknown command "${name}"${hint}`);
    return 2;
  }

  let values: Parsed;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Parsed;
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const missing = command.required.filter((option) => values[option] === undefined);
    if (missing.length) throw new UsageError(`${name} needs ${missing.map((option) => `--${option}`).join(', ')}`);
    // Malformed values are usage errors, found before the database is opened.
    parseDays(values.days);
    parseFlags(values);
    command.validate?.(values);
  } catch (error) {
    io.err(`Error: ${error instanceof UsageError ? error.message : usageMessage(name, error)}${hint}`);
    return 2;
  }

  const config = loadConfig(env);
  const [{ openDatabase }, { DataDirInUseError }, commands] = await Promise.all([
    import('../db/database'),
    import('../db/lock'),
    import('../modules/orgs/commands'),
  ]);
  let database: OpenedDatabase;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolSize: 1,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) io.err(`Error: ${error.message}`);
    else io.err(`Error: could not open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${(error as Error).message}`);
    return 1;
  }

  try {
    if (database.wasEmpty && database.kind === 'pglite') {
      io.err(`Note: ${config.dataDir} held no database; a new empty one was created there.`);
    }
    await command.run(database, values, io.out, commands);
    return 0;
  } catch (error) {
    if (error instanceof commands.CommandError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    io.err(`Error: ${name} failed: ${describeError(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`Error: ${describeError(error)}`);
      process.exitCode = 1;
    },
  );
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type ServerConfig } from '@server/config';
import { openDatabase, type OpenedDatabase } from '@server/db/database';
import type { Services } from '@server/services';
import { createOrg, createUser, type OrgFlags } from '@server/modules/orgs/commands';
import { pgTemplateDb, pgliteTemplatePath, ROOT } from './paths';
import { withDatabase } from './globalSetup';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  services: Services;
  database: OpenedDatabase;
  /** The PostgreSQL database's URL (unset on PGlite). */
  databaseUrl?: string;
  config: ServerConfig;
  call: (method: string, path: string, options?: CallOptions) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON tests) instead of JSON.stringify(body). */
  rawBody?: string;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

/** Opens a fresh database of the kind this Jest project tests (PGlite, or PostgreSQL). */
async function openTestDatabase(): Promise<{ database: OpenedDatabase; databaseUrl?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const { url: databaseUrl, drop } = await createTestPostgresDatabase();
    return { database: await openDatabase({ databaseUrl, poolSize: 5 }), databaseUrl, drop };
  }
  // A Blob backed by the template file: PGlite reads it once into its own buffer. Reading the
  // file into a Buffer and wrapping it in a Blob copied the 40 MB twice more, in Jest's sandbox
  // slowly (0.2-0.4 CPU-s an open in a profile) and with that much more for the collector.
  const template = await fs.openAsBlob(pgliteTemplatePath());
  return { database: await openDatabase({ loadDataDir: template }), drop: async () => {} };
}

/** A real server on a real port, over a fresh database, as the product runs. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const { database, databaseUrl, drop } = await openTestDatabase();
  return serve(database, databaseUrl, overrides, async () => {
    await database.close();
    await drop();
  });
}

/**
 * The server of a test file (or of a describe block): started before its tests, closed after
 * them. Its fields are read when a test or a later hook uses them, once it has started.
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(overrides);
  });
  afterAll(() => started?.close());
  return madeBeforeAll('the test server is not started yet', () => started);
}

/** Stands for what a beforeAll makes: each field is read from `made()` when used, once it is there. */
export function madeBeforeAll<T extends object>(notYet: string, made: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const value = made();
      if (!value) throw new Error(`${notYet} (reading ${String(key)})`);
      return Reflect.get(value, key);
    },
  });
}

/**
 * Another server process on the same database, as a second process behind a load balancer
 * would be: on PostgreSQL with its own connections; on PGlite (one process owns the data) over
 * the same database. Its caches are its own. Close it before the first.
 */
export async function startSecondServer(first: TestServer, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  if (!first.databaseUrl) return serve(first.database, undefined, overrides, async () => {});
  const database = await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 5 });
  return serve(database, first.databaseUrl, overrides, () => database.close());
}

/**
 * A real server on a real port over a database already open (its URL, on PostgreSQL), as the
 * product runs; `closeDatabase` is called when it closes.
 */
export async function serve(
  database: OpenedDatabase,
  databaseUrl: string | undefined,
  overrides: Partial<ServerConfig>,
  closeDatabase: () => Promise<void>,
): Promise<TestServer> {
  // The session cache is off unless a test asks for it: tests change rows behind the server's
  // back (as another process would), and tests/api/sessionCache.test.ts covers the cache itself.
  // So is the job queue (PostgreSQL): a test that makes an attempt expire behind the server's back
  // must not race its sweep, and starting pg-boss (its schema in each fresh database, its pool,
  // its polling) cost about 160 ms of start and 45 ms of close per server. The suites that test
  // the queue (tests/api/jobs.test.ts, the Trash's purge) turn it on.
  const config = loadConfig(
    {},
    {
      distDir: process.env.DIST_DIR ?? `${ROOT}/dist`,
      filesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-files-')),
      publicUrl: 'http://localhost',
      logLevel: 'warn',
      sessionCacheMs: 0,
      jobSweepSeconds: 0,
      jobQueue: false,
      ...overrides,
    },
  );
  const { app, services } = await buildApp({ config, database, quiet: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    baseUrl,
    app,
    services,
    database,
    databaseUrl,
    config,
    call: callerAt(baseUrl),
    close: async () => {
      await app.close();
      await closeDatabase();
    },
  };
}

/** HTTP calls to the API at `baseUrl` (a server of this process or another's): JSON in, JSON (or text) out. */
export function callerAt(baseUrl: string): TestServer['call'] {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['x-access-token'] = options.token;
    if (options.lang) headers['accept-language'] = options.lang;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: kept as text so the test can say so */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

/** The body of a 400 for one field: the field's message is also the call's. */
export const fieldError = (code: string, field: string, message: string) => ({ code, message, details: [{ field, message }] });

let counter = 0;
/** An organisation with one tutor; returns what a login needs. */
export async function createAccount(
  server: TestServer,
  options: { days?: number; flags?: OrgFlags; clpEditor?: boolean; password?: string } = {},
): Promise<{ orgCode: string; orgId: string; email: string; password: string; userId: string }> {
  counter += 1;
  const orgCode = `ORG${process.pid}x${counter}`;
  const org = await createOrg(server.database.db, { code: orgCode, name: `Org ${counter}`, days: options.days ?? 30, flags: options.flags });
  const email = `tutor${counter}@example.com`;
  const { user, password } = await createUser(server.database.db, {
    orgCode,
    email,
    name: `Tutor ${counter}`,
    password: options.password ?? 'correct-horse-1',
    clpEditor: options.clpEditor,
  });
  return { orgCode, orgId: org.id, email, password, userId: user.id };
}

export async function login(server: TestServer, account: { orgCode: string; email: string; password: string }): Promise<string> {
  const response = await server.call('POST', '/api/auth/login', { body: account });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.data.token as string;
}

/**
 * A test file's own server with one account on it, not signed in: the beforeAll of tests about
 * signing in, where a login of its own would count against what they check.
 */
export async function startWithAccount(overrides: Partial<ServerConfig> = {}, options: Parameters<typeof createAccount>[1] = {}) {
  const server = await startTestServer(overrides);
  return { server, account: await createAccount(server, options) };
}

/** A test file's own server with one signed-in account on it: the usual beforeAll of an API test. */
export async function startSignedIn(overrides: Partial<ServerConfig> = {}, options: Parameters<typeof createAccount>[1] = {}) {
  const { server, account } = await startWithAccount(overrides, options);
  return { server, account, token: await login(server, account) };
}

/**
 * A fresh PostgreSQL database made from the run's migrated template, for code that opens the
 * database itself (a child process given DATABASE_URL, for instance). Drop it when done.
 */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `testforge_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgTemplateDb()}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

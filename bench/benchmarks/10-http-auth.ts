import { openDatabase, type OpenedDatabase } from '../../server/db/database';
import { createOrg, createUser } from '../../server/modules/orgs/commands';
import { once } from '../lib/once';
import { measureLoad, type LoadFigures } from '../lib/load';
import { createBenchDatabase, postgresUnavailable } from '../lib/postgres';
import { callJson, startServer } from '../lib/server';
import { round } from '../lib/stats';
import type { Benchmark, BenchContext, DatabaseKind, Figure } from '../lib/types';

/**
 * Login and GET /api/auth/user under concurrent load against the real HTTP server in this
 * process, on the embedded database (PGlite in a data directory) and on PostgreSQL.
 */

const P99_TARGET_MS = 10;
const ACCOUNT = { orgCode: 'BENCH', email: 'bench@example.com', password: 'bench-password-1' };

async function measure(ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase): Promise<Figure[]> {
  await createOrg(database.db, { code: ACCOUNT.orgCode, name: 'Bench Academy', days: 365 });
  await createUser(database.db, { orgCode: ACCOUNT.orgCode, email: ACCOUNT.email, password: ACCOUNT.password, name: 'Bench Tutor' });
  const server = await startServer(database);
  const closeServer = once(() => server.close());
  ctx.onCleanup(closeServer);

  const first = await callJson(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: ACCOUNT });
  if (first.status !== 200) throw new Error(`login answered ${first.status}: ${JSON.stringify(first.body)}`);
  const token = first.body.data.token as string;
  const me = await callJson(`${server.baseUrl}/api/auth/user`, { headers: { 'x-access-token': token } });
  if (me.status !== 200) throw new Error(`GET /api/auth/user answered ${me.status}`);

  const login = await measureLoad(ctx, `${kind} POST /api/auth/login`, {
    url: `${server.baseUrl}/api/auth/login`,
    method: 'POST',
    body: ACCOUNT,
  });
  const user = await measureLoad(ctx, `${kind} GET /api/auth/user`, {
    url: `${server.baseUrl}/api/auth/user`,
    headers: { 'x-access-token': token },
  });
  await closeServer();

  const { connections } = ctx.settings;
  return [
    ...figures('POST /api/auth/login', kind, login, connections),
    ...figures('GET /api/auth/user', kind, user, connections, P99_TARGET_MS),
  ];
}

function figures(call: string, kind: DatabaseKind, load: LoadFigures, connections: number, p99TargetMs?: number): Figure[] {
  const clean = load.failures === 0;
  const detail =
    `${load.samples} responses in ${load.durationSec} s at ${connections} connections` +
    (clean ? '' : `; ${load.failures} failed (status codes ${JSON.stringify(load.statusCodes)})`);
  const p99: Figure = { name: `${call} p99`, value: load.p99Ms, unit: 'ms', database: kind, detail };
  if (p99TargetMs !== undefined) {
    p99.target = `< ${p99TargetMs} ms at ${connections} connections`;
    p99.meetsTarget = clean && load.p99Ms < p99TargetMs;
  }
  return [
    { name: `${call} throughput`, value: round(load.requestsPerSec), unit: 'req/s', database: kind, detail },
    { name: `${call} p50`, value: load.p50Ms, unit: 'ms', database: kind, detail },
    p99,
  ];
}

const benchmark: Benchmark = {
  id: 'http',
  title: 'Login and GET /api/auth/user under load',
  async run(ctx) {
    const results: Figure[] = [];
    const notes: string[] = [];

    ctx.log('PGlite: creating a data directory');
    const pglite = await openDatabase({ dataDir: ctx.tempDir('testforge-bench-pglite-') });
    const closePglite = once(() => pglite.close());
    ctx.onCleanup(closePglite);
    results.push(...(await measure(ctx, 'pglite', pglite)));
    await closePglite();

    const unavailable = await postgresUnavailable(ctx.settings.postgresUrl);
    if (unavailable) {
      notes.push(unavailable);
    } else {
      const created = await createBenchDatabase(ctx.settings.postgresUrl);
      ctx.onCleanup(created.drop);
      ctx.log('PostgreSQL: fresh database created for the run');
      // The server's own default pool (10 connections), as `npm start` with DATABASE_URL runs it.
      const postgres = await openDatabase({ databaseUrl: created.url });
      const closePostgres = once(() => postgres.close());
      ctx.onCleanup(closePostgres);
      results.push(...(await measure(ctx, 'postgres', postgres)));
      await closePostgres();
      await created.drop();
    }
    notes.push(
      'Login cost is dominated by the scrypt password hash (N=2^15), computed on the libuv thread pool ' +
        `(UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4, the default'}).`,
    );
    return { figures: results, notes };
  },
};

export default benchmark;

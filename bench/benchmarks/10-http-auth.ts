import type { OpenedDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { once } from '../lib/once';
import { loadFigures, measureLoad } from '../lib/load';
import { measureOnEachDatabase } from '../lib/databases';
import { callJson, startServer } from '../lib/server';
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
  return [...loadFigures('POST /api/auth/login', kind, login, connections), ...loadFigures('GET /api/auth/user', kind, user, connections, P99_TARGET_MS)];
}

const benchmark: Benchmark = {
  id: 'http',
  title: 'Login and GET /api/auth/user under load',
  async run(ctx) {
    const { figures, notes } = await measureOnEachDatabase(ctx, (kind, database) => measure(ctx, kind, database));
    notes.push(
      'Login cost is dominated by the scrypt password hash (N=2^15), computed on the libuv thread pool ' +
        `(UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4, the default'}).`,
    );
    return { figures, notes };
  },
};

export default benchmark;

// Issue 19: readiness for a load balancer, the change feed (LISTEN) and what happens when its
// connection is lost, and request rate limits shared by several processes (PostgreSQL, Redis).
import net from 'node:net';
import { sql } from 'kysely';
import { createAccount, login, startSecondServer, startTestServer, useTestServer, type TestServer } from '../support/testServer';

const onPostgres = process.env.TEST_DB === 'postgres';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await wait(5);
  }
  return Date.now() - started;
}

describe('readiness', () => {
  const server = useTestServer();

  test('GET /api/ready answers 200 with its checks, and 503 once the process is shutting down', async () => {
    const ready = await server.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({
      status: 'ready',
      database: 'ok',
      changes: { mode: onPostgres ? 'listen' : 'in-process', listening: true },
      shuttingDown: false,
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    server.services.lifecycle.shuttingDown = true;
    try {
      const draining = await server.call('GET', '/api/ready');
      expect(draining.status).toBe(503);
      expect(draining.body.data).toMatchObject({ status: 'not ready', shuttingDown: true });
      // Liveness is not readiness: the process still answers.
      expect((await server.call('GET', '/api/health')).status).toBe(200);
    } finally {
      server.services.lifecycle.shuttingDown = false;
    }
  });
});

(onPostgres ? describe : describe.skip)('PostgreSQL: a lost listen connection', () => {
  const server = useTestServer({ sessionCacheMs: 60_000, listenRetryMs: 600 });

  test('turns the caches off and readiness to 503 until it listens again, then caching resumes', async () => {
    // Caches are off until the listen connection is up, which a busy machine can make late.
    await until('the first listen', () => server.services.changes.live, 10_000);
    const account = await createAccount(server);
    const token = await login(server, account);
    // The sign-in's own notices (the session, the user's last sign-in) may be heard after the first
    // lookup and drop what it cached, as they should: look up until one is kept.
    const cachedLookup = async () => (await server.call('GET', '/api/auth/user', { token })).status === 200 && server.services.sessions.size === 1;
    await until('the session to be cached', cachedLookup, 5_000);

    const terminated = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = 'testforge-listen' and datname = current_database()`.execute(server.database.db);
    expect(terminated.rows[0]!.n).toBe(1);
    await until('the loss to be noticed', () => !server.services.changes.live, 2_000);

    // Dropped, and nothing is kept while changes could go unheard.
    expect(server.services.sessions.size).toBe(0);
    const notReady = await server.call('GET', '/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.data).toMatchObject({ database: 'ok', changes: { listening: false, losses: 1 } });
    expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(200);
    expect(server.services.sessions.size).toBe(0);
    const listing = await server.call('GET', '/api/folder/childrens/0', { token });
    expect(listing.status).toBe(200);
    expect(listing.headers.get('x-library-cache')).toBeNull();

    await until('listening again', () => server.services.changes.live, 5_000);
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
    await until('the session to be cached again', cachedLookup, 5_000);
    // And it hears changes again.
    await server.database.db.deleteFrom('sessions').where('user_id', '=', account.userId).execute();
    await until('the ended session to be dropped', () => server.services.sessions.size === 0, 100);
    expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(401);
  });
});

/** Wrong sign-ins from one address, alternating between two processes: the address's limit is one for both. */
async function spreadLogins(servers: TestServer[], n: number): Promise<number[]> {
  const account = await createAccount(servers[0]);
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await servers[i % servers.length].call('POST', '/api/auth/login', { body: { ...account, password: `wrong-${i}` } });
    statuses.push(res.status);
    if (res.status === 429) expect(res.body.code).toBe('RATE_LIMITED');
  }
  return statuses;
}

(onPostgres ? describe : describe.skip)('PostgreSQL: request rate limits shared by the processes', () => {
  test('without Redis, in the database: 4 a minute over two processes allow 4 in all', async () => {
    const a = await startTestServer({ loginRateLimitPerMinute: 4, accountFailureLimit: 100 });
    const b = await startSecondServer(a, { loginRateLimitPerMinute: 4, accountFailureLimit: 100 });
    try {
      expect(await spreadLogins([a, b], 6)).toEqual([401, 401, 401, 401, 429, 429]);
      const rows = await a.database.db.selectFrom('rate_limits').select(['key', 'hits']).execute();
      expect(rows).toEqual([{ key: 'POST/api/auth/login-127.0.0.1', hits: 6 }]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  test('with REDIS_URL, in Redis (skipped when no Redis answers)', async () => {
    const { hostname, port } = new URL(redisUrl);
    const answers = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port || 6379), hostname, () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (!answers) {
      console.warn(`SKIPPED: no Redis at ${redisUrl}`);
      return;
    }
    // A namespace of its own is not configurable: keys are per route and address, so clear ours first.
    const a = await startTestServer({ loginRateLimitPerMinute: 4, accountFailureLimit: 100, redisUrl });
    const b = await startSecondServer(a, { loginRateLimitPerMinute: 4, accountFailureLimit: 100, redisUrl });
    try {
      const { default: Redis } = await import('ioredis');
      const redis = new Redis(redisUrl);
      await redis.del('testforge-rate-POST/api/auth/login-127.0.0.1');
      const statuses = await spreadLogins([a, b], 6);
      expect(await redis.get('testforge-rate-POST/api/auth/login-127.0.0.1')).toBe('6');
      await redis.del('testforge-rate-POST/api/auth/login-127.0.0.1');
      await redis.quit();
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(await a.database.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

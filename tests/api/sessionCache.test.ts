import { sql } from 'kysely';
import { createAccount, login, startTestServer, type TestServer } from '../support/testServer';
import { hashToken } from '@server/security';

// @database-neutral: its subject is the in-memory session cache, so it runs once, not on each database (jest.config.js).

/** The in-memory session cache: exact for changes made through this server, bounded by its TTL otherwise. */
let server: TestServer;
const TTL_MS = 400;
beforeAll(async () => {
  server = await startTestServer({ sessionCacheMs: TTL_MS });
});
afterAll(() => server.close());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('logout ends the session at once, even while it is cached', async () => {
  const account = await createAccount(server);
  const token = await login(server, account);
  expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(200); // now cached
  expect((await server.call('POST', '/api/auth/logout', { token })).status).toBe(200);
  expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(401);
});

test("a password change ends the user's other cached sessions at once", async () => {
  const account = await createAccount(server);
  const kept = await login(server, account);
  const other = await login(server, account);
  expect((await server.call('GET', '/api/auth/user', { token: other })).status).toBe(200);
  const change = await server.call('POST', '/api/auth/changePassword', {
    token: kept,
    body: { currentPassword: account.password, newPassword: 'a-new-password-1' },
  });
  expect(change.status).toBe(200);
  expect((await server.call('GET', '/api/auth/user', { token: other })).status).toBe(401);
  expect((await server.call('GET', '/api/auth/user', { token: kept })).status).toBe(200);
});

test('updated default settings are served at once', async () => {
  const account = await createAccount(server);
  const token = await login(server, account);
  await server.call('GET', '/api/v2/auth/default-settings', { token });
  await server.call('PATCH', '/api/v2/user/update-default-settings', { token, body: { settings: { revealAnswersTime: 'later' } } });
  const after = await server.call('GET', '/api/v2/auth/default-settings', { token });
  expect(after.body.data.settings.revealAnswersTime).toBe('later');
});

const onPostgres = process.env.TEST_DB === 'postgres';

// PGlite: one process owns the data, nothing is announced, and a change behind the server's back
// (which no second process can make) is bounded by the TTL.
(onPostgres ? test.skip : test)('PGlite: a change made behind the server is seen once the TTL has passed', async () => {
  const account = await createAccount(server, { days: 30 });
  const token = await login(server, account);
  expect((await server.call('GET', '/api/auth/user', { token })).body.data.user.remainingDays).toBe(30);
  await sql`update organizations set subscription_ends_at = now() - interval '1 day' where id = ${account.orgId}`.execute(server.database.db);
  await server.database.db.deleteFrom('sessions').where('user_id', '=', account.userId).execute();
  expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(200); // still cached
  await wait(TTL_MS + 50);
  expect((await server.call('GET', '/api/auth/user', { token })).status).toBe(401);
});

// PostgreSQL (issue 19): the database announces the change (NOTIFY) and the cache drops it.
(onPostgres ? test : test.skip)('PostgreSQL: a change made behind the server (another process, plain SQL) is refused within 100 ms', async () => {
  const long = await startTestServer({ sessionCacheMs: 60_000 });
  try {
    const account = await createAccount(long, { days: 30 });
    const token = await login(long, account);
    const other = await login(long, account);
    expect((await long.call('GET', '/api/auth/user', { token })).body.data.user.remainingDays).toBe(30);
    expect((await long.call('GET', '/api/auth/user', { token: other })).status).toBe(200);
    expect(long.services.sessions.size).toBe(2);
    // An organisation's change drops its sessions: the next call reads the new end date.
    await sql`update organizations set subscription_ends_at = now() + interval '10 days' where id = ${account.orgId}`.execute(long.database.db);
    await wait(100);
    expect((await long.call('GET', '/api/auth/user', { token })).body.data.user.remainingDays).toBe(10);
    // A session ended by plain SQL: refused within 100 ms, the other one still served.
    await long.database.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    await wait(100);
    expect((await long.call('GET', '/api/auth/user', { token })).status).toBe(401);
    expect((await long.call('GET', '/api/auth/user', { token: other })).status).toBe(200);
  } finally {
    await long.close();
  }
});

test('an expired session is never served from the cache', async () => {
  const short = await startTestServer({ sessionCacheMs: 60_000, sessionTtlMs: 300 });
  try {
    const account = await createAccount(short);
    const token = await login(short, account);
    expect((await short.call('GET', '/api/auth/user', { token })).status).toBe(200);
    await wait(350);
    expect((await short.call('GET', '/api/auth/user', { token })).status).toBe(401);
  } finally {
    await short.close();
  }
});

test('a lookup racing a logout does not put the ended session back in the cache', async () => {
  const account = await createAccount(server);
  const token = await login(server, account);
  const cache = server.services.sessions;
  const before = cache.currentGeneration();
  cache.forgetToken('another-token'); // an invalidation happens while a lookup is in flight
  const found = await server.services.accounts.findBySessionToken(hashToken(token), new Date());
  cache.set('racing', found!, Date.now(), before);
  expect(cache.get('racing', Date.now())).toBeUndefined();
});

test('concurrent PATCHes of different settings both survive', async () => {
  const account = await createAccount(server);
  const token = await login(server, account);
  await Promise.all([
    server.call('PATCH', '/api/v2/user/update-default-settings', { token, body: { settings: { revealAnswersTime: 'later' } } }),
    server.call('PATCH', '/api/v2/user/update-default-settings', { token, body: { settings: { showAnswers: false } } }),
  ]);
  const after = await server.call('GET', '/api/v2/auth/default-settings', { token });
  expect(after.body.data.settings).toMatchObject({ revealAnswersTime: 'later', showAnswers: false });
});

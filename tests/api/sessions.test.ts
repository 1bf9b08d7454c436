// Session tokens (x-access-token): stored hashed, expire, end on logout; GET /auth/user;
// POST /auth/changePassword and how it treats the other sessions; passwords stored as scrypt hashes.
import { createUser } from '@server/modules/orgs/commands';
import { startWithAccount, createAccount, login, startTestServer, fieldError, type TestServer } from '../support/testServer';
// @database-neutral: its subject is the session calls, whose SQL is the same on both databases and which test no concurrent writes, so it runs once (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: TestServer;
let account: Account;

beforeAll(async () => ({ server, account } = await startWithAccount({ loginRateLimitPerMinute: 1000 })));
afterAll(() => server.close());

const me = (token?: string, lang?: string) => server.call('GET', '/api/auth/user', { token, lang });
const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Your session has expired or is not valid. Please log in again.' };

/** Every call that needs a session, with a body that would be valid. */
const PROTECTED_CALLS: [string, string, unknown][] = [
  ['GET', '/api/auth/user', undefined],
  ['POST', '/api/auth/logout', undefined],
  ['POST', '/api/auth/changePassword', { currentPassword: 'correct-horse-1', newPassword: 'another-horse-2' }],
  ['GET', '/api/v2/auth/default-settings', undefined],
  ['PATCH', '/api/v2/user/update-default-settings', { settings: { showAnswers: false } }],
  ['GET', '/api/v2/auth/clp-default-settings', undefined],
  ['POST', '/api/v2/infobip/notification', { userId: 'someone' }],
  ['POST', '/api/v2/user/receiveCallBack', { phoneNo: '9876543210' }],
  ['GET', '/api/v2/user/premiumTutors', undefined],
  ['GET', '/api/v2/assets/url-for-whats-new-model', undefined],
  ['GET', '/api/v2/report-repo/count', undefined],
];

describe('GET /auth/user', () => {
  test('answers data.user with the same Auth user as the login, token included', async () => {
    const loggedIn = await server.call('POST', '/api/auth/login', { body: account });
    const { token, user } = loggedIn.body.data;
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['user']);
    // isFirstLogin was true in the login's answer and is false from then on; all else is the same.
    expect(res.body.data.user).toEqual({ ...user, isFirstLogin: false });
    expect(res.body.data.user.token).toBe(token);
  });

  test.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a garbage token', 'garbage'],
    ['a token of the right shape', 'A'.repeat(43)],
    ['a huge token', 'x'.repeat(4000)],
  ])('%s is 401 UNAUTHORIZED', async (_label, token) => {
    const res = await server.call('GET', '/api/auth/user', { headers: token === undefined ? {} : { 'x-access-token': token } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  test('the token only counts in x-access-token', async () => {
    const token = await login(server, account);
    expect((await server.call('GET', '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await server.call('GET', `/api/auth/user?token=${token}`)).status).toBe(401);
    expect((await server.call('GET', '/api/auth/user', { headers: { 'x-wl-access-token': token } })).status).toBe(401);
    // A token differing in case is another token.
    const i = token.search(/[a-zA-Z]/);
    const c = token[i];
    const flipped = token.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + token.slice(i + 1);
    expect((await me(flipped)).status).toBe(401);
  });

  test.each(PROTECTED_CALLS)('%s %s needs a live session', async (method, path, body) => {
    const none = await server.call(method, path, { body });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(UNAUTHORIZED);
    const bad = await server.call(method, path, { body, token: 'bad-token', lang: 'ko' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
  });
});

describe('tokens are stored hashed', () => {
  test('the sessions table never holds the raw token, and the stored value is no token', async () => {
    const token = await login(server, account);
    const rows = await server.database.db.selectFrom('sessions').selectAll().where('user_id', '=', account.userId).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.org_id).toBe(account.orgId);
      expect((await me(row.token_hash)).status).toBe(401);
    }
  });
});

describe('tokens expire', () => {
  test('a session whose time is over is 401, and logging in again works', async () => {
    const token = await login(server, account);
    expect((await me(token)).status).toBe(200);
    const rows = await server.database.db
      .selectFrom('sessions')
      .select(['token_hash', 'expires_at', 'created_at'])
      .where('user_id', '=', account.userId)
      .execute();
    // Default lifetime: 7 days.
    for (const row of rows) {
      const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
      expect(Math.abs(lifetime - 7 * 86_400_000)).toBeLessThan(60_000);
    }
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('user_id', '=', account.userId)
      .execute();
    const res = await me(token, 'vi');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.' });
    expect((await me(await login(server, account))).status).toBe(200);
  });

  test('with SESSION_TTL set short, a token dies on its own', async () => {
    const shortLived = await startTestServer({ sessionTtlMs: 50 });
    try {
      const acc = await createAccount(shortLived);
      const res = await shortLived.call('POST', '/api/auth/login', { body: acc });
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 120));
      const after = await shortLived.call('GET', '/api/auth/user', { token: res.body.data.token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('UNAUTHORIZED');
    } finally {
      await shortLived.close();
    }
  });
});

describe('POST /auth/logout', () => {
  test('ends that session only', async () => {
    const a = await login(server, account);
    const b = await login(server, account);
    const res = await server.call('POST', '/api/auth/logout', { token: a });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: 'You have been logged out.' } });
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
    // A second logout with the dead token is 401, not a success.
    expect((await server.call('POST', '/api/auth/logout', { token: a })).status).toBe(401);
  });

  test('removes the session row', async () => {
    const token = await login(server, account);
    const count = async () => (await server.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', account.userId).execute()).length;
    const before = await count();
    await server.call('POST', '/api/auth/logout', { token, body: {} });
    expect(await count()).toBe(before - 1);
  });

  test("answers in the caller's language", async () => {
    const token = await login(server, account);
    const res = await server.call('POST', '/api/auth/logout', { token, lang: 'ko' });
    expect(res.body.data.message).toBe('로그아웃되었습니다.');
  });
});

describe('POST /auth/changePassword', () => {
  let acc: Account;
  let caller: string;
  let other: string;
  beforeAll(async () => {
    acc = await createAccount(server, { password: 'first-password-1' });
    caller = await login(server, acc);
    other = await login(server, acc);
  });

  const change = (body: unknown, token = caller, lang?: string) => server.call('POST', '/api/auth/changePassword', { body, token, lang });

  test('a wrong current password is 400 WRONG_PASSWORD naming currentPassword, and changes nothing', async () => {
    const res = await change({ currentPassword: 'not-it-at-all', newPassword: 'second-password-2' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldError('WRONG_PASSWORD', 'currentPassword', 'The current password is not correct.'));
    expect((await change({ currentPassword: 'not-it-at-all', newPassword: 'second-password-2' }, caller, 'vi')).body.message).toBe(
      'Mật khẩu hiện tại không đúng.',
    );
    expect((await me(other)).status).toBe(200);
    expect((await server.call('POST', '/api/auth/login', { body: acc })).status).toBe(200);
  });

  test.each([
    [{ newPassword: 'second-password-2' }, 'currentPassword'],
    [{ currentPassword: 'first-password-1' }, 'newPassword'],
    [{ currentPassword: 'first-password-1', newPassword: 12345678 }, 'newPassword'],
    [{ currentPassword: ['first-password-1'], newPassword: 'second-password-2' }, 'currentPassword'],
    [{ currentPassword: 'first-password-1', newPassword: '' }, 'newPassword'],
  ])('bad input %p is 400 naming %s', async (body, field) => {
    const res = await change(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toContain(`"${field}"`);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test('a new password shorter than 8 or longer than 128 characters is 400 naming newPassword', async () => {
    const short = await change({ currentPassword: 'first-password-1', newPassword: 'short7!' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual(fieldError('VALIDATION_ERROR', 'newPassword', 'The password must be at least 8 characters long.'));
    const long = await change({ currentPassword: 'first-password-1', newPassword: 'x'.repeat(129) }, caller, 'ko');
    expect(long.status).toBe(400);
    expect(long.body.details[0].field).toBe('newPassword');
    expect(long.body.message).toBe('비밀번호는 128자 이하여야 합니다.');
  });

  test('the same password again is 400 naming newPassword', async () => {
    const res = await change({ currentPassword: 'first-password-1', newPassword: 'first-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('newPassword');
    expect(res.body.message).toBe('The new password must be different from the current one.');
  });

  test('changes the password, keeps the caller logged in and ends the other sessions', async () => {
    const before = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', acc.userId).executeTakeFirstOrThrow();
    const res = await change({ currentPassword: 'first-password-1', newPassword: 'second-password-2' }, caller, 'vi');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: 'Đổi mật khẩu thành công.' } });
    expect((await me(caller)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await server.call('POST', '/api/auth/login', { body: acc })).body.code).toBe('INVALID_CREDENTIALS');
    expect((await server.call('POST', '/api/auth/login', { body: { ...acc, password: 'second-password-2' } })).status).toBe(200);
    const after = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', acc.userId).executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).toMatch(/^scrypt\$/);
    expect(after.password_hash).not.toContain('second-password-2');
  });

  test("does not touch another user's sessions", async () => {
    const bystander = await createAccount(server);
    const bystanderToken = await login(server, bystander);
    const token = await login(server, { ...acc, password: 'second-password-2' });
    expect((await change({ currentPassword: 'second-password-2', newPassword: 'third-password-3' }, token)).status).toBe(200);
    expect((await me(bystanderToken)).status).toBe(200);
    expect((await server.call('POST', '/api/auth/login', { body: bystander })).status).toBe(200);
  });

  test('is refused with 403 SUBSCRIPTION_EXPIRED when the organisation has 0 days left', async () => {
    const expired = await createAccount(server, { days: 0 });
    const token = await login(server, expired);
    const res = await change({ currentPassword: expired.password, newPassword: 'brand-new-pass-9' }, token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'SUBSCRIPTION_EXPIRED', message: "Your organisation's subscription has expired. Please renew it to continue." });
    expect((await change({ currentPassword: expired.password, newPassword: 'brand-new-pass-9' }, token, 'ko')).body.message).toBe(
      '기관의 구독이 만료되었습니다. 계속하려면 구독을 갱신하세요.',
    );
    // Nothing changed.
    expect((await server.call('POST', '/api/auth/login', { body: expired })).status).toBe(200);
  });
});

describe('passwords are stored as salted scrypt hashes', () => {
  test('never in clear, and the same password gives different hashes', async () => {
    const a = await createAccount(server, { password: 'shared-password-1' });
    const b = await createAccount(server, { password: 'shared-password-1' });
    const rows = await server.database.db.selectFrom('users').select(['id', 'password_hash']).where('id', 'in', [a.userId, b.userId]).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.password_hash).not.toContain('shared-password-1');
      expect(row.password_hash).not.toContain(Buffer.from('shared-password-1').toString('base64'));
      const [, n] = row.password_hash.split('$');
      expect(Number(n)).toBeGreaterThanOrEqual(2 ** 14); // slow enough to matter
    }
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
  });

  test('no table holds a clear password after login, change and a user created by the admin commands', async () => {
    const acc = await createAccount(server, { password: 'plain-text-canary-1' });
    await createUser(server.database.db, { orgCode: acc.orgCode, email: 'canary2@example.com', name: 'Canary', password: 'plain-text-canary-2' });
    const token = await login(server, acc);
    await server.call('POST', '/api/auth/changePassword', { token, body: { currentPassword: 'plain-text-canary-1', newPassword: 'plain-text-canary-3' } });
    for (const table of ['users', 'sessions', 'outbox', 'login_failures', 'password_resets'] as const) {
      const rows = await server.database.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toMatch(/plain-text-canary/);
    }
  });
});

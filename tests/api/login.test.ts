// POST /api/auth/login and GET /api/v2/user/wl-login: the Auth user of spec section 3, one answer
// for every kind of wrong credentials, the per-account lock and the per-IP rate limit.
import { sql } from 'kysely';
import { buildApp } from '@server/app';
import { createUser, createWhitelabelToken } from '@server/modules/orgs/commands';
import { startWithAccount, createAccount, login, startTestServer, useTestServer, type TestServer } from '../support/testServer';

type Account = Awaited<ReturnType<typeof createAccount>>;

/** Every field of the Auth user of spec section 3 (token included), and decisions section 2. */
const AUTH_USER_FIELDS = [
  '_id',
  'token',
  'name',
  'contact',
  'email',
  'role',
  'allowSharing',
  'organization',
  'allowGpscType',
  'whitelabelId',
  'isFirstLogin',
  'isSharedGlobal',
  'isTbTestEnabled',
  'cmsTestPreviewUrl',
  'tbTestPreviewUrl',
  'isBilingualEnabled',
  'buildType',
  'isCLPEditor',
  'enableViduParser',
  'region',
  'remainingDays',
  'showExpiredModal',
  'showExpiringHeader',
  'showExpiringModal',
  'orgLocation',
  'userId',
];

let server: TestServer;
let account: Account;

beforeAll(async () => ({ server, account } = await startWithAccount({ loginRateLimitPerMinute: 1000 })));
afterAll(() => server.close());

const loginCall = (body: unknown, lang?: string) => server.call('POST', '/api/auth/login', { body, lang });

describe('a successful login', () => {
  test('answers a token and the user with every Auth user field', async () => {
    const res = await loginCall(account);
    expect(res.status).toBe(200);
    const { token, user } = res.body.data;
    expect(token).toMatch(/^[\w-]{32,}$/);
    for (const field of AUTH_USER_FIELDS) expect(user).toHaveProperty(field);
    expect(user).toMatchObject({
      _id: account.userId,
      userId: account.userId,
      token,
      email: account.email,
      name: expect.stringMatching(/^Tutor /),
      contact: { countryCode: expect.any(String), mobile: expect.any(String) },
      role: ['tutor'],
      organization: { id: account.orgId, code: account.orgCode },
      whitelabelId: null,
      region: { dateTimeStamp: 'DD MMM YYYY' },
      buildType: expect.any(String),
      cmsTestPreviewUrl: expect.stringMatching(/^http/),
      tbTestPreviewUrl: expect.stringMatching(/^http/),
      remainingDays: 30,
      showExpiredModal: false,
      showExpiringHeader: false,
      showExpiringModal: false,
      orgLocation: null,
    });
    for (const flag of [
      'allowSharing',
      'allowGpscType',
      'isFirstLogin',
      'isSharedGlobal',
      'isTbTestEnabled',
      'isBilingualEnabled',
      'isCLPEditor',
      'enableViduParser',
    ]) {
      expect(typeof user[flag]).toBe('boolean');
    }
    // The token works at once.
    const me = await server.call('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.userId).toBe(account.userId);
  });

  test('the org code and the e-mail are case-insensitive and trimmed', async () => {
    for (const orgCode of [account.orgCode.toLowerCase(), account.orgCode.toUpperCase(), `  ${account.orgCode} `]) {
      const res = await loginCall({ ...account, orgCode });
      expect(res.status).toBe(200);
      expect(res.body.data.user.organization.code).toBe(account.orgCode);
    }
    const res = await loginCall({ ...account, email: ` ${account.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.data.user.userId).toBe(account.userId);
  });

  test('the password is case-sensitive and not trimmed', async () => {
    expect((await loginCall({ ...account, password: account.password.toUpperCase() })).status).toBe(401);
    expect((await loginCall({ ...account, password: ` ${account.password}` })).status).toBe(401);
    expect((await loginCall(account)).status).toBe(200);
  });

  test('isFirstLogin is true on the first login only', async () => {
    const fresh = await createAccount(server);
    expect((await loginCall(fresh)).body.data.user.isFirstLogin).toBe(true);
    expect((await loginCall(fresh)).body.data.user.isFirstLogin).toBe(false);
  });

  test('each login starts its own session', async () => {
    const a = (await loginCall(account)).body.data.token;
    const b = (await loginCall(account)).body.data.token;
    expect(a).not.toBe(b);
    expect((await server.call('GET', '/api/auth/user', { token: a })).status).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: b })).status).toBe(200);
  });
});

describe('feature flags', () => {
  test('come from the organisation', async () => {
    const all = await createAccount(server, {
      flags: {
        is_shared_global: true,
        enable_vidu_parser: true,
        is_bilingual_enabled: true,
        is_tb_test_enabled: true,
        allow_gpsc_type: true,
        allow_sharing: false,
      },
    });
    const { user } = (await loginCall(all)).body.data;
    expect(user).toMatchObject({
      isSharedGlobal: true,
      enableViduParser: true,
      isBilingualEnabled: true,
      isTbTestEnabled: true,
      allowGpscType: true,
      allowSharing: false,
      isCLPEditor: false,
    });
    const none = (await loginCall(account)).body.data.user;
    expect(none).toMatchObject({
      isSharedGlobal: false,
      enableViduParser: false,
      isBilingualEnabled: false,
      isTbTestEnabled: false,
      allowGpscType: false,
      allowSharing: true,
    });
  });

  test("a user's own setting overrides the organisation's, both ways", async () => {
    const acc = await createAccount(server, { flags: { is_shared_global: true, enable_vidu_parser: true, allow_sharing: true } });
    await server.database.db
      .updateTable('users')
      .set({ is_shared_global: false, is_bilingual_enabled: true, allow_sharing: false, allow_gpsc_type: true })
      .where('id', '=', acc.userId)
      .execute();
    const expected = {
      isSharedGlobal: false, // org true, user false
      enableViduParser: true, // org true, user unset
      isBilingualEnabled: true, // org false, user true
      isTbTestEnabled: false, // neither
      allowSharing: false,
      allowGpscType: true,
    };
    const token = await login(server, acc);
    expect((await loginCall(acc)).body.data.user).toMatchObject(expected);
    // GET /auth/user reads the flags live: a change applies without a new login.
    expect((await server.call('GET', '/api/auth/user', { token })).body.data.user).toMatchObject(expected);
    await server.database.db.updateTable('users').set({ is_shared_global: null }).where('id', '=', acc.userId).execute();
    expect((await server.call('GET', '/api/auth/user', { token })).body.data.user.isSharedGlobal).toBe(true);
  });

  test("isCLPEditor is the user's own flag", async () => {
    const editor = await createAccount(server, { clpEditor: true });
    expect((await loginCall(editor)).body.data.user.isCLPEditor).toBe(true);
  });

  test('region and orgLocation come from the organisation, region overridable by the user', async () => {
    const acc = await createAccount(server);
    await sql`update organizations set region = ${JSON.stringify({ dateTimeStamp: 'DD/MM/YYYY', timezone: 'Asia/Seoul' })}::jsonb,
      org_location = 'Seoul' where id = ${acc.orgId}`.execute(server.database.db);
    expect((await loginCall(acc)).body.data.user).toMatchObject({
      region: { dateTimeStamp: 'DD/MM/YYYY', timezone: 'Asia/Seoul' },
      orgLocation: 'Seoul',
    });
    await sql`update users set region = ${JSON.stringify({ dateTimeStamp: 'YYYY-MM-DD' })}::jsonb where id = ${acc.userId}`.execute(server.database.db);
    expect((await loginCall(acc)).body.data.user.region).toEqual({ dateTimeStamp: 'YYYY-MM-DD', timezone: 'Asia/Seoul' });
  });
});

describe('wrong credentials', () => {
  test('a wrong org code, e-mail or password all answer the identical 401', async () => {
    const other = await createAccount(server, { password: 'another-password-2' });
    const attempts = [
      { ...account, orgCode: 'NO-SUCH-ORG' },
      { ...account, email: 'nobody@example.com' },
      { ...account, password: 'wrong-password-1' },
      { ...account, orgCode: other.orgCode }, // a real org, but the user is not in it
      { ...other, password: account.password }, // a real user, another's password
    ];
    const answers = [];
    for (const attempt of attempts) {
      const res = await loginCall(attempt);
      answers.push({ status: res.status, body: res.body });
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid organisation code, e-mail or password.' },
      });
    }
    for (const lang of ['vi', 'ko']) {
      const unknown = await loginCall({ ...account, orgCode: 'NO-SUCH-ORG' }, lang);
      const wrong = await loginCall({ ...account, password: 'wrong-password-1' }, lang);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body.message).not.toBe('Invalid organisation code, e-mail or password.');
    }
    // Clear the failures counted against the real accounts.
    await login(server, account);
    await login(server, other);
  });

  test('a failed login starts no session', async () => {
    const before = await server.database.db.selectFrom('sessions').select('token_hash').execute();
    await loginCall({ ...account, password: 'wrong-password-1' });
    await loginCall({ ...account, orgCode: 'NO-SUCH-ORG' });
    const after = await server.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(after).toHaveLength(before.length);
    await login(server, account);
  });
});

describe('the per-account lock', () => {
  const wrong = (acc: Account, lang?: string) => loginCall({ ...acc, password: 'not-the-password' }, lang);

  test('after 5 failures the account is locked: 429 ACCOUNT_LOCKED even with the right password', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 5; i += 1) expect((await wrong(acc)).status).toBe(401);
    const locked = await loginCall(acc);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed logins for this account. Please try again in 15 minutes.',
    });
    // The key ignores case and spaces, so these are the same account.
    const variant = await loginCall({ ...acc, orgCode: acc.orgCode.toLowerCase(), email: ` ${acc.email.toUpperCase()}` }, 'vi');
    expect(variant.status).toBe(429);
    expect(variant.body.code).toBe('ACCOUNT_LOCKED');
    expect(variant.body.message).toBe('Tài khoản này đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.');
    expect((await wrong(acc, 'ko')).body.message).toBe('이 계정의 로그인 실패가 너무 많습니다. 15분 후에 다시 시도하세요.');
    // Other accounts, even of the same organisation, are not locked.
    const sibling = await createUser(server.database.db, { orgCode: acc.orgCode, email: 'sibling@example.com', name: 'Sib', password: 'sibling-pass-1' });
    expect((await loginCall({ orgCode: acc.orgCode, email: 'sibling@example.com', password: sibling.password })).status).toBe(200);
    expect((await loginCall(account)).status).toBe(200);
  });

  test('50 wrong passwords sent at once check at most 5: the attempt is counted before the password (issue 14)', async () => {
    const acc = await createAccount(server);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => loginCall({ ...acc, password: `guess-number-${i}` })));
    const codes = answers.map((res) => res.body.code as string);
    // Only the attempts counted within the limit reach the password check; the rest are refused unseen.
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(45);
    expect(codes.every((code) => code === 'INVALID_CREDENTIALS' || code === 'ACCOUNT_LOCKED')).toBe(true);
    expect((await loginCall(acc)).status).toBe(429);
  });

  test('four failures do not lock, and a success starts the count again', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 4; i += 1) expect((await wrong(acc)).status).toBe(401);
    expect((await loginCall(acc)).status).toBe(200);
    const failures = () =>
      server.database.db.selectFrom('login_failures').select('failures').where('account_key', '=', `${acc.orgCode.toLowerCase()}:${acc.email}`).execute();
    expect(await failures()).toEqual([]);
    expect((await wrong(acc)).status).toBe(401);
    expect(await failures()).toEqual([{ failures: 1 }]);
  });

  test('an unknown account is locked the same way, so the lock tells nothing', async () => {
    const ghost = { orgCode: account.orgCode, email: 'ghost@example.com', password: 'anything-1' };
    for (let i = 0; i < 5; i += 1) expect((await loginCall(ghost)).body.code).toBe('INVALID_CREDENTIALS');
    const res = await loginCall(ghost);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('ACCOUNT_LOCKED');
    // An organisation that does not exist is counted too.
    const noOrg = { ...ghost, orgCode: 'NO-SUCH-ORG-2' };
    await loginCall(noOrg);
    const row = await server.database.db
      .selectFrom('login_failures')
      .select('failures')
      .where('account_key', '=', 'no-such-org-2:ghost@example.com')
      .executeTakeFirst();
    expect(row).toEqual({ failures: 1 });
  });

  test('the lock is kept in the database (shared by every server process)', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 5; i += 1) await wrong(acc);
    const row = await server.database.db
      .selectFrom('login_failures')
      .selectAll()
      .where('account_key', '=', `${acc.orgCode.toLowerCase()}:${acc.email.toLowerCase()}`)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(5);
    expect(new Date(row.locked_until!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // A second server process over the same database sees the lock.
    const second = await buildApp({ config: server.config, database: server.database, quiet: true });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = second.app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(acc),
      });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { code: string }).code).toBe('ACCOUNT_LOCKED');
    } finally {
      await second.app.close();
    }
  });
});

describe('the lock ends', () => {
  const keyOf = (acc: Account) => `${acc.orgCode.toLowerCase()}:${acc.email.toLowerCase()}`;

  test('when its time is over', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 5; i += 1) await loginCall({ ...acc, password: 'nope-nope' });
    expect((await loginCall(acc)).status).toBe(429);
    await server.database.db
      .updateTable('login_failures')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('account_key', '=', keyOf(acc))
      .execute();
    expect((await loginCall(acc)).status).toBe(200);
  });

  test('failures older than the lock time are not counted', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 4; i += 1) await loginCall({ ...acc, password: 'nope-nope' });
    await server.database.db
      .updateTable('login_failures')
      .set({ window_started_at: new Date(Date.now() - 16 * 60_000) })
      .where('account_key', '=', keyOf(acc))
      .execute();
    expect((await loginCall({ ...acc, password: 'nope-nope' })).status).toBe(401); // counts as the 1st again
    expect((await loginCall(acc)).status).toBe(200);
  });

  test('ACCOUNT_FAILURE_LIMIT and ACCOUNT_LOCK_MINUTES are honoured', async () => {
    const strict = await startTestServer({ accountFailureLimit: 2, accountLockMs: 120 * 60_000 });
    try {
      const acc = await createAccount(strict);
      const call = (body: unknown) => strict.call('POST', '/api/auth/login', { body });
      expect((await call({ ...acc, password: 'nope-nope' })).status).toBe(401);
      expect((await call({ ...acc, password: 'nope-nope' })).status).toBe(401);
      const res = await call(acc);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('Too many failed logins for this account. Please try again in 120 minutes.');
    } finally {
      await strict.close();
    }
  });
});

describe('the per-IP rate limit', () => {
  const limited = useTestServer({ loginRateLimitPerMinute: 3 });
  let sessionToken: string;

  test('the 4th login in a minute from one address is 429 RATE_LIMITED, right password or not', async () => {
    const acc = await createAccount(limited);
    const statuses = [];
    for (const body of [{ ...acc, password: 'nope-nope' }, acc, { ...acc, orgCode: 'X' }]) {
      const res = await limited.call('POST', '/api/auth/login', { body });
      if (res.status === 200) sessionToken = res.body.data.token;
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 200, 401]);
    const res = await limited.call('POST', '/api/auth/login', { body: acc, lang: 'ko' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: '요청이 너무 많습니다. 1분 후에 다시 시도하세요.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Malformed requests count too, and are refused before being read.
    expect((await limited.call('POST', '/api/auth/login', { rawBody: '{' })).body.code).toBe('RATE_LIMITED');
  });

  test('the limit is on logging in: a logged-in user can still use the API', async () => {
    expect((await limited.call('GET', '/api/auth/user', { token: sessionToken })).status).toBe(200);
    expect((await limited.call('GET', '/api/health')).status).toBe(200);
    expect((await limited.call('POST', '/api/auth/login', { body: {} })).status).toBe(429);
  });
});

describe('white-label login', () => {
  test('a white-label token logs its user in with the same answer as a login', async () => {
    const wl = await createWhitelabelToken(server.database.db, { orgCode: account.orgCode, email: account.email });
    const res = await server.call('GET', '/api/v2/user/wl-login', { headers: { 'x-wl-access-token': wl } });
    expect(res.status).toBe(200);
    const { token, user } = res.body.data;
    for (const field of AUTH_USER_FIELDS) expect(user).toHaveProperty(field);
    expect(user).toMatchObject({ userId: account.userId, token, organization: { id: account.orgId, code: account.orgCode } });
    expect(token).not.toBe(wl);
    expect((await server.call('GET', '/api/auth/user', { token })).body.data.user.userId).toBe(account.userId);
    // The token can be used again (it is long-lived), each time with a new session.
    const again = await server.call('GET', '/api/v2/user/wl-login', { headers: { 'x-wl-access-token': wl } });
    expect(again.status).toBe(200);
    expect(again.body.data.token).not.toBe(token);
  });

  test('no, empty or unknown white-label token is 401 INVALID_WL_TOKEN', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-wl-access-token': '' },
      { 'x-wl-access-token': 'garbage' },
      { 'x-wl-access-token': 'x'.repeat(5000) },
    ]) {
      const res = await server.call('GET', '/api/v2/user/wl-login', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_WL_TOKEN', message: 'The white-label access token is not valid.' });
    }
    const vi = await server.call('GET', '/api/v2/user/wl-login', { headers: { 'x-wl-access-token': 'garbage' }, lang: 'vi' });
    expect(vi.body.message).toBe('Mã truy cập white-label không hợp lệ.');
  });

  test('a white-label token is not a session token, nor the other way round', async () => {
    const wl = await createWhitelabelToken(server.database.db, { orgCode: account.orgCode, email: account.email });
    expect((await server.call('GET', '/api/auth/user', { token: wl })).status).toBe(401);
    const session = await login(server, account);
    expect((await server.call('GET', '/api/v2/user/wl-login', { headers: { 'x-wl-access-token': session } })).status).toBe(401);
  });

  test('white-label tokens are stored hashed', async () => {
    const wl = await createWhitelabelToken(server.database.db, { orgCode: account.orgCode, email: account.email });
    const rows = await server.database.db.selectFrom('whitelabel_tokens').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(wl);
  });

  test('a white-label token logs in its own user only, in its own organisation', async () => {
    const other = await createAccount(server);
    const wl = await createWhitelabelToken(server.database.db, { orgCode: other.orgCode, email: other.email });
    const { user } = (await server.call('GET', '/api/v2/user/wl-login', { headers: { 'x-wl-access-token': wl } })).body.data;
    expect(user.userId).toBe(other.userId);
    expect(user.organization.id).toBe(other.orgId);
  });
});

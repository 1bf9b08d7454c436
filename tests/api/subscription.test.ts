// remainingDays and the expiry flags (spec sections 3, 4, 9; decisions section 3), and what an
// expired organisation may still do (spec section 6).
import { updateOrg } from '@server/modules/orgs/commands';
import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';

// @database-neutral: its subject is subscriptions and their limits, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;
const DAY_MS = 86_400_000;

let server: TestServer;
let account: Account;
let token: string;

beforeAll(async () => ({ server, account, token } = await startSignedIn({ loginRateLimitPerMinute: 1000 })));
afterAll(() => server.close());

const userNow = async () => (await server.call('GET', '/api/auth/user', { token })).body.data.user;
const endsAt = (date: Date) => server.database.db.updateTable('organizations').set({ subscription_ends_at: date }).where('id', '=', account.orgId).execute();

describe('remainingDays and the flags', () => {
  test.each([
    [0, { remainingDays: 0, showExpiredModal: true, showExpiringHeader: false, showExpiringModal: false }],
    [1, { remainingDays: 1, showExpiredModal: false, showExpiringHeader: true, showExpiringModal: true }],
    [2, { remainingDays: 2, showExpiredModal: false, showExpiringHeader: true, showExpiringModal: true }],
    [14, { remainingDays: 14, showExpiredModal: false, showExpiringHeader: true, showExpiringModal: true }],
    [15, { remainingDays: 15, showExpiredModal: false, showExpiringHeader: false, showExpiringModal: false }],
    [365, { remainingDays: 365, showExpiredModal: false, showExpiringHeader: false, showExpiringModal: false }],
  ])('an organisation set to %i days', async (days, expected) => {
    await updateOrg(server.database.db, { code: account.orgCode, days });
    const user = await userNow();
    expect(user).toMatchObject(expected);
    const row = await server.database.db.selectFrom('organizations').select('subscription_ends_at').where('id', '=', account.orgId).executeTakeFirstOrThrow();
    expect(user.subscriptionEndsAt).toBe(new Date(row.subscription_ends_at).toISOString());
    // The login answer says the same.
    expect((await server.call('POST', '/api/auth/login', { body: account })).body.data.user).toMatchObject(expected);
  });

  test('an organisation created with --days N starts at N', async () => {
    for (const days of [0, 1, 14, 15]) {
      const acc = await createAccount(server, { days });
      const res = await server.call('POST', '/api/auth/login', { body: acc });
      expect(res.status).toBe(200);
      expect(res.body.data.user.remainingDays).toBe(days);
    }
  });

  test.each([
    ['1 minute left', 60_000, 1],
    ['1 hour left', 3_600_000, 1],
    ['just under a day left', DAY_MS - 60_000, 1],
    ['just over a day left', DAY_MS + 60_000, 2],
    ['just over 14 days left', 14 * DAY_MS + 60_000, 15],
    ['ended a minute ago', -60_000, 0],
    ['ended a year ago', -365 * DAY_MS, 0],
  ])('%s: remainingDays %i, never below 0', async (_label, offset, days) => {
    await endsAt(new Date(Date.now() + offset));
    const user = await userNow();
    expect(user.remainingDays).toBe(days);
    expect(user.showExpiredModal).toBe(days === 0);
    expect(user.showExpiringHeader).toBe(days >= 1 && days <= 14);
  });

  test('a change of the subscription shows at once, without a new login', async () => {
    await updateOrg(server.database.db, { code: account.orgCode, days: 30 });
    expect((await userNow()).remainingDays).toBe(30);
    await updateOrg(server.database.db, { code: account.orgCode, days: 3 });
    expect((await userNow()).remainingDays).toBe(3);
  });
});

describe('an expired organisation', () => {
  let expired: Account;
  let expiredToken: string;
  beforeAll(async () => {
    expired = await createAccount(server, { days: 0 });
    expiredToken = await login(server, expired);
  });

  test('can still log in and read its user, which says it expired', async () => {
    const res = await server.call('POST', '/api/auth/login', { body: expired });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ remainingDays: 0, showExpiredModal: true });
    expect((await server.call('GET', '/api/auth/user', { token: expiredToken })).status).toBe(200);
  });

  test.each([
    ['POST', '/api/auth/changePassword', { currentPassword: 'correct-horse-1', newPassword: 'new-password-12' }],
    ['GET', '/api/v2/report-repo/count', undefined],
  ])('%s %s is 403 SUBSCRIPTION_EXPIRED', async (method, path, body) => {
    for (const [lang, message] of [
      ['en', "Your organisation's subscription has expired. Please renew it to continue."],
      ['vi', 'Gói đăng ký của tổ chức bạn đã hết hạn. Vui lòng gia hạn để tiếp tục.'],
    ]) {
      const res = await server.call(method, path, { token: expiredToken, body, lang });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'SUBSCRIPTION_EXPIRED', message });
    }
  });

  test('is told 401, not 403, when it has no session', async () => {
    expect((await server.call('GET', '/api/v2/report-repo/count')).status).toBe(401);
  });

  test.each([
    ['GET', '/api/v2/auth/default-settings'],
    ['GET', '/api/v2/auth/clp-default-settings'],
    ['GET', '/api/v2/user/premiumTutors'],
    ['GET', '/api/v2/assets/url-for-whats-new-model'],
  ])('may still call %s %s (help and settings are not blocked)', async (method, path) => {
    expect((await server.call(method, path, { token: expiredToken })).status).toBe(200);
  });

  test('may still ask for a call back', async () => {
    const res = await server.call('POST', '/api/v2/user/receiveCallBack', { token: expiredToken, body: { phoneNo: '9876543210' } });
    expect(res.status).toBe(200);
  });

  /**
   * Issue 14: every write an organisation's user can make is refused the same way once it has
   * expired, found from the OpenAPI document so that a new route cannot forget it. Open: signing
   * in and out, the password-reset mail (no session), help (an expired customer must reach us to
   * renew), the signed-link upload (no session: its link was signed while active), and students.
   */
  const OPEN_WHEN_EXPIRED = new Set([
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/forgotPassword',
    'POST /api/auth/resetPassword',
    'POST /api/v2/infobip/notification',
    'POST /api/v2/user/receiveCallBack',
    'PUT /api/files/{org}/{name}',
  ]);
  test('every other write is 403 SUBSCRIPTION_EXPIRED', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const checked = writes.filter((w) => !OPEN_WHEN_EXPIRED.has(w) && !w.includes(' /api/student/') && !w.startsWith('POST /api/question/report/'));
    expect(checked.length).toBeGreaterThan(25);
    const notRefused: string[] = [];
    for (const write of checked) {
      const [method, template] = write.split(' ');
      const path = template.replace(/\{[^}]+\}/g, 'x1');
      const res = await server.call(method, path, { token: expiredToken, body: {} });
      if (res.status !== 403 || res.body.code !== 'SUBSCRIPTION_EXPIRED') notRefused.push(`${write} -> ${res.status} ${res.body.code}`);
    }
    expect(notRefused).toEqual([]);
  });

  test('is unblocked as soon as the subscription is renewed, with the same session', async () => {
    const acc = await createAccount(server, { days: 0 });
    const session = await login(server, acc);
    expect((await server.call('GET', '/api/v2/report-repo/count', { token: session })).status).toBe(403);
    await updateOrg(server.database.db, { code: acc.orgCode, days: 10 });
    expect((await server.call('GET', '/api/v2/report-repo/count', { token: session })).status).toBe(200);
    const changed = await server.call('POST', '/api/auth/changePassword', {
      token: session,
      body: { currentPassword: acc.password, newPassword: 'renewed-pass-1' },
    });
    expect(changed.status).toBe(200);
  });

  test('expiry of one organisation does not affect another', async () => {
    expect((await server.call('GET', '/api/v2/report-repo/count', { token: expiredToken })).status).toBe(403);
    const active = await createAccount(server, { days: 5 });
    const activeToken = await login(server, active);
    expect((await server.call('GET', '/api/v2/report-repo/count', { token: activeToken })).status).toBe(200);
  });
});

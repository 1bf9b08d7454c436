// GET /v2/verify/org/{code} and GET /v2/org/login-settings?orgId=: public calls made before login.
import { sql } from 'kysely';
import { createAccount, startTestServer, type TestServer } from '../support/testServer';

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: TestServer;
let account: Account;

beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server);
});
afterAll(() => server.close());

describe('GET /v2/verify/org/{code}', () => {
  test('answers the organisation, without a session', async () => {
    const res = await server.call('GET', `/api/v2/verify/org/${account.orgCode}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { orgId: account.orgId, code: account.orgCode, name: expect.stringMatching(/^Org /) } });
  });

  test('the code is case-insensitive', async () => {
    for (const code of [account.orgCode.toLowerCase(), account.orgCode.toUpperCase()]) {
      const res = await server.call('GET', `/api/v2/verify/org/${code}`);
      expect(res.status).toBe(200);
      expect(res.body.data.code).toBe(account.orgCode);
    }
  });

  test('an unknown code is 404 ORG_NOT_FOUND naming the code', async () => {
    const res = await server.call('GET', '/api/v2/verify/org/NO-SUCH-ORG');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'ORG_NOT_FOUND', message: 'No organisation has the code NO-SUCH-ORG.' });
    const ko = await server.call('GET', '/api/v2/verify/org/NO-SUCH-ORG', { lang: 'ko' });
    expect(ko.body.message).toBe('코드가 NO-SUCH-ORG인 기관이 없습니다.');
  });

  test('codes with odd characters are looked up, not interpreted', async () => {
    for (const code of ["x' or '1'='1", '%25', 'a b', '..%2F..%2Fetc']) {
      const res = await server.call('GET', `/api/v2/verify/org/${encodeURIComponent(code)}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ORG_NOT_FOUND');
    }
  });

  test('an organisation id is not a code', async () => {
    expect((await server.call('GET', `/api/v2/verify/org/${account.orgId}`)).status).toBe(404);
  });

  test('a code over 64 characters is 400 naming params.code', async () => {
    const res = await server.call('GET', `/api/v2/verify/org/${'Z'.repeat(65)}`);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['params.code']);
  });

  test('the answer holds no subscription, flags or users', async () => {
    const res = await server.call('GET', `/api/v2/verify/org/${account.orgCode}`);
    expect(Object.keys(res.body.data).sort()).toEqual(['code', 'name', 'orgId']);
  });
});

describe('GET /v2/org/login-settings', () => {
  test('answers the login settings of a password organisation, without a session', async () => {
    const res = await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgId}`, { headers: { 'api-version': '2' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        orgId: account.orgId,
        code: account.orgCode,
        name: expect.any(String),
        whitelabelId: null,
        loginMethods: ['password'],
        logoUrl: null,
      },
    });
    expect(res.headers.get('api-version')).toBe('2');
  });

  test('the API-VERSION header defaults to 1', async () => {
    const res = await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgId}`);
    expect(res.headers.get('api-version')).toBe('1');
  });

  test('a white-label organisation lists the white-label method and its logo', async () => {
    const wl = await createAccount(server);
    await sql`update organizations set whitelabel_id = 'wl-42', login_settings = ${JSON.stringify({ logoUrl: 'https://cdn.example.com/logo.png' })}::jsonb
      where id = ${wl.orgId}`.execute(server.database.db);
    const res = await server.call('GET', `/api/v2/org/login-settings?orgId=${wl.orgId}`);
    expect(res.body.data).toMatchObject({ whitelabelId: 'wl-42', loginMethods: ['password', 'whitelabel'], logoUrl: 'https://cdn.example.com/logo.png' });
    // ... and the other organisation is unchanged.
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgId}`)).body.data.whitelabelId).toBeNull();
  });

  test('an unknown id is 404 ORG_NOT_FOUND', async () => {
    const res = await server.call('GET', '/api/v2/org/login-settings?orgId=00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ORG_NOT_FOUND');
    // The code is not the id.
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgCode}`)).status).toBe(404);
  });

  test('a missing, empty or over-long orgId is 400 naming query.orgId', async () => {
    for (const query of ['', '?orgId=', '?orgId=%20%20', `?orgId=${'i'.repeat(65)}`, '?orgid=x']) {
      const res = await server.call('GET', `/api/v2/org/login-settings${query}`, { lang: 'vi' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['query.orgId']);
      expect(res.body.message).toContain('"query.orgId"');
      expect(res.body.message).toMatch(/^Trường/);
    }
  });
});

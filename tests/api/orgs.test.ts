// GET /v2/verify/org/{code} and GET /v2/org/login-settings?orgId=: public calls made before login.
import { sql } from 'kysely';
import { setOrgBranding } from '@server/modules/orgs/commands';
import { startWithAccount, createAccount, type TestServer } from '../support/testServer';

// @database-neutral: its subject is the public calls made before sign-in, on code that does not
// differ by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on
// each database (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: TestServer;
let account: Account;

beforeAll(async () => ({ server, account } = await startWithAccount()));
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
        brandColor: null,
        welcome: null,
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

  test('the branding set with org:branding is answered; a value cleared or stored malformed is null', async () => {
    const branded = await createAccount(server);
    const db = server.database.db;
    const code = branded.orgCode.toLowerCase();
    await setOrgBranding(db, { code, branding: { logoUrl: '/api/files/logo.png', brandColor: '#0B5394', welcome: 'Chào mừng — 환영합니다' } });
    const res = await server.call('GET', `/api/v2/org/login-settings?orgId=${branded.orgId}`);
    expect(res.body.data).toMatchObject({ logoUrl: '/api/files/logo.png', brandColor: '#0B5394', welcome: 'Chào mừng — 환영합니다' });
    // Only what is given changes; "" clears.
    await setOrgBranding(db, { code, branding: { welcome: '' } });
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${branded.orgId}`)).body.data).toMatchObject({ brandColor: '#0B5394', welcome: null });
    // A value written to the column by hand is checked on the way out too.
    await sql`update organizations set login_settings = ${JSON.stringify({ logoUrl: 'javascript:alert(1)', brandColor: 'red', welcome: 42 })}::jsonb
      where id = ${branded.orgId}`.execute(db);
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${branded.orgId}`)).body.data).toMatchObject({
      logoUrl: null,
      brandColor: null,
      welcome: null,
    });
    // Another organisation's settings are its own.
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgId}`)).body.data.brandColor).toBeNull();
  });

  test('org:branding refuses what the sign-in page could not show well, naming the option', async () => {
    const db = server.database.db;
    const refusals: [Record<string, string>, RegExp][] = [
      [{ brandColor: '#ffee00' }, /^--color is too light for white text \(contrast 1\.\d\d:1/],
      [{ brandColor: 'blue' }, /^--color must be a colour written #rrggbb/],
      [{ logoUrl: 'http://cdn.example.com/a.png' }, /^--logo must be an https address/],
      [{ logoUrl: 'javascript:alert(1)' }, /^--logo must be an https address/],
      [{ logoUrl: '//evil.example/a.png' }, /^--logo must be an https address/],
      [{ welcome: 'x'.repeat(201) }, /^--welcome must be at most 200 characters/],
      [{ welcome: 'two\nlines' }, /^--welcome must be one line of text/],
      [{}, /^Nothing to change/],
    ];
    for (const [branding, message] of refusals) {
      await expect(setOrgBranding(db, { code: account.orgCode, branding })).rejects.toThrow(message);
    }
    await expect(setOrgBranding(db, { code: 'NO-SUCH-ORG', branding: { welcome: 'Hi' } })).rejects.toThrow(/^No organisation has the code NO-SUCH-ORG/);
    expect((await server.call('GET', `/api/v2/org/login-settings?orgId=${account.orgId}`)).body.data).toMatchObject({
      logoUrl: null,
      brandColor: null,
      welcome: null,
    });
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

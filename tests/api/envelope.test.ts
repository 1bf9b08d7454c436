// The answer format of decisions section 2: `{ data }` on success, `{ message, code, details? }`
// on failure, never HTML or a stack trace; bad input is a 4xx naming the field, in the caller's language.
import { readyMcq, signInEditor } from '../support/testEditor';
import { sql } from 'kysely';
import { startSignedIn, createAccount, login, startTestServer, type TestServer } from '../support/testServer';

// @database-neutral: its subject is the answer format, so it runs once, not on each database (jest.config.js).

type Res = Awaited<ReturnType<TestServer['call']>>;

/** The failure envelope, exactly: a JSON object with message and code, and details only as a list. */
function expectErrorEnvelope(res: Res, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(typeof res.body).toBe('object');
  expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  for (const key of Object.keys(res.body)) expect(['message', 'code', 'details']).toContain(key);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if ('details' in res.body) {
    expect(Array.isArray(res.body.details)).toBe(true);
    for (const d of res.body.details) expect(d).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/<html|<!doctype/i);
  expect(text).not.toMatch(/\bat .+\.(t|j)s:\d+/); // no stack frames
  expect(text).not.toMatch(/FST_ERR|ZodError|stack/);
}

/** A 400 whose message and details both name `field`. */
function expectFieldError(res: Res, field: string): void {
  expectErrorEnvelope(res, 400, 'VALIDATION_ERROR');
  expect(res.body.message).toContain(`"${field}"`);
  expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
}

let server: TestServer;
let account: Awaited<ReturnType<typeof createAccount>>;
let token: string;

beforeAll(async () => ({ server, account, token } = await startSignedIn({ loginRateLimitPerMinute: 1000 })));
afterAll(() => server.close());

describe('success envelope', () => {
  test('a success answers 2xx JSON with data as the only key', async () => {
    for (const res of [
      await server.call('GET', '/api/health'),
      await server.call('GET', '/api/auth/user', { token }),
      await server.call('GET', '/api/v2/user/premiumTutors', { token }),
      await server.call('GET', `/api/v2/verify/org/${account.orgCode}`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Object.keys(res.body)).toEqual(['data']);
    }
  });

  test('login answers data with token and user only', async () => {
    const res = await server.call('POST', '/api/auth/login', { body: account });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(['token', 'user']);
  });
});

describe('failure envelope', () => {
  test('an unknown API call, any method, answers the JSON 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await server.call(method, '/api/v2/no-such-call', method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expectErrorEnvelope(res, 404, 'ROUTE_NOT_FOUND');
      expect(res.body.message).toContain('/api/v2/no-such-call');
    }
  });

  test('a known path with the wrong method is a JSON 404, not a portal page', async () => {
    expectErrorEnvelope(await server.call('GET', '/api/auth/login'), 404, 'ROUTE_NOT_FOUND');
    expectErrorEnvelope(await server.call('DELETE', '/api/auth/user', { token }), 404, 'ROUTE_NOT_FOUND');
  });

  test('a missing file outside the API is a JSON 404', async () => {
    expectErrorEnvelope(await server.call('GET', '/no-such-asset.js'), 404, 'NOT_FOUND');
  });

  test('a path that is not valid percent-encoding answers the envelope, translated', async () => {
    const res = await server.call('GET', '/api/v2/verify/org/%ff%zz');
    expectErrorEnvelope(res, 400, 'BAD_URL');
    expect(res.body.message).toBe('The address of this request is not valid.');
    const vi = await server.call('GET', '/api/v2/verify/org/%E0%A4%A', { lang: 'vi' });
    expectErrorEnvelope(vi, 400, 'BAD_URL');
    expect(vi.body.message).toBe('Địa chỉ của yêu cầu này không hợp lệ.');
  });

  test('a path parameter over the router limit answers the envelope', async () => {
    const res = await server.call('GET', `/api/v2/verify/org/${'A'.repeat(150)}`, { lang: 'ko' });
    expectErrorEnvelope(res, 400, 'URL_PART_TOO_LONG');
    expect(res.body.message).toBe('요청 주소가 올바르지 않습니다.');
  });

  test('no token answers 401 UNAUTHORIZED in the envelope', async () => {
    const res = await server.call('GET', '/api/auth/user');
    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toBe('Your session has expired or is not valid. Please log in again.');
  });

  test('a caller without a session gets 401 even when the body is also invalid', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/auth/changePassword', {}],
      ['PATCH', '/api/v2/user/update-default-settings', { settings: { revealAnswersTime: 'never' } }],
      ['POST', '/api/v2/infobip/notification', { userId: 42 }],
      ['POST', '/api/v2/user/receiveCallBack', { phoneNo: '1' }],
    ];
    for (const [method, path, body] of cases) {
      expectErrorEnvelope(await server.call(method, path, { body }), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await server.call(method, path, { body, token: 'not-a-session' }), 401, 'UNAUTHORIZED');
    }
  });
});

describe('bad input', () => {
  const loginBody = () => ({ orgCode: account.orgCode, email: account.email, password: 'whatever-1' });

  test.each(['orgCode', 'email', 'password'])('login without %s is 400 naming it', async (field) => {
    const body: Record<string, unknown> = loginBody();
    delete body[field];
    const res = await server.call('POST', '/api/auth/login', { body });
    expectFieldError(res, field);
    expect(res.body.message).toBe(`The field "${field}" is required.`);
  });

  test('every missing field is listed', async () => {
    const res = await server.call('POST', '/api/auth/login', { body: {} });
    expectErrorEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'orgCode', 'password']);
    for (const field of ['orgCode', 'email', 'password']) expect(res.body.message).toContain(`"${field}"`);
  });

  test.each([
    ['orgCode', 123],
    ['email', 5],
    ['password', true],
    ['email', { $ne: null }],
    ['orgCode', ['ORG']],
    ['password', null],
  ])('login with %s of the wrong type (%p) is 400 naming it', async (field, value) => {
    const res = await server.call('POST', '/api/auth/login', { body: { ...loginBody(), [field]: value } });
    expectFieldError(res, field);
  });

  test.each(['orgCode', 'email', 'password'])('login with an empty %s is 400 naming it', async (field) => {
    expectFieldError(await server.call('POST', '/api/auth/login', { body: { ...loginBody(), [field]: '' } }), field);
  });

  test('a field over its length limit is 400 naming it', async () => {
    const longEmail = `${'a'.repeat(250)}@example.com`;
    expectFieldError(await server.call('POST', '/api/auth/login', { body: { ...loginBody(), email: longEmail } }), 'email');
    expectFieldError(await server.call('POST', '/api/auth/login', { body: { ...loginBody(), orgCode: 'O'.repeat(65) } }), 'orgCode');
  });

  test('malformed JSON is 400 MALFORMED_JSON', async () => {
    for (const rawBody of ['{"orgCode":', "{'orgCode': 'x'}", '{"a":1,}', 'undefined', '{"__proto__":{"admin":true}}']) {
      const res = await server.call('POST', '/api/auth/login', { rawBody });
      expectErrorEnvelope(res, 400, 'MALFORMED_JSON');
      expect(res.body.message).toBe('The request body is not valid JSON.');
    }
  });

  test('an empty body sent as JSON is 400 MALFORMED_JSON', async () => {
    const res = await server.call('POST', '/api/auth/login', { rawBody: '', headers: { 'content-type': 'application/json' } });
    expectErrorEnvelope(res, 400, 'MALFORMED_JSON');
  });

  test('no body at all, or JSON that is not an object, is 400 naming the body', async () => {
    expectFieldError(await server.call('POST', '/api/auth/login'), 'body');
    for (const rawBody of ['null', '[]', '"text"', '42']) expectFieldError(await server.call('POST', '/api/auth/login', { rawBody }), 'body');
  });

  test('a body over the 1 MiB limit is 413 BODY_TOO_LARGE', async () => {
    const rawBody = JSON.stringify({ ...loginBody(), password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await server.call('POST', '/api/auth/login', { rawBody });
    expectErrorEnvelope(res, 413, 'BODY_TOO_LARGE');
    expect(res.body.message).toContain(String(1024 * 1024));
    const authed = await server.call('PATCH', '/api/v2/user/update-default-settings', { token, rawBody, lang: 'vi' });
    expectErrorEnvelope(authed, 413, 'BODY_TOO_LARGE');
    expect(authed.body.message).toBe('Nội dung yêu cầu quá lớn (tối đa 1048576 byte).');
  });

  test('a body just under the limit is read and validated', async () => {
    const rawBody = JSON.stringify({ ...loginBody(), password: 'x'.repeat(1000 * 1000) });
    expectFieldError(await server.call('POST', '/api/auth/login', { rawBody }), 'password');
  });

  test.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'image/png'])(
    'a %s body is 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const res = await server.call('POST', '/api/auth/login', { rawBody: 'orgCode=a&email=b&password=c', headers: { 'content-type': contentType } });
      expectErrorEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.message).toContain('application/json');
    },
  );

  test('a text/plain body, even holding JSON, is not taken as JSON: 400 naming the body', async () => {
    const res = await server.call('POST', '/api/auth/login', { rawBody: JSON.stringify(account), headers: { 'content-type': 'text/plain' } });
    expectFieldError(res, 'body');
  });

  test('JSON with a charset is accepted', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      rawBody: JSON.stringify(account),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  test('query and path fields are named with their place', async () => {
    const query = await server.call('GET', '/api/v2/org/login-settings');
    expectFieldError(query, 'query.orgId');
    expect(query.body.message).toBe('The field "query.orgId" is required.');
    expectFieldError(await server.call('GET', `/api/v2/verify/org/${'C'.repeat(65)}`), 'params.code');
  });

  test('a nested field is named by its path', async () => {
    const res = await server.call('PATCH', '/api/v2/user/update-default-settings', { token, body: { settings: { revealAnswersTime: 'never' } } });
    expectFieldError(res, 'settings.revealAnswersTime');
  });

  test('an unpaired UTF-16 surrogate is 400 naming the field, not a database failure (issue 14)', async () => {
    const editor = await signInEditor(server);
    const testId = await editor.newTest();
    const { section } = await editor.section(testId);
    // Sent as JSON text with the escape, as a hostile client would (JSON.stringify writes it so too).
    const raw = (body: unknown) => JSON.stringify(body).replaceAll('LONE', '\\ud800');
    const question = await server.call('POST', '/api/v2/question/create', {
      token: editor.token,
      rawBody: raw({ testId, sectionId: section._id, questions: [{ ...readyMcq('Pick LONE'), solution: 'x' }] }),
    });
    expectFieldError(question, 'questions.0.name');
    expect(question.body.message).toBe('The field "questions.0.name" holds a broken character (an unpaired UTF-16 surrogate).');
    const low = await server.call('POST', '/api/folder', {
      token: editor.token,
      rawBody: JSON.stringify({ name: 'LONE' }).replace('LONE', 'Maths \\udfff b'),
      lang: 'ko',
    });
    expectFieldError(low, 'name');
    expect(low.body.message).toBe('"name" 필드에 깨진 문자(짝이 없는 UTF-16 서로게이트)가 있습니다.');
    // A whole pair (an emoji) is fine, and nothing was stored by the refused calls.
    expect((await server.call('POST', '/api/folder', { token: editor.token, body: { name: 'Maths \ud83d\ude00' } })).status).toBe(200);
    expect((await editor.get(testId)).sections[0].questions).toHaveLength(0);
  });

  test('a NUL character is 400 naming the field, not a database failure', async () => {
    const body = await server.call('POST', '/api/auth/login', { body: { ...loginBody(), email: 'a\u0000@example.com' } });
    expectFieldError(body, 'email');
    expect(body.body.message).toBe('The field "email" must not contain NUL characters.');
    expectFieldError(await server.call('POST', '/api/auth/login', { body: { ...loginBody(), orgCode: 'ORG\u0000' } }), 'orgCode');
    expectFieldError(await server.call('GET', '/api/v2/verify/org/ab%00cd'), 'params.code');
    expectFieldError(await server.call('GET', '/api/v2/org/login-settings?orgId=ab%00cd'), 'query.orgId');
    expectFieldError(await server.call('POST', '/api/auth/forgotPassword', { body: { orgCode: account.orgCode, email: '\u0000' } }), 'email');
    const phone = await server.call('POST', '/api/v2/user/receiveCallBack', { token, body: { phoneNo: '12345\u00006789' }, lang: 'ko' });
    expectFieldError(phone, 'phoneNo');
    expect(phone.body.message).toBe('"phoneNo" 필드에는 NUL 문자를 사용할 수 없습니다.');
    const rows = await server.database.db.selectFrom('support_requests').select('id').execute();
    expect(rows).toHaveLength(0);
  });
});

describe('odd but valid JSON', () => {
  test('a deeply nested body is answered with a 4xx or a success, never a crash', async () => {
    for (const depth of [2_000, 100_000]) {
      const rawBody = `${'['.repeat(depth)}"\u0000"${']'.repeat(depth)}`;
      const session = await login(server, account);
      const res = await server.call('POST', '/api/auth/logout', { token: session, rawBody });
      expect(res.status).toBeLessThan(500);
      const bad = await server.call('POST', '/api/auth/login', { rawBody });
      expectErrorEnvelope(bad, 400, bad.body.code === 'MALFORMED_JSON' ? 'MALFORMED_JSON' : 'VALIDATION_ERROR');
    }
  });
});

describe('languages', () => {
  test('validation messages follow accept-language (vi, ko), else English', async () => {
    const body = { orgCode: account.orgCode, password: 'x' };
    const vi = await server.call('POST', '/api/auth/login', { body, lang: 'vi' });
    expectFieldError(vi, 'email');
    expect(vi.body.message).toBe('Trường "email" là bắt buộc.');
    expect(vi.body.details[0].message).toBe('Trường "email" là bắt buộc.');
    const ko = await server.call('POST', '/api/auth/login', { body, lang: 'ko-KR,ko;q=0.9' });
    expectFieldError(ko, 'email');
    expect(ko.body.message).toBe('"email" 필드는 필수입니다.');
    const fr = await server.call('POST', '/api/auth/login', { body, lang: 'fr-FR' });
    expect(fr.body.message).toBe('The field "email" is required.');
  });

  test('the highest-weighted supported language wins', async () => {
    const res = await server.call('POST', '/api/auth/login', { body: {}, lang: 'fr;q=1, en;q=0.2, vi;q=0.8' });
    expect(res.body.details[0].message).toMatch(/^Trường /);
  });

  test('wrong-typed fields name the field in vi and ko', async () => {
    const vi = await server.call('POST', '/api/auth/login', { body: { orgCode: 1, email: 'a@b.c', password: 'x' }, lang: 'vi' });
    expectFieldError(vi, 'orgCode');
    expect(vi.body.message).toMatch(/^Trường "orgCode" không hợp lệ/);
    const ko = await server.call('POST', '/api/auth/login', { body: { orgCode: 1, email: 'a@b.c', password: 'x' }, lang: 'ko' });
    expect(ko.body.message).toMatch(/^"orgCode" 필드가 올바르지 않습니다/);
  });

  test('malformed JSON, 415, 401 and 404 are translated', async () => {
    const cases: [Res, string, string][] = [
      [await server.call('POST', '/api/auth/login', { rawBody: '{', lang: 'vi' }), 'MALFORMED_JSON', 'Nội dung yêu cầu không phải JSON hợp lệ.'],
      [await server.call('POST', '/api/auth/login', { rawBody: '{', lang: 'ko' }), 'MALFORMED_JSON', '요청 본문이 올바른 JSON이 아닙니다.'],
      [
        await server.call('POST', '/api/auth/login', { rawBody: '<a/>', headers: { 'content-type': 'application/xml' }, lang: 'ko' }),
        'UNSUPPORTED_MEDIA_TYPE',
        '요청 본문을 JSON으로 보내세요 (Content-Type: application/json).',
      ],
      [await server.call('GET', '/api/auth/user', { lang: 'vi' }), 'UNAUTHORIZED', 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.'],
      [await server.call('GET', '/api/auth/user', { lang: 'ko' }), 'UNAUTHORIZED', '세션이 만료되었거나 유효하지 않습니다. 다시 로그인하세요.'],
      [await server.call('GET', '/api/nothing', { lang: 'ko' }), 'ROUTE_NOT_FOUND', 'API 호출 GET /api/nothing이(가) 없습니다.'],
    ];
    for (const [res, code, message] of cases) {
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBe(message);
    }
  });

  test('success messages are translated too', async () => {
    const vi = await server.call('POST', '/api/auth/forgotPassword', { body: { orgCode: 'NOPE', email: 'x@example.com' }, lang: 'vi' });
    expect(vi.body.data.message).toBe('Nếu có tài khoản phù hợp, đường dẫn đặt lại mật khẩu đã được gửi tới e-mail của tài khoản đó.');
  });
});

describe('an unexpected failure', () => {
  let broken: TestServer;
  let brokenToken: string;
  beforeAll(async () => {
    broken = await startTestServer();
    brokenToken = await login(broken, await createAccount(broken));
    await sql`drop table question_reports`.execute(broken.database.db);
    broken.app.log.level = 'silent'; // the failure below is expected; keep the test output clean
  });
  afterAll(() => broken.close());

  test('answers 500 INTERNAL_ERROR in the envelope, with no stack, SQL or table name', async () => {
    for (const lang of ['en', 'vi', 'ko']) {
      const res = await broken.call('GET', '/api/v2/report-repo/count', { token: brokenToken, lang });
      expectErrorEnvelope(res, 500, 'INTERNAL_ERROR');
      expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
      expect(res.body.message).not.toMatch(/question_reports|relation|select/i);
    }
  });
});

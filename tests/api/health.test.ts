import { useTestServer } from '../support/testServer';

const server = useTestServer();

test('GET /api/health reports the database in use', async () => {
  const res = await server.call('GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  expect(res.headers.get('x-request-id')).toMatch(/.+/);
});

test('a request id sent by the caller is echoed', async () => {
  const res = await server.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
  expect(res.headers.get('x-request-id')).toBe('trace-123');
});

test('the OpenAPI document lists every API call', async () => {
  const res = await server.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  for (const path of ['/api/auth/login', '/api/auth/user', '/api/v2/user/wl-login', '/api/v2/user/receiveCallBack']) {
    expect(Object.keys(res.body.paths)).toContain(path);
  }
  expect(res.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
    expect.arrayContaining(['orgCode', 'email', 'password']),
  );
});

test('an unknown API path answers JSON 404, never the portal', async () => {
  const res = await server.call('GET', '/api/no/such/call');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'There is no API call GET /api/no/such/call.' });
});

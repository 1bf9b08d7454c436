// Issue 14: security headers on every answer, a Content-Security-Policy on every HTML page, and
// frames: the portal may not be framed at all, the add-in's pages only by Office on the web.
import { contentSecurityPolicy, OFFICE_FRAME_ANCESTORS } from '@server/http/securityHeaders';
import { startTestServer, type TestServer } from '../support/testServer';

// @database-neutral: its subject is HTTP headers, so it runs once, not on each database (jest.config.js).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.baseUrl}${path}`);
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

test.each(['/api/health', '/api/auth/user', '/api/openapi.json', '/app-version.json', '/', '/addin/taskpane.html'])(
  '%s: nosniff and a referrer policy',
  async (path) => {
    const res = await get(path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  },
);

test.each(['/', '/auth', '/home/local/0', '/t/some-free-test', '/printPdf/x', '/help/word-format'])(
  '%s (HTML): a CSP that forbids framing, inline scripts and plugins',
  async (path) => {
    const res = await get(path);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  },
);

test("the add-in's task pane may be framed by Office on the web only, and loads Office.js from Microsoft", async () => {
  const res = await get('/addin/taskpane.html');
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp['frame-ancestors']).toEqual(["'self'", ...OFFICE_FRAME_ANCESTORS]);
  expect(csp['frame-ancestors']).not.toContain('*');
  expect(csp['script-src']).toEqual(["'self'", 'https://appsforoffice.microsoft.com']);
  expect(res.headers.get('x-frame-options')).toBeNull();
});

test('JSON answers carry no page policy; the API docs keep their own', async () => {
  expect((await get('/api/health')).headers.get('content-security-policy')).toBeNull();
  const docs = await get('/api/docs/static/index.html');
  if (docs.status === 200) expect(docs.headers.get('content-security-policy')).toBeTruthy();
});

test('with an S3 store, uploads may go to it and its pictures load', () => {
  const csp = directives(
    contentSecurityPolicy(
      {
        s3: {
          endpoint: 'http://minio.local:9000',
          publicUrl: 'http://minio.local:9000/bucket',
          bucket: 'bucket',
          region: 'us-east-1',
          accessKeyId: 'a',
          secretAccessKey: 'b',
        },
      },
      'portal',
    ),
  );
  expect(csp['connect-src']).toEqual(["'self'", 'http://minio.local:9000']);
  expect(csp['img-src']).toContain('http://minio.local:9000');
});

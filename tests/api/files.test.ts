import { startTestServer, type TestServer } from '../support/testServer';
import { startWithEditor, signInEditor, type Editor } from '../support/testEditor';
import { png } from '../support/pictures';

// @database-neutral: its subject is file storage, on code that does not differ by database, so it
// runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each database
// (jest.config.js).

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

const sign = (body: Record<string, unknown>, as: Editor | null = tutor) =>
  as ? as.call('POST', '/api/v2/user/getS3SignedUrl', body) : server.call('POST', '/api/v2/user/getS3SignedUrl', { body });
const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(`${server.baseUrl}${url}`, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });

describe('pictures through signed upload links', () => {
  test('sign, upload, read back the same bytes with cache and nosniff headers', async () => {
    const bytes = png();
    const signed = await sign({ fileName: 'graph.png', contentType: 'image/png', size: bytes.length, purpose: 'picture' });
    expect(signed.status).toBe(200);
    const { uploadUrl, fileUrl, method, headers } = signed.body.data;
    expect([method, headers]).toEqual(['PUT', { 'Content-Type': 'image/png' }]);
    expect(fileUrl).toMatch(new RegExp(`^/api/files/${tutor.account.orgId}/[0-9a-f]{32}\\.png$`));
    const uploaded = await put(uploadUrl, bytes, 'image/png');
    expect(uploaded.status).toBe(200);
    const read = await fetch(`${server.baseUrl}${fileUrl}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    // A link is used once: the file is never replaced under its address.
    expect((await put(uploadUrl, bytes, 'image/png')).status).toBe(403);
  });

  test('a tampered, expired or re-targeted link is refused, and nothing is written', async () => {
    const bytes = png();
    const { uploadUrl, fileUrl } = (await sign({ fileName: 'a.png', contentType: 'image/png', size: bytes.length, purpose: 'picture' })).body.data;
    const url = new URL(uploadUrl, server.baseUrl);
    const tampered = (change: (params: URLSearchParams) => void) => {
      const copy = new URL(url);
      change(copy.searchParams);
      return `${copy.pathname}${copy.search}`;
    };
    for (const link of [
      tampered((p) => p.set('signature', `${p.get('signature')!.slice(0, -2)}xx`)),
      tampered((p) => p.set('expires', String(Date.now() - 1000))),
      tampered((p) => p.set('size', String(bytes.length + 1))),
      `${url.pathname.replace(/[0-9a-f]{32}/, 'f'.repeat(32))}${url.search}`,
    ]) {
      const res = await put(link, bytes, 'image/png');
      expect({ link, status: res.status }).toEqual({ link, status: 403 });
      expect((await res.json()).message).toBe('This upload link is not valid or has expired. Please try the upload again.');
    }
    // Declared as JPEG when the link says PNG: the signature does not cover it.
    expect((await put(uploadUrl, bytes, 'image/jpeg')).status).toBe(403);
    expect((await fetch(`${server.baseUrl}${fileUrl}`)).status).toBe(404);
  });

  test('bytes that are not the declared picture, or not the signed size, are refused', async () => {
    const fake = Buffer.from('<svg onload="alert(1)"></svg>'.padEnd(64, ' '));
    const { uploadUrl, fileUrl } = (await sign({ fileName: 'x.png', contentType: 'image/png', size: fake.length, purpose: 'picture' })).body.data;
    const res = await put(uploadUrl, fake, 'image/png');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The file is not the image/png picture it claims to be.');
    expect((await fetch(`${server.baseUrl}${fileUrl}`)).status).toBe(404);
    const bytes = png();
    const short = (await sign({ fileName: 'y.png', contentType: 'image/png', size: bytes.length, purpose: 'picture' })).body.data;
    expect((await put(short.uploadUrl, bytes.subarray(0, 20), 'image/png')).status).toBe(400);
  });

  test('SVG and other types, oversize files, bad bodies and no session are refused with their field', async () => {
    const svg = await sign({ fileName: 'x.svg', contentType: 'image/svg+xml', size: 10, purpose: 'picture' });
    expect([svg.status, svg.body.details[0].field, svg.body.message]).toEqual([400, 'contentType', 'Pictures must be PNG, JPEG, GIF or WebP files.']);
    const big = await sign({ fileName: 'x.png', contentType: 'image/png', size: 6 * 1024 * 1024, purpose: 'picture' });
    expect([big.status, big.body.message]).toEqual([413, 'This file is too large: the limit is 5 MB.']);
    const missing = await sign({ contentType: 'image/png', size: 10, purpose: 'picture' });
    expect([missing.status, missing.body.details[0].field]).toEqual([400, 'fileName']);
    const purpose = await sign({ fileName: 'x.png', contentType: 'image/png', size: 10, purpose: 'font' });
    expect([purpose.status, purpose.body.details[0].field]).toEqual([400, 'purpose']);
    expect((await sign({ fileName: 'x.png', contentType: 'image/png', size: 10, purpose: 'picture' }, null)).status).toBe(401);
    // A body above the limit is refused before it is read.
    const { uploadUrl } = (await sign({ fileName: 'x.png', contentType: 'image/png', size: 100, purpose: 'picture' })).body.data;
    expect((await put(uploadUrl, Buffer.alloc(6 * 1024 * 1024), 'image/png')).status).toBe(413);
  });

  test('addresses outside the store are not found, and paths cannot climb out of it', async () => {
    for (const url of ['/api/files/x/..%2F..%2Fpackage.json', `/api/files/${tutor.account.orgId}/${'0'.repeat(32)}.png`, '/api/files/a/b.png']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect({ url, status: res.status }).toEqual({ url, status: url.endsWith(`${'0'.repeat(32)}.png`) ? 404 : 400 });
    }
  });
});

describe('with an S3-compatible store configured', () => {
  let s3Server: TestServer;
  const s3 = {
    endpoint: 'http://127.0.0.1:9000',
    bucket: 'pictures',
    region: 'eu-west-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    publicUrl: 'https://cdn.example.com/pictures',
  };
  beforeAll(async () => {
    s3Server = await startTestServer({ s3 });
  });
  afterAll(() => s3Server.close());

  test('the link is a presigned PUT to the bucket and the file is read from the public URL; type and size are still checked', async () => {
    const owner = await signInEditor(s3Server);
    const res = await owner.call('POST', '/api/v2/user/getS3SignedUrl', { fileName: 'a.png', contentType: 'image/png', size: 2048, purpose: 'picture' });
    expect(res.status).toBe(200);
    const { uploadUrl, fileUrl, method } = res.body.data;
    const url = new URL(uploadUrl);
    const key = url.pathname.replace('/pictures/', '');
    expect([method, url.origin, url.searchParams.get('X-Amz-Algorithm'), url.searchParams.get('X-Amz-Expires')]).toEqual([
      'PUT',
      'http://127.0.0.1:9000',
      'AWS4-HMAC-SHA256',
      '600',
    ]);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(key).toMatch(new RegExp(`^${owner.account.orgId}/[0-9a-f]{32}\\.png$`));
    expect(fileUrl).toBe(`https://cdn.example.com/pictures/${key}`);
    const svg = await owner.call('POST', '/api/v2/user/getS3SignedUrl', { fileName: 'a.svg', contentType: 'image/svg+xml', size: 10, purpose: 'picture' });
    expect(svg.status).toBe(400);
  });
});

import https from 'node:https';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import fs from 'node:fs';
import axios from 'axios';
import { parserEndpoints } from '@shared/api/parser';
import { DEFAULT_PARSER_ENGINE, PARSER_ENGINES } from '@shared/parser/engines';
import { FONT_MAX_BYTES } from '@shared/domain/fonts';
import { createAccount, login, startTestServer, useTestServer } from '../support/testServer';
import { useEditor, type Editor } from '../support/testEditor';
import { png } from '../support/pictures';
import { ROOT } from '../support/paths';

// @database-neutral: its subject is the Word parser and its files, so it runs once, not on each database (jest.config.js).

/**
 * Issue 5's parser calls: the engines, the add-in's release and manifest, the font check and
 * font uploads (multipart), on both databases.
 */
const server = useTestServer();
const tutor = useEditor(server);
const other = useEditor(server);

/**
 * A tiny font as far as the upload's check goes: the TrueType magic number 00 01 00 00 and some
 * bytes (a real font's table directory is not read; the check is the magic bytes, like pictures').
 */
const ttf = (fill = 7, size = 64) => Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(size - 4, fill)]);
const tagged = (tag: string, size = 64) => Buffer.concat([Buffer.from(tag, 'latin1'), Buffer.alloc(size - 4, 1)]);

/** POSTs the multipart upload form; fields left out are not sent. */
async function upload(fields: { file?: Buffer; fileName?: string; name?: string; extra?: Record<string, string> }, as: Editor | null = tutor) {
  const form = new FormData();
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.file) form.append('uploaded_file', new Blob([new Uint8Array(fields.file)]), fields.fileName ?? 'font.ttf');
  for (const [key, value] of Object.entries(fields.extra ?? {})) form.append(key, value);
  return postForm(form, as?.token);
}

async function postForm(form: FormData, token?: string) {
  const response = await fetch(`${server.baseUrl}/api/v2/parserfont/upload`, { method: 'POST', body: form, headers: token ? { 'x-access-token': token } : {} });
  return { status: response.status, body: await response.json() };
}

const check = (query: string, as: Editor = tutor, lang?: string) => as.call('GET', `/api/v2/parserfont?${query}`, undefined, lang);
const faces = (...names: string[]) => names.map((name) => `face=${encodeURIComponent(name)}`).join('&');

describe('parser engines', () => {
  test("the two engines in order, the second (numbered text) the default, named in the caller's language", async () => {
    const res = await tutor.call('GET', `/api/v2/parser/engines?orgId=${tutor.account.orgId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([...PARSER_ENGINES]);
    expect(res.body.data).toMatchObject([
      { id: 'table', name: 'Tables', isDefault: false },
      { id: 'text', name: 'Numbered text', isDefault: true },
    ]);
    expect(res.body.data[1].id).toBe(DEFAULT_PARSER_ENGINE);
    for (const engine of res.body.data) expect(engine.description).toEqual(expect.any(String));
    const vi = await tutor.call('GET', `/api/v2/parser/engines?orgId=${tutor.account.orgId}`, undefined, 'vi');
    expect(vi.body.data.map((e: { name: string }) => e.name)).toEqual(['Bảng', 'Văn bản đánh số']);
    const ko = await tutor.call('GET', `/api/v2/parser/engines?orgId=${tutor.account.orgId}`, undefined, 'ko');
    expect(ko.body.data[1].name).toBe('번호 매긴 텍스트');
  });

  test("another organisation's id is not found, a missing one is a 400 naming query.orgId, no session is 401", async () => {
    for (const orgId of [other.account.orgId, 'no-such-org']) {
      const res = await tutor.call('GET', `/api/v2/parser/engines?orgId=${orgId}`);
      expect([res.status, res.body.code, res.body.message]).toEqual([404, 'NOT_FOUND', 'This organisation does not exist.']);
    }
    const missing = await tutor.call('GET', '/api/v2/parser/engines');
    expect([missing.status, missing.body.details[0].field]).toEqual([400, 'query.orgId']);
    const blank = await tutor.call('GET', '/api/v2/parser/engines?orgId=%20');
    expect([blank.status, blank.body.details[0].field]).toEqual([400, 'query.orgId']);
    expect((await server.call('GET', `/api/v2/parser/engines?orgId=${tutor.account.orgId}`)).status).toBe(401);
  });
});

describe('add-in version and manifest', () => {
  test("the version is the manifest's, and the link downloads the manifest as an attachment", async () => {
    const manifest = fs.readFileSync(`${ROOT}/manifest.xml`, 'utf8');
    const res = await tutor.call('GET', '/api/v2/parser/version');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      link: '/api/v2/parser/manifest.xml',
      version: /<Version>([^<]+)<\/Version>/.exec(manifest)![1],
      releaseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const download = await fetch(`${server.baseUrl}${res.body.data.link}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="testforge-word-addin.xml"');
    // PUBLIC_URL is http here (issue 14): the manifest names the origin it was asked from, and says Word needs https.
    const served = await download.text();
    const origin = new URL(server.baseUrl).origin;
    expect(served).toContain(`<SourceLocation DefaultValue="${origin}/addin/taskpane.html"/>`);
    expect(served).not.toContain('localhost:3000');
    expect(served).toMatch(/^<\?xml[^>]*\?>\s*<!-- Word will refuse this manifest: Office loads add-ins over https only/);
    expect(served.replace(/<!-- Word will refuse[\s\S]*?-->\n/, '').replaceAll(origin, 'https://localhost:3000')).toBe(manifest);
    expect((await server.call('GET', '/api/v2/parser/version')).status).toBe(401);
  });

  test('with an https PUBLIC_URL the manifest points Word at this server', async () => {
    const https = await startTestServer({ publicUrl: 'https://tests.example.com', linkBaseUrl: 'https://tests.example.com' }); // PUBLIC_URL sets both
    try {
      const xml = await (await fetch(`${https.baseUrl}/api/v2/parser/manifest.xml`)).text();
      expect(xml).toContain('<SourceLocation DefaultValue="https://tests.example.com/addin/taskpane.html"/>');
      expect(xml).toContain('<AppDomain>https://tests.example.com</AppDomain>');
      expect(xml).not.toContain('localhost:3000');
      expect(xml).not.toContain('Word will refuse');
    } finally {
      await https.close();
    }
  });
});

test('served over https (TLS_CERT, TLS_KEY), on any port, the manifest names that origin (issue 14)', async () => {
  const config = loadConfig(
    { TLS_CERT: `${ROOT}/tests/fixtures/tls/localhost.crt`, TLS_KEY: `${ROOT}/tests/fixtures/tls/localhost.key`, PORT: '0' },
    { distDir: `${ROOT}/dist`, logLevel: 'warn' },
  );
  expect(config.publicUrl).toBe('https://localhost:0');
  const { app } = await buildApp({ config: { ...config, publicUrl: 'https://localhost' }, database: server.database, quiet: true });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/v2/parser/manifest.xml',
            ca: fs.readFileSync(`${ROOT}/tests/fixtures/tls/localhost.crt`),
            servername: 'localhost',
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve(text));
          },
        )
        .on('error', reject);
    });
    expect(body).toContain(`<SourceLocation DefaultValue="https://127.0.0.1:${port}/addin/taskpane.html"/>`);
    expect(body).not.toContain('Word will refuse');
  } finally {
    await app.close();
  }
});

describe('font check', () => {
  test('portal and standard faces are supported, whatever their case and blanks; unknown faces are not', async () => {
    const one = await check(faces('  times   NEW roman '));
    expect([one.status, one.body.data]).toEqual([200, { face: 'times NEW roman', supported: true }]);
    const many = await check(faces('Noto Sans', 'be vietnam pro', 'NOTO SANS KR', 'Cambria Math', 'Mangal', 'Malgun Gothic', 'Kruti Dev 010', 'Some Font'));
    expect(many.body.data.map((f: { supported: boolean }) => f.supported)).toEqual([true, true, true, true, true, true, false, false]);
    expect(many.body.data[6]).toEqual({ face: 'Kruti Dev 010', supported: false });
  });

  test('a missing, blank, over-long or unsafe face is a 400 naming query.face; no session is 401', async () => {
    for (const query of ['', 'face=', 'face=%20%20', `face=${'a'.repeat(101)}`, 'face=a%22b', `${faces('Arial')}&face=`]) {
      const res = await check(query);
      expect({ query, status: res.status, field: res.body.details?.[0].field }).toEqual({ query, status: 400, field: expect.stringMatching(/^query\.face/) });
    }
    expect((await server.call('GET', `/api/v2/parserfont?${faces('Arial')}`)).status).toBe(401);
  });
});

describe('font upload', () => {
  test('an uploaded face becomes supported for its organisation only, and its file is served back', async () => {
    const bytes = ttf();
    const before = await check(faces('Chanakya Unicode'));
    expect(before.body.data.supported).toBe(false);
    const res = await upload({ file: bytes, name: '  Chanakya   Unicode ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      face: 'Chanakya Unicode',
      supported: true,
      fileUrl: expect.stringMatching(/^\/api\/v2\/parserfont\/file\/[0-9a-f]{32}\.ttf$/),
    });
    const after = await check(faces('chanakya unicode', 'Arial'));
    expect(after.body.data).toEqual([
      { face: 'chanakya unicode', supported: true, fileUrl: res.body.data.fileUrl },
      { face: 'Arial', supported: true },
    ]);
    // Another organisation does not see it.
    expect((await check(faces('Chanakya Unicode'), other)).body.data).toEqual({ face: 'Chanakya Unicode', supported: false });
    const file = await fetch(`${server.baseUrl}${res.body.data.fileUrl}`);
    expect([file.status, file.headers.get('content-type'), file.headers.get('x-content-type-options')]).toEqual([200, 'font/ttf', 'nosniff']);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a re-upload of a face replaces its file; the old address is gone', async () => {
    const first = await upload({ file: ttf(1), name: 'Replaced Face' });
    const second = await upload({ file: tagged('OTTO'), name: 'REPLACED face', fileName: 'r.otf' });
    expect(second.status).toBe(200);
    expect(second.body.data.fileUrl).toMatch(/\.otf$/);
    expect((await fetch(`${server.baseUrl}${first.body.data.fileUrl}`)).status).toBe(404);
    expect((await check(faces('replaced face'))).body.data.fileUrl).toBe(second.body.data.fileUrl);
    const rows = await server.database.db
      .selectFrom('org_fonts')
      .select(['face', 'format'])
      .where('org_id', '=', tutor.account.orgId)
      .where('face_key', '=', 'replaced face')
      .execute();
    expect(rows).toEqual([{ face: 'REPLACED face', format: 'otf' }]);
  });

  test('every font format by its magic bytes: TrueType (both tags), OpenType, collections, WOFF, WOFF2', async () => {
    for (const [tag, ext] of [
      ['true', 'ttf'],
      ['OTTO', 'otf'],
      ['ttcf', 'ttc'],
      ['wOFF', 'woff'],
      ['wOF2', 'woff2'],
    ]) {
      const res = await upload({ file: tagged(tag), name: `Format ${ext}` });
      expect({ tag, status: res.status, url: res.body.data?.fileUrl }).toEqual({ tag, status: 200, url: expect.stringMatching(new RegExp(`\\.${ext}$`)) });
    }
  });

  test('a PNG, a text file or a few bytes named .ttf are refused naming uploaded_file, and nothing is recorded', async () => {
    for (const file of [png(), Buffer.from('this is not a font, only text named font.ttf'), Buffer.from([0, 1, 0, 0])]) {
      const res = await upload({ file, name: 'Fake Font', fileName: 'fake.ttf' });
      expect([res.status, res.body.details[0].field, res.body.message]).toEqual([
        400,
        'uploaded_file',
        'The file is not a font: upload a TrueType (.ttf), OpenType (.otf), font collection (.ttc), WOFF or WOFF2 file.',
      ]);
    }
    expect((await check(faces('Fake Font'))).body.data.supported).toBe(false);
  });

  test('missing, blank, over-long or unsafe fields are 400 naming them; other fields are refused', async () => {
    const cases: [Parameters<typeof upload>[0], string][] = [
      [{ name: 'No File' }, 'uploaded_file'],
      [{ file: ttf() }, 'name'],
      [{ file: ttf(), name: '   ' }, 'name'],
      [{ file: ttf(), name: 'x'.repeat(101) }, 'name'],
      [{ file: ttf(), name: 'bad}face' }, 'name'],
      [{ file: ttf(), name: 'Extra', extra: { folder: 'x' } }, 'folder'],
      [{ name: 'Text', extra: { uploaded_file: 'not a file' } }, 'uploaded_file'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(fields);
      expect({ fields: Object.keys(fields), status: res.status, field: res.body.details?.[0].field }).toEqual({
        fields: Object.keys(fields),
        status: 400,
        field,
      });
    }
    const missing = await upload({ name: 'No File' }, tutor);
    expect(missing.body.message).toBe('The field "uploaded_file" is required.');
    // Two files in one form: one font per upload.
    const form = new FormData();
    form.append('name', 'Two Files');
    for (const name of ['a.ttf', 'b.ttf']) form.append('uploaded_file', new Blob([new Uint8Array(ttf())]), name);
    const two = await postForm(form, tutor.token);
    expect([two.status, two.body.details[0].field]).toEqual([400, 'body']);
  });

  test('a file over 20 MB is 413 naming uploaded_file, whether its size is declared or found while reading', async () => {
    // Just over the limit: the declared body passes the early check; the file is cut while read.
    const over = await upload({ file: Buffer.concat([ttf(), Buffer.alloc(FONT_MAX_BYTES)]), name: 'Big Font' });
    expect([over.status, over.body.code, over.body.details[0].field, over.body.message]).toEqual([
      413,
      'FILE_TOO_LARGE',
      'uploaded_file',
      'This file is too large: the limit is 20 MB.',
    ]);
    // Far over: refused from its Content-Length, before it is read.
    const far = await upload({ file: Buffer.concat([ttf(), Buffer.alloc(FONT_MAX_BYTES + 1024 * 1024)]), name: 'Bigger Font' });
    expect([far.status, far.body.details[0].field]).toEqual([413, 'uploaded_file']);
    expect((await check(faces('Big Font', 'Bigger Font'))).body.data.map((f: { supported: boolean }) => f.supported)).toEqual([false, false]);
  });

  test('a body that is not a multipart form is 415; no session is 401; an expired organisation is refused', async () => {
    const json = await tutor.call('POST', '/api/v2/parserfont/upload', { name: 'X' });
    expect([json.status, json.body.message]).toEqual([415, 'Send the font as a multipart form with the fields uploaded_file and name.']);
    const text = await server.call('POST', '/api/v2/parserfont/upload', { token: tutor.token, rawBody: 'font', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect((await upload({ file: ttf(), name: 'Unsigned' }, null)).status).toBe(401);
    const expired = await createAccount(server, { days: 0 });
    const token = await login(server, expired);
    const form = new FormData();
    form.append('name', 'Expired Font');
    form.append('uploaded_file', new Blob([new Uint8Array(ttf())]), 'e.ttf');
    const res = await postForm(form, token);
    expect([res.status, res.body.code]).toEqual([403, 'SUBSCRIPTION_EXPIRED']);
    // Reading is still allowed.
    expect((await server.call('GET', `/api/v2/parserfont?${faces('Arial')}`, { token })).status).toBe(200);
  });

  test('font file addresses that were never issued are not found or refused', async () => {
    expect((await fetch(`${server.baseUrl}/api/v2/parserfont/file/${'0'.repeat(32)}.ttf`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/v2/parserfont/file/..%2F..%2Fpackage.json`)).status).toBe(400);
    const { fileUrl } = (await upload({ file: ttf(), name: 'Ext Face' })).body.data;
    expect((await fetch(`${server.baseUrl}${fileUrl.replace(/\.ttf$/, '.otf')}`)).status).toBe(404);
  });
});

describe('the shared client (shared/api/parser.ts) against the server', () => {
  test('parserEngines, parserVersion, checkFonts and uploadFont', async () => {
    const api = parserEndpoints(axios.create({ baseURL: `${server.baseUrl}/api`, headers: { 'x-access-token': tutor.token } }));
    expect((await api.parserEngines(tutor.account.orgId)).map((e) => e.id)).toEqual(['table', 'text']);
    expect((await api.parserVersion()).link).toBe('/api/v2/parser/manifest.xml');
    expect(await api.checkFonts([])).toEqual([]);
    expect(await api.checkFonts(['Client Face'])).toEqual([{ face: 'Client Face', supported: false }]);
    const file = Object.assign(new Blob([new Uint8Array(ttf())]), { name: 'client.ttf' });
    expect(await api.uploadFont(file, 'Client Face')).toMatchObject({ face: 'Client Face', supported: true });
    expect((await api.checkFonts(['client face', 'Verdana'])).map((f) => f.supported)).toEqual([true, true]);
  });
});

// Issue 20: files made to hurt, each refused for what it is, quickly, with a sentence that says
// why, and nothing stored: zip bombs, entity expansion, pictures past the limit, entry names
// that climb out of the package, a file past the size limit.
import crypto from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { png } from '@tests/support/pictures';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { allQuestions, postFile, tutorWithTest } from './testing';

// @database-neutral: its subject is hostile files, refused before anything is stored, so it runs once, not on each database (jest.config.js).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MANIFEST =
  '<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"><resources><resource identifier="I" type="imsqti_item_xmlv3p0" href="items/i.xml"/></resources></manifest>';

async function refused(file: { name: string; data: Uint8Array | string }, reason: RegExp) {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const started = Date.now();
  const preview = await postFile(server, editor.token, '/api/v2/interop/preview', file);
  expect(preview.status).toBe(200);
  expect(preview.body.data.blocked).toBe(true);
  expect(preview.body.data.problems[0]).toMatchObject({ severity: 'error', question: null, message: expect.stringMatching(reason) });
  const imported = await postFile(server, editor.token, '/api/v2/interop/import', file, { testId, sectionId });
  expect([imported.status, imported.body.details?.[0]?.field]).toEqual([400, 'file']);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(allQuestions(await editor.get(testId))).toHaveLength(0);
}

test('a zip bomb (a QTI package, a spreadsheet) is refused from its directory, before it is inflated', async () => {
  const zeros = new Uint8Array(60 * 1024 * 1024);
  await refused(
    { name: 'bank.zip', data: zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), 'items/i.xml': zeros }, { level: 9 }) },
    /unpacks to \d+ times its size/,
  );
  await refused({ name: 'bank.xlsx', data: zipSync({ 'xl/workbook.xml': zeros }, { level: 9 }) }, /unpacks to \d+ times its size/);
});

test('entry names that leave the package are refused', async () => {
  await refused({ name: 'bank.zip', data: zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), '../../etc/items/i.xml': strToU8('<x/>') }) }, /leaves the package/);
});

test('entity expansion (billion laughs) and external entities are not expanded: the file is refused', async () => {
  const laughs = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`)].join('');
  await refused(
    {
      name: 'bank.xml',
      data: `<?xml version="1.0"?><!DOCTYPE quiz [${laughs}]><quiz><question type="truefalse"><questiontext><text>&lol9;</text></questiontext></question></quiz>`,
    },
    /entity|well-formed/,
  );
  await refused(
    {
      name: 'item.xml',
      data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><qti-assessment-item identifier="i">&xxe;</qti-assessment-item>',
    },
    /entity|well-formed/,
  );
});

test('a picture past 5 MB (base64 in Moodle XML) is left out and named; its question comes in', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const huge = Buffer.concat([png(1, 1), crypto.randomBytes(6 * 1024 * 1024)]);
  const xml = `<quiz><question type="truefalse"><name><text>Q</text></name><questiontext format="html"><text><![CDATA[<p>Look</p><img src="@@PLUGINFILE@@/big.png">]]></text><file name="big.png" path="/" encoding="base64">${huge.toString('base64')}</file></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
  const res = await postFile(server, editor.token, '/api/v2/interop/import', { name: 'bank.xml', data: xml }, { testId, sectionId });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ questions: 1, pictures: 0 });
  expect(res.body.data.problems).toContainEqual({ severity: 'warning', question: null, code: 'pictureTooLarge', message: '1 pictures over 5 MB left out' });
  expect(allQuestions(await editor.get(testId))[0].name).toBe('<p>Look</p>');
});

test('a file past the limit is refused with 413 naming the limit, whether or not its size was declared', async () => {
  const { editor } = await tutorWithTest(server);
  const big = new Uint8Array(21 * 1024 * 1024).fill(65);
  const res = await postFile(server, editor.token, '/api/v2/interop/preview', { name: 'big.gift', data: big });
  expect([res.status, res.body.code, res.body.message]).toEqual([413, 'FILE_TOO_LARGE', 'This file is too large to import: the limit is 20 MB.']);
  // The same form sent in chunks, no Content-Length: counted as it arrives.
  const form = new Response(formOf(big));
  const boundary = /boundary=(.+)$/.exec(form.headers.get('content-type')!)![1];
  const chunked = await fetch(`${server.baseUrl}/api/v2/interop/preview`, {
    method: 'POST',
    headers: { 'x-access-token': editor.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: form.body,
    duplex: 'half',
  } as RequestInit);
  expect([chunked.status, (await chunked.json()).code]).toEqual([413, 'FILE_TOO_LARGE']);
});

function formOf(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'big.gift');
  return form;
}

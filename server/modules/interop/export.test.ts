// Issue 20: a test out, over the API, in each format: the file, its name, what the format could
// not hold (the X-Export-Losses header), and the same questions when it comes back in; a library
// selection as one zip; another organisation's tests are not found.
import { unzipSync } from 'fflate';
import { INTEROP_EXPORT_FORMATS, readLossesHeader } from '@shared/contract/interop';
import { generateTest } from '@shared/interop/testing/generate';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { signInEditor } from '@tests/support/testEditor';
import { allQuestions, getFile, postFile, postJson, tutorWithTest } from './testing';

// @database-neutral: its subject is exporting questions, on code that does not differ by database,
// so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each database
// (jest.config.js).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A tutor's test filled from a generated one (every type, three languages, LaTeX, pictures) through the JSON import. */
async function filledTest(name: string, seed: number) {
  const tutor = await tutorWithTest(server, name);
  const sections = generateTest(seed, { sections: 2 });
  const res = await postFile(
    server,
    tutor.editor.token,
    '/api/v2/interop/import',
    { name: 'test.json', data: JSON.stringify({ sections }) },
    { testId: tutor.testId, sectionId: tutor.sectionId, useFileSections: 'true' },
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { ...tutor, stored: await tutor.editor.get(tutor.testId) };
}

const TYPES = {
  qti3: 'application/zip',
  moodle: 'application/xml',
  gift: 'text/plain',
  aiken: 'text/plain',
  csv: 'text/csv',
  xlsx: 'spreadsheetml',
  docx: 'wordprocessingml',
};

test.each(INTEROP_EXPORT_FORMATS)('export as %s: the file, named by the test, its losses in a header, and its questions back in', async (format) => {
  const { editor, testId, stored } = await filledTest('Địa lý 지리', 7);
  const res = await getFile(server, editor.token, `/api/v2/interop/test/${testId}/export?format=${format}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain(TYPES[format]);
  expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Địa lý 지리')}.`);
  const losses = readLossesHeader(res.headers.get('x-export-losses'));
  // Aiken holds multiple choice only: it always names what it left out; QTI and Moodle keep sections.
  if (format === 'aiken') expect(losses.map((l) => l.code)).toEqual(expect.arrayContaining(['sections', 'types']));
  if (format === 'qti3' || format === 'moodle' || format === 'csv') expect(losses.map((l) => l.code)).not.toContain('sections');
  const back = await postFile(server, editor.token, '/api/v2/interop/preview', { name: `back.${format === 'qti3' ? 'zip' : format}`, data: res.bytes });
  expect(back.status).toBe(200);
  const dropped = losses.filter((l) => ['types', 'multipleAnswers', 'cellTooLong'].includes(l.code)).reduce((n, l) => n + l.count, 0);
  // Passages written as their questions (Aiken, GIFT) come back as questions of their own.
  const passages = allQuestions(stored).filter((q) => q.type === 'comprehension').length;
  const expected = allQuestions(stored).length - passages - dropped;
  expect(back.body.data.questionCount).toBe(expected);
});

test('a picture of the test goes out inside the package, as the bytes that were stored', async () => {
  const seed = Array.from({ length: 50 }, (_, i) => i + 1).find((n) => JSON.stringify(generateTest(n, { sections: 2 })).includes('data:image'))!;
  const { editor, testId, stored } = await filledTest('Pictures', seed);
  const srcs = allQuestions(stored).flatMap((q) => [...JSON.stringify(q).matchAll(/\/api\/files\/[^"\\]+/g)].map((m) => m[0]));
  expect(srcs.length).toBeGreaterThan(0);
  const res = await getFile(server, editor.token, `/api/v2/interop/test/${testId}/export?format=qti3`);
  const images = Object.entries(unzipSync(res.bytes)).filter(([name]) => name.startsWith('images/'));
  const served = await getFile(server, editor.token, srcs[0]);
  expect(images.some(([, bytes]) => Buffer.from(bytes).equals(Buffer.from(served.bytes)))).toBe(true);
});

test('a library selection as one zip: a file per test by its name, losses.json last', async () => {
  const { editor, testId } = await filledTest('Algebra', 11);
  const second = await editor.newTest({ name: 'Algebra' });
  const res = await postJson(server, editor.token, '/api/v2/interop/export', { format: 'gift', testIds: [testId, second] });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const files = unzipSync(res.bytes);
  expect(Object.keys(files)).toEqual(['Algebra.gift.txt', 'Algebra (2).gift.txt', 'losses.json']);
  const report = JSON.parse(new TextDecoder().decode(files['losses.json']));
  expect(report.map((r: any) => r.file)).toEqual(['Algebra.gift.txt', 'Algebra (2).gift.txt']);
  // Same names, so which is "(2)" goes by id: the filled one names its losses, the empty one none.
  expect(report.map((r: any) => r.losses.some((l: any) => l.code === 'marks')).sort()).toEqual([false, true]);
  // Every test of the folder, as the library's "select all" names them.
  const all = await postJson(server, editor.token, '/api/v2/interop/export', { format: 'csv', selectAll: true });
  expect(Object.keys(unzipSync(all.bytes))).toHaveLength(3);
});

test("another organisation's test is not found: export, import, library zip", async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server, 'Mine');
  const other = await signInEditor(server);
  expect((await getFile(server, other.token, `/api/v2/interop/test/${testId}/export?format=gift`)).status).toBe(404);
  const imported = await postFile(server, other.token, '/api/v2/interop/import', { name: 'a.gift', data: '::A:: Sky is blue {T}' }, { testId, sectionId });
  expect(imported.status).toBe(404);
  expect((await postJson(server, other.token, '/api/v2/interop/export', { format: 'gift', testIds: [testId] })).status).toBe(404);
  expect((await postJson(server, other.token, '/api/v2/interop/export', { format: 'gift', testIds: [], selectAll: true, parentFolderId: 'nope' })).status).toBe(
    404,
  );
  expect(allQuestions(await editor.get(testId))).toHaveLength(0);
});

test('malformed requests: 400 naming the field, 415 for a body that is not a form, 401 without a session', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const field = (res: { status: number; body: any }) => [res.status, res.body.details?.[0]?.field];
  expect(field(await getFile(server, editor.token, `/api/v2/interop/test/${testId}/export?format=pdf`))).toEqual([400, 'query.format']);
  expect(field(await postFile(server, editor.token, '/api/v2/interop/import', { name: 'a.gift', data: '::A:: x {T}' }, { testId }))).toEqual([
    400,
    'sectionId',
  ]);
  expect(field(await postFile(server, editor.token, '/api/v2/interop/import', null, { testId, sectionId }))).toEqual([400, 'file']);
  expect(field(await postFile(server, editor.token, '/api/v2/interop/preview', { name: 'a.gift', data: '::A:: x {T}' }, { from: 'pdf' }))).toEqual([
    400,
    'from',
  ]);
  expect(field(await postFile(server, editor.token, '/api/v2/interop/preview', { name: 'a.gift', data: '::A:: x {T}' }, { colour: 'red' }))).toEqual([
    400,
    'colour',
  ]);
  expect(
    field(await postFile(server, editor.token, '/api/v2/interop/import', { name: 'a.gift', data: '::A:: x {T}' }, { testId, sectionId, version: 'two' })),
  ).toEqual([400, 'version']);
  expect(field(await postJson(server, editor.token, '/api/v2/interop/export', { format: 'gift', testIds: [] }))).toEqual([400, 'testIds']);
  const json = await postJson(server, editor.token, '/api/v2/interop/preview', { file: 'x' });
  expect([json.status, json.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  const nothing = await postFile(server, editor.token, '/api/v2/interop/import', { name: 'notes.txt', data: 'just some notes' }, { testId, sectionId });
  expect([nothing.status, nothing.body.details?.[0]?.field, nothing.body.message]).toEqual([400, 'file', expect.stringContaining('cannot tell the format')]);
  expect((await getFile(server, '', `/api/v2/interop/template/csv`)).status).toBe(401);
  const template = await getFile(server, editor.token, '/api/v2/interop/template/csv');
  const back = await postFile(server, editor.token, '/api/v2/interop/preview', { name: 'template.csv', data: template.bytes });
  expect(back.body.data.questionCount).toBeGreaterThan(3);
});

// Issue 20: a file in, over the API. The preview stores nothing; the import puts what the file
// holds into the chosen section (or its own sections) in one change, pictures stored as the
// Word upload stores them; a refused import leaves the test as it was.
import fs from 'node:fs';
import path from 'node:path';
import { png } from '@tests/support/pictures';
import { ROOT } from '@tests/support/paths';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { allQuestions, getFile, postFile, tutorWithTest } from './testing';

// @database-neutral: its subject is importing questions, on code that does not differ by database,
// so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each database
// (jest.config.js).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SAMPLES = path.join(ROOT, 'tests/fixtures/interop/samples');
const sample = (name: string) => ({ name: path.basename(name), data: new Uint8Array(fs.readFileSync(path.join(SAMPLES, name))) });

const moodle = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions}</quiz>`;
const category = (name: string) => `<question type="category"><category><text>$course$/top/${name}</text></category></question>`;
const truefalse = (name: string, text: string, right: 'true' | 'false', file = '') =>
  `<question type="truefalse"><name><text>${name}</text></name><questiontext format="html"><text><![CDATA[<p>${text}</p>${file ? '<img src="@@PLUGINFILE@@/pic.png">' : ''}]]></text>${file}</questiontext>` +
  `<answer fraction="${right === 'true' ? 100 : 0}"><text>true</text></answer><answer fraction="${right === 'false' ? 100 : 0}"><text>false</text></answer></question>`;
const picture = (bytes: Buffer) => `<file name="pic.png" path="/" encoding="base64">${bytes.toString('base64')}</file>`;

test('preview: what a GIFT file holds, its problems by question number, nothing stored', async () => {
  const { editor, testId } = await tutorWithTest(server);
  const res = await postFile(server, editor.token, '/api/v2/interop/preview', sample('moodle/examples.gift.txt'));
  expect(res.status).toBe(200);
  const preview = res.body.data;
  expect(preview).toMatchObject({ format: 'gift', formatName: 'GIFT', blocked: false });
  expect(preview.questionCount).toBeGreaterThan(20);
  expect(preview.sections.flatMap((s: any) => s.questions)[0]).toMatchObject({ type: 'multiple_choice', text: "Who's buried in Grant's tomb?", answer: 'C' });
  // Matching and essay questions of the file are named with their number, not dropped silently.
  const errors = preview.problems.filter((p: any) => p.severity === 'error');
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.every((p: any) => Number.isInteger(p.question) && p.question > 0)).toBe(true);
  // The three matching questions say so as a code the portal words (issue 17), the English message kept.
  expect(errors.map((p: any) => [p.code, p.reason])).toEqual(Array(3).fill(['unknownType', 'matching']));
  expect(errors[0].message).toBe('matching questions have no place in our tests');
  // True/false statements are the questions' text.
  const trueFalse = preview.sections.flatMap((s: any) => s.questions).filter((q: any) => q.type === 'true_false');
  expect(trueFalse.map((q: any) => q.text)).toContain('The sun rises in the east.');
  expect(trueFalse.every((q: any) => /[a-z]/.test(q.text) && !q.text.includes('____'))).toBe(true);
  expect(Object.values(preview.countsByType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(preview.questionCount);
  expect(allQuestions(await editor.get(testId))).toHaveLength(0);
});

test('import: a Moodle file into the chosen section, its picture stored and served as an upload', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const file = {
    name: 'bank.xml',
    data: moodle(category('Rivers') + truefalse('Q1', 'Mekong ends in Việt Nam', 'true', picture(png(3, 2))) + truefalse('Q2', '한강 flows south', 'false')),
  };
  const res = await postFile(server, editor.token, '/api/v2/interop/import', file, { testId, sectionId });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    questions: 2,
    sectionsCreated: 0,
    ignoredSections: ['Rivers'],
    pictures: 1,
    message: '2 questions added successfully.',
  });
  const test = await editor.get(testId);
  expect(test.sections).toHaveLength(1);
  const [first, second] = test.sections[0].questions;
  expect([first.type, second.type]).toEqual(['true_false', 'true_false']);
  expect(second.name).toContain('한강 flows south');
  expect(second.options.map((o: any) => o.isCorrect)).toEqual([false, true]);
  const src = /src="([^"]+)"/.exec(first.name)![1];
  expect(src).toMatch(new RegExp(`^/api/files/${editor.account.orgId}/[0-9a-f]{32}\\.png$`));
  const served = await getFile(server, editor.token, src);
  expect(served.status).toBe(200);
  expect(Buffer.from(served.bytes).equals(png(3, 2))).toBe(true);
  expect(res.body.data.version).toBe(test.version);
});

test("import: the file's sections become sections when asked; Vietnamese answer text", async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const file = { name: 'bank.xml', data: moodle(category('Sông') + truefalse('Q1', 'A', 'true') + category('강') + truefalse('Q2', 'B', 'false')) };
  const res = await postFile(server, editor.token, '/api/v2/interop/import', file, { testId, sectionId, useFileSections: 'true' }, 'vi');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ questions: 2, renamed: { to: 'Sông' }, sectionsCreated: 1 });
  expect(res.body.data.message).toBe('Đã thêm 2 câu hỏi thành công.');
  expect((await editor.get(testId)).sections.map((s: any) => s.name)).toEqual(['Sông', '강']);
});

test('import: a question the editor refuses is left out and named; the others come in', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  // 1,001 marks: more than a question may carry (the editor's own limit), read by the sheet as written.
  const csv = 'type,question,A,B,answer,marks\nmultiple_choice,Two plus two?,3,4,B,1001\nmultiple_choice,One plus one?,2,3,A,2\n';
  const res = await postFile(server, editor.token, '/api/v2/interop/import', { name: 'bank.csv', data: csv }, { testId, sectionId });
  expect(res.status).toBe(200);
  expect(res.body.data.questions).toBe(1);
  expect(res.body.data.problems).toEqual([
    expect.objectContaining({ severity: 'error', code: 'invalid', message: expect.stringMatching(/^question 1 of those read: marks\.positive: /) }),
  ]);
  expect(allQuestions(await editor.get(testId)).map((q) => q.name)).toEqual(['<p>One plus one?</p>']);
});

test('an import the test refuses (a stale version, too many questions) leaves the test whole', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  await postFile(server, editor.token, '/api/v2/interop/import', { name: 'a.gift', data: '::A:: Sky is blue {T}' }, { testId, sectionId });
  const before = await editor.get(testId);
  const stale = await postFile(
    server,
    editor.token,
    '/api/v2/interop/import',
    { name: 'b.gift', data: '::B:: Grass is red {F}' },
    { testId, sectionId, version: String(before.version - 1) },
  );
  expect(stale.status).toBe(409);
  // 2,000 questions is a test's most; 2,001 in one file: none of them.
  const bank = Array.from({ length: 2_001 }, (_, i) => `::Q${i}:: Statement ${i} {T}`).join('\n\n');
  const tooMany = await postFile(server, editor.token, '/api/v2/interop/import', { name: 'bank.gift', data: bank }, { testId, sectionId });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.code).toBe('VALIDATION_ERROR');
  const after = await editor.get(testId);
  expect(after.version).toBe(before.version);
  expect(allQuestions(after).map((q) => q.name)).toEqual(allQuestions(before).map((q) => q.name));
});

// Issue 29: a spreadsheet whose columns are not ours, over the API. The preview reads it by the
// guessed mapping and sends the sheet's columns, first rows and that mapping for the portal's
// mapping step; the import takes the mapping the tutor chose. A mapping the sheet cannot take is
// 400 naming the field, and nothing is stored.
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { allQuestions, postFile, tutorWithTest } from './testing';

// @database-neutral: reading a sheet and checking a form field, on code that does not differ by database (jest.config.js).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BANK = {
  name: 'bank.csv',
  data: `Question Text,Choice 1,Choice 2,Choice 3,Correct,Explanation,Points
Capital of France?,Berlin,Paris,Rome,2,Paris is.,2
Largest ocean?,Pacific,Indian,Arctic,1,The Pacific.,1
`,
};

test('preview: the guessed mapping, the columns and first rows, and the questions read by it', async () => {
  const { editor } = await tutorWithTest(server);
  const res = await postFile(server, editor.token, '/api/v2/interop/preview', BANK);
  expect(res.status).toBe(200);
  const preview = res.body.data;
  expect(preview).toMatchObject({ format: 'csv', questionCount: 2, blocked: false, problems: [] });
  expect(preview.sheet).toEqual({
    columns: ['Question Text', 'Choice 1', 'Choice 2', 'Choice 3', 'Correct', 'Explanation', 'Points'],
    rows: [
      ['Capital of France?', 'Berlin', 'Paris', 'Rome', '2', 'Paris is.', '2'],
      ['Largest ocean?', 'Pacific', 'Indian', 'Arctic', '1', 'The Pacific.', '1'],
    ],
    mapping: { type: null, question: 0, options: [1, 2, 3], correct: 4, solution: 5, marks: 6, negative: null, difficulty: null, section: null, tags: null },
    guessed: true,
  });
  expect(preview.sections[0].questions.map((q: any) => [q.text, q.answer, q.marks])).toEqual([
    ['Capital of France?', 'B', 2],
    ['Largest ocean?', 'A', 1],
  ]);
});

test('import: the mapping sent is the one read', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  // Two options only, and the explanation left out.
  const mapping = JSON.stringify({ question: 0, options: [1, 2], correct: 4, marks: 6 });
  const res = await postFile(server, editor.token, '/api/v2/interop/import', BANK, { testId, sectionId, from: 'csv', mapping });
  expect(res.status).toBe(200);
  expect(res.body.data.questions).toBe(2);
  const questions = allQuestions(await editor.get(testId));
  expect(questions.map((q) => q.options.map((o: any) => o.isCorrect))).toEqual([
    [false, true],
    [true, false],
  ]);
  expect(questions.map((q) => q.solution ?? '')).toEqual(['', '']);
});

test.each([
  [JSON.stringify({ question: 0, options: [1, 2, 9] }), 'mapping.options', /options: column 10 is not in the sheet \(it has 7: "Question Text"/],
  [JSON.stringify({ question: -1 }), 'mapping.question', /./],
  [JSON.stringify({ question: 0, colour: 1 }), 'mapping.colour', /./],
  ['{question: 0', 'mapping', /the mapping is not JSON/],
])('a mapping the sheet cannot take is 400 naming the field (%s), nothing stored', async (mapping, field, reason) => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  for (const path of ['/api/v2/interop/preview', '/api/v2/interop/import']) {
    const res = await postFile(server, editor.token, path, BANK, path.endsWith('import') ? { testId, sectionId, mapping } : { mapping });
    expect([path, res.status, res.body.details?.[0]?.field]).toEqual([path, 400, field]);
    if (field === 'mapping.options') expect(res.body.message).toMatch(reason);
    if (field === 'mapping') expect(res.body.message).toMatch(reason);
  }
  expect(allQuestions(await editor.get(testId))).toHaveLength(0);
});

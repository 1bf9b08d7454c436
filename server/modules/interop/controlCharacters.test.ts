// Issue 29: a NUL byte (or another C0 control character) in an imported file answered 500 on
// PostgreSQL ("unsupported Unicode escape sequence": jsonb cannot hold U+0000) when the test was
// updated, while the preview took the same file. Every reader's text is cleaned in one place
// (shared/parser/text.ts): the import comes in with clean text; a file that is not text at all
// (random bytes named .gift) is refused as such, never a 500.
// Runs on both databases: PostgreSQL is where it failed.
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { allQuestions, postFile, tutorWithTest } from './testing';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** C0 controls other than tab, newline and carriage return; and unpaired surrogates. */
// eslint-disable-next-line no-control-regex -- the characters this test looks for
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const FILES = {
  gift: {
    name: 'bank.gift',
    data: '::Q1:: Water\u0000 boils at\u0001 100\u001b°C at sea level.\u000b {T}\n\n::Q2:: 2\u0000 + 2 = ?\u0007 {=4\u0000 ~5\u001f ~3}\n',
    texts: ['Water boils at 100°C at sea level.', '2 + 2 = ?'],
  },
  aiken: {
    name: 'bank.txt',
    data: 'What\u0000 is the capital of France?\u0002\nA. Paris\u0000\nB. Lyon\u001f\nANSWER: A\n\nWhich\u0008 river crosses Hà Nội?\nA. Red River\u0000\nB. Mekong\nANSWER: A\n',
    texts: ['What is the capital of France?', 'Which river crosses Hà Nội?'],
  },
  csv: {
    name: 'bank.csv',
    data: 'type,question,A,B,answer\r\nmultiple_choice,"Pick\u0000 the\u0003 prime",4\u0000,7\u0010,B\r\ntrue_false,Seven\u0000 is odd\u0019,,,True\r\n',
    texts: ['Pick the prime', 'Seven is odd'],
  },
};

describe.each(Object.entries(FILES))('%s with NUL and other control characters', (_format, file) => {
  test('preview and import: 200, the questions in with clean text', async () => {
    const { editor, testId, sectionId } = await tutorWithTest(server);
    const preview = await postFile(server, editor.token, '/api/v2/interop/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.data.questionCount).toBe(2);
    expect(JSON.stringify(preview.body.data)).not.toMatch(UNSTORABLE);

    const res = await postFile(server, editor.token, '/api/v2/interop/import', file, { testId, sectionId });
    expect(res.status).toBe(200);
    expect(res.body.data.questions).toBe(2);
    const questions = allQuestions(await editor.get(testId));
    expect(questions).toHaveLength(2);
    expect(JSON.stringify(questions)).not.toMatch(UNSTORABLE);
    const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();
    expect(questions.map((q) => plain(q.name))).toEqual(file.texts);
    // Answers read through the controls around them.
    expect(questions[0].options.filter((o: any) => o.isCorrect)).toHaveLength(1);
  });
});

test('unpaired surrogates (a JSON file) are replaced, the question comes in', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  const json = String.raw`[{"name":"S","questions":[{"type":"true_false","name":"<p>Half \ud800 a pair\u0000</p>","solution":"","options":[{"name":"True","isCorrect":true},{"name":"False","isCorrect":false}]}]}]`;
  const res = await postFile(server, editor.token, '/api/v2/interop/import', { name: 'bank.json', data: json }, { testId, sectionId });
  expect(res.status).toBe(200);
  const [question] = allQuestions(await editor.get(testId));
  expect(question.name).toBe('<p>Half \uFFFD a pair</p>');
});

test('random bytes named .gift: refused as not text (400 naming why), never a 500; nothing stored', async () => {
  const { editor, testId, sectionId } = await tutorWithTest(server);
  // Fixed "random" bytes (a linear congruential generator), some of them GIFT's braces and equals signs.
  let seed = 29;
  const bytes = new Uint8Array(4096).map(() => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed >> 16) & 0xff);
  bytes.set(new TextEncoder().encode('::T:: x {=y ~z}\n\n'), 100);
  const file = { name: 'noise.gift', data: bytes };
  const preview = await postFile(server, editor.token, '/api/v2/interop/preview', file);
  expect(preview.status).toBe(200);
  expect(preview.body.data.questionCount).toBe(0);
  expect(preview.body.data.problems[0].message).toMatch(/not (UTF-8 )?text/);
  const res = await postFile(server, editor.token, '/api/v2/interop/import', file, { testId, sectionId });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toMatch(/not (UTF-8 )?text/);
  expect(allQuestions(await editor.get(testId))).toHaveLength(0);
});

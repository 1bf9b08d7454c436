import { startTestServer, type TestServer } from '../support/testServer';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';

let server: TestServer;
let tutor: Editor;
beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server, { flags: { is_tb_test_enabled: true } });
});
afterAll(() => server.close());

async function bilingualTest() {
  const testId = await tutor.newTest({ name: 'Bilingual' });
  const { section } = await tutor.section(testId);
  const created = await tutor.questions(testId, section._id, [readyMcq('<p>Capital of Vietnam?</p>')]);
  const res = await tutor.call('PATCH', '/api/v2/test/update', { testId, version: created.version, testType: 'TB_TEST', languages: ['English', 'Vietnamese'] });
  expect(res.status).toBe(200);
  return { testId, sectionId: section._id as string, question: res.body.data.test.sections[0].questions[0], version: res.body.data.version as number };
}

describe('question translations', () => {
  test('a translation edit keeps the question and its first-language text; unsafe HTML in a translation is sanitised', async () => {
    const { testId, sectionId, question, version } = await bilingualTest();
    const translation = {
      name: '<p onclick="steal()">Thủ đô <script>alert(1)</script>của Việt Nam?</p>',
      solution: '<a href="javascript:alert(1)">Hà Nội</a>',
      options: [{ id: question.options[1].id, name: '<img src="x" onerror="alert(1)">Bốn' }],
    };
    const res = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version, question: { ...question, translations: { ...question.translations, Vietnamese: translation } } });
    expect(res.status).toBe(200);
    const saved = res.body.data.question;
    expect(saved.name).toBe('<p>Capital of Vietnam?</p>');
    expect(saved.translations.Vietnamese.name).toBe('<p>Thủ đô của Việt Nam?</p>');
    expect(saved.translations.Vietnamese.solution).not.toContain('javascript');
    expect(saved.translations.Vietnamese.options[0].name).not.toContain('onerror');
    expect(saved.options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([false, true]);
  });

  test('an edit of the own text without the first-language copy wins; a language not in the test is a 400 naming it', async () => {
    const { testId, sectionId, question, version } = await bilingualTest();
    const { English: _english, ...others } = question.translations;
    const res = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version, question: { ...question, name: '<p>Capital city of Vietnam?</p>', translations: others } });
    expect(res.body.data.question.translations.English.name).toBe('<p>Capital city of Vietnam?</p>');
    const korean = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version: version + 1, question: { ...question, translations: { Korean: { name: '베트남의 수도는?' } } } });
    expect([korean.status, korean.body.details[0].field]).toEqual([400, 'question.translations.Korean']);
  });

  test("another organisation's test cannot be translated (404)", async () => {
    const { testId, sectionId, question, version } = await bilingualTest();
    const stranger = await signInEditor(server, { flags: { is_tb_test_enabled: true } });
    const res = await stranger.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version, question: { ...question, translations: { Vietnamese: { name: 'x' } } } });
    expect(res.status).toBe(404);
  });
});

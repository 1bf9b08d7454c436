import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';

// @database-neutral: its subject is multilingual tests in the editor, on code that does not differ
// by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor({ flags: { is_tb_test_enabled: true } })));
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
    const res = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version,
      question: { ...question, translations: { ...question.translations, Vietnamese: translation } },
    });
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
    const res = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version,
      question: { ...question, name: '<p>Capital city of Vietnam?</p>', translations: others },
    });
    expect(res.body.data.question.translations.English.name).toBe('<p>Capital city of Vietnam?</p>');
    const korean = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: version + 1,
      question: { ...question, translations: { Korean: { name: '베트남의 수도는?' } } },
    });
    expect([korean.status, korean.body.details[0].field]).toEqual([400, 'question.translations.Korean']);
  });

  test("another organisation's test cannot be translated (404)", async () => {
    const { testId, sectionId, question, version } = await bilingualTest();
    const stranger = await signInEditor(server, { flags: { is_tb_test_enabled: true } });
    const res = await stranger.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version,
      question: { ...question, translations: { Vietnamese: { name: 'x' } } },
    });
    expect(res.status).toBe(404);
  });
});

describe('changing the languages', () => {
  async function trilingualTranslated() {
    const { testId, sectionId, question, version } = await bilingualTest();
    const three = await tutor.call('PATCH', '/api/v2/test/update', { testId, version, languages: ['English', 'Vietnamese', 'Korean'] });
    const translations = { Vietnamese: { name: '<p>Thủ đô của Việt Nam?</p>', solution: '' }, Korean: { name: '<p>베트남의 수도는?</p>', solution: '' } };
    const res = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: three.body.data.version,
      question: { ...question, translations },
    });
    expect(res.status).toBe(200);
    return { testId, sectionId, question: res.body.data.question, version: res.body.data.version as number };
  }
  /** What the editor sends when the first-language text is edited: the stored translations, less the first language's. */
  const editAsTheEditorDoes = (
    ids: { testId: string; sectionId: string; version: number },
    question: Record<string, unknown> & { translations: Record<string, unknown> },
    firstLanguage: string | null,
  ) => {
    const { [firstLanguage ?? '']: _own, ...others } = question.translations;
    return tutor.call('PATCH', '/api/v2/question/edit', {
      ...ids,
      question: { ...question, name: '<p>Which city is the capital of Vietnam?</p>', translations: others },
    });
  };

  test("removing a language keeps the other languages' text, and the question can still be edited", async () => {
    const { testId, sectionId, version } = await trilingualTranslated();
    const res = await tutor.call('PATCH', '/api/v2/test/update', { testId, version, languages: ['English', 'Vietnamese'] });
    expect([res.status, res.body.data.test.languagesList, res.body.data.test.isMultilingual]).toEqual([200, ['English', 'Vietnamese'], true]);
    const question = res.body.data.test.sections[0].questions[0];
    expect([question.name, question.translations.Vietnamese.name]).toEqual(['<p>Capital of Vietnam?</p>', '<p>Thủ đô của Việt Nam?</p>']);
    const edited = await editAsTheEditorDoes({ testId, sectionId, version: res.body.data.version }, question, 'English');
    expect(edited.status).toBe(200);
    expect([edited.body.data.question.name, edited.body.data.question.translations.Vietnamese.name]).toEqual([
      '<p>Which city is the capital of Vietnam?</p>',
      '<p>Thủ đô của Việt Nam?</p>',
    ]);
  });

  test("back to one language keeps the first language's text, and the question can still be edited", async () => {
    const { testId, sectionId, version } = await trilingualTranslated();
    // As the Languages dialog turns it off.
    const res = await tutor.call('PATCH', '/api/v2/test/update', { testId, version, testType: 'CMS', languages: ['English'] });
    expect([res.status, res.body.data.test.isMultilingual]).toEqual([200, false]);
    const question = res.body.data.test.sections[0].questions[0];
    expect(question.name).toBe('<p>Capital of Vietnam?</p>');
    const edited = await editAsTheEditorDoes({ testId, sectionId, version: res.body.data.version }, question, null);
    expect([edited.status, edited.body.data?.question.name]).toEqual([200, '<p>Which city is the capital of Vietnam?</p>']);
    // Multilingual again: the edited text is the English one, and the other languages' text came back.
    const again = await tutor.call('PATCH', '/api/v2/test/update', {
      testId,
      version: edited.body.data.version,
      testType: 'TB_TEST',
      languages: ['English', 'Vietnamese', 'Korean'],
    });
    const back = again.body.data.test.sections[0].questions[0];
    expect([back.name, back.translations.English.name, back.translations.Vietnamese.name, back.translations.Korean.name]).toEqual([
      '<p>Which city is the capital of Vietnam?</p>',
      '<p>Which city is the capital of Vietnam?</p>',
      '<p>Thủ đô của Việt Nam?</p>',
      '<p>베트남의 수도는?</p>',
    ]);
  });

  test('a primary language moved first takes over the text; the old first keeps its own', async () => {
    const { testId, version } = await trilingualTranslated();
    const res = await tutor.call('PATCH', '/api/v2/test/update', { testId, version, languages: ['Vietnamese', 'English'] });
    const question = res.body.data.test.sections[0].questions[0];
    expect([question.name, question.translations.English.name]).toEqual(['<p>Thủ đô của Việt Nam?</p>', '<p>Capital of Vietnam?</p>']);
  });
});

import { addQuestions, addSection, editQuestion, setLanguages } from './operations';
import { emptyTest, sequentialIds } from './testing';
import { contentLanguageName, questionTextIn, translationsForEdit } from './translations';
import { validateTest } from './validation';
import { createI18n } from '../../i18n/createI18n';
import ko from '../../i18n/locales/ko.json';
import vi from '../../i18n/locales/vi.json';

function bilingualMcq() {
  const ctx = { ids: sequentialIds('q'), allowGpscType: false };
  const test = emptyTest({ testType: 'TB_TEST', languages: ['English'] });
  setLanguages(test, 'TB_TEST', ['English', 'Vietnamese'], ctx.ids);
  const section = addSection(test, { name: 'S' }, ctx.ids);
  const [question] = addQuestions(
    test,
    section._id,
    [{ type: 'multiple_choice', name: '<p>Capital of Vietnam?</p>', options: [{ name: 'Hanoi', isCorrect: true }, { name: 'Hue' }] }],
    ctx,
  );
  return { test, question, ctx, section };
}

describe('multilingual question text', () => {
  it('the first language is the question itself; another language is its translation, marked when missing', () => {
    const { question } = bilingualMcq();
    const english = questionTextIn(question, 'English', 'English');
    expect([english.name, english.translated, [...english.options.values()]]).toEqual(['<p>Capital of Vietnam?</p>', true, ['Hanoi', 'Hue']]);
    const vietnamese = questionTextIn(question, 'Vietnamese', 'English');
    expect([vietnamese.name, vietnamese.translated, vietnamese.options.size]).toEqual(['', false, 0]);
    const translated = {
      ...question,
      translations: {
        ...question.translations,
        Vietnamese: {
          name: '<p>Thủ đô của Việt Nam?</p>',
          solution: '',
          options: [{ id: question.type === 'multiple_choice' ? question.options[0].id : '', name: 'Hà Nội' }],
        },
      },
    };
    const after = questionTextIn(translated, 'Vietnamese', 'English');
    expect([after.name, after.translated, [...after.options.values()]]).toEqual(['<p>Thủ đô của Việt Nam?</p>', true, ['Hà Nội']]);
  });

  it('an edit of the own text sends the other translations only, so the edited text wins', () => {
    const { question } = bilingualMcq();
    const withVi = { ...question.translations, Vietnamese: { name: 'vi', solution: '' } };
    expect(Object.keys(translationsForEdit({ translations: withVi }, 'English'))).toEqual(['Vietnamese']);
    expect(Object.keys(translationsForEdit({ translations: withVi }, null)).sort()).toEqual(['English', 'Vietnamese']);
  });

  it('EMPTY_QUESTION: a question whose first-language text is empty, cleared when it is filled', () => {
    const { test, ctx, section } = bilingualMcq();
    addQuestions(
      test,
      section._id,
      [{ type: 'integer', name: '', solution: '4', translations: { Vietnamese: { name: '<p>2 + 2 = ?</p>', solution: '' } } }],
      ctx,
    );
    expect(validateTest(test).map((e) => e.type)).toEqual(['EMPTY_QUESTION']);
    expect(validateTest(test)[0].msg).toBe('Empty translation question');
  });

  it("a removed language's text is kept through an edit; an unknown one is refused", () => {
    const { test, question, ctx, section } = bilingualMcq();
    const translations = { ...question.translations, Vietnamese: { name: '<p>Thủ đô?</p>', solution: '' } };
    editQuestion(test, section._id, { ...question, translations }, ctx);
    setLanguages(test, 'TB_TEST', ['English'], ctx.ids);
    const edited = editQuestion(
      test,
      section._id,
      { ...question, name: '<p>Capital?</p>', translations: { Vietnamese: { name: 'changed', solution: '' } } },
      ctx,
    );
    expect([edited.name, edited.translations.Vietnamese.name]).toEqual(['<p>Capital?</p>', '<p>Thủ đô?</p>']);
    expect(() => editQuestion(test, section._id, { ...question, translations: { Korean: { name: 'x', solution: '' } } }, ctx)).toThrow(
      expect.objectContaining({ field: 'question.translations.Korean' }),
    );
  });

  it("in a single-language test the question's own text is its first language: a stale copy sent with an edit is dropped", () => {
    const { test, question, ctx, section } = bilingualMcq();
    setLanguages(test, 'CMS', ['English'], ctx.ids);
    const edited = editQuestion(test, section._id, { ...question, name: '<p>Capital?</p>' }, ctx);
    expect(edited.translations.English).toBeUndefined();
    setLanguages(test, 'TB_TEST', ['English', 'Vietnamese'], ctx.ids);
    const again = test.sections[0].questions[0];
    expect([again.name, again.translations.English.name]).toEqual(['<p>Capital?</p>', '<p>Capital?</p>']);
  });

  it("content languages are named in the portal's language; stored values stay as they are", () => {
    expect(['English', 'Vietnamese', 'Bengali'].map((l) => contentLanguageName(l, 'en'))).toEqual(['English', 'Vietnamese', 'Bengali']);
    expect(['English', 'Vietnamese', 'Korean'].map((l) => contentLanguageName(l, 'ko'))).toEqual(['영어', '베트남어', '한국어']);
    expect([contentLanguageName('Vietnamese', 'vi'), contentLanguageName('English', 'vi', true)]).toEqual(['Tiếng Việt', 'tiếng Anh']);
    expect(contentLanguageName('Klingon', 'ko')).toBe('Klingon');
    expect(createI18n('ko', { ko }).t('multilingual.notTranslated', { language: 'Vietnamese' })).toBe('아직 베트남어(으)로 번역되지 않음');
    expect(createI18n('vi', { vi }).t('multilingual.notTranslated', { language: 'English' })).toBe('Chưa dịch sang tiếng Anh');
  });
});

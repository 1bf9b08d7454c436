import { addQuestions, addSection, setLanguages } from './operations';
import { emptyTest, sequentialIds } from './testing';
import { questionTextIn, translationsForEdit } from './translations';
import { validateTest } from './validation';

function bilingualMcq() {
  const ctx = { ids: sequentialIds('q'), allowGpscType: false };
  const test = emptyTest({ testType: 'TB_TEST', languages: ['English'] });
  setLanguages(test, 'TB_TEST', ['English', 'Vietnamese'], ctx.ids);
  const section = addSection(test, { name: 'S' }, ctx.ids);
  const [question] = addQuestions(test, section._id, [{ type: 'multiple_choice', name: '<p>Capital of Vietnam?</p>', options: [{ name: 'Hanoi', isCorrect: true }, { name: 'Hue' }] }], ctx);
  return { test, question, ctx, section };
}

describe('multilingual question text', () => {
  it('the first language is the question itself; another language is its translation, marked when missing', () => {
    const { question } = bilingualMcq();
    const english = questionTextIn(question, 'English', 'English');
    expect([english.name, english.translated, [...english.options.values()]]).toEqual(['<p>Capital of Vietnam?</p>', true, ['Hanoi', 'Hue']]);
    const vietnamese = questionTextIn(question, 'Vietnamese', 'English');
    expect([vietnamese.name, vietnamese.translated, vietnamese.options.size]).toEqual(['', false, 0]);
    const translated = { ...question, translations: { ...question.translations, Vietnamese: { name: '<p>Thủ đô của Việt Nam?</p>', solution: '', options: [{ id: question.type === 'multiple_choice' ? question.options[0].id : '', name: 'Hà Nội' }] } } };
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
    addQuestions(test, section._id, [{ type: 'integer', name: '', solution: '4', translations: { Vietnamese: { name: '<p>2 + 2 = ?</p>', solution: '' } } }], ctx);
    expect(validateTest(test).map((e) => e.type)).toEqual(['EMPTY_QUESTION']);
    expect(validateTest(test)[0].msg).toBe('Empty translation question');
  });
});

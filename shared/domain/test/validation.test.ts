import { SERVER_MESSAGES } from '../../i18n/serverMessages';
import { addQuestions, addSection, type EditContext } from './operations';
import { emptyTest, sequentialIds } from './testing';
import { integerAnswer, isDraftQuestion, validateTest, validationCatalogue, VALIDATION_MESSAGE_KEYS } from './validation';
import { buildQuestion } from './normalize';
import { VALIDATION_TYPES, type Test } from './types';

let test: Test;
let ctx: EditContext;
beforeEach(() => {
  test = emptyTest();
  ctx = { ids: sequentialIds(), allowGpscType: false };
});

const types = (t: Test) => validateTest(t).map((e) => e.type);
const readyMcq = { type: 'multiple_choice' as const, name: 'Q', options: [{ name: 'A', isCorrect: true }, { name: 'B' }] };

it('the messages are exactly those of spec section 5', () => {
  expect(Object.fromEntries(VALIDATION_TYPES.map((t) => [t, SERVER_MESSAGES.en[VALIDATION_MESSAGE_KEYS[t]]]))).toEqual({
    NO_SECTION: 'No section added',
    SECTION_ZERO_DURATION: 'Section {name} can not have zero duration',
    SECTION_DURATION_SUM: 'Section durations should add up to test duration',
    EMPTY_SECTION: 'add question to section {name}',
    EMPTY_COMP: 'Comprehension Question should have atleast 1 question',
    DUMMY_QUESTION: 'Dummy question',
    MCQ_ONE_ANS: "Question doesn't has a correct option selected.",
    EMPTY_QUESTION: 'Empty translation question',
    // Not in the spec's list: issue 14.
    TF_ONE_ANS: 'A true/false question must have exactly one correct answer.',
  });
  expect(validationCatalogue('en')).toHaveLength(9);
  expect(validationCatalogue('vi').find((e) => e.type === 'NO_SECTION')?.msg).toBe('Chưa thêm phần nào');
});

it('NO_SECTION, with nulls where nothing applies', () => {
  expect(validateTest(test)).toEqual([
    { msg: 'No section added', type: 'NO_SECTION', sectionOrder: null, sectionId: null, questionOrder: null, questionId: null },
  ]);
});

it('EMPTY_SECTION names the section and clears when a question is added', () => {
  const s = addSection(test, { name: 'Algebra' }, ctx.ids);
  expect(validateTest(test)).toEqual([
    { msg: 'add question to section Algebra', type: 'EMPTY_SECTION', sectionOrder: 1, sectionId: s._id, questionOrder: null, questionId: null },
  ]);
  addQuestions(test, s._id, [readyMcq], ctx);
  expect(validateTest(test)).toEqual([]);
});

describe('durations: only when section switching is off and no random test', () => {
  it('zero duration and the sum are errors of timed sections', () => {
    test.settings.isSectionSwitchingEnabled = false;
    const a = addSection(test, { name: 'A', sectionDuration: 0 }, ctx.ids);
    const b = addSection(test, { name: 'B', sectionDuration: 20 * 60_000 }, ctx.ids);
    addQuestions(test, a._id, [readyMcq], ctx);
    addQuestions(test, b._id, [readyMcq], ctx);
    expect(validateTest(test).map((e) => [e.type, e.msg, e.sectionOrder])).toEqual([
      ['SECTION_DURATION_SUM', 'Section durations should add up to test duration', null],
      ['SECTION_ZERO_DURATION', 'Section A can not have zero duration', 1],
    ]);
    a.sectionDuration = 10 * 60_000;
    expect(types(test)).toEqual([]);
  });

  it('not with section switching on, nor with RTG', () => {
    const a = addSection(test, {}, ctx.ids);
    addQuestions(test, a._id, [readyMcq], ctx);
    expect(types(test)).toEqual([]);
    test.settings.isSectionSwitchingEnabled = false;
    test.settings.generateRandomTest = true;
    expect(types(test)).toEqual([]);
  });
});

describe('question errors', () => {
  it('MCQ_ONE_ANS for a multiple-choice (and true/false) question without a correct option', () => {
    const s = addSection(test, {}, ctx.ids);
    const [mcq, tf] = addQuestions(
      test,
      s._id,
      [
        { type: 'multiple_choice', name: 'Q', options: [{ name: 'A' }] },
        { type: 'true_false', name: 'T' },
      ],
      ctx,
    );
    expect(validateTest(test)).toEqual([
      { msg: "Question doesn't has a correct option selected.", type: 'MCQ_ONE_ANS', sectionOrder: 1, sectionId: s._id, questionOrder: 1, questionId: mcq._id },
      { msg: "Question doesn't has a correct option selected.", type: 'MCQ_ONE_ANS', sectionOrder: 1, sectionId: s._id, questionOrder: 2, questionId: tf._id },
    ]);
  });

  it('TF_ONE_ANS for a true/false question stored with both options correct (issue 14)', () => {
    const s = addSection(test, {}, ctx.ids);
    const stored = buildQuestion(
      {
        type: 'true_false',
        name: 'T',
        options: [
          { name: 'True', isCorrect: true },
          { name: 'False', isCorrect: true },
        ],
      },
      { ids: ctx.ids, languages: ['English'], multilingual: false, allowGpscType: false, trusted: true, field: 'question' },
    );
    s.questions.push({ ...stored, order: 1 });
    expect(types(test)).toContain('TF_ONE_ANS');
    // Written by a user (not stored content), it is refused where it is made, naming the options.
    expect(() =>
      addQuestions(
        test,
        s._id,
        [
          {
            type: 'true_false',
            name: 'T',
            options: [
              { name: 'True', isCorrect: true },
              { name: 'False', isCorrect: true },
            ],
          },
        ],
        ctx,
      ),
    ).toThrow(expect.objectContaining({ status: 400, key: 'trueFalseOneAnswer', field: 'questions.0.options' }));
  });

  it('DUMMY_QUESTION and EMPTY_COMP; a child error points at its comprehension', () => {
    const s = addSection(test, {}, ctx.ids);
    addQuestions(
      test,
      s._id,
      [
        { ...readyMcq, isDummyQuestion: true },
        { type: 'comprehension', paragraph: 'P' },
      ],
      ctx,
    );
    const [, comp2] = addQuestions(
      test,
      s._id,
      [readyMcq, { type: 'comprehension', paragraph: 'P', questions: [{ type: 'multiple_choice', name: 'c' }] }],
      ctx,
    );
    const errors = validateTest(test);
    expect(errors.map((e) => [e.type, e.questionOrder])).toEqual([
      ['DUMMY_QUESTION', 1],
      ['EMPTY_COMP', 2],
      ['MCQ_ONE_ANS', 1],
    ]);
    expect(errors[2]).toMatchObject({ parentQuestionId: comp2._id, parentQuestionOrder: 4 });
  });

  it('EMPTY_QUESTION only in a multilingual test (TB_TEST with languages), for the first language', () => {
    const cms = emptyTest({ languages: ['English', 'Hindi'] });
    const s1 = addSection(cms, {}, ctx.ids);
    addQuestions(cms, s1._id, [{ ...readyMcq, name: '' }], ctx);
    expect(types(cms)).toEqual([]);

    const tb = emptyTest({ testType: 'TB_TEST', languages: ['English', 'Hindi'] });
    const s2 = addSection(tb, {}, ctx.ids);
    addQuestions(
      tb,
      s2._id,
      [
        { ...readyMcq, name: '<p>&nbsp;</p>', translations: { Hindi: { name: 'प्रश्न' } } },
        { type: 'comprehension', name: 'title', questions: [readyMcq] },
      ],
      ctx,
    );
    expect(types(tb)).toEqual(['EMPTY_QUESTION', 'EMPTY_QUESTION']);
    tb.sections[0].questions[0].translations.English.name = 'Question';
    const comp = tb.sections[0].questions[1];
    comp.translations.English.paragraph = 'Read this';
    expect(types(tb)).toEqual([]);
  });

  it('messages in the editor language', () => {
    const s = addSection(test, { name: 'Đại số' }, ctx.ids);
    expect(validateTest(test, 'vi')[0].msg).toBe('hãy thêm câu hỏi vào phần Đại số');
    expect(validateTest(test, 'ko')[0].msg).toBe(`섹션 Đại số에 문제를 추가하세요`);
    expect(s.order).toBe(1);
  });
});

describe('draft mode (skipped by import)', () => {
  const q = (draft: Parameters<typeof buildQuestion>[0]) =>
    buildQuestion(draft, { ids: sequentialIds(), languages: ['English'], multilingual: false, allowGpscType: false, trusted: false, field: 'q' });

  it.each([
    ['a ready multiple choice', readyMcq, false],
    ['no correct option', { ...readyMcq, options: [{ name: 'A' }] }, true],
    ['a dummy question', { ...readyMcq, isDummyQuestion: true }, true],
    ['no text', { ...readyMcq, name: '<p></p>' }, true],
    ['an integer with its answer', { type: 'integer', name: '2+2', solution: '4' }, false],
    ['an integer without an answer', { type: 'integer', name: '2+2' }, true],
    ['a fill_ups with the default option only', { type: 'fill_ups', name: 'x' }, true],
    ['a fill_ups with an answer', { type: 'fill_ups', name: 'x', options: [{ name: 'Paris' }] }, false],
    ['a fill_ups with a range', { type: 'fill_ups', name: 'x', options: [{ type: 'range', floor: 1, cap: 2 }] }, false],
    ['an empty comprehension', { type: 'comprehension', paragraph: 'P' }, true],
    ['a comprehension with a draft child', { type: 'comprehension', paragraph: 'P', questions: [{ type: 'integer', name: 'x' }] }, true],
    ['a ready comprehension', { type: 'comprehension', paragraph: 'P', questions: [readyMcq] }, false],
  ] as const)('%s', (_, draft, isDraft) => {
    expect(isDraftQuestion(q(draft as Parameters<typeof buildQuestion>[0]))).toBe(isDraft);
  });

  it('integerAnswer reads the solution', () => {
    expect(integerAnswer(q({ type: 'integer', solution: ' -12 ' }))).toBe(-12);
    // Signed decimals too (issue 14); text is no answer.
    expect(integerAnswer(q({ type: 'integer', solution: '1.5' }))).toBe(1.5);
    expect(integerAnswer(q({ type: 'integer', solution: 'one' }))).toBeNull();
    expect(integerAnswer(q(readyMcq))).toBeNull();
  });
});

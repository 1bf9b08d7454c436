import { buildQuestion, contentOf, CONTENT_MODEL, hydrateTest, normalizeTest, roundMarks, type BuildContext } from './normalize';
import { addQuestions, addSection } from './operations';
import { emptyTest, sequentialIds } from './testing';
import { DEFAULT_MARKS, FILL_UPS_DEFAULT_OPTION_MARKS, FILL_UPS_DEFAULT_OPTION_NAME, GPSC_NOT_ATTEMPTED_OPTION } from './defaults';
import { TestRuleError } from './errors';
import { htmlText, isBlankHtml } from './html';
import type { ComprehensionQuestion, FillUpsQuestion, MultipleChoiceQuestion, TrueFalseQuestion } from './types';

const ctx = (over: Partial<BuildContext> = {}): BuildContext => ({
  ids: sequentialIds('n'),
  languages: ['English'],
  multilingual: false,
  allowGpscType: false,
  trusted: false,
  field: 'question',
  ...over,
});

describe('default marks per type (spec section 9, as written)', () => {
  it.each(['multiple_choice', 'true_false', 'fill_ups', 'integer'] as const)('%s: positive 1, negative 4', (type) => {
    const q = buildQuestion({ type }, ctx());
    expect(q.marks).toEqual({ positive: 1, negative: 4, negativeUnattempted: 0 });
    expect([q.positiveMarks, q.negativeMarks, q.negativeUnattemptedMarks]).toEqual([1, 4, 0]);
    expect(q.isNegativeMarkingEnabled).toBe(false);
  });

  it('comprehension: positive 4, negative 1', () => {
    expect(buildQuestion({ type: 'comprehension' }, ctx()).marks).toEqual(DEFAULT_MARKS.comprehension);
    expect(DEFAULT_MARKS.comprehension).toEqual({ positive: 4, negative: 1, negativeUnattempted: 0 });
  });

  it('marks given win over the flat copies, which win over the defaults; both come out equal', () => {
    const q = buildQuestion({ type: 'integer', marks: { positive: 2 }, positiveMarks: 9, negativeMarks: 0.5 }, ctx());
    expect(q.marks).toEqual({ positive: 2, negative: 0.5, negativeUnattempted: 0 });
    expect([q.positiveMarks, q.negativeMarks]).toEqual([2, 0.5]);
  });

  it('rounds marks to 4 decimals', () => {
    expect(roundMarks(0.1 + 0.2)).toBe(0.3);
  });
});

describe('options', () => {
  it('fill_ups without options gets "Type your option" at 0.25', () => {
    const q = buildQuestion({ type: 'fill_ups' }, ctx()) as FillUpsQuestion;
    expect(q.options).toHaveLength(1);
    expect(q.options[0]).toMatchObject({ name: FILL_UPS_DEFAULT_OPTION_NAME, type: 'constants', positiveMarks: FILL_UPS_DEFAULT_OPTION_MARKS, order: 1 });
    expect(FILL_UPS_DEFAULT_OPTION_MARKS).toBe(0.25);
    expect(q.options[0].optionId).toBe(q.options[0].id);
  });

  it('fill_ups ranges keep floor and cap; constants have none', () => {
    const q = buildQuestion(
      {
        type: 'fill_ups',
        options: [
          { type: 'range', floor: 1.5, cap: 2.5, name: '' },
          { type: 'constants', name: 'two', floor: 3, optionId: 'blank1' },
        ],
      },
      ctx(),
    ) as FillUpsQuestion;
    expect(q.options[0]).toMatchObject({ type: 'range', floor: 1.5, cap: 2.5, positiveMarks: 0.25 });
    expect(q.options[1]).toMatchObject({ type: 'constants', floor: null, cap: null, optionId: 'blank1', order: 2 });
  });

  it('true_false starts with True and False, none correct', () => {
    const q = buildQuestion({ type: 'true_false' }, ctx()) as TrueFalseQuestion;
    expect(q.options.map((o) => [o.name, o.isCorrect, o.order])).toEqual([
      ['True', false, 1],
      ['False', false, 2],
    ]);
  });

  it('option text is derived, ids are kept when unique and made when missing or repeated', () => {
    const q = buildQuestion(
      { type: 'multiple_choice', options: [{ id: 'a', name: '<b>x</b>&lt;2' }, { id: 'a', name: 'y' }, { name: 'z' }] },
      ctx(),
    ) as MultipleChoiceQuestion;
    expect(q.options[0]).toMatchObject({ id: 'a', nameText: 'x<2' });
    expect(new Set(q.options.map((o) => o.id)).size).toBe(3);
  });
});

describe('GPSC type', () => {
  it('adds the "Not attempted" option last, never correct, once', () => {
    const q = buildQuestion(
      { type: 'multiple_choice', isGpscType: true, options: [{ name: 'A', isCorrect: true }, { name: 'B' }] },
      ctx({ allowGpscType: true }),
    ) as MultipleChoiceQuestion;
    expect(q.options.map((o) => o.name)).toEqual(['A', 'B', GPSC_NOT_ATTEMPTED_OPTION]);
    expect(q.options[2]).toMatchObject({ isNotAttempted: true, isCorrect: false, order: 3 });
    const again = buildQuestion({ ...q, _id: q._id }, ctx({ allowGpscType: true })) as MultipleChoiceQuestion;
    expect(again.options.filter((o) => o.isNotAttempted)).toHaveLength(1);
    expect(again.options[2].id).toBe(q.options[2].id);
  });

  it('turning it off removes the option; without allowGpscType it is refused', () => {
    const on = buildQuestion({ type: 'multiple_choice', isGpscType: true, options: [{ name: 'A' }] }, ctx({ allowGpscType: true }));
    const off = buildQuestion({ ...on, isGpscType: false }, ctx()) as MultipleChoiceQuestion;
    expect(off.options.map((o) => o.name)).toEqual(['A']);
    expect(() => buildQuestion({ type: 'multiple_choice', isGpscType: true }, ctx())).toThrow(
      expect.objectContaining({ status: 403, key: 'gpscDisabled', field: 'question.isGpscType' }),
    );
  });
});

describe('ids and origin flags', () => {
  it('a client cannot choose ids or claim isImported / isGlobal', () => {
    const q = buildQuestion({ type: 'integer', _id: 'mine', isImported: true, isGlobal: true, sourceQuestionId: 's' }, ctx());
    expect(q._id).not.toBe('mine');
    expect([q.isImported, q.isGlobal, q.sourceQuestionId]).toEqual([false, false, undefined]);
  });

  it('stored content (trusted) keeps them', () => {
    const q = buildQuestion({ type: 'integer', _id: 'mine', isImported: true, isGlobal: true, sourceQuestionId: 's' }, ctx({ trusted: true }));
    expect([q._id, q.isImported, q.isGlobal, q.sourceQuestionId]).toEqual(['mine', true, true, 's']);
  });

  it('a comprehension cannot hold a comprehension', () => {
    expect(() => buildQuestion({ type: 'comprehension', questions: [{ type: 'comprehension' }] }, ctx())).toThrow(
      expect.objectContaining({ field: 'question.questions.0.type' }),
    );
  });
});

describe('translations (multilingual tests)', () => {
  const multi = ctx({ languages: ['English', 'Hindi'], multilingual: true });

  it('the first language mirrors the question text', () => {
    const q = buildQuestion({ type: 'multiple_choice', name: 'Q', options: [{ id: 'o1', name: 'A' }] }, multi);
    expect(q.translations.English).toEqual({ name: 'Q', solution: '', options: [{ id: 'o1', name: 'A' }] });
  });

  it('a first-language translation that is sent wins over the question text', () => {
    const q = buildQuestion(
      { type: 'comprehension', name: 'old', paragraph: 'old', translations: { English: { name: 'new', paragraph: 'P' }, Hindi: { name: 'नया' } } },
      multi,
    ) as ComprehensionQuestion;
    expect([q.name, q.paragraph]).toEqual(['new', 'P']);
    expect(q.translations.Hindi).toEqual({ name: 'नया', solution: '', paragraph: '' });
  });

  it('a language the test does not have is refused, naming it', () => {
    expect(() => buildQuestion({ type: 'integer', translations: { French: { name: 'x' } } }, multi)).toThrow(
      expect.objectContaining({ key: 'unknownLanguage', field: 'question.translations.French' }),
    );
    expect(() => buildQuestion({ type: 'integer', translations: { French: { name: 'x' } } }, multi)).toThrow(TestRuleError);
  });
});

describe('totals and orders', () => {
  it('comprehension children count as questions and marks; the comprehension itself does not', () => {
    const test = emptyTest();
    const ids = sequentialIds();
    const s = addSection(test, { name: 'A' }, ids);
    const [, comp] = addQuestions(test, s._id, [{ type: 'integer', marks: { positive: 2 } }, { type: 'comprehension' }], { ids, allowGpscType: false });
    addQuestions(test, s._id, [{ type: 'true_false' }, { type: 'fill_ups', marks: { positive: 0.5 } }], { ids, allowGpscType: false }, comp._id);
    expect(s.numberOfQuestions).toBe(3);
    expect(s.sectionMarks).toBe(3.5);
    expect(test.totalNumberOfQuestions).toBe(3);
    expect(test.totalMarks).toBe(3.5);
    const children = (test.sections[0].questions[1] as ComprehensionQuestion).questions;
    expect(children.map((c) => [c.order, c.parentQuestionOrder])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('sums sections; hours and minutes come from the duration', () => {
    const test = emptyTest();
    const ids = sequentialIds();
    const a = addSection(test, { sectionDuration: (1 * 60 + 15) * 60_000 }, ids);
    const b = addSection(test, {}, ids);
    addQuestions(test, a._id, [{ type: 'integer' }], { ids, allowGpscType: false });
    addQuestions(test, b._id, [{ type: 'integer' }, { type: 'multiple_choice' }], { ids, allowGpscType: false });
    expect([a.sectionHours, a.sectionMinutes]).toEqual([1, 15]);
    expect([test.totalMarks, test.totalNumberOfQuestions]).toEqual([3, 3]);
    expect(test.sections.map((s) => [s.name, s.order])).toEqual([
      ['Section 1', 1],
      ['Section 2', 2],
    ]);
  });
});

describe('hydrateTest: content as stored', () => {
  const stored = {
    _id: 't1',
    name: 'Old',
    tags: [],
    duration: 1_800_000,
    testType: 'CMS',
    languages: ['English'],
    isGlobal: false,
    isAttempted: false,
    content: { sections: [{ name: 'S1', questions: [{ type: 'integer', name: '2+2', solution: '4' }, { type: 'bogus' }] }] },
  };

  it('fills what older or hand-made content lacks, with the same ids on every read', () => {
    const a = hydrateTest(stored);
    const b = hydrateTest(stored);
    expect(a.sections[0]._id).toBe(b.sections[0]._id);
    expect(a.sections[0].questions.map((q) => q._id)).toEqual(b.sections[0].questions.map((q) => q._id));
    expect(a.sections[0].questions).toHaveLength(1);
    expect(a.sections[0].questions[0]).toMatchObject({ order: 1, marks: { positive: 1, negative: 4 } });
    expect(a.settings).toMatchObject({ orderOfQuestions: 'do_nothing', isSectionSwitchingEnabled: true, generateRandomTest: false });
    expect([a.totalMarks, a.totalNumberOfQuestions, a.attempts]).toEqual([1, 1, -1]);
  });

  it('content written by the model is read back as it was written, without rebuilding its questions', () => {
    const test = emptyTest();
    const ids = sequentialIds();
    const s = addSection(test, {}, ids);
    addQuestions(
      test,
      s._id,
      [
        { type: 'fill_ups', name: 'x' },
        { type: 'comprehension', questions: [{ type: 'true_false' }] },
      ],
      { ids, allowGpscType: false },
    );
    const content = JSON.parse(JSON.stringify(contentOf(test)));
    expect(content.model).toBe(CONTENT_MODEL);
    const again = hydrateTest({ ...stored, _id: test._id, content });
    expect(again.sections).toEqual(test.sections);
    expect([again.totalMarks, again.totalNumberOfQuestions]).toEqual([2, 2]);
  });

  it('uses the owner default settings when none are stored', () => {
    const test = hydrateTest(stored, { orderOfQuestions: 'shuffle_both', revealAnswersTime: 'later' });
    expect(test.settings).toMatchObject({ shuffleQuestions: true, shuffleOptions: true, isSolutionMultipleViewEnabled: false });
  });

  it('normalizeTest drops RTG entries of sections that are gone and optional flags when off', () => {
    const test = emptyTest();
    const s = addSection(test, { hasOptionalQuestions: true }, sequentialIds());
    test.settings.settingsForRTG = { [s._id]: { totalQuestions: 0 }, gone: { totalQuestions: 3 } };
    normalizeTest(test);
    expect(Object.keys(test.settings.settingsForRTG)).toEqual([s._id]);
    expect(s.hasOptionalQuestions).toBe(false);
  });
});

describe('html text', () => {
  it('drops tags, decodes entities, collapses spaces', () => {
    expect(htmlText('<p>a&nbsp;&amp;<br>b</p><p>&#x41;&#66;</p>')).toBe('a & b AB');
  });

  it('blank: no text and no picture; LaTeX is text', () => {
    expect(isBlankHtml('<p> &nbsp;</p><br>')).toBe(true);
    expect(isBlankHtml('<p><img src="/a.png"></p>')).toBe(false);
    expect(isBlankHtml('$x^2$')).toBe(false);
    expect(isBlankHtml(undefined)).toBe(true);
  });
});

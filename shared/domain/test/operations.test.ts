import {
  addQuestions,
  addSection,
  canEditQuestion,
  copyQuestion,
  deleteQuestions,
  deleteSection,
  editQuestion,
  importQuestions,
  moveSection,
  questionCopy,
  remarkQuestions,
  reorderQuestions,
  sectionToSelectAfterDelete,
  selectAllForImport,
  setLanguages,
  updateSection,
  type EditContext,
} from './operations';
import { emptyTest, sequentialIds } from './testing';
import type { QuestionDraft } from './normalize';
import type { ComprehensionQuestion, MultipleChoiceQuestion, Question, Test } from './types';

let test: Test;
let ctx: EditContext;
beforeEach(() => {
  test = emptyTest();
  ctx = { ids: sequentialIds(), allowGpscType: false };
});

const ids = (questions: Question[]) => questions.map((q) => q._id);
const names = (questions: Question[]) => questions.map((q) => q.name);
/** A section with integer questions named q1..qN. */
function sectionWith(count: number, name = 'S') {
  const section = addSection(test, { name }, ctx.ids);
  addQuestions(
    test,
    section._id,
    Array.from({ length: count }, (_, i) => ({ type: 'integer' as const, name: `q${i + 1}`, solution: '1' })),
    ctx,
  );
  return section;
}
/** A comprehension of integer children with these names, added to the section. */
function comprehensionWith(sectionId: string, ...childNames: string[]) {
  const questions = childNames.map((name) => ({ type: 'integer' as const, name }));
  return addQuestions(test, sectionId, [{ type: 'comprehension', questions }], ctx)[0] as ComprehensionQuestion;
}

describe('sections', () => {
  it('add: default name Section N, zero duration, renumbered', () => {
    const a = addSection(test, {}, ctx.ids);
    const b = addSection(test, { name: 'Physics', sectionDuration: 600_000, instructions: '<p>Go</p>' }, ctx.ids);
    expect([a.name, a.order, a.sectionDuration]).toEqual(['Section 1', 1, 0]);
    expect([b.name, b.order, b.sectionMinutes, b.instructions]).toEqual(['Physics', 2, 10, '<p>Go</p>']);
  });

  it('update changes only what is given', () => {
    const s = addSection(test, { name: 'A', instructions: 'keep' }, ctx.ids);
    updateSection(test, s._id, { sectionDuration: 90 * 60_000 });
    expect([s.name, s.instructions, s.sectionHours, s.sectionMinutes]).toEqual(['A', 'keep', 1, 30]);
  });

  it('an unknown section is refused naming the field', () => {
    expect(() => updateSection(test, 'nope', { name: 'x' })).toThrow(expect.objectContaining({ status: 400, field: 'sectionId', key: 'sectionNotInTest' }));
  });

  it('delete renumbers, drops the RTG entry, and is refused for an attempted test', () => {
    const a = sectionWith(1, 'A');
    const b = sectionWith(2, 'B');
    test.settings.settingsForRTG = { [a._id]: { totalQuestions: 1 }, [b._id]: { totalQuestions: 1 } };
    deleteSection(test, a._id);
    expect(test.sections.map((s) => [s.name, s.order])).toEqual([['B', 1]]);
    expect(Object.keys(test.settings.settingsForRTG)).toEqual([b._id]);
    expect(test.totalNumberOfQuestions).toBe(2);
    test.isAttempted = true;
    expect(() => deleteSection(test, b._id)).toThrow(expect.objectContaining({ status: 409, code: 'TEST_ATTEMPTED' }));
  });

  it('drag and drop: the source takes the target place, down and up', () => {
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((name) => addSection(test, { name }, ctx.ids));
    moveSection(test, a._id, c._id);
    expect(test.sections.map((s) => s.name)).toEqual(['B', 'C', 'A', 'D']);
    moveSection(test, d._id, b._id);
    expect(test.sections.map((s) => s.name)).toEqual(['D', 'B', 'C', 'A']);
    expect(test.sections.map((s) => s.order)).toEqual([1, 2, 3, 4]);
    expect(() => moveSection(test, a._id, 'x')).toThrow(expect.objectContaining({ field: 'targetSectionId' }));
  });

  it('selection after a delete: none when none is left, section 1 after the first, else kept or the one before', () => {
    const list = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(sectionToSelectAfterDelete([{ _id: 'a' }], 'a', 'a')).toBeNull();
    expect(sectionToSelectAfterDelete(list, 'a', 'c')).toBe('b');
    expect(sectionToSelectAfterDelete(list, 'c', 'a')).toBe('a');
    expect(sectionToSelectAfterDelete(list, 'c', 'c')).toBe('b');
    expect(sectionToSelectAfterDelete(list, 'b', null)).toBe('a');
  });
});

describe('adding and copying questions', () => {
  it('appends to the section, or to its comprehension', () => {
    const s = sectionWith(1);
    const [comp] = addQuestions(test, s._id, [{ type: 'comprehension', paragraph: 'Read' }], ctx);
    const [child] = addQuestions(test, s._id, [{ type: 'multiple_choice', name: 'c1' }], ctx, comp._id);
    expect(names(s.questions)).toEqual(['q1', '']);
    expect((s.questions[1] as ComprehensionQuestion).questions.map((q) => q._id)).toEqual([child._id]);
    expect(() => addQuestions(test, s._id, [{ type: 'comprehension' }], ctx, comp._id)).toThrow(expect.objectContaining({ field: 'questions.0.type' }));
    expect(() => addQuestions(test, s._id, [{ type: 'integer' }], ctx, s.questions[0]._id)).toThrow(
      expect.objectContaining({ field: 'parentQuestionId', key: 'notAComprehension' }),
    );
  });

  it('a copy goes after the last question of the section, with new ids and the same content', () => {
    const s = sectionWith(3);
    const copy = copyQuestion(test, s._id, s.questions[0]._id, ctx);
    expect(names(s.questions)).toEqual(['q1', 'q2', 'q3', 'q1']);
    expect(copy._id).not.toBe(s.questions[0]._id);
    expect(copy.order).toBe(4);
  });

  it('a copy of a child goes after the last child of its comprehension', () => {
    const s = sectionWith(1);
    const [comp] = addQuestions(test, s._id, [{ type: 'comprehension' }], ctx);
    const [c1] = addQuestions(
      test,
      s._id,
      [
        { type: 'integer', name: 'c1' },
        { type: 'integer', name: 'c2' },
      ],
      ctx,
      comp._id,
    );
    copyQuestion(test, s._id, c1._id, ctx);
    expect(names((s.questions[1] as ComprehensionQuestion).questions)).toEqual(['c1', 'c2', 'c1']);
    expect(s.questions).toHaveLength(2);
  });

  it('a copy of a comprehension gets new child ids', () => {
    const s = sectionWith(0);
    const [comp] = addQuestions(test, s._id, [{ type: 'comprehension', questions: [{ type: 'integer' }] }], ctx);
    const copy = copyQuestion(test, s._id, comp._id, ctx) as ComprehensionQuestion;
    expect(copy.questions[0]._id).not.toBe((comp as ComprehensionQuestion).questions[0]._id);
    expect(questionCopy(comp)._id).toBeUndefined();
  });

  it('the question limit holds', () => {
    const s = sectionWith(0);
    expect(() =>
      addQuestions(
        test,
        s._id,
        Array.from({ length: 2_001 }, () => ({ type: 'integer' as const })),
        ctx,
      ),
    ).toThrow(expect.objectContaining({ key: 'tooManyQuestions' }));
  });
});

describe('editing questions', () => {
  it('keeps id, place and origin; may change the type', () => {
    const s = sectionWith(2);
    const target = s.questions[1];
    const edited = editQuestion(test, s._id, { _id: target._id, type: 'multiple_choice', name: 'now MCQ', options: [{ name: 'A', isCorrect: true }] }, ctx);
    expect([edited._id, edited.order, edited.type]).toEqual([target._id, 2, 'multiple_choice']);
    expect(s.questions[1]).toBe(edited);
  });

  it('edits a comprehension child in place', () => {
    const s = sectionWith(0);
    const comp = comprehensionWith(s._id, 'a', 'b');
    const child = comp.questions[1];
    editQuestion(test, s._id, { _id: child._id, type: 'integer', name: 'B!', solution: '7' }, ctx);
    expect(names((s.questions[0] as ComprehensionQuestion).questions)).toEqual(['a', 'B!']);
    expect(() => editQuestion(test, s._id, { _id: child._id, type: 'comprehension' }, ctx)).toThrow(expect.objectContaining({ field: 'question.type' }));
  });

  it('editing a comprehension keeps the children it still lists and gives new ones ids', () => {
    const s = sectionWith(0);
    const comp = comprehensionWith(s._id, 'a', 'b');
    const [a] = comp.questions;
    const edited = editQuestion(
      test,
      s._id,
      {
        _id: comp._id,
        type: 'comprehension',
        paragraph: 'P',
        questions: [
          { ...a, name: 'a2' },
          { type: 'true_false', _id: 'forged' },
        ],
      },
      ctx,
    ) as ComprehensionQuestion;
    expect(edited.questions[0]._id).toBe(a._id);
    expect(edited.questions[1]._id).not.toBe('forged');
    expect(names(edited.questions)).toEqual(['a2', '']);
    expect(test.totalNumberOfQuestions).toBe(2);
  });

  it('Global Library questions cannot be edited in a My Library test, only in a global test', () => {
    const s = sectionWith(1);
    s.questions[0].isGlobal = true;
    expect(() => editQuestion(test, s._id, { _id: s.questions[0]._id, type: 'integer' }, ctx)).toThrow(
      expect.objectContaining({ status: 403, code: 'GLOBAL_QUESTION_READ_ONLY' }),
    );
    expect(canEditQuestion({ isGlobal: true }, s.questions[0])).toBe(true);
    expect(canEditQuestion({ isGlobal: false }, { isGlobal: false })).toBe(true);
  });

  it('a Global Library question may be re-marked through an edit of its marks alone (issue 17)', () => {
    const s = sectionWith(1);
    s.questions[0].isGlobal = true;
    // As the server would read it back: keys in another order (jsonb), the marks changed.
    const stored = JSON.parse(JSON.stringify(s.questions[0])) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(stored).reverse()) as typeof stored;
    const remarked = editQuestion(
      test,
      s._id,
      {
        ...(reordered as unknown as QuestionDraft & { _id: string }),
        marks: { positive: 3, negative: 1, negativeUnattempted: 0 },
        isNegativeMarkingEnabled: true,
      },
      ctx,
    );
    expect([remarked.marks.positive, remarked.isNegativeMarkingEnabled, remarked.isGlobal]).toEqual([3, true, true]);
    expect(test.totalMarks).toBe(3);
    expect(() =>
      editQuestion(test, s._id, { ...(stored as unknown as QuestionDraft & { _id: string }), name: 'changed', marks: { positive: 2 } }, ctx),
    ).toThrow(expect.objectContaining({ status: 403, code: 'GLOBAL_QUESTION_READ_ONLY' }));
    expect(s.questions[0].name).not.toBe('changed');
  });

  it('an unknown question is refused naming the field', () => {
    const s = sectionWith(1);
    expect(() => editQuestion(test, s._id, { _id: 'x', type: 'integer' }, ctx)).toThrow(
      expect.objectContaining({ field: 'question._id', key: 'questionNotInSection' }),
    );
  });
});

describe('deleting questions', () => {
  it('deletes top-level questions and children, renumbering', () => {
    const s = sectionWith(3);
    const [comp] = addQuestions(test, s._id, [{ type: 'comprehension', questions: [{ type: 'integer' }, { type: 'integer', name: 'keep' }] }], ctx);
    deleteQuestions(test, s._id, [s.questions[1]._id, (comp as ComprehensionQuestion).questions[0]._id]);
    expect(names(s.questions)).toEqual(['q1', 'q3', '']);
    expect(s.questions.map((q) => q.order)).toEqual([1, 2, 3]);
    expect(names((s.questions[2] as ComprehensionQuestion).questions)).toEqual(['keep']);
    expect(test.totalNumberOfQuestions).toBe(3);
  });

  it('ids of another section are refused naming the field', () => {
    const a = sectionWith(1, 'A');
    const b = sectionWith(1, 'B');
    expect(() => deleteQuestions(test, a._id, [a.questions[0]._id, b.questions[0]._id])).toThrow(expect.objectContaining({ field: 'questionIds.1' }));
    expect(a.questions).toHaveLength(1);
  });

  it('RTG minimum: refused below the section total, with the spec message', () => {
    const s = sectionWith(3);
    test.settings.generateRandomTest = true;
    test.settings.settingsForRTG = { [s._id]: { totalQuestions: 2 } };
    deleteQuestions(test, s._id, [s.questions[0]._id]);
    expect(() => deleteQuestions(test, s._id, [s.questions[0]._id])).toThrow(
      expect.objectContaining({
        status: 409,
        code: 'RTG_MINIMUM',
        message: 'We need a minimum of 2 questions in this section for RTG. Do you wish to edit the RTG settings?',
      }),
    );
    test.settings.generateRandomTest = false;
    deleteQuestions(test, s._id, [s.questions[0]._id]);
    expect(s.questions).toHaveLength(1);
  });

  it('refused for an attempted test', () => {
    const s = sectionWith(1);
    test.isAttempted = true;
    expect(() => deleteQuestions(test, s._id, [s.questions[0]._id])).toThrow(expect.objectContaining({ code: 'TEST_ATTEMPTED' }));
  });
});

describe('reorder and re-mark', () => {
  it('reorders the section with every question listed once', () => {
    const s = sectionWith(3);
    const [q1, q2, q3] = ids(s.questions);
    reorderQuestions(test, s._id, [q3, q1, q2]);
    expect(names(s.questions)).toEqual(['q3', 'q1', 'q2']);
    expect(s.questions.map((q) => q.order)).toEqual([1, 2, 3]);
    expect(() => reorderQuestions(test, s._id, [q1, q2])).toThrow(expect.objectContaining({ field: 'questionIds', key: 'reorderNeedsAll' }));
    expect(() => reorderQuestions(test, s._id, [q1, q1, q2])).toThrow(expect.objectContaining({ key: 'reorderNeedsAll' }));
  });

  it('reorder refuses ids from another section or a child, naming the field', () => {
    const a = sectionWith(2, 'A');
    const b = sectionWith(1, 'B');
    expect(() => reorderQuestions(test, a._id, [a.questions[0]._id, b.questions[0]._id])).toThrow(expect.objectContaining({ field: 'questionIds.1' }));
  });

  it('reorders the children of a comprehension', () => {
    const s = sectionWith(0);
    const comp = comprehensionWith(s._id, 'a', 'b');
    const [a, b] = ids(comp.questions);
    reorderQuestions(test, s._id, [b, a], comp._id);
    expect(names((s.questions[0] as ComprehensionQuestion).questions)).toEqual(['b', 'a']);
  });

  it('re-marks questions (Global Library ones too), a comprehension with its children, and the totals follow', () => {
    const s = sectionWith(2);
    s.questions[0].isGlobal = true;
    const [comp] = addQuestions(test, s._id, [{ type: 'comprehension', questions: [{ type: 'integer' }] }], ctx);
    remarkQuestions(test, s._id, [s.questions[0]._id, comp._id], { marks: { positive: 3, negative: 1 }, isNegativeMarkingEnabled: true });
    expect(s.questions[0]).toMatchObject({ marks: { positive: 3, negative: 1, negativeUnattempted: 0 }, positiveMarks: 3, isNegativeMarkingEnabled: true });
    expect((s.questions[2] as ComprehensionQuestion).questions[0].positiveMarks).toBe(3);
    expect(s.questions[1].positiveMarks).toBe(1);
    expect(test.totalMarks).toBe(7);
  });
});

describe('import', () => {
  const source = (over: Partial<MultipleChoiceQuestion> = {}): MultipleChoiceQuestion => {
    const other = emptyTest();
    const s = addSection(other, {}, sequentialIds('src'));
    const [q] = addQuestions(other, s._id, [{ type: 'multiple_choice', name: 'Capital?', options: [{ name: 'Hanoi', isCorrect: true }] }], {
      ids: sequentialIds('src-q'),
      allowGpscType: false,
    });
    return { ...(q as MultipleChoiceQuestion), ...over };
  };

  it('copies ready questions marked isImported (isGlobal from the Global Library) and skips drafts', () => {
    const s = sectionWith(1);
    const ready = source();
    const draft = source({ _id: 'draft', options: [] });
    const { imported, skipped } = importQuestions(
      test,
      s._id,
      [
        { question: ready, fromGlobal: true },
        { question: draft, fromGlobal: false },
      ],
      ctx.ids,
    );
    expect(skipped).toBe(1);
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ name: 'Capital?', isImported: true, isGlobal: true, sourceQuestionId: ready._id, order: 2 });
    expect(imported[0]._id).not.toBe(ready._id);
    expect(test.totalNumberOfQuestions).toBe(2);
  });

  it('select all picks only candidates not imported yet, and no drafts', () => {
    const s = sectionWith(0);
    const q = source();
    importQuestions(test, s._id, [{ question: q, fromGlobal: false }], ctx.ids);
    const other = { ...q, _id: 'other' };
    const draft = { ...q, _id: 'draft', name: '' };
    expect(selectAllForImport([q, other, draft], test)).toEqual(['other']);
  });
});

describe('languages', () => {
  it('more than one language needs a TB test', () => {
    expect(() => setLanguages(test, 'CMS', ['English', 'Hindi'], ctx.ids)).toThrow(
      expect.objectContaining({ field: 'languages', key: 'multilingualNeedsTbTest' }),
    );
  });

  it('becoming multilingual gives every question its first-language translation; a new first language takes over the text', () => {
    const s = sectionWith(0);
    addQuestions(test, s._id, [{ type: 'comprehension', paragraph: 'Read', questions: [{ type: 'integer', name: 'How many?' }] }], ctx);
    setLanguages(test, 'TB_TEST', ['English', 'Hindi'], ctx.ids);
    const comp = s.questions[0] as ComprehensionQuestion;
    expect(comp.translations.English).toEqual({ name: '', solution: '', paragraph: 'Read' });
    expect(comp.questions[0].translations.English.name).toBe('How many?');
    comp.questions[0].translations.Hindi = { name: 'कितने?', solution: '' };
    setLanguages(test, 'TB_TEST', ['Hindi', 'English'], ctx.ids);
    expect((s.questions[0] as ComprehensionQuestion).questions[0].name).toBe('कितने?');
  });
});

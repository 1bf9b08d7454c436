import { scoreAnswer } from './scoring';
import { buildQuestion, type BuildContext, type QuestionDraft } from './test/normalize';
import { sequentialIds } from './test/testing';
import type { ChildQuestion } from './test/types';

const ctx = (): BuildContext => ({
  ids: sequentialIds('o'),
  languages: ['English'],
  multilingual: false,
  allowGpscType: true,
  trusted: false,
  field: 'question',
});
const question = (draft: QuestionDraft) => buildQuestion(draft, ctx()) as ChildQuestion;
const marks = { positive: 4, negative: 1, negativeUnattempted: 0.5 };
const mcq = (extra: Partial<QuestionDraft> = {}) =>
  question({
    type: 'multiple_choice',
    marks,
    options: [{ name: 'A', isCorrect: true }, { name: 'B', isCorrect: true }, { name: 'C' }, { name: 'D' }],
    ...extra,
  });
const ids = (q: ChildQuestion, ...letters: string[]) => letters.map((l) => ('options' in q ? q.options['ABCDE'.indexOf(l)].id : ''));

describe('scoreAnswer (decisions section 5)', () => {
  it('multiple choice: all right, wrong, skipped; negative marking only where it is on', () => {
    const off = mcq();
    expect(scoreAnswer(off, { selected: ids(off, 'A', 'B') })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(off, { selected: ids(off, 'B', 'A') })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(off, { selected: ids(off, 'A', 'C') })).toEqual({ outcome: 'wrong', score: 0 });
    expect(scoreAnswer(off, { selected: [] })).toEqual({ outcome: 'unattempted', score: 0 });
    expect(scoreAnswer(off, null)).toEqual({ outcome: 'unattempted', score: 0 });
    const on = mcq({ isNegativeMarkingEnabled: true, isNegativeMarkingEnabledIfUnattempted: true });
    expect(scoreAnswer(on, { selected: ids(on, 'C') })).toEqual({ outcome: 'wrong', score: -1 });
    expect(scoreAnswer(on, {})).toEqual({ outcome: 'unattempted', score: -0.5 });
  });

  it('partial marking: every chosen option right but not all of them earns a share; one wrong choice is wrong', () => {
    const q = mcq({ isPartialMarkingEnabled: true, isNegativeMarkingEnabled: true });
    expect(scoreAnswer(q, { selected: ids(q, 'A') })).toEqual({ outcome: 'partial', score: 2 });
    expect(scoreAnswer(q, { selected: ids(q, 'A', 'C') })).toEqual({ outcome: 'wrong', score: -1 });
    expect(scoreAnswer(mcq(), { selected: ids(mcq(), 'A') })).toEqual({ outcome: 'wrong', score: 0 });
  });

  it("GPSC: choosing 'Not attempted' costs nothing; leaving it blank costs the unattempted marks", () => {
    const q = mcq({ isGpscType: true, isNegativeMarkingEnabled: true, isNegativeMarkingEnabledIfUnattempted: true });
    const notAttempted = q.type === 'multiple_choice' ? q.options.find((o) => o.isNotAttempted)!.id : '';
    expect(scoreAnswer(q, { selected: [notAttempted] })).toEqual({ outcome: 'unattempted', score: 0 });
    expect(scoreAnswer(q, { selected: [] })).toEqual({ outcome: 'unattempted', score: -0.5 });
  });

  it('true or false', () => {
    const q = question({ type: 'true_false', marks, options: [{ name: 'True' }, { name: 'False', isCorrect: true }], isNegativeMarkingEnabled: true });
    expect(scoreAnswer(q, { selected: ids(q, 'B') })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(q, { selected: ids(q, 'A') })).toEqual({ outcome: 'wrong', score: -1 });
  });

  it('integer: the number equal to the answer kept in the solution', () => {
    const q = question({ type: 'integer', marks, solution: '42', isNegativeMarkingEnabled: true });
    expect(scoreAnswer(q, { value: ' 42 ' })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(q, { value: '+42' })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(q, { value: '42.5' })).toEqual({ outcome: 'wrong', score: -1 });
    expect(scoreAnswer(q, { value: 'forty-two' })).toEqual({ outcome: 'wrong', score: -1 });
    expect(scoreAnswer(q, { value: '' })).toEqual({ outcome: 'unattempted', score: 0 });
  });

  it('integer: signed decimal answers, written either way (issue 14)', () => {
    const q = question({ type: 'integer', marks, solution: '2.5' });
    for (const value of ['2.5', '2.50', ' +2.5', '2,5']) expect(scoreAnswer(q, { value })).toEqual({ outcome: 'correct', score: 4 });
    for (const value of ['25', '2', '2.05']) expect(scoreAnswer(q, { value }).outcome).toBe('wrong');
    const negative = question({ type: 'integer', marks, solution: '-0.75' });
    expect(scoreAnswer(negative, { value: '-.75' }).outcome).toBe('correct');
    expect(scoreAnswer(negative, { value: '0.75' }).outcome).toBe('wrong');
  });

  it('fill in the blanks: constants without case, ranges inclusive, alternatives, partial per blank', () => {
    const q = question({
      type: 'fill_ups',
      marks,
      isPartialMarkingEnabled: true,
      options: [
        { optionId: 'b1', name: 'Paris', positiveMarks: 1.5 },
        { optionId: 'b2', name: 'Tokyo', positiveMarks: 1.5 },
        { optionId: 'b2', name: 'Tōkyō', positiveMarks: 1.5 },
        { optionId: 'b3', type: 'range', floor: 9.7, cap: 9.9, positiveMarks: 1 },
      ],
    });
    expect(scoreAnswer(q, { blanks: { b1: '  paris ', b2: 'Tōkyō', b3: '9.9' } })).toEqual({ outcome: 'correct', score: 4 });
    expect(scoreAnswer(q, { blanks: { b1: 'Paris', b2: 'Kyoto', b3: '9,8' } })).toEqual({ outcome: 'partial', score: 2.5 });
    expect(scoreAnswer(q, { blanks: { b1: 'Lyon', b2: '', b3: '10' } })).toEqual({ outcome: 'wrong', score: 0 });
    expect(scoreAnswer(q, { blanks: { b1: ' ', b2: '' } })).toEqual({ outcome: 'unattempted', score: 0 });
  });

  it('a question without a correct option scores every answer as wrong (until a correction re-evaluates it)', () => {
    const q = question({ type: 'multiple_choice', marks, options: [{ name: 'A' }, { name: 'B' }] });
    expect(scoreAnswer(q, { selected: ids(q, 'A') })).toEqual({ outcome: 'wrong', score: 0 });
  });
});

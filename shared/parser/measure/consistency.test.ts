import { correctFlags, parseBlocks as parse } from '@tests/support/parsedDocx';
import { consistencyOf, meanConsistency } from './consistency';

describe('the truth-free consistency figure', () => {
  it('one answer each, the same option count, every paragraph placed: all 100%', () => {
    const doc = parse(['1. Red?', 'A. sky', 'B. blood', 'Ans: B', '2. Green?', 'A. grass', 'B. snow', 'Ans: A']);
    expect(consistencyOf(doc)).toEqual({ questions: 2, keyed: true, oneAnswer: 1, uniformOptions: 1, notUnderstood: 0 });
  });

  it('a question left without its answer, another with three options, a stray field', () => {
    const doc = parse(['Ans: C', '1. Red?', 'A. sky', 'B. blood', 'Ans: B', '2. Green?', 'A. grass', 'B. snow', 'C. coal']);
    expect(doc.sections[0].questions.map(correctFlags)).toEqual([
      [false, true],
      [false, false, false],
    ]);
    const figures = consistencyOf(doc);
    expect(figures.oneAnswer).toBe(0.5);
    expect(figures.uniformOptions).toBe(0.5);
    expect(figures.notUnderstood).toBeCloseTo(1 / 9);
  });

  it('a paper with no answers anywhere has no one-answer figure, and the mean leaves it out', () => {
    const unkeyed = consistencyOf(parse(['1. Red?', 'A. sky', 'B. blood']));
    expect(unkeyed.oneAnswer).toBeNull();
    const keyed = consistencyOf(parse(['1. Red?', 'A. sky', 'B. blood', 'Ans: B']));
    expect(meanConsistency([unkeyed, keyed]).oneAnswer).toBe(1);
  });
});

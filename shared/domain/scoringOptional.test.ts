import { countedLimit, countedScores, type Outcome, type ScoredQuestion } from './scoring';

/** Optional questions, "attempt any N of M" (issue 17): the best N count, answered ones first. */
const q = (id: string, score: number, outcome: Outcome = score > 0 ? 'correct' : 'wrong', positive = 4): ScoredQuestion => ({ id, score, outcome, positive });
const skipped = (id: string, score = 0, positive = 4) => q(id, score, 'unattempted', positive);

describe('countedScores', () => {
  it('a section without a limit counts every question', () => {
    expect(countedScores([{ attemptAny: null, questions: [q('a', 4), q('b', -1), skipped('c', -0.5)] }])).toEqual({
      score: 2.5,
      maxScore: 12,
      notCounted: new Set(),
    });
  });

  it('more answers than N (N lowered during the test): the best N answers count, the rest nothing', () => {
    const result = countedScores([{ attemptAny: 2, questions: [q('a', -1), q('b', 4), q('c', 2, 'partial'), skipped('d')] }]);
    expect(result.score).toBe(6);
    expect([...result.notCounted].sort()).toEqual(['a', 'd']);
    expect(result.maxScore).toBe(8);
  });

  it('a wrong answer is never swapped for a question left alone', () => {
    const result = countedScores([{ attemptAny: 2, questions: [q('a', 4), q('b', -1), skipped('c'), skipped('d')] }]);
    expect(result.score).toBe(3);
    expect([...result.notCounted].sort()).toEqual(['c', 'd']);
  });

  it('fewer answers than N: the skipped questions with the smallest loss make up the N', () => {
    const result = countedScores([{ attemptAny: 3, questions: [q('a', 4), skipped('b', -1), skipped('c', 0), skipped('d', -0.5)] }]);
    expect(result.score).toBe(3.5);
    expect([...result.notCounted]).toEqual(['b']);
  });

  it('the maximum is the N largest positive marks; other sections add up as usual', () => {
    const result = countedScores([
      { attemptAny: 2, questions: [q('a', 1, 'correct', 1), q('b', 0, 'wrong', 5), skipped('c', 0, 3)] },
      { attemptAny: null, questions: [q('x', 2, 'correct', 2)] },
    ]);
    expect(result).toEqual({ score: 3, maxScore: 10, notCounted: new Set(['c']) });
  });

  it('N at or above the number of questions (a random draw gave fewer) counts all of them', () => {
    expect(countedLimit(5, 5)).toBeNull();
    expect(countedLimit(5, 3)).toBeNull();
    expect(countedLimit(2, 3)).toBe(2);
    expect(countedScores([{ attemptAny: 5, questions: [q('a', -1), q('b', 4)] }])).toEqual({ score: 3, maxScore: 8, notCounted: new Set() });
  });
});

// The analysis' formulas on small hand-worked cases (docs/analysis.md), without a database:
// digests written as the submit writes them (encodeDigest), read back by the analysis.
import { encodeDigest, readDigest, versionQuestionsOf } from './digest';
import { analyse, type CurrentQuestion } from './statistics';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

/** A choice question with `options` options (those in `keys` right), full marks `positive`. */
function choice(id: string, options: number, keys: number[], positive = 1, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    type: 'multiple_choice',
    marks: { positive, negative: 1, negativeUnattempted: 0 },
    isNegativeMarkingEnabled: false,
    isNegativeMarkingEnabledIfUnattempted: false,
    options: Array.from({ length: options }, (_, k) => ({ id: `${id}-o${k}`, isCorrect: keys.includes(k) })),
    ...extra,
  } as any;
}
const currentOf = (questions: any[]): CurrentQuestion[] =>
  questions.map((q) => ({
    id: q._id,
    sectionId: 's',
    type: q.type,
    text: q._id,
    positive: q.marks.positive,
    ...(q.options && q.type !== 'fill_ups' ? { options: q.options.map((o: any) => ({ id: o.id, isCorrect: o.isCorrect, isNotAttempted: false })) } : {}),
  }));

/** Attempts from per-student rows of [chosen option indexes | null, score, outcome] per question. */
function attemptsOf(questions: any[], rows: ([number[] | null, number, string] | undefined)[][], maxScore: number) {
  const version = versionQuestionsOf(questions);
  return rows.map((row, i) => {
    const scored = new Map<string, { answer: unknown; score: number; outcome: string }>();
    row.forEach((cell, q) => {
      if (!cell) return; // not drawn
      const [selected, score, outcome] = cell;
      scored.set(questions[q]._id, { answer: selected && { selected: selected.map((k) => questions[q].options[k].id) }, score, outcome });
    });
    const score = [...scored.values()].reduce((sum, s) => sum + s.score, 0);
    return { id: `a${i}`, score, hundredths: Math.round((score / maxScore) * 10_000), submittedAt: i, version: 1, digest: encodeDigest(version, scored) };
  });
}

test('digests: entries as written are read back (not drawn, partial and negative scores, more than 6 options)', () => {
  const questions = [
    choice('q1', 8, [6, 7], 2, { isPartialMarkingEnabled: true }),
    choice('q2', 4, [1]),
    choice('q3', 4, [0], 4, { isNegativeMarkingEnabled: true }),
  ];
  const version = versionQuestionsOf(questions);
  const scored = new Map<string, { answer: unknown; score: number; outcome: string }>([
    ['q1', { answer: { selected: ['q1-o7'] }, score: 1, outcome: 'partial' }],
    ['q3', { answer: { selected: ['q3-o2'] }, score: -1, outcome: 'wrong' }],
  ]);
  const digest = encodeDigest(version, scored);
  // q1: partial, options 0-5 none, 6-7 → bit 1 of the 2nd character; explicit score. q2 not drawn. q3 wrong with its usual −1.
  expect(digest).toBe('p02=1_w4');
  const read: unknown[] = [];
  readDigest(digest, version, (position, code, score, maskStart, maskEnd) => read.push([position, code, score, digest.slice(maskStart, maskEnd)]));
  expect(read).toEqual([
    [0, 'p', 1, '02'],
    [2, 'w', -1, '4'],
  ]);
});

test('KR-20 when every score is 0 or full marks (items 0/1 whatever their marks)', () => {
  // Marks 1, 2, 4; right (full) or wrong (0). Items 0/1: S1 1 1 1, S2 1 1 0, S3 1 0 0, S4 0 0 0.
  // p = 3/4, 2/4, 1/4; Σpq = (3 + 4 + 3)/16 = 10/16; number right 3 2 1 0, variance 20/16.
  // KR-20 = 3/2 × (1 − 10/20) = 0.75 (alpha on the marks would be 0.626).
  const questions = [choice('q1', 2, [0], 1), choice('q2', 2, [0], 2), choice('q3', 2, [0], 4)];
  const right = (q: number): [number[], number, string] => [[0], questions[q].marks.positive, 'correct'];
  const wrong: [number[], number, string] = [[1], 0, 'wrong'];
  const rows = [
    [right(0), right(1), right(2)],
    [right(0), right(1), wrong],
    [right(0), wrong, wrong],
    [wrong, wrong, wrong],
  ];
  const { analysis } = analyse(currentOf(questions), attemptsOf(questions, rows, 7), new Map([[1, versionQuestionsOf(questions)]]));
  expect(analysis.reliability).toBe(0.75);
});

test('too hard, too easy, a wrong key among several right ones, and no flag under 5 attempters', () => {
  // q1: nobody right (facility 0 < 0.2), all chose B, the top group too: its key is suspect as well; q2: everybody right (1 > 0.95); q3: right answers A and C;
  // q4 (10 marks) makes S1 and S2 the top group (round(0.27 × 6) = 2), and both chose B on q3;
  // the bottom group is S5 (1.5, submitted after S3's 1.5) and S6 (1).
  const questions = [choice('q1', 2, [0]), choice('q2', 2, [0]), choice('q3', 3, [0, 2], 1, { isPartialMarkingEnabled: true }), choice('q4', 2, [0], 10)];
  type Cell = [number[] | null, number, string];
  const row = (q3: Cell, q4: Cell): Cell[] => [[[1], 0, 'wrong'], [[0], 1, 'correct'], q3, q4];
  const top: Cell = [[0], 10, 'correct'];
  const rest: Cell = [[1], 0, 'wrong'];
  const rows = [
    row([[1], 0, 'wrong'], top),
    row([[1], 0, 'wrong'], top),
    row([[0], 0.5, 'partial'], rest),
    row([[0, 2], 1, 'correct'], rest),
    row([[2], 0.5, 'partial'], rest),
    row([null, 0, 'unattempted'], rest),
  ];
  const attempts = attemptsOf(questions, rows, 13);
  const versions = new Map([[1, versionQuestionsOf(questions)]]);
  const { analysis, reasons } = analyse(currentOf(questions), attempts, versions);
  expect(analysis.questions.slice(0, 3).map((q) => q.flags)).toEqual([
    ['possible-wrong-key', 'too-hard'],
    ['too-easy'],
    expect.arrayContaining(['possible-wrong-key']),
  ]);
  expect(analysis.questions[2].options.map((o) => [o.label, o.chosen, o.chosenByTop, o.chosenByBottom])).toEqual([
    ['A', 2, 0, 0],
    ['B', 2, 2, 0],
    ['C', 2, 0, 1],
  ]);
  expect(reasons.find((r) => r.reason.flag === 'possible-wrong-key')?.reason).toEqual({
    flag: 'possible-wrong-key',
    attempts: 6,
    option: 'B',
    topShare: 1,
    keyTopShare: 0,
  });

  const few = analyse(currentOf(questions), attempts.slice(0, 4), versions);
  expect(few.analysis.questions.every((q) => q.flags.length === 0)).toBe(true);
});

test('percentages below 0 (negative marking) fall in the first bin, 100 in the last; the median of an even count is the mean of the middle two', () => {
  const questions = [choice('q1', 2, [0], 4, { isNegativeMarkingEnabled: true })];
  const rows: [number[] | null, number, string][][] = [[[[1], -1, 'wrong']], [[[0], 4, 'correct']], [[[0], 4, 'correct']], [[[1], -1, 'wrong']]];
  const { analysis } = analyse(currentOf(questions), attemptsOf(questions, rows, 4), new Map([[1, versionQuestionsOf(questions)]]));
  expect(analysis).toMatchObject({ mean: 37.5, median: 37.5, highest: 100, lowest: -25, stdev: 62.5 });
  expect(analysis.distribution.map((b) => b.count)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  // One question: no reliability (K − 1 = 0).
  expect(analysis.reliability).toBeNull();
});

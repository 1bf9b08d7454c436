// ExportMarks: the CSV's bytes written straight from digests say exactly what the spreadsheet's
// numbers say, for digests in column order and not, questions not drawn, deleted or re-ordered
// since, written (partial) scores, re-evaluations since, and attempts without a digest.
import { encodeDigest, versionQuestionsOf, type VersionQuestion } from '../analysis/digest';
import type { Overrides } from '../analysis/statistics';
import { ExportMarks } from './marks';
import type { ExportRecord, ResultsRepository } from './repository';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

const choice = (id: string) => ({
  _id: id,
  type: 'multiple_choice',
  options: ['a', 'b', 'c', 'd'].map((o) => ({ id: `${id}${o}` })),
  marks: { positive: 4, negative: 1, negativeUnattempted: 0 },
  isNegativeMarkingEnabled: true,
});
const integer = (id: string) => ({ _id: id, type: 'integer', marks: { positive: 2, negative: 0, negativeUnattempted: 0 } });
const v1 = versionQuestionsOf([choice('q1'), integer('q2'), choice('q3'), integer('q4')] as never);
// Version 2 moved q3 first and deleted q4: its positions are not the columns.
const v2 = versionQuestionsOf([choice('q3'), choice('q1'), integer('q2')] as never);
const columns = new Map(['q1', 'q2', 'q3', 'q4'].map((id, i) => [id, i]));

const scored = (entries: [string, unknown, number, string][]) => new Map(entries.map(([id, answer, score, outcome]) => [id, { answer, score, outcome }]));
const record = (id: string, version: number | null, digest: string | null): ExportRecord => ({
  id,
  digest,
  digest_version: version,
  name: id,
  contact: '',
  started_ms: 0,
  submitted_ms: 0,
  cursor: '',
  score: 0,
  max_score: 0,
});

const records = [
  // Right, wrong (usual scores), a partial score written in the digest, q3 not drawn.
  record(
    'a1',
    1,
    encodeDigest(
      v1,
      scored([
        ['q1', { selected: ['q1a'] }, 4, 'correct'],
        ['q2', { value: '1' }, 0, 'wrong'],
        ['q4', { value: '7' }, 1.5, 'partial'],
      ]),
    ),
  ),
  // q1 chose c: re-evaluated since to 3 marks; q3 skipped; q4 the last column not drawn.
  record(
    'a2',
    1,
    encodeDigest(
      v1,
      scored([
        ['q1', { selected: ['q1c'] }, -1, 'wrong'],
        ['q2', { value: '2' }, 2, 'correct'],
        ['q3', null, 0, 'unattempted'],
      ]),
    ),
  ),
  // The version in another order.
  record(
    'a3',
    2,
    encodeDigest(
      v2,
      scored([
        ['q3', { selected: ['q3b'] }, -1, 'wrong'],
        ['q1', { selected: ['q1a'] }, 4, 'correct'],
        ['q2', { value: '9' }, -0.25, 'partial'],
      ]),
    ),
  ),
  // Submitted before digests existed: read from its answer rows.
  record('a4', null, null),
];

const overrides: Overrides = new Map([[1, new Map([[0, { byMask: new Map([[String.fromCharCode(48 + 4), { score: 3, code: 'c' }]]) }]])]]);

function exportMarks(): ExportMarks {
  const results = {
    hasRescores: async () => true,
    marksFromAnswers: async (_t: string, ids: string[]) => ids.map((id) => ({ id, marks: { q2: '2', q4: 0.5 } })),
  };
  const analysis = { versions: async (_t: string, wanted: number[]) => new Map<number, VersionQuestion[]>(wanted.map((v) => [v, v === 1 ? v1 : v2])) };
  return new ExportMarks('t', columns, results as unknown as ResultsRepository, analysis as never, { overrides: async () => overrides });
}

test('the numbers: each attempt by the test columns, re-evaluations applied, a cell not drawn is null', async () => {
  expect(await exportMarks().of(records)).toEqual([
    [4, 0, null, 1.5],
    [3, 2, 0, null],
    [4, -0.25, -1, null],
    [null, 2, null, 0.5],
  ]);
});

test('the CSV bytes say what the numbers say, whichever path wrote them', async () => {
  const marks = exportMarks();
  const text = (await marks.csvOf(records)).map((bytes) => bytes.toString('latin1'));
  const numbers = await exportMarks().of(records);
  expect(text).toEqual(numbers.map((row) => row.map((m) => (m === null ? '' : String(m))).join(',')));
  expect(text).toEqual(['4,0,,1.5', '3,2,0,', '4,-0.25,-1,', ',2,,0.5']);
});

// results.csv and results.xlsx of a free test (issue 16), on PGlite and PostgreSQL: the bytes
// of the CSV, the spreadsheet read back with exceljs, formula injection, random draws, a
// re-evaluation, and more attempts than one batch of the stream.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { scoreAnswer } from '@shared/domain/scoring';
import { answerableQuestions, type ChildQuestion } from '@shared/domain/test';
import { publishFreeTest } from '@tests/support/studentTests';
import { seedAttempts } from '@tests/support/seedAttempts';
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { exportStreamsOpen, ResultsRepository } from './repository';
import { EXPORT_BATCH, exportsOpen } from './service';
import { takeTest, threeQuestions } from './testing';

let server: TestServer;
let tutor: Editor;
let sharedTestId: string;
let testId: string;
let questions: ChildQuestion[];
const db = () => server.database.db;
const NAME = 'Kiểm tra Toán 10';

const STUDENTS = [
  { name: '=HYPERLINK("http://evil.example","x")', contact: 'mallory@example.com' },
  { name: '@SUM(A1:A9)', contact: 'at@example.com' },
  { name: '-2+3', contact: 'minus@example.com' },
  { name: 'Nguyễn Thị Ánh', contact: '+84 912 345 678' },
  { name: '이서연', contact: 'seoyeon@example.com' },
  { name: 'Comma, "Quoted"\nName', contact: 'quoted@example.com' },
];
/** contact -> what the student answered, by question id (only the questions of their draw). */
const given = new Map<string, Map<string, unknown>>();

/** Student k answers the j-th question of their page right when k + j is even. */
function answerFor(k: number, question: any, j: number): unknown {
  const right = (k + j) % 2 === 0;
  if (question.options)
    return {
      selected: [
        question.options.find((o: any) =>
          question.name.includes('Question') ? o.name.startsWith(right ? 'right' : 'wrong') : o.name === (right ? 'True' : 'False'),
        ).id,
      ],
    };
  return { value: right ? '42' : '41' };
}

/**
 * RFC 4180, strictly: each field is plain or quoted (quotes doubled inside, which may hold commas
 * and line breaks) and ends with a comma or CRLF; anything else (a bare LF, a stray quote, a last
 * line without its CRLF) fails the test. The product's own reader (shared/interop) is lenient.
 */
function parseCsv(text: string): string[][] {
  const field = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  while (field.lastIndex < text.length) {
    const at = field.lastIndex;
    const [, quoted, plain, end] = field.exec(text) ?? [];
    if (end === undefined) throw new Error(`not RFC 4180 at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    if (end === '') throw new Error(`the last line has no CRLF: ${JSON.stringify([...row, quoted ?? plain])}`);
    row.push(quoted === undefined ? plain : quoted.replace(/""/g, '"'));
    if (end === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

const download = async (id: string, file: string, lang?: string) => {
  const response = await fetch(`${server.baseUrl}/api/v2/shared-test/${id}/${file}`, {
    headers: { 'x-access-token': tutor.token, ...(lang ? { 'accept-language': lang } : {}) },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
const csvOf = async (id = sharedTestId, lang?: string) => parseCsv((await download(id, 'results.csv', lang)).bytes.toString('utf8').replace(/^\uFEFF/, ''));
const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  ({ sharedTestId, testId } = await publishFreeTest(server, tutor, {
    name: NAME,
    sections: [
      { questions: threeQuestions() },
      {
        questions: [
          {
            type: 'comprehension',
            name: '<p>Read</p>',
            paragraph: '<p>A short passage.</p>',
            questions: [0, 1].map((i) => ({
              type: 'true_false',
              name: `<p>Statement ${i}</p>`,
              options: [{ name: 'True', isCorrect: true }, { name: 'False' }],
            })),
          },
          { type: 'integer', name: '<p>6 × 7 = ?</p>', solution: '42' },
        ],
      },
    ],
    // Each student draws 2 of the first section's 3 questions: the third is not on their page.
    settings: (ids) => ({ generateRandomTest: true, settingsForRTG: { [ids[0]]: { totalQuestions: 2 } } }),
  }));
  questions = answerableQuestions((await tutor.get(testId)).sections.flatMap((s: any) => s.questions));
  for (const [k, student] of STUDENTS.entries()) {
    const answers = new Map<string, unknown>();
    let j = 0;
    await takeTest(server, sharedTestId, student, (q) => {
      const answer = answerFor(k, q, j++);
      answers.set(q.id, answer);
      return answer;
    });
    given.set(student.contact, answers);
  }
  // Not submitted: not in the export.
  await takeTest(server, sharedTestId, { name: 'Not Yet', contact: 'notyet@example.com' }, () => null, { submit: false });
});
afterAll(() => server.close());

test('results.csv: UTF-8 with BOM, CRLF, the header in the caller language, a row per submitted attempt with its marks per question', async () => {
  const { response, bytes } = await download(sharedTestId, 'results.csv', 'vi');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Ki_m tra To_n 10.csv"; filename*=UTF-8''${encodeURIComponent(NAME)}.csv`);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const rows = parseCsv(text.slice(1));
  expect(rows[0]).toEqual([
    'Họ tên',
    'E-mail hoặc điện thoại',
    'Bắt đầu (UTC)',
    'Nộp bài (UTC)',
    'Thời gian làm bài',
    'Điểm',
    'Điểm tối đa',
    'Phần trăm',
    'Xếp hạng',
    ...questions.map((_, i) => `Câu ${i + 1}`),
  ]);
  expect(rows).toHaveLength(1 + STUDENTS.length);

  const attempts = await db()
    .selectFrom('attempts as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .select(['s.contact', 'a.started_at', 'a.submitted_at', 'a.score', 'a.max_score'])
    .where('a.shared_test_id', '=', sharedTestId)
    .where('a.submitted_at', 'is not', null)
    .execute();
  const scores = attempts.map((a) => Number(a.score));
  for (const student of STUDENTS) {
    const row = rows.find((r) => r[1] === (student.contact.startsWith('+') ? `'${student.contact}` : student.contact))!;
    const stored = attempts.find((a) => a.contact === student.contact)!;
    const answers = given.get(student.contact)!;
    const seconds = Math.floor((stored.submitted_at!.getTime() - stored.started_at.getTime()) / 1000);
    // Text a spreadsheet would run as a formula starts with an apostrophe.
    expect(row[0]).toBe(/^[=+\-@\t]/.test(student.name) ? `'${student.name}` : student.name);
    expect(row.slice(2, 9)).toEqual([
      utc(stored.started_at),
      utc(stored.submitted_at!),
      `0:00:${String(seconds).padStart(2, '0')}`,
      String(Number(stored.score)),
      String(Number(stored.max_score)),
      ((Number(stored.score) / Number(stored.max_score)) * 100).toFixed(2),
      String(scores.filter((s) => s > Number(stored.score)).length + 1),
    ]);
    expect(row.slice(9)).toEqual(questions.map((q) => (answers.has(q._id) ? String(scoreAnswer(q, answers.get(q._id) as any).score) : '')));
    expect(row.slice(9).filter((cell) => cell === '')).toHaveLength(1);
  }
  expect(rows.slice(1).map((r) => r[3])).toEqual(
    rows
      .slice(1)
      .map((r) => r[3])
      .sort(),
  );
});

test('results.xlsx: a real workbook, dates as dates, numbers as numbers, every name a plain string (no formula)', async () => {
  const { response, bytes } = await download(sharedTestId, 'results.xlsx', 'ko');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(NAME)}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as any);
  const sheet = workbook.getWorksheet('결과')!;
  expect(sheet).toBeDefined();
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(values(1)).toEqual([
    '이름',
    '이메일 또는 전화번호',
    '시작 (UTC)',
    '제출 (UTC)',
    '걸린 시간',
    '점수',
    '만점',
    '백분율',
    '순위',
    ...questions.map((_, i) => `문항 ${i + 1}`),
  ]);
  expect(sheet.actualRowCount).toBe(1 + STUDENTS.length);
  const csv = await csvOf();
  for (let n = 2; n <= sheet.actualRowCount; n++) {
    const row = sheet.getRow(n);
    const name = row.getCell(1);
    expect(typeof name.value).toBe('string');
    expect(name.formula).toBeUndefined();
    const student = STUDENTS.find((s) => s.name === name.value)!;
    expect(student).toBeDefined();
    expect(row.getCell(2).value).toBe(student.contact);
    const line = csv.find((r) => r[0].replace(/^'/, '') === student.name)!;
    expect(row.getCell(3).value).toBeInstanceOf(Date);
    expect(utc(row.getCell(3).value as Date)).toBe(line[2]);
    expect(utc(row.getCell(4).value as Date)).toBe(line[3]);
    // A duration: a fraction of a day, which exceljs reads back as a time after Excel's day 0 (1899-12-30).
    const taken = row.getCell(5).value as Date;
    expect(Math.round((taken.getTime() - Date.UTC(1899, 11, 30)) / 1000)).toBe(Number(line[4].split(':')[2]));
    for (let c = 6; c <= 9 + questions.length; c++) {
      const cell = row.getCell(c).value;
      expect(cell === null ? '' : String(cell)).toBe(c === 8 ? String(Number(line[c - 1])) : line[c - 1]);
    }
  }
});

test('after a re-evaluation the marks are the new ones, as the answer sheet and the stored totals say', async () => {
  // A question of the random section that some student drew (each draws 2 of 3: the first may be on no page, 1 run in 729).
  const drawn = new Set([...given.values()].flatMap((answers) => [...answers.keys()]));
  const first = (await tutor.get(testId)).sections[0].questions.find((q: any) => drawn.has(q._id) && q.options);
  const corrected = { ...first, options: first.options.map((o: any) => ({ ...o, isCorrect: !o.isCorrect })) };
  const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
    test: { _id: testId },
    questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }],
  });
  expect(published.status).toBe(200);
  expect(published.body.data.attemptsChanged).toBeGreaterThan(0);
  const now = await db()
    .selectFrom('attempt_answer_scores as v')
    .innerJoin('attempts as a', 'a.id', 'v.attempt_id')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .select(['s.contact', 'v.question_id', 'v.score', 'a.score as total'])
    .where('a.shared_test_id', '=', sharedTestId)
    .where('a.submitted_at', 'is not', null)
    .execute();
  const check = (rows: string[][]) => {
    let changed = 0;
    for (const row of rows) {
      const contact = row[1].replace(/^'/, '');
      const mine = now.filter((r) => r.contact === contact);
      expect(row[5]).toBe(String(Number(mine[0].total)));
      for (const [i, q] of questions.entries()) {
        const stored = mine.find((r) => r.question_id === q._id);
        expect([contact, i, row[9 + i]]).toEqual([contact, i, stored ? String(Number(stored.score)) : '']);
      }
      const answer = given.get(contact)!.get(first._id);
      if (answer && scoreAnswer(first, answer as any).score !== Number(row[9])) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
  };
  // From the digests written at submit, with the rescores applied by the analysis' rule.
  const digests = await db().selectFrom('attempts').select('digest').where('shared_test_id', '=', sharedTestId).where('submitted_at', 'is not', null).execute();
  expect(digests.every((r) => r.digest)).toBe(true);
  check((await csvOf()).slice(1));
  // Attempts submitted before digests existed: from their answer rows, the same marks.
  const ids = (await db().selectFrom('attempts').select('id').where('shared_test_id', '=', sharedTestId).where('submitted_at', 'is not', null).execute()).map(
    (r) => r.id,
  );
  await db().updateTable('attempts').set({ digest: null, digest_version: null }).where('id', 'in', ids.slice(0, 3)).execute();
  check((await csvOf()).slice(1));
});

test('more attempts than a batch of the stream: each exactly once, in submit order (many share one submit time)', async () => {
  const big = await publishFreeTest(server, tutor, { name: 'Big', sections: [{ questions: threeQuestions() }] });
  const test = await tutor.get(big.testId);
  const count = EXPORT_BATCH * 2 + 7;
  const seeded = await seedAttempts(db(), {
    orgId: tutor.account.orgId,
    testId: big.testId,
    questions: test.sections[0].questions,
    attempts: count,
    prefix: 'exp',
  });
  const plannerRows = async () =>
    Number((await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'attempts'`.execute(db())).rows[0]!.n);
  const before = await plannerRows();
  const rows = (await csvOf(big.sharedTestId)).slice(1);
  expect(rows).toHaveLength(count);
  expect(new Set(rows.map((r) => r[1])).size).toBe(count);
  if (process.env.TEST_DB !== 'postgres') {
    // PGlite has no autovacuum: a first download, with no page opened before, refreshes the
    // planner's statistics, which would otherwise plan every batch as a sort of every attempt.
    expect(before).toBeLessThan(count);
    for (let waited = 0; (await plannerRows()) < count && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await plannerRows()).toBeGreaterThanOrEqual(count);
  }
  const third = answerableQuestions(test.sections[0].questions)[2];
  const row = rows.find((r) => r[1] === `exp17@example.com`)!;
  expect(row[11]).toBe(String(scoreAnswer(third, seeded.answerOf(17, third._id)).score));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await download(big.sharedTestId, 'results.xlsx')).bytes as any);
  expect(workbook.worksheets[0].actualRowCount).toBe(count + 1);

  // A download stopped after its first bytes closes its reading and its cursor (PostgreSQL: the
  // cursor holds a connection), and leaves nothing that holds the server's close (see
  // server/http/silentConnections.ts: after such a stop a client's silent socket held it 70 s on PGlite).
  {
    const stopped = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/v2/shared-test/${big.sharedTestId}/results.csv`, {
      headers: { 'x-access-token': tutor.token },
      signal: stopped.signal,
    });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    stopped.abort();
    for (let waited = 0; (exportStreamsOpen() > 0 || exportsOpen() > 0) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exportsOpen()).toBe(0);
    expect(exportStreamsOpen()).toBe(0);
  }
  // And the next download is whole.
  expect((await csvOf(big.sharedTestId)).slice(1)).toHaveLength(count);

  // Paged (PGlite, or a third export at once on PostgreSQL: batches as one JSON text each) and
  // streamed (PostgreSQL's cursor) read the same records in the same order.
  const all = async (streamed: boolean) => {
    const records = [];
    for await (const batch of new ResultsRepository(db(), streamed).exportBatches(big.sharedTestId, 1_000)) records.push(...batch);
    return records;
  };
  const paged = await all(false);
  expect(paged).toHaveLength(count);
  expect(paged[0]).toEqual({
    id: expect.any(String),
    name: expect.any(String),
    contact: expect.any(String),
    started_ms: expect.any(Number),
    submitted_ms: expect.any(Number),
    cursor: expect.any(String),
    score: expect.any(Number),
    max_score: expect.any(Number),
    digest: expect.any(String),
    digest_version: expect.any(Number),
  });
  if (process.env.TEST_DB === 'postgres') expect(paged).toEqual(await all(true));
});

// The attempts table of a free test and the summary the Results screen polls (issue 16), on
// PGlite and PostgreSQL: students take the test through the real student calls; only times are
// set in the database afterwards (as a slow student's clock would have made them).
import { sql } from 'kysely';
import { createUser } from '../orgs/commands';
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { login, startSecondServer, startTestServer, type TestServer } from '@tests/support/testServer';
import { option, quizOf, resultsCall, takeTest } from './testing';

let server: TestServer;
let tutor: Editor;
let other: Editor;
let sharedTestId: string;
let testId: string;
const db = () => server.database.db;
const fieldsOf = (res: { body: any }) => res.body.details?.map((d: { field: string }) => d.field);
const MINUTE = 60_000;
/** A time for started_at (set once by the database; a test changes it behind the server's back). */
const at = (ms: number) => sql<never>`${new Date(ms)}::timestamptz`;

/** Who took the quiz and how many of its three questions they got right (the rest wrong). */
const STUDENTS = [
  { name: 'Nguyễn Văn An', contact: 'an@example.com', right: 3 },
  { name: '김민준', contact: 'minjun@example.com', right: 3 },
  { name: 'Zoë 100% Sure', contact: 'zoe@example.com', right: 2 },
  { name: '=HYPERLINK("http://evil.example","x")', contact: 'mallory@example.com', right: 0 },
  { name: 'ĐẶNG Thị Bình', contact: 'binh_d@example.com', right: 2 },
];
/** attemptId -> the student and the minutes they took (set below). */
const taken = new Map<string, { name: string; contact: string; right: number; minutes: number; submittedAt: number }>();
let pendingId: string;
let expiredId: string;

const list = (query: Record<string, string | number> = {}, who: Editor = tutor, id = sharedTestId) => resultsCall(who, id, 'attempts', query);
const allSubmitted = async (query: Record<string, string | number> = {}) =>
  (await list({ status: 'submitted', limit: 200, ...query })).body.data.attempts as any[];

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  other = await signInEditor(server);
  ({ sharedTestId, testId } = await quizOf(server, tutor));
  const base = Date.now() - 60 * MINUTE;
  for (const [i, s] of STUDENTS.entries()) {
    let n = 0;
    const { attemptId } = await takeTest(server, sharedTestId, s, (q) => option(q, ++n <= s.right ? 'right' : 'wrong'));
    // Distinct, known times: submitted a minute apart, each taking (i + 2) * 3 minutes.
    const minutes = ((i * 7) % 5) * 3 + 2;
    const submittedAt = base + i * MINUTE;
    await db()
      .updateTable('attempts')
      .set({ submitted_at: new Date(submittedAt), started_at: at(submittedAt - minutes * MINUTE) })
      .where('id', '=', attemptId)
      .execute();
    taken.set(attemptId, { ...s, minutes, submittedAt });
  }
  pendingId = (await takeTest(server, sharedTestId, { name: 'Pending Pat', contact: 'pat@example.com' }, (q) => option(q, 'right'), { submit: false }))
    .attemptId;
  expiredId = (await takeTest(server, sharedTestId, { name: 'Late Lee', contact: 'lee@example.com' }, () => null, { submit: false })).attemptId;
  // Lee's time ran out (and the grace after it) without a submit.
  await db()
    .updateTable('attempts')
    .set({ started_at: at(Date.now() - 40 * MINUTE), deadline_at: new Date(Date.now() - 10 * MINUTE) })
    .where('id', '=', expiredId)
    .execute();
});
afterAll(() => server.close());

describe('GET /v2/shared-test/{id}/attempts', () => {
  test('every attempt with its student, times, score, percentage, rank and status; the total', async () => {
    const res = await list({ limit: 200 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(STUDENTS.length + 2);
    const rows = res.body.data.attempts as any[];
    expect(rows).toHaveLength(STUDENTS.length + 2);
    for (const row of rows.filter((r) => r.status === 'submitted')) {
      const known = taken.get(row.attemptId)!;
      expect(row).toMatchObject({
        student: { name: known.name, contact: known.contact },
        submittedAt: new Date(known.submittedAt).toISOString(),
        startedAt: new Date(known.submittedAt - known.minutes * MINUTE).toISOString(),
        timeTakenS: known.minutes * 60,
        score: known.right,
        maxScore: 3,
        percentage: Math.round((known.right / 3) * 10000) / 100,
        scoreChanges: [],
      });
    }
    const pending = rows.find((r) => r.attemptId === pendingId);
    expect(pending).toMatchObject({ status: 'in-progress', submittedAt: null, rank: null, score: 0, student: { name: 'Pending Pat' } });
    expect(pending.timeTakenS).toBeGreaterThanOrEqual(0);
    expect(pending.timeTakenS).toBeLessThan(120);
    // Expired: its time is counted to its deadline, not to now.
    expect(rows.find((r) => r.attemptId === expiredId)).toMatchObject({ status: 'expired', submittedAt: null, rank: null, timeTakenS: 30 * 60 });
  });

  test('rank: 1 for the best score, equal scores share a rank (1, 1, 3, 3, 5)', async () => {
    const rows = await allSubmitted();
    for (const row of rows) {
      const higher = [...taken.values()].filter((t) => t.right > row.score).length;
      expect(row.rank).toBe(higher + 1);
    }
    expect(rows.map((r) => r.rank).sort()).toEqual([1, 1, 3, 3, 5]);
  });

  test.each(['score', 'submittedAt', 'name', 'timeTaken'] as const)('sort=%s, asc and desc, the attempt id breaking ties', async (sort) => {
    const keyOf = (row: any): number | string =>
      sort === 'score' ? row.score : sort === 'submittedAt' ? Date.parse(row.submittedAt) : sort === 'name' ? row.student.name : row.timeTakenS;
    const compare = (a: any, b: any) => {
      const [x, y] = [keyOf(a), keyOf(b)];
      if (x !== y) return x < y ? -1 : 1;
      return a.attemptId < b.attemptId ? -1 : a.attemptId > b.attemptId ? 1 : 0;
    };
    const asc = await allSubmitted({ sort, order: 'asc' });
    const desc = await allSubmitted({ sort, order: 'desc' });
    expect(asc.map((r) => r.attemptId)).toEqual([...asc].sort(compare).map((r) => r.attemptId));
    expect(desc.map((r) => r.attemptId)).toEqual([...asc].reverse().map((r) => r.attemptId));
    expect(new Set(asc.map((r) => r.attemptId))).toEqual(new Set(taken.keys()));
  });

  test('default order: the latest submits first, attempts still open above them', async () => {
    const rows = (await list()).body.data.attempts as any[];
    expect(rows.slice(0, 2).map((r) => r.submittedAt)).toEqual([null, null]);
    const submitted = rows.slice(2).map((r) => Date.parse(r.submittedAt));
    expect(submitted).toEqual([...submitted].sort((a, b) => b - a));
  });

  test('pages: the same order cut in pages, the total on each', async () => {
    const whole = (await list({ sort: 'score', order: 'desc', limit: 200 })).body.data.attempts.map((r: any) => r.attemptId);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list({ sort: 'score', order: 'desc', limit: 2, page });
      expect(res.body.data.total).toBe(whole.length);
      paged.push(...res.body.data.attempts.map((r: any) => r.attemptId));
    }
    expect(paged).toEqual(whole);
    expect((await list({ page: 99 })).body.data).toEqual({ attempts: [], total: whole.length });
  });

  test('search: part of the name or contact, any case, Vietnamese and Korean; % and _ are plain characters', async () => {
    const names = async (search: string) => {
      const res = await list({ search, limit: 200 });
      expect(res.body.data.total).toBe(res.body.data.attempts.length);
      return res.body.data.attempts.map((r: any) => r.student.name).sort();
    };
    expect(await names('nguyễn văn')).toEqual(['Nguyễn Văn An']);
    expect(await names('đặng THỊ')).toEqual(['ĐẶNG Thị Bình']);
    expect(await names('민준')).toEqual(['김민준']);
    expect(await names('MINJUN@')).toEqual(['김민준']);
    expect(await names('100%')).toEqual(['Zoë 100% Sure']);
    expect(await names('%')).toEqual(['Zoë 100% Sure']);
    expect(await names('h_d')).toEqual(['ĐẶNG Thị Bình']);
    expect(await names('_')).toEqual(['ĐẶNG Thị Bình']);
    // As a LIKE wildcard it would match every "example.com".
    expect(await names('x_mple')).toEqual([]);
    expect(await names('\\')).toEqual([]);
    expect(await names('=hyperlink(')).toEqual(['=HYPERLINK("http://evil.example","x")']);
    // With a status, both filters hold.
    expect((await list({ search: 'example.com', status: 'in-progress' })).body.data.attempts.map((r: any) => r.attemptId)).toEqual([pendingId]);
  });

  test('status: submitted, in-progress, expired, each with its total', async () => {
    for (const [status, ids] of [
      ['submitted', [...taken.keys()]],
      ['in-progress', [pendingId]],
      ['expired', [expiredId]],
    ] as const) {
      const res = await list({ status, limit: 200 });
      expect(res.body.data.total).toBe(ids.length);
      expect(res.body.data.attempts.map((r: any) => r.attemptId).sort()).toEqual([...ids].sort());
      expect(res.body.data.attempts.every((r: any) => r.status === status)).toBe(true);
    }
  });

  test('malformed queries answer 400 naming the field; a huge page size is refused, not served', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 1e9 }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ sort: 'bogus' }, 'sort'],
      [{ sort: 'score;drop table attempts' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ status: 'all' }, 'status'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toContain(`query.${field}`);
    }
  });
});

describe('re-evaluation', () => {
  test('a publish that corrects a key shows as score changes, and the ranks follow the new scores', async () => {
    const test = await tutor.get(testId);
    const first = test.sections[0].questions[0];
    // The key was wrong: "wrong 1" is the answer wanted.
    const corrected = { ...first, options: first.options.map((o: any) => ({ ...o, isCorrect: o.name.includes('wrong') })) };
    const before = new Map((await allSubmitted()).map((r) => [r.attemptId, r.score]));
    const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
      test: { _id: testId },
      questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }],
    });
    expect(published.status).toBe(200);
    const rows = await allSubmitted();
    for (const row of rows) {
      const known = taken.get(row.attemptId)!;
      // Every student answered question 1: right (now wrong) when they got any right, wrong (now right) otherwise.
      const newScore = known.right > 0 ? known.right - 1 : 1;
      expect(row.score).toBe(newScore);
      expect(row.scoreChanges).toEqual([{ publishId: published.body.data.publishId, oldScore: before.get(row.attemptId), newScore, at: expect.any(String) }]);
      expect(Math.abs(Date.parse(row.scoreChanges[0].at) - Date.now())).toBeLessThan(5 * MINUTE);
      const higher = rows.filter((r) => r.score > newScore).length;
      expect(row.rank).toBe(higher + 1);
    }
  });
});

describe('GET /v2/shared-test/{id}/results/summary', () => {
  test('counts and the last activity change after a start and a submit, and the list follows at once', async () => {
    const summary = async () => (await resultsCall(tutor, sharedTestId, 'results/summary')).body.data;
    const before = await summary();
    expect(before).toEqual({ submitted: taken.size, inProgress: 1, lastActivityAt: expect.any(String) });
    const { student } = await takeTest(server, sharedTestId, { name: 'Newcomer', contact: 'new@example.com' }, (q) => option(q, 'wrong'), { submit: false });
    // A start also submits what ran out of time (the student side's sweep): Lee's expired attempt.
    const started = await summary();
    expect(started).toMatchObject({ submitted: taken.size + 1, inProgress: 2 });
    expect(Date.parse(started.lastActivityAt)).toBeGreaterThan(Date.parse(before.lastActivityAt));
    expect((await list({ status: 'expired' })).body.data.total).toBe(0);
    expect((await student.submit()).status).toBe(200);
    const after = await summary();
    expect(after).toMatchObject({ submitted: taken.size + 2, inProgress: 1 });
    expect(Date.parse(after.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(started.lastActivityAt));
    const rows = await allSubmitted();
    expect(rows).toHaveLength(taken.size + 2);
    const newcomer = rows.find((r) => r.student.name === 'Newcomer');
    expect(newcomer.rank).toBe(rows.filter((r) => r.score > newcomer.score).length + 1);
  });

  test('a submit through another server is counted and ranked by this one at once', async () => {
    const second = await startSecondServer(server);
    try {
      const ranksBefore = await allSubmitted();
      await takeTest(second, sharedTestId, { name: 'Top Via Second', contact: 'second@example.com' }, (q) => option(q, 'wrong'));
      const rows = await allSubmitted();
      expect(rows).toHaveLength(ranksBefore.length + 1);
      const top = rows.find((r) => r.student.name === 'Top Via Second');
      // "wrong" is right for question 1 since the correction: 1 point, like the lowest others.
      expect(top.rank).toBe(rows.filter((r) => r.score > top.score).length + 1);
      for (const row of rows) expect(row.rank).toBe(rows.filter((r) => r.score > row.score).length + 1);
      expect((await resultsCall(tutor, sharedTestId, 'results/summary')).body.data.submitted).toBe(rows.length);
    } finally {
      await second.close();
    }
  });
});

describe('organisation walls', () => {
  test('another organisation, and a colleague of the same one, get 404 from every results call; an attempt of another free test is 404', async () => {
    const colleagueAccount = { orgCode: tutor.account.orgCode, email: 'colleague@example.com', password: 'colleague-pass-1' };
    await createUser(db(), { ...colleagueAccount, name: 'Colleague' });
    const colleagueToken = await login(server, colleagueAccount);
    const colleague: Editor = {
      ...tutor,
      token: colleagueToken,
      call: (method, path, body, lang) => server.call(method, path, { token: colleagueToken, body, lang }),
    };
    const attemptId = [...taken.keys()][0];
    const paths = ['attempts', `attempts/${attemptId}`, 'results.csv', 'results.xlsx', 'results/summary'];
    for (const who of [other, colleague]) {
      for (const path of paths) {
        const res = await resultsCall(who, sharedTestId, path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(JSON.stringify(res.body)).not.toContain('Nguyễn');
      }
    }
    // The other organisation's own free test does not open this one's attempts.
    const theirs = await quizOf(server, other, 'Their quiz');
    expect((await resultsCall(other, theirs.sharedTestId, `attempts/${attemptId}`)).status).toBe(404);
    expect((await resultsCall(tutor, theirs.sharedTestId, 'attempts')).status).toBe(404);
    const mine = await quizOf(server, tutor, 'Another quiz of mine');
    const res = await resultsCall(tutor, mine.sharedTestId, `attempts/${attemptId}`, {}, 'vi');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Lượt làm bài này không thuộc bài kiểm tra miễn phí này.');
    expect((await resultsCall(tutor, 'no-such-free-test', 'results/summary')).status).toBe(404);
    expect((await server.call('GET', `/api/v2/shared-test/${sharedTestId}/attempts`)).status).toBe(401);
  });
});

// The Report Dashboard's calls (list, resolve, save-and-resolve) and re-evaluation on publish
// (decisions section 6), on PGlite and PostgreSQL: students, attempts and answers are seeded in
// the database as the student side writes them, scored with scoreAnswer.
import pg from 'pg';
import { sql } from 'kysely';
import { scoreAnswer } from '@shared/domain/scoring';
import type { ChildQuestion } from '@shared/domain/test';
import { signInEditor, type Editor } from '../support/testEditor';
import { seedAttempts, seedReports, type Seeded } from '../support/seedAttempts';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let tutor: Editor;
let other: Editor;
let testId: string;
let sectionId: string;
let seeded: Seeded;
const ATTEMPTS = 40;

const db = () => server.database.db;
const list = (query: Record<string, string | number> = {}, who: Editor = tutor) =>
  who.call('GET', `/api/v2/report-repo/list?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
const publish = (body: unknown, who: Editor = tutor, lang?: string) => who.call('PATCH', '/api/v2/report-repo/save-and-resolve', body, lang);

async function questionsOf(id = testId): Promise<ChildQuestion[]> {
  const test = await tutor.get(id);
  return test.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.type === 'comprehension' ? q.questions : [q])));
}
async function scores(): Promise<Map<string, number>> {
  const rows = await db().selectFrom('attempts').select(['id', 'score']).where('test_id', '=', testId).execute();
  return new Map(rows.map((r) => [r.id, Number(r.score)]));
}
async function answerScores(questionId: string): Promise<Map<string, number>> {
  // As they are now: a re-evaluation keeps new scores per distinct answer (answer_rescores), applied by the view.
  const rows = await db().selectFrom('attempt_answer_scores').select(['attempt_id', 'score']).where('question_id', '=', questionId).execute();
  return new Map(rows.map((r) => [r.attempt_id, Number(r.score)]));
}

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  other = await signInEditor(server);
  testId = await tutor.newTest({ name: 'Algebra weekly quiz' });
  sectionId = (await tutor.section(testId)).section._id;
  await tutor.questions(testId, sectionId, [
    {
      type: 'multiple_choice',
      name: '<p>2 + 2 = ?</p>',
      options: [{ name: '3' }, { name: '4', isCorrect: true }, { name: '5' }, { name: '22' }],
      marks: { positive: 4, negative: 1 },
      isNegativeMarkingEnabled: true,
    },
    { type: 'integer', name: '<p>How many sides has a pentagon?</p>', solution: '6', marks: { positive: 2 } },
    { type: 'true_false', name: '<p>Zero is even.</p>', options: [{ name: 'True', isCorrect: true }, { name: 'False' }] },
  ]);
  const test = await tutor.get(testId);
  seeded = await seedAttempts(db(), { orgId: tutor.account.orgId, testId, questions: test.sections[0].questions, attempts: ATTEMPTS });
  const [mcq, integer] = seeded.questions;
  await seedReports(db(), {
    orgId: tutor.account.orgId,
    testId,
    questionId: mcq._id,
    reasons: ['Two answers are right', 'Two answers are right', 'Typo in option 4'],
    seeded,
  });
  await seedReports(db(), { orgId: tutor.account.orgId, testId, questionId: integer._id, reasons: ['A pentagon has 5 sides'], seeded });
});
afterAll(() => server.close());

describe('GET /v2/report-repo/list', () => {
  test('each reported question with its test, current content, reasons and students; counts and tests', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ total: 2, limit: 20, offset: 0, counts: { REPORTED: 2, updateAvailable: 0, resolved: 0 } });
    expect(data.tests).toEqual([{ _id: testId, name: 'Algebra weekly quiz', openCount: 2 }]);
    const mcq = data.reportedQuestions.find((q: any) => q._id === seeded.questions[0]._id);
    expect(mcq).toMatchObject({
      testId,
      testName: 'Algebra weekly quiz',
      sectionId,
      status: 'REPORTED',
      reportsCount: 3,
      studentsCount: 3,
      isAttempted: true,
      canEdit: true,
      parentQuestionId: null,
      reasons: [
        { reason: 'Two answers are right', count: 2, students: 2 },
        { reason: 'Typo in option 4', count: 1, students: 1 },
      ],
    });
    expect(mcq.question).toMatchObject({
      _id: seeded.questions[0]._id,
      type: 'multiple_choice',
      name: '<p>2 + 2 = ?</p>',
      isReported: true,
      updateAvailable: false,
    });
  });

  test('pages by reported question (limit, offset), total kept', async () => {
    const first = (await list({ limit: 1 })).body.data;
    const second = (await list({ limit: 1, offset: 1 })).body.data;
    expect(first.reportedQuestions).toHaveLength(1);
    expect(second.reportedQuestions).toHaveLength(1);
    expect(first.reportedQuestions[0]._id).not.toBe(second.reportedQuestions[0]._id);
    const beyond = (await list({ offset: 5 })).body.data;
    expect(beyond).toMatchObject({ reportedQuestions: [], total: 2, offset: 5 });
  });

  test('filters by tests (JSON array) and status', async () => {
    const otherTest = await tutor.newTest({ name: 'Nothing reported' });
    expect((await list({ testIds: JSON.stringify([otherTest]) })).body.data).toMatchObject({ reportedQuestions: [], total: 0, counts: { REPORTED: 0 } });
    expect((await list({ testIds: JSON.stringify([testId, otherTest]) })).body.data.total).toBe(2);
    expect((await list({ statusType: 'resolved' })).body.data.total).toBe(0);
  });

  test('400 naming the parameter for bad input', async () => {
    const bad = await list({ testIds: '[1,2' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('testIds');
    const status = await list({ statusType: 'OPEN' });
    expect(status.status).toBe(400);
    expect(JSON.stringify(status.body)).toContain('statusType');
    expect((await list({ limit: 0 })).status).toBe(400);
  });

  test('another organisation sees none of it, and cannot resolve or publish it (404)', async () => {
    expect((await list({}, other)).body.data).toMatchObject({ reportedQuestions: [], total: 0, tests: [] });
    const resolve = await other.call('PATCH', `/api/v2/report-repo/resolve/${seeded.questions[0]._id}`);
    expect(resolve.status).toBe(404);
    const [mcq] = await questionsOf();
    const res = await publish({ test: { _id: testId }, questions: [{ question: mcq, publishOption: 'GRACE' }] }, other);
    expect(res.status).toBe(404);
    expect((await list()).body.data.counts.REPORTED).toBe(2);
  });
});

describe('PATCH /v2/report-repo/resolve/{id}', () => {
  test('resolves every open report of the question; the badge follows; again is 404', async () => {
    const integerId = seeded.questions[1]._id;
    const before = (await tutor.call('GET', '/api/v2/report-repo/count')).body.data.activeReportedCount;
    const res = await tutor.call('PATCH', `/api/v2/report-repo/resolve/${integerId}`, undefined, 'vi');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ resolvedReports: 1, activeReportedCount: before - 1, message: 'Đã đánh dấu là đã giải quyết.' });
    const resolved = (await list({ statusType: 'resolved' })).body.data;
    expect(resolved.reportedQuestions.map((q: any) => q._id)).toEqual([integerId]);
    expect(resolved.reportedQuestions[0].question.isReported).toBe(false);
    const row = await db().selectFrom('question_reports').selectAll().where('question_id', '=', integerId).executeTakeFirstOrThrow();
    expect(row.resolved_by).toBe(tutor.account.userId);
    expect(row.resolved_at).toBeTruthy();
    expect((await tutor.call('PATCH', `/api/v2/report-repo/resolve/${integerId}`)).status).toBe(404);
  });
});

describe('PATCH /v2/report-repo/save-and-resolve', () => {
  test('RE_EVALUATE: the corrected key re-scores every attempt with scoreAnswer, records each change, resolves the reports', async () => {
    const [mcq] = await questionsOf();
    const oldScores = await scores();
    const oldAnswer = await answerScores(mcq._id);
    // The key was wrong: '22' is the answer wanted (a trick question), not '4'.
    const corrected = { ...mcq, options: mcq.type === 'multiple_choice' ? mcq.options.map((o, i) => ({ ...o, isCorrect: i === 3 })) : [] } as ChildQuestion;
    const res = await publish({ test: { _id: testId }, questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }] }, tutor, 'ko');
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('문제를 게시했습니다');
    const stored = (await questionsOf())[0];
    expect(stored.type === 'multiple_choice' && stored.options.map((o) => o.isCorrect)).toEqual([false, false, false, true]);

    const newScores = await scores();
    const newAnswer = await answerScores(mcq._id);
    let changed = 0;
    for (let i = 1; i <= ATTEMPTS; i++) {
      const id = seeded.attemptIds(i);
      const expected = scoreAnswer(stored, seeded.answerOf(i, mcq._id)).score;
      expect(newAnswer.get(id)).toBe(expected);
      expect(newScores.get(id)).toBeCloseTo(oldScores.get(id)! - oldAnswer.get(id)! + expected, 5);
      if (expected !== oldAnswer.get(id)) changed += 1;
    }
    expect(changed).toBeGreaterThan(0);
    expect(res.body.data.attemptsChanged).toBe(changed);
    const changes = await db().selectFrom('score_changes').selectAll().where('publish_id', '=', res.body.data.publishId).execute();
    expect(changes).toHaveLength(changed);
    for (const change of changes) {
      expect(Number(change.old_score)).toBe(oldScores.get(change.attempt_id));
      expect(Number(change.new_score)).toBe(newScores.get(change.attempt_id));
    }
    const publishRow = await db().selectFrom('publishes').selectAll().where('id', '=', res.body.data.publishId).executeTakeFirstOrThrow();
    expect(publishRow).toMatchObject({ test_id: testId, published_by: tutor.account.userId, attempts_changed: changed, options: { [mcq._id]: 'RE_EVALUATE' } });
    expect(res.body.data.resolvedReports).toBe(3);
    expect((await list()).body.data.counts).toEqual({ REPORTED: 0, updateAvailable: 0, resolved: 2 });
    const test = await db().selectFrom('tests').select('is_attempted').where('id', '=', testId).executeTakeFirstOrThrow();
    expect(test.is_attempted).toBe(true);
  });

  test('GRACE: every attempt gets the full positive marks (new marks: max_score follows)', async () => {
    const integer = (await questionsOf())[1];
    const oldScores = await scores();
    const oldAnswer = await answerScores(integer._id);
    const oldMax = Number((await db().selectFrom('attempts').select('max_score').where('id', '=', seeded.attemptIds(1)).executeTakeFirstOrThrow()).max_score);
    const res = await publish({
      test: { _id: testId },
      questions: [{ sectionId, question: { ...integer, solution: '5', marks: { ...integer.marks, positive: 3 } }, publishOption: 'GRACE' }],
    });
    expect(res.status).toBe(200);
    const newScores = await scores();
    const newAnswer = await answerScores(integer._id);
    for (let i = 1; i <= ATTEMPTS; i++) {
      const id = seeded.attemptIds(i);
      expect(newAnswer.get(id)).toBe(3);
      expect(newScores.get(id)).toBeCloseTo(oldScores.get(id)! - oldAnswer.get(id)! + 3, 5);
    }
    expect(res.body.data.attemptsChanged).toBe(ATTEMPTS);
    const max = Number((await db().selectFrom('attempts').select('max_score').where('id', '=', seeded.attemptIds(1)).executeTakeFirstOrThrow()).max_score);
    expect(max).toBe(oldMax + 1);
  });

  test('NO_CHANGE: the question changes, past scores stay; resolve false leaves reports as updates available', async () => {
    const tf = (await questionsOf())[2];
    await seedReports(db(), { orgId: tutor.account.orgId, testId, questionId: tf._id, reasons: ['Unclear'] });
    const before = await scores();
    const res = await publish({
      test: { _id: testId },
      questions: [{ question: { ...tf, name: '<p>Zero is an even number.</p>' }, publishOption: 'NO_CHANGE' }],
      resolve: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ attemptsChanged: 0, resolvedReports: 1 });
    expect(await scores()).toEqual(before);
    expect((await questionsOf())[2].name).toBe('<p>Zero is an even number.</p>');
    expect(await db().selectFrom('score_changes').selectAll().where('publish_id', '=', res.body.data.publishId).execute()).toEqual([]);
    const updates = (await list({ statusType: 'updateAvailable' })).body.data;
    expect(updates.reportedQuestions.map((q: any) => [q._id, q.question.updateAvailable])).toEqual([[tf._id, true]]);
  });

  test('400 for a question not in the test, naming it; nothing changes', async () => {
    const [mcq] = await questionsOf();
    const before = await scores();
    const res = await publish({
      test: { _id: testId },
      questions: [
        { question: mcq, publishOption: 'GRACE' },
        { question: { ...mcq, _id: 'nope' }, publishOption: 'GRACE' },
      ],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('questions.1.question._id');
    expect(await scores()).toEqual(before);
    const bad = await publish({ test: { _id: testId }, questions: [{ question: mcq, publishOption: 'LATER' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('publishOption');
  });

  test('a stale version is refused (409 TEST_CHANGED)', async () => {
    const [mcq] = await questionsOf();
    const res = await publish({ test: { _id: testId, version: 1 }, questions: [{ question: mcq, publishOption: 'GRACE' }] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TEST_CHANGED');
  });

  test('atomic: a publish failing at its last step leaves every score, answer and the test unchanged', async () => {
    const [mcq] = await questionsOf();
    const before = await scores();
    const answersBefore = await answerScores(mcq._id);
    const publishesBefore = (await db().selectFrom('publishes').select('id').execute()).length;
    const version = (await tutor.get(testId)).version;
    // The test row is written after the scores: make that write fail.
    await sql.raw(`create or replace function fail_publish() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`).execute(db());
    await sql.raw('create trigger fail_publish before update on tests for each row execute function fail_publish()').execute(db());
    try {
      const res = await publish({
        test: { _id: testId },
        questions: [{ question: { ...mcq, marks: { ...mcq.marks, positive: 10 } }, publishOption: 'GRACE' }],
      });
      expect(res.status).toBe(500);
      expect(res.body.message).toBeTruthy();
    } finally {
      await sql.raw('drop trigger fail_publish on tests').execute(db());
    }
    expect(await scores()).toEqual(before);
    expect(await answerScores(mcq._id)).toEqual(answersBefore);
    expect((await db().selectFrom('publishes').select('id').execute()).length).toBe(publishesBefore);
    expect((await tutor.get(testId)).version).toBe(version);
  });

  test('one publish at a time per test: refused with 409 while another holds it (PostgreSQL), queued on PGlite', async () => {
    const [mcq] = await questionsOf();
    const body = { test: { _id: testId }, questions: [{ question: mcq, publishOption: 'RE_EVALUATE' }] };
    if (server.databaseUrl) {
      // Another process's publish of the same test, still running: it holds the test's publish lock.
      const running = new pg.Client({ connectionString: server.databaseUrl });
      await running.connect();
      try {
        await running.query('begin');
        await running.query(`select pg_advisory_xact_lock(hashtext($1))`, [`publish:${testId}`]);
        for (const [lang, text] of [
          ['en', 'being published'],
          ['vi', 'đang được xuất bản'],
          ['ko', '게시하는 중'],
        ]) {
          const res = await publish(body, tutor, lang);
          expect(res.status).toBe(409);
          expect(res.body.code).toBe('PUBLISH_IN_PROGRESS');
          expect(res.body.message).toContain(text);
        }
        await running.query('rollback');
        expect((await publish(body)).status).toBe(200);
      } finally {
        await running.end();
      }
    }
    // Two at once: never interleaved. Each publish's recorded old scores are the scores the other left.
    const grace = { test: { _id: testId }, questions: [{ question: { ...mcq, marks: { ...mcq.marks, positive: 6 } }, publishOption: 'GRACE' }] };
    const results = await Promise.all([publish(grace), publish(body)]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const refused of results.filter((r) => r.status !== 200)) expect(refused.body.code).toBe('PUBLISH_IN_PROGRESS');
    const final = await scores();
    const changes = await db()
      .selectFrom('score_changes')
      .innerJoin('publishes', 'publishes.id', 'score_changes.publish_id')
      .select(['score_changes.attempt_id', 'old_score', 'new_score', 'publishes.created_at'])
      .where('publishes.test_id', '=', testId)
      .orderBy('publishes.created_at')
      .execute();
    // Replaying every recorded change in order chains old -> new exactly, ending at each attempt's score.
    const last = new Map<string, number>();
    for (const change of changes) {
      if (last.has(change.attempt_id)) expect(Number(change.old_score)).toBe(last.get(change.attempt_id));
      last.set(change.attempt_id, Number(change.new_score));
    }
    for (const [attempt, score] of last) expect(final.get(attempt)).toBe(score);
  });
});

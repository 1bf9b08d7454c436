// Reports raised by the statistics (issue 16) and the corrections preview, on PGlite and
// PostgreSQL: the worked example of docs/analysis.md (question 2's key is wrong) taken by students
// through the real calls; the Report Dashboard's list, resolve and publish as the portal calls them.
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { ReportRepository } from '../corrections/repository';
import { takeWorkedExample, WORKED_ANSWERS } from './testing';

let server: TestServer;
let tutor: Editor;
let other: Editor;
const db = () => server.database.db;
type Worked = Awaited<ReturnType<typeof takeWorkedExample>>;

const analysisOf = (free: Worked, who: Editor = tutor) => who.call('GET', `/api/v2/shared-test/${free.sharedTestId}/analysis`);
const reportedOf = async (free: Worked, statusType = 'REPORTED') => {
  const res = await tutor.call('GET', `/api/v2/report-repo/list?testIds=${free.testId}&statusType=${statusType}`);
  expect(res.status).toBe(200);
  return res.body.data.reportedQuestions as any[];
};
const statisticsRows = (free: Worked) =>
  db()
    .selectFrom('question_reports')
    .select(['question_id', 'reason', 'status', 'student_id', 'details'])
    .where('test_id', '=', free.testId)
    .where('source', '=', 'statistics')
    .orderBy('reason')
    .execute();
/** Question 2 with its key moved to C (56, the right answer), or changed as `change` says. */
const correctedQ2 = async (
  free: Worked,
  change: (q: any) => any = (q) => ({ ...q, options: q.options.map((o: any, k: number) => ({ ...o, isCorrect: k === 2 })) }),
) => {
  const test = await tutor.get(free.testId);
  return { test: { _id: free.testId, version: test.version }, question: change(test.sections[0].questions[1]) };
};
const publish = (body: unknown, who: Editor = tutor) => who.call('PATCH', '/api/v2/report-repo/save-and-resolve', body);

const NEGATIVE = { flag: 'negative-discrimination', attempts: 11, discrimination: -0.383 };
const WRONG_KEY = { flag: 'possible-wrong-key', attempts: 11, option: 'C', topShare: 0.667, keyTopShare: 0.333 };

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  other = await signInEditor(server);
});
afterAll(() => server.close());

/** The reports the look after the submits raises in the background (hook.ts), once it has raised them (up to 15 s). */
const backgroundRaised = async (free: Worked) => {
  let rows: Awaited<ReturnType<typeof statisticsRows>> = [];
  for (let waited = 0; waited < 15_000 && rows.length < 2; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rows = await statisticsRows(free);
  }
  return rows;
};

describe('reports raised by the statistics', () => {
  test('raised without the tutor opening the analysis: in the background once the 10th student has submitted', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS, 'Background');
    const rows = await backgroundRaised(free);
    expect(rows.map((r) => [r.question_id, r.reason, r.status, r.student_id])).toEqual([
      [free.questions[1]._id, 'negative-discrimination', 'REPORTED', null],
      [free.questions[1]._id, 'possible-wrong-key', 'REPORTED', null],
    ]);
  });

  test('under 10 attempters none is raised, though the analysis flags the question', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS.slice(0, 9), 'Nine students');
    const q2 = (await analysisOf(free)).body.data.questions[1];
    expect(q2.flags).toContain('possible-wrong-key');
    expect(await statisticsRows(free)).toEqual([]);
  });

  test('listed in the Report Dashboard with what the statistics saw, apart from the students’ reasons; counted; never twice', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS, 'Listed');
    // Several analyses at once (several servers or tabs) and again: one open report per question and flag.
    await Promise.all([analysisOf(free), analysisOf(free), analysisOf(free)]);
    await analysisOf(free);
    expect((await statisticsRows(free)).map((r) => r.reason)).toEqual(['negative-discrimination', 'possible-wrong-key']);
    // A student reports the same question: their reason is listed, the statistics' are not among them.
    await db()
      .insertInto('question_reports')
      .values({ org_id: tutor.account.orgId, test_id: free.testId, question_id: free.questions[1]._id, reason: 'The answer should be 56', status: 'REPORTED' })
      .execute();

    const [q2, ...others] = await reportedOf(free);
    expect(others).toEqual([]);
    expect(q2).toMatchObject({
      _id: free.questions[1]._id,
      status: 'REPORTED',
      reportsCount: 3,
      reasons: [{ reason: 'The answer should be 56', count: 1, students: 0 }],
      statistics: [NEGATIVE, WRONG_KEY],
      canEdit: true,
    });
    // What the server keeps besides (the question's fingerprint) is not shown.
    expect(Object.keys(q2.statistics[1]).sort()).toEqual(['attempts', 'flag', 'keyTopShare', 'option', 'topShare']);
    // The header badge counts them as open reports.
    const open = await db()
      .selectFrom('question_reports')
      .select('source')
      .where('org_id', '=', tutor.account.orgId)
      .where('status', '=', 'REPORTED')
      .execute();
    expect(open.filter((r) => r.source === 'statistics').length).toBeGreaterThanOrEqual(2);
    expect((await tutor.call('GET', '/api/v2/report-repo/count')).body.data.activeReportedCount).toBe(open.length);
    // Another organisation sees none of it.
    const foreign = await other.call('GET', `/api/v2/report-repo/list?testIds=${free.testId}`);
    expect(foreign.body.data.reportedQuestions).toEqual([]);
  });

  test('a publish that corrects the key resolves them, and the corrected question is not flagged again', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS, 'Corrected');
    await analysisOf(free);
    const { test, question } = await correctedQ2(free);
    const res = await publish({ test, questions: [{ question, publishOption: 'RE_EVALUATE' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.resolvedReports).toBe(2);
    const q2 = (await analysisOf(free)).body.data.questions[1];
    expect(q2).toMatchObject({ correct: 4, facility: 0.364, flags: [] });
    expect((await statisticsRows(free)).map((r) => r.status)).toEqual(['resolved', 'resolved']);
    expect(await reportedOf(free)).toEqual([]);
  });

  test('resolved by the tutor: not raised again on the unchanged question; raised again once it changed', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS, 'Resolved by hand');
    await analysisOf(free);
    const resolved = await tutor.call('PATCH', `/api/v2/report-repo/resolve/${free.questions[1]._id}`);
    expect(resolved.body.data.resolvedReports).toBe(2);
    await analysisOf(free);
    expect((await statisticsRows(free)).map((r) => r.status)).toEqual(['resolved', 'resolved']);
    // An edit of the question's wording, published without touching scores: a changed question.
    const { test, question } = await correctedQ2(free, (q) => ({ ...q, name: '<p>7 × 8 equals?</p>' }));
    expect((await publish({ test, questions: [{ question, publishOption: 'NO_CHANGE' }], resolve: false })).status).toBe(200);
    await analysisOf(free);
    expect((await statisticsRows(free)).map((r) => `${r.reason} ${r.status}`).sort()).toEqual([
      'negative-discrimination REPORTED',
      'negative-discrimination resolved',
      'possible-wrong-key REPORTED',
      'possible-wrong-key resolved',
    ]);
  });
  test('flags worked out before a resolution or a publish committed raise nothing once it has (the background raise races them)', async () => {
    const free = await takeWorkedExample(server, tutor, WORKED_ANSWERS, 'Raced');
    // The look after the submits raises them too, about 2 s later: let it be done, or on a loaded machine it raises
    // them again after the version below has changed (what this test races is the raise of a stale analysis).
    await backgroundRaised(free);
    await analysisOf(free);
    const open = await statisticsRows(free);
    expect(open.map((r) => r.status)).toEqual(['REPORTED', 'REPORTED']);
    const { version } = await db().selectFrom('tests').select('version').where('id', '=', free.testId).executeTakeFirstOrThrow();
    const stale = open.map((r) => ({ q: r.question_id, reason: r.reason, details: r.details as Record<string, unknown> }));
    const reports = new ReportRepository(db());

    // The tutor resolves them while the raise is on its way: on PostgreSQL the raise starts while
    // the resolution's transaction holds the rows, and must wait for it and see it.
    let raising: Promise<number> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('question_reports').set({ status: 'resolved' }).where('test_id', '=', free.testId).execute();
        if (process.env.TEST_DB === 'postgres') {
          raising = reports.raiseStatistics(tutor.account.orgId, free.testId, version, stale);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      });
    expect(await (raising ?? reports.raiseStatistics(tutor.account.orgId, free.testId, version, stale))).toBe(0);
    expect((await statisticsRows(free)).map((r) => r.status)).toEqual(['resolved', 'resolved']);

    // Flags of a version since replaced (a publish changed the question meanwhile) raise nothing.
    await db().deleteFrom('question_reports').where('test_id', '=', free.testId).execute();
    await db()
      .updateTable('tests')
      .set({ version: version + 1 })
      .where('id', '=', free.testId)
      .execute();
    expect(await reports.raiseStatistics(tutor.account.orgId, free.testId, version, stale)).toBe(0);
    expect(await statisticsRows(free)).toEqual([]);
    expect(await reports.raiseStatistics(tutor.account.orgId, free.testId, version + 1, stale)).toBe(2);
  });
});

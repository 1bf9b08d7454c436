// The corrections preview (issue 16): PATCH /v2/report-repo/save-and-resolve with dryRun: true
// answers what the publish would do to each free test's scores and changes nothing; its numbers
// are what the real publish then does. On PGlite and PostgreSQL, with the worked example of
// docs/analysis.md (question 2's key says 54, the best students chose 56).
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { takeWorkedExample } from '../analysis/testing';

let server: TestServer;
let tutor: Editor;
let other: Editor;
let worked: Awaited<ReturnType<typeof takeWorkedExample>>;
const db = () => server.database.db;
const publish = (body: unknown, who: Editor = tutor) => who.call('PATCH', '/api/v2/report-repo/save-and-resolve', body);
const analysis = async () => (await tutor.call('GET', `/api/v2/shared-test/${worked.sharedTestId}/analysis`)).body.data;

/** Everything a publish could change. */
async function snapshot() {
  const [attempts, test, reports, publishes, changes, rescores] = await Promise.all([
    db().selectFrom('attempts').select(['id', 'score', 'max_score', 'digest']).where('test_id', '=', worked.testId).orderBy('id').execute(),
    db().selectFrom('tests').select(['version', 'content', 'is_attempted', 'updated_at']).where('id', '=', worked.testId).executeTakeFirstOrThrow(),
    db().selectFrom('question_reports').select(['id', 'status', 'details']).where('test_id', '=', worked.testId).orderBy('id').execute(),
    db().selectFrom('publishes').select('id').where('test_id', '=', worked.testId).execute(),
    db().selectFrom('score_changes').select('attempt_id').execute(),
    db().selectFrom('answer_rescores').select('answer_key').where('test_id', '=', worked.testId).execute(),
  ]);
  return { attempts, test, reports, publishes, changes: changes.length, rescores };
}

/** Question `index` changed by `change`, with the test's current version. */
async function corrected(index: number, change: (q: any) => any) {
  const test = await tutor.get(worked.testId);
  return { test: { _id: worked.testId, version: test.version }, question: change(test.sections[0].questions[index]) };
}
const keyC = (q: any) => ({ ...q, options: q.options.map((o: any, k: number) => ({ ...o, isCorrect: k === 2 })) });

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  other = await signInEditor(server);
  worked = await takeWorkedExample(server, tutor);
  await analysis(); // raises the statistics reports on question 2
});
afterAll(() => server.close());

test('dryRun changes nothing (scores, the test and its version, reports) and its numbers are what the publish then does', async () => {
  const { test, question } = await corrected(1, keyC);
  const body = { test, questions: [{ question, publishOption: 'RE_EVALUATE' }] };
  const before = await snapshot();
  const preview = await publish({ ...body, dryRun: true });
  expect(preview.status).toBe(200);
  // Key A → C: S1 S2 S3 S5 gain a mark, S4 S6 S7 S9 S10 lose one; S8 (B) and S11 (D) keep theirs.
  // Totals 6 6 5 4 4 3 1 2 0 1 0 of 6: percentages sum 533.34, mean 48.49 (was 549.99 / 11 = 50).
  expect(preview.body.data).toEqual({
    dryRun: true,
    freeTests: [{ sharedTestId: worked.sharedTestId, attempts: 11, attemptsChanged: 9, oldMean: 50, newMean: 48.49 }],
  });
  expect(await snapshot()).toEqual(before);
  // Twice: the same.
  expect((await publish({ ...body, dryRun: true })).body.data).toEqual(preview.body.data);

  const real = await publish(body);
  expect(real.status).toBe(200);
  expect(real.body.data).toMatchObject({ attemptsChanged: 9, resolvedReports: 2, version: test.version + 1 });
  expect((await analysis()).mean).toBe(48.49);
});

test('dryRun keeps the publish rules: a stale version is refused (409), another organisation’s test is not found (404), a malformed dryRun is 400 naming it', async () => {
  const { test, question } = await corrected(0, (q) => q);
  const stale = await publish({ test: { ...test, version: test.version - 1 }, questions: [{ question, publishOption: 'RE_EVALUATE' }], dryRun: true });
  expect(stale.status).toBe(409);
  const foreign = await publish({ test, questions: [{ question, publishOption: 'RE_EVALUATE' }], dryRun: true }, other);
  expect(foreign.status).toBe(404);
  const malformed = await publish({ test, questions: [{ question, publishOption: 'RE_EVALUATE' }], dryRun: 'yes' });
  expect(malformed.status).toBe(400);
  expect(malformed.body.details.map((d: any) => d.field)).toEqual(['dryRun']);
});

test('after publishes the analysis from digests and rescores equals the one rebuilt from the answers as scored now', async () => {
  // A number's answer changed (5 + 7 "= 13" accepted instead): rescores of answers that are not choices.
  const { test, question } = await corrected(4, (q) => ({ ...q, solution: '13' }));
  expect((await publish({ test, questions: [{ question, publishOption: 'RE_EVALUATE' }] })).status).toBe(200);
  // Question 2 back to A with NO_CHANGE: later submits would be scored with A, past ones keep C.
  const back = await corrected(1, (q) => ({ ...q, options: q.options.map((o: any, k: number) => ({ ...o, isCorrect: k === 0 })) }));
  expect((await publish({ test: back.test, questions: [{ question: back.question, publishOption: 'NO_CHANGE' }] })).status).toBe(200);
  const fromDigests = await analysis();
  // S7 now right on question 5 (13), S1 S2 S3 S5 S6 wrong; question 2 still scored with C.
  expect(fromDigests.questions[4]).toMatchObject({ correct: 1, wrong: 6, skipped: 4 });
  expect(fromDigests.questions[1]).toMatchObject({ correct: 4 });
  await db().updateTable('attempts').set({ digest: null }).where('test_id', '=', worked.testId).execute();
  expect(await analysis()).toEqual(fromDigests);
});

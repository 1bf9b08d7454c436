import fs from 'node:fs';
import path from 'node:path';
import { DEMO_FREE_TEST_NAME, DEMO_SAMPLE_TEST_NAME, seedDemo, type DemoLogin } from '@server/demo';
import { ROOT } from '../support/paths';
import { login, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
let demo: DemoLogin;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = (await seedDemo(server.database.db, server.config))!;
  token = await login(server, demo);
});
afterAll(() => server.close());

const get = async (url: string) => {
  const response = await server.call('GET', url, { token });
  expect(response.status).toBe(200);
  return response.body.data;
};

/** The root of My Library, with its recent tests. */
const root = () => get('/api/folder/childrens/0?showRecent=true');
const testNamed = async (name: string) => (await root()).tests.testsArray.find((t: { name: string }) => t.name === name);
const freeTestOf = async () => get(`/api/v2/shared-test/test/${(await testNamed(DEMO_FREE_TEST_NAME))._id}`);

/** Rows of the demo organisation's tables that a second seed must leave as they are. */
async function counts(): Promise<Record<string, number>> {
  const db = server.database.db;
  const count = async (
    table: 'organizations' | 'users' | 'folders' | 'tests' | 'shared_tests' | 'students' | 'attempts' | 'attempt_answers' | 'question_reports',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tables = ['organizations', 'users', 'folders', 'tests', 'shared_tests', 'students', 'attempts', 'attempt_answers', 'question_reports'] as const;
  const files = fs.readdirSync(server.config.filesDir, { recursive: true }).filter((name) => String(name).endsWith('.png')).length;
  return { ...Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)]))), files };
}

test('the demo organisation signs in and finds a small library with recent tests, the sample test first', async () => {
  const user = await server.call('GET', '/api/auth/user', { token });
  expect(user.body.data.user).toMatchObject({ isSharedGlobal: true, enableViduParser: true, isCLPEditor: true });
  const library = await root();
  expect(library.folders.folderArray.map((f: { name: string }) => f.name)).toEqual(['Mathematics', 'Physics']);
  expect(library.tests.testsArray.map((t: { name: string }) => t.name).sort()).toEqual([DEMO_FREE_TEST_NAME, DEMO_SAMPLE_TEST_NAME, 'Welcome test'].sort());
  expect(library.recentTests.map((t: { name: string }) => t.name)).toEqual([
    DEMO_SAMPLE_TEST_NAME,
    DEMO_FREE_TEST_NAME,
    'Linear equations: practice',
    'Quadratic equations: unit test',
  ]);
  const maths = library.folders.folderArray[0];
  const algebra = (await get(`/api/folder/childrens/${maths._id}`)).folders.folderArray[0];
  const inside = await get(`/api/folder/childrens/${algebra._id}`);
  expect(inside.parentFolderDetail.map((c: { name: string }) => c.name)).toEqual(['Mathematics', 'Algebra']);
  expect(inside.tests.testCount).toBe(2);
});

test('the sample test holds every question type, maths, a stored picture, negative and partial marks, and EN, VI and KO questions', async () => {
  const sample = await get(`/api/v2/test/${(await testNamed(DEMO_SAMPLE_TEST_NAME))._id}`);
  const questions = sample.sections.flatMap((s: { questions: any[] }) => s.questions);
  const answerable = questions.flatMap((q: any) => (q.type === 'comprehension' ? q.questions : [q]));
  const types = answerable.map((q: { type: string }) => q.type);
  for (const type of ['multiple_choice', 'true_false', 'fill_ups', 'integer']) expect(types).toContain(type);
  const comprehension = questions.find((q: { type: string }) => q.type === 'comprehension');
  expect(comprehension.paragraph).toContain('evaporation');
  expect(comprehension.questions.length).toBeGreaterThanOrEqual(3);
  // Several right answers, partial marks; negative marks; a range answer.
  expect(answerable.some((q: any) => q.type === 'multiple_choice' && q.options.filter((o: any) => o.isCorrect).length > 1 && q.isPartialMarkingEnabled)).toBe(
    true,
  );
  expect(answerable.some((q: any) => q.isNegativeMarkingEnabled && q.marks.negative > 0)).toBe(true);
  expect(answerable.some((q: any) => q.type === 'fill_ups' && q.options.some((o: any) => o.type === 'range'))).toBe(true);
  // Maths as the editor stores it, and a picture stored as an upload is: served from the file store.
  expect(answerable.filter((q: { name: string }) => q.name.includes('\\(')).length).toBeGreaterThanOrEqual(5);
  const picture = /<img src="(\/api\/files\/[^"]+\.png)"/.exec(answerable.map((q: { name: string }) => q.name).join(''))?.[1];
  expect(picture).toBeDefined();
  const file = await fetch(`${server.baseUrl}${picture}`);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/png');
  expect(
    Buffer.from(await file.arrayBuffer())
      .subarray(1, 4)
      .toString('latin1'),
  ).toBe('PNG');
  // Sections in three languages.
  expect(sample.sections.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Mathematics', 'Tiếng Việt', '한국어']));
  expect(answerable.some((q: { name: string }) => q.name.includes('Việt Nam'))).toBe(true);
  expect(answerable.some((q: { name: string }) => q.name.includes('대한민국'))).toBe(true);
  expect(sample.totalNumberOfQuestions).toBe(answerable.length);
  // The test is ready to publish: no validation error.
  expect((await get(`/api/v2/shared-test/test/${sample._id}`)).isReadyToLink).toBe(true);
});

test('the sample Word document is served with the product and named in the demo tests for Bulk Upload', async () => {
  expect(fs.statSync(path.join(ROOT, 'portal/public/samples/testforge-word-sample.docx')).size).toBeGreaterThan(1000);
  for (const name of [DEMO_SAMPLE_TEST_NAME, 'Welcome test']) {
    const test = await get(`/api/v2/test/${(await testNamed(name))._id}`);
    expect(test.instructions).toContain('<a href="/samples/testforge-word-sample.docx">');
  }
});

test('the free test by link has 30 submitted attempts with varied scores and times, consistent with their answer sheets', async () => {
  const free = await freeTestOf();
  expect(free).toMatchObject({ isNew: false, isRemoved: false });
  const list = await get(`/api/v2/shared-test/${free._id}/attempts?limit=50`);
  expect(list.total).toBe(30);
  const attempts: { attemptId: string; status: string; score: number; maxScore: number; timeTakenS: number; student: { name: string } }[] = list.attempts;
  expect(attempts.every((a) => a.status === 'submitted')).toBe(true);
  expect(new Set(attempts.map((a) => a.score)).size).toBeGreaterThanOrEqual(10);
  expect(new Set(attempts.map((a) => Math.round(a.timeTakenS / 60))).size).toBeGreaterThanOrEqual(10);
  expect(attempts.every((a) => a.timeTakenS >= 8 * 60 && a.timeTakenS <= 45 * 60)).toBe(true);
  expect(attempts.map((a) => a.student.name)).toEqual(expect.arrayContaining(['Nguyễn Minh Anh', '김민준', 'Emma Wilson']));
  expect((await get(`/api/v2/shared-test/${free._id}/results/summary`)).submitted).toBe(30);
  // A student's answer sheet adds up to the score the list shows.
  for (const attempt of [attempts[0], attempts[attempts.length - 1]]) {
    const sheet = await get(`/api/v2/shared-test/${free._id}/attempts/${attempt.attemptId}`);
    const marks = sheet.questions.reduce((sum: number, q: { marks: number }) => sum + q.marks, 0);
    expect(Math.round(marks * 100) / 100).toBe(attempt.score);
    expect(sheet.questions.filter((q: { answer: unknown }) => q.answer !== null).length).toBeGreaterThan(0);
  }
});

test('the question analysis has figures for every question, and the Report Dashboard has the students’ reports', async () => {
  const free = await freeTestOf();
  const analysis = await get(`/api/v2/shared-test/${free._id}/analysis`);
  expect(analysis.attempts).toBe(30);
  for (const figure of ['mean', 'median', 'stdev', 'highest', 'lowest', 'reliability']) expect(analysis[figure]).not.toBeNull();
  expect(analysis.highest).toBeGreaterThan(analysis.lowest);
  expect(analysis.distribution.filter((bin: { count: number }) => bin.count > 0).length).toBeGreaterThanOrEqual(3);
  expect(analysis.questions).toHaveLength(15);
  for (const q of analysis.questions) {
    expect(q.attempted).toBe(30);
    expect(q.facility).not.toBeNull();
    expect(q.correct + q.wrong + q.skipped).toBe(30);
  }
  // Some questions are missed more than others, and choice questions show which options were chosen.
  const facilities = analysis.questions.map((q: { facility: number }) => q.facility);
  expect(Math.max(...facilities) - Math.min(...facilities)).toBeGreaterThan(0.3);
  expect(analysis.questions.filter((q: { discrimination: number | null }) => q.discrimination !== null).length).toBeGreaterThan(10);
  const choice = analysis.questions.find((q: { type: string }) => q.type === 'multiple_choice');
  expect(choice.options.reduce((sum: number, o: { chosen: number }) => sum + o.chosen, 0)).toBeGreaterThan(0);
  // The analysis reads the attempts' digests; they agree with the answers as scored.
  const outcomes = await server.database.db.selectFrom('attempt_answers').select(['question_id', 'outcome']).where('test_id', '=', free.testId).execute();
  for (const q of analysis.questions) {
    const of = (outcome: string) => outcomes.filter((o) => o.question_id === q.questionId && o.outcome === outcome).length;
    expect([q.correct, q.skipped]).toEqual([of('correct'), of('unattempted')]);
  }
  // The editor's analysis of the test reads the same attempts.
  expect((await get(`/api/v2/test/${free.testId}/analysis`)).attempts).toBe(30);

  expect((await get('/api/v2/report-repo/count')).activeReportedCount).toBeGreaterThanOrEqual(3);
});

test('a second seed adds nothing and shows no password', async () => {
  const before = await counts();
  expect(before).toMatchObject({ organizations: 1, users: 1, tests: 6, shared_tests: 1, students: 30, attempts: 30, files: 1 });
  await expect(seedDemo(server.database.db, server.config)).resolves.toBeNull();
  expect(await counts()).toEqual(before);
  // The tutor still signs in with the first password.
  await expect(login(server, demo)).resolves.toEqual(expect.any(String));
});

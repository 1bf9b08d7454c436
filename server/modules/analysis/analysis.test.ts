// The question analysis (issue 16) on PGlite and PostgreSQL: the worked example of
// docs/analysis.md taken by 11 students through the real student calls, every statistic checked
// against the working below; digests written by the submit, rebuilt from the answers, and across
// organisations.
import { createUser } from '../orgs/commands';
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { login, startTestServer, type TestServer } from '@tests/support/testServer';
import { takeWorkedExample } from './testing';

let server: TestServer;
let tutor: Editor;
let other: Editor;
let worked: Awaited<ReturnType<typeof takeWorkedExample>>;
const db = () => server.database.db;
const analysisOf = (who: Editor, path: string) => who.call('GET', `/api/v2/${path}/analysis`);

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  other = await signInEditor(server);
  worked = await takeWorkedExample(server, tutor);
});
afterAll(() => server.close());

/*
 * The working (docs/analysis.md, "Worked example"). Marks per student S1..S11, total T of 6:
 *   Q1 (key B)        1 1 1 1 1 0 1 0 0 0 0        Σx 6   Σx² 6
 *   Q2 (key A, wrong) 0 0 0 1 0 1 1 0 1 1 0        Σx 5   Σx² 5
 *   Q3 (key True)     1 1 1 1 0 1 0 1 0 1 0        Σx 7   Σx² 7
 *   Q4 (2 blanks)     2 2 1 2 1 1 0 1 0 0 0        Σx 10  Σx² 16
 *   Q5 (12)           1 1 1 0 1 1 0 0 0 0 0        Σx 5   Σx² 5
 *   T                 5 5 4 5 3 4 2 2 1 2 0        ΣT 33  ΣT² 129
 * Percentages (two decimals): 83.33 83.33 66.67 83.33 50 66.67 33.33 33.33 16.67 33.33 0, sum 549.99:
 *   mean 549.99 / 11 = 49.999 → 50; median (6th of 11 sorted) 50; highest 83.33; lowest 0;
 *   stdev √(Σ(p − 49.999)² / 11) = 27.52.
 * Bins: [0,10) S11; [10,20) S9; [30,40) S7 S8 S10; [50,60) S5; [60,70) S3 S6; [80,90) S1 S2 S4.
 * Groups: round(0.27 × 11) = 3. Top: S1 S2 S4 (83.33). Bottom: S11 (0), S9 (16.67), and of S7 S8
 *   S10 (33.33 each) the latest to submit, S10.
 * Discrimination of Q with rest R = T − x, r = (nΣxR − ΣxΣR) / √((nΣx² − (Σx)²)(nΣR² − (ΣR)²)):
 *   Q1: ΣR 27, ΣR² 87, ΣxR 18 → (198 − 162) / √(30 × 228) = 0.435
 *   Q2: ΣR 28, ΣR² 106, ΣxR 9 → (99 − 140) / √(30 × 382) = −0.383
 *   Q3: ΣR 26, ΣR² 82, ΣxR 20 → (220 − 182) / √(28 × 226) = 0.478
 *   Q4: ΣR 23, ΣR² 59, ΣxR 27 → (297 − 230) / √(76 × 120) = 0.702
 *   Q5: ΣR 28, ΣR² 92, ΣxR 16 → (176 − 140) / √(30 × 228) = 0.435
 * Reliability: Q4 has partial marks, so Cronbach's alpha. Item variances (÷ n): 30/121, 30/121,
 *   28/121, 76/121, 30/121, sum 194/121; variance of T: 129/11 − 3² = 330/121.
 *   alpha = 5/4 × (1 − 194/330) = 0.515.
 */
const WORKED = {
  attempts: 11,
  mean: 50,
  median: 50,
  stdev: 27.52,
  highest: 83.33,
  lowest: 0,
  reliability: 0.515,
  distribution: [1, 1, 0, 3, 0, 1, 2, 0, 3, 0].map((count, k) => ({ from: k * 10, to: k * 10 + 10, count })),
};
const option = (label: string, isCorrect: boolean, chosen: number, chosenByTop: number, chosenByBottom: number) => ({
  label,
  isCorrect,
  chosen,
  chosenByTop,
  chosenByBottom,
});
const WORKED_QUESTIONS = [
  {
    number: 1,
    type: 'multiple_choice',
    text: 'The capital of France?',
    attempted: 11,
    correct: 6,
    wrong: 4,
    skipped: 1,
    facility: 0.545,
    discrimination: 0.435,
    flags: [],
    options: [option('A', false, 2, 0, 1), option('B', true, 6, 3, 0), option('C', false, 1, 0, 0), option('D', false, 1, 0, 1)],
  },
  {
    number: 2,
    type: 'multiple_choice',
    text: '7 × 8 = ?',
    attempted: 11,
    correct: 5,
    wrong: 6,
    skipped: 0,
    facility: 0.455,
    discrimination: -0.383,
    flags: ['possible-wrong-key', 'negative-discrimination'],
    options: [option('A', true, 5, 1, 2), option('B', false, 1, 0, 0), option('C', false, 4, 2, 0), option('D', false, 1, 0, 1)],
  },
  {
    number: 3,
    type: 'true_false',
    text: 'Water boils at 100 °C at sea level.',
    attempted: 11,
    correct: 7,
    wrong: 4,
    skipped: 0,
    facility: 0.636,
    discrimination: 0.478,
    flags: [],
    options: [option('A', true, 7, 3, 1), option('B', false, 4, 0, 2)],
  },
  // Partial (one blank of two) counts as wrong: S3 S5 S6 S8 partial, S7 S10 wrong; S9 S11 skipped.
  { number: 4, type: 'fill_ups', attempted: 11, correct: 3, wrong: 6, skipped: 2, facility: 0.273, discrimination: 0.702, flags: [], options: [] },
  {
    number: 5,
    type: 'integer',
    text: '5 + 7 = ?',
    attempted: 11,
    correct: 5,
    wrong: 2,
    skipped: 4,
    facility: 0.455,
    discrimination: 0.435,
    flags: [],
    options: [],
  },
];

describe('GET /v2/shared-test/{id}/analysis', () => {
  test('the worked example: every statistic as worked out by hand', async () => {
    const res = await analysisOf(tutor, `shared-test/${worked.sharedTestId}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject(WORKED);
    expect(data.questions).toHaveLength(5);
    data.questions.forEach((q: any, i: number) => {
      expect(q).toMatchObject(WORKED_QUESTIONS[i]);
      expect(q.questionId).toBe(worked.questions[i]._id);
      expect(q.sectionId).toBeTruthy();
      if (i < 3) expect(q.options.map((o: any) => o.optionId)).toEqual(worked.questions[i].options.map((o: any) => o.id));
    });
  });

  test('the same from the answers: digests rebuilt for attempts without one (submitted before digests existed)', async () => {
    const before = (await analysisOf(tutor, `shared-test/${worked.sharedTestId}`)).body.data;
    await db().updateTable('attempts').set({ digest: null, digest_version: null }).where('shared_test_id', '=', worked.sharedTestId).execute();
    const rebuilt = (await analysisOf(tutor, `shared-test/${worked.sharedTestId}`)).body.data;
    expect(rebuilt).toEqual(before);
    const rows = await db().selectFrom('attempts').select(['digest']).where('shared_test_id', '=', worked.sharedTestId).execute();
    expect(rows.every((r) => r.digest)).toBe(true);
  });

  test("another organisation's free test, or one that does not exist: 404; a malformed id: 400 naming it", async () => {
    const foreign = await analysisOf(other, `shared-test/${worked.sharedTestId}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('capital');
    expect((await analysisOf(tutor, 'shared-test/no-such-free-test')).status).toBe(404);
    const long = await analysisOf(tutor, `shared-test/${'x'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.body.details.map((d: any) => d.field)).toEqual(['params.id']);
  });

  test('no submitted attempt: nulls and empty bins, the questions with no attempter', async () => {
    const { publishFreeTest } = await import('@tests/support/studentTests');
    const { workedQuestions } = await import('./testing');
    const free = await publishFreeTest(server, tutor, { name: 'Nobody yet', sections: [{ questions: workedQuestions() }] });
    const data = (await analysisOf(tutor, `shared-test/${free.sharedTestId}`)).body.data;
    expect(data).toMatchObject({ attempts: 0, mean: null, median: null, stdev: null, highest: null, lowest: null, reliability: null });
    expect(data.distribution.every((b: any) => b.count === 0)).toBe(true);
    expect(data.questions[0]).toMatchObject({ attempted: 0, facility: null, discrimination: null, flags: [] });
  });
});

describe('GET /v2/test/{id}/analysis', () => {
  test("the test's free tests together: the same as its one free test's", async () => {
    const byFree = (await analysisOf(tutor, `shared-test/${worked.sharedTestId}`)).body.data;
    const byTest = await analysisOf(tutor, `test/${worked.testId}`);
    expect(byTest.status).toBe(200);
    expect(byTest.body.data).toEqual(byFree);
  });

  test("another organisation's test, or a colleague's in the same one: 404 from both calls, nothing of it", async () => {
    const account = { orgCode: tutor.account.orgCode, email: 'analysis-colleague@example.com', password: 'colleague-pass-1' };
    await createUser(db(), { ...account, name: 'Colleague' });
    const token = await login(server, account);
    const colleague: Editor = { ...tutor, token, call: (method, path, body, lang) => server.call(method, path, { token, body, lang }) };
    for (const who of [other, colleague]) {
      for (const path of [`test/${worked.testId}`, `shared-test/${worked.sharedTestId}`]) {
        const res = await analysisOf(who, path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(JSON.stringify(res.body)).not.toContain('capital');
      }
    }
  });
});

describe('random test generation', () => {
  test('each question is counted over the attempts that drew it; options by the test’s order whatever the student’s', async () => {
    const { publishFreeTest, studentOf } = await import('@tests/support/studentTests');
    const { readyMcq } = await import('@tests/support/testEditor');
    const pool = ['One', 'Two', 'Three', 'Four'].map((name) => readyMcq(`Pool ${name}`));
    const free = await publishFreeTest(server, tutor, {
      name: 'Drawn',
      sections: [{ questions: pool }, { questions: [readyMcq('Always here')] }],
      settings: (ids) => ({ generateRandomTest: true, settingsForRTG: { [ids[0]]: { totalQuestions: 2 } }, shuffle: 'options' }),
    });
    const expected = new Map<string, { attempted: number; correct: number; chosen: number[] }>();
    for (let s = 0; s < 12; s++) {
      const student = studentOf(server, free.sharedTestId);
      const attempt = (await student.start()).body.data.attempt;
      for (const q of attempt.sections.flatMap((section: any) => section.questions)) {
        // Even students answer right ('4'), odd ones wrong ('3'); every third skips.
        if (s % 3 === 2) continue;
        const option = q.options.find((o: any) => o.name.includes(s % 2 ? '3' : '4'));
        await student.save(q.id, { selected: [option.id] });
      }
      expect((await student.submit()).status).toBe(200);
      for (const q of attempt.sections.flatMap((section: any) => section.questions)) {
        const e = expected.get(q.id) ?? { attempted: 0, correct: 0, chosen: [0, 0] };
        e.attempted++;
        if (s % 3 !== 2) {
          e.chosen[s % 2 ? 0 : 1]++;
          if (s % 2 === 0) e.correct++;
        }
        expected.set(q.id, e);
      }
    }
    const data = (await analysisOf(tutor, `shared-test/${free.sharedTestId}`)).body.data;
    expect(data.attempts).toBe(12);
    expect(data.questions.map((q: any) => q.number)).toEqual([1, 2, 3, 4, 5]);
    for (const q of data.questions) {
      const e = expected.get(q.questionId) ?? { attempted: 0, correct: 0, chosen: [0, 0] };
      expect([q.attempted, q.correct, q.options.map((o: any) => o.chosen)]).toEqual([e.attempted, e.correct, e.chosen]);
      expect(q.facility).toBe(e.attempted ? Math.round((e.correct / e.attempted) * 1000) / 1000 : null);
    }
    expect(data.questions[4].attempted).toBe(12);
    expect(data.questions.slice(0, 4).reduce((sum: number, q: any) => sum + q.attempted, 0)).toBe(24);
    await db().updateTable('attempts').set({ digest: null }).where('shared_test_id', '=', free.sharedTestId).execute();
    expect((await analysisOf(tutor, `shared-test/${free.sharedTestId}`)).body.data).toEqual(data);
  });
});

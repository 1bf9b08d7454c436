// A student's answer sheet as the tutor sees it (issue 16), on PGlite and PostgreSQL: students
// take a shuffled test of every question type (a comprehension too) through the student calls.
import { scoreAnswer } from '@shared/domain/scoring';
import { answerableQuestions, type ChildQuestion } from '@shared/domain/test';
import { publishFreeTest } from '@tests/support/studentTests';
import { signInEditor, type Editor } from '@tests/support/testEditor';
import { startTestServer, type TestServer } from '@tests/support/testServer';
import { answerable, option, resultsCall, takeTest } from './testing';

let server: TestServer;
let tutor: Editor;
let sharedTestId: string;
let testId: string;
let questions: ChildQuestion[];
const sheetOf = (attemptId: string, lang?: string) => resultsCall(tutor, sharedTestId, `attempts/${attemptId}`, {}, lang);

/** What these students answer: right, partly right, wrong, skipped, per question. */
function answerTo(question: any): unknown {
  const text = question.name as string;
  if (text.includes('prime')) return option(question, '7');
  if (text.includes('even')) return { selected: question.options.filter((o: any) => o.name === '2' || o.name === '6').map((o: any) => o.id) };
  if (text.includes('green')) return option(question, 'True');
  if (text.includes('Water')) return { blanks: Object.fromEntries(question.blanks.map((b: any) => [b.id, b.number === 1 ? '2' : '3.15'])) };
  if (text.includes('Cats')) return option(question, 'True');
  return null; // the integer question is skipped
}

beforeAll(async () => {
  server = await startTestServer();
  tutor = await signInEditor(server);
  ({ sharedTestId, testId } = await publishFreeTest(server, tutor, { name: 'Every type, shuffled', settings: { shuffle: 'both' } }));
  questions = answerableQuestions((await tutor.get(testId)).sections[0].questions);
});
afterAll(() => server.close());

test('each question in the order and numbering the student saw, options in their order, the answer, the right answer, marks and outcome', async () => {
  const testOrder = questions.map((q) => q._id).join();
  // Attempts are shuffled by their id: take until one's order differs from the test's own.
  let taken = await takeTest(server, sharedTestId, { name: 'Trần Thị Mai', contact: 'mai@example.com' }, answerTo);
  for (
    let i = 0;
    i < 5 &&
    answerable(taken.attempt)
      .map((q) => q.id)
      .join() === testOrder;
    i++
  ) {
    taken = await takeTest(server, sharedTestId, { name: `Student ${i}`, contact: `s${i}@example.com` }, answerTo);
  }
  const seen = answerable(taken.attempt);
  expect(seen.map((q) => q.id).join()).not.toBe(testOrder);

  const res = await sheetOf(taken.attemptId);
  expect(res.status).toBe(200);
  const sheet = res.body.data;
  expect(sheet.testName).toBe('Every type, shuffled');
  expect(sheet.questions.map((q: any) => [q.questionId, q.number])).toEqual(seen.map((q) => [q.id, q.number]));
  let total = 0;
  for (const [i, q] of sheet.questions.entries()) {
    const own = questions.find((t) => t._id === q.questionId)!;
    const given = answerTo(seen[i]) as any;
    const scored = scoreAnswer(own, given);
    total += scored.score;
    expect(q).toMatchObject({ type: own.type, question: own.name, marks: scored.score, maxMarks: own.marks.positive, outcome: scored.outcome, answer: given });
    if (own.type === 'multiple_choice' || own.type === 'true_false') {
      expect(q.options.map((o: any) => o.optionId)).toEqual(seen[i].options.map((o: any) => o.id));
      for (const o of q.options) expect(o.isCorrect).toBe(own.options.find((x) => x.id === o.optionId)!.isCorrect);
      const letters = q.options.flatMap((o: any, k: number) => (o.isCorrect ? [`${String.fromCharCode(65 + k)}. ${o.text.replace(/<[^>]+>/g, '')}`] : []));
      expect(q.rightAnswer).toBe(letters.join('; '));
    } else {
      expect(q.options).toEqual([]);
    }
  }
  const byText = (text: string) => sheet.questions.find((q: any) => q.question.includes(text));
  expect(byText('Water').rightAnswer).toBe('(1) 2; (2) 3.1 – 3.2');
  expect(byText('6 × 7').rightAnswer).toBe('42');
  expect(byText('6 × 7')).toMatchObject({ answer: null, outcome: 'unattempted', marks: 0 });
  expect(byText('even')).toMatchObject({ outcome: 'partial', marks: 2.67 });
  expect(byText('green')).toMatchObject({ outcome: 'wrong', marks: -0.5 });
  // The comprehension's own question carries its passage; the others none.
  expect(byText('Cats sleep')).toMatchObject({ passage: '<p>Cats sleep a lot.</p>', outcome: 'correct' });
  expect(sheet.questions.filter((q: any) => q.passage !== null)).toHaveLength(1);
  expect(new Set(sheet.questions.map((q: any) => q.sectionName))).toEqual(new Set(['Part 1']));
  expect(sheet.attempt).toMatchObject({
    attemptId: taken.attemptId,
    status: 'submitted',
    score: Math.round(total * 100) / 100,
    rank: 1,
    student: { name: expect.any(String) },
  });
});

test('marks as they are now: a publish giving full marks (GRACE) shows on the sheet, the question as it is now too', async () => {
  const { attemptId } = await takeTest(server, sharedTestId, { name: 'Graced', contact: 'grace@example.com' }, answerTo);
  const integer = questions.find((q) => q.type === 'integer')!;
  const current = answerableQuestions((await tutor.get(testId)).sections[0].questions).find((q) => q._id === integer._id)!;
  const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
    test: { _id: testId },
    questions: [{ question: { ...current, name: '<p>6 × 7 = ? (corrected)</p>' }, publishOption: 'GRACE' }],
  });
  expect(published.status).toBe(200);
  const sheet = (await sheetOf(attemptId)).body.data;
  const graced = sheet.questions.find((q: any) => q.questionId === integer._id);
  expect(graced).toMatchObject({ question: '<p>6 × 7 = ? (corrected)</p>', marks: integer.marks.positive, answer: null });
  expect(sheet.attempt.scoreChanges).toEqual([expect.objectContaining({ publishId: published.body.data.publishId, newScore: sheet.attempt.score })]);
  expect(sheet.questions.reduce((sum: number, q: any) => sum + q.marks, 0)).toBeCloseTo(sheet.attempt.score, 5);
});

test('an attempt in progress: its saved answers, not yet scored; ids that are not its attempts are 404', async () => {
  const { attemptId } = await takeTest(server, sharedTestId, { name: 'Still Going', contact: 'going@example.com' }, answerTo, { submit: false });
  const sheet = (await sheetOf(attemptId)).body.data;
  expect(sheet.attempt).toMatchObject({ status: 'in-progress', rank: null, submittedAt: null });
  expect(sheet.questions.find((q: any) => q.question.includes('prime')).answer.selected).toHaveLength(1);
  for (const id of ['nope', `${attemptId}x`, "' or '1'='1"]) expect((await sheetOf(encodeURIComponent(id))).status).toBe(404);
  expect((await sheetOf('x'.repeat(65))).status).toBe(400);
});

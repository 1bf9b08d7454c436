// Issue 19: student saves and submits are written in groups: a burst costs a few transactions,
// every write answers only after its transaction committed, and the newest answer (seq) wins.
import { startTestServer, type TestServer } from '../support/testServer';
import { signInEditor } from '../support/testEditor';
import { publishFreeTest, studentOf } from '../support/studentTests';
import { GroupCommit } from '@server/modules/students/groupCommit';
import { StudentsRepository, type AnswerSave } from '@server/modules/students/repository';

let server: TestServer;
let sharedTestId: string;
beforeAll(async () => {
  server = await startTestServer();
  const tutor = await signInEditor(server);
  ({ sharedTestId } = await publishFreeTest(server, tutor, { name: 'Burst quiz' }));
});
afterAll(() => server.close());

const answerable = (attempt: any): string[] =>
  attempt.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.children ? q.children : [q]))).map((q: any) => q.id);

async function attempts(count: number) {
  const started = [];
  for (let i = 0; i < count; i++) {
    const student = studentOf(server, sharedTestId);
    const res = await student.start();
    expect(res.status).toBe(200);
    started.push({ student, attemptId: res.body.data.attempt.attemptId as string, questions: answerable(res.body.data.attempt) });
  }
  return started;
}

test('a burst of saves goes in a few transactions; the highest seq of each question is stored whatever the grouping', async () => {
  const repo = new StudentsRepository(server.database.db);
  const group = new GroupCommit<AnswerSave, 'saved' | 'stale' | 'closed'>((items) => repo.inTransaction((trx) => repo.saveAnswers(trx, items)));
  const started = await attempts(5);
  const saves: AnswerSave[] = [];
  for (const { attemptId, questions } of started) {
    for (const questionId of questions)
      for (let seq = 1; seq <= 4; seq++) saves.push({ attemptId, questionId, answer: { value: `v${seq}` }, seq, at: new Date() });
  }
  const results = await Promise.all(saves.map((save) => group.run(save)));
  expect(results.every((r) => r === 'saved' || r === 'stale')).toBe(true);
  expect(group.counts.writes).toBe(saves.length);
  expect(group.counts.transactions).toBeLessThanOrEqual(Math.ceil(saves.length / 5));
  const stored = await server.database.db
    .selectFrom('attempt_answers')
    .select(['attempt_id', 'question_id', 'answer', 'client_seq'])
    .where(
      'attempt_id',
      'in',
      started.map((s) => s.attemptId),
    )
    .execute();
  expect(stored).toHaveLength(saves.length / 4);
  for (const row of stored) expect({ answer: row.answer, seq: Number(row.client_seq) }).toEqual({ answer: { value: 'v4' }, seq: 4 });

  // Without seq, saves of one question in one group apply in the order they came; null clears.
  const [{ attemptId, questions }] = started;
  const inOrder = new GroupCommit<AnswerSave, 'saved' | 'stale' | 'closed'>((items) => repo.inTransaction((trx) => repo.saveAnswers(trx, items)), {
    maxGroup: 50,
    concurrency: 1,
  });
  const order = await Promise.all([
    inOrder.run({ attemptId, questionId: questions[0]!, answer: { value: 'first' }, at: new Date() }),
    inOrder.run({ attemptId, questionId: questions[0]!, answer: { value: 'second' }, seq: 9, at: new Date() }),
    inOrder.run({ attemptId, questionId: questions[1]!, answer: null, seq: 9, at: new Date() }),
    inOrder.run({ attemptId, questionId: questions[0]!, answer: { value: 'old' }, seq: 5, at: new Date() }),
  ]);
  // The first went alone; the three that waited for it went together, in one transaction.
  expect(inOrder.counts).toEqual({ transactions: 2, writes: 4 });
  expect(order).toEqual(['saved', 'saved', 'saved', 'stale']);
  const rows = new Map((await repo.answersOf(attemptId)).map((r) => [r.question_id, r]));
  expect(rows.get(questions[0]!)!.answer).toEqual({ value: 'second' });
  expect(rows.get(questions[1]!)!.answer).toBeNull();
});

test("one write's failure is its own: the rest of its group is committed", async () => {
  const repo = new StudentsRepository(server.database.db);
  const group = new GroupCommit<AnswerSave, 'saved' | 'stale' | 'closed'>((items) => repo.inTransaction((trx) => repo.saveAnswers(trx, items)), {
    maxGroup: 50,
    concurrency: 1,
  });
  const [{ attemptId, questions }] = await attempts(1);
  const outcomes = await Promise.allSettled(
    questions.map((questionId, i) =>
      group.run({ attemptId, questionId, answer: { value: `ok${i}` }, seq: 1, at: i === 1 ? new Date(Number.NaN) : new Date() }),
    ),
  );
  expect(outcomes.map((o) => o.status)).toEqual(questions.map((_, i) => (i === 1 ? 'rejected' : 'fulfilled')));
  const rows = new Map((await repo.answersOf(attemptId)).map((r) => [r.question_id, r.answer]));
  questions.forEach((q, i) => expect(rows.get(q)).toEqual(i === 1 ? null : { value: `ok${i}` }));
});

test('over HTTP: 60 students save and submit at once; every acknowledged answer is stored and scored, a save after the submit is refused', async () => {
  const started = await attempts(60);
  const saved = await Promise.all(started.map(({ student, questions }) => student.save(questions.at(-1)!, null, 1)));
  expect(saved.map((r) => r.status)).toEqual(started.map(() => 200));
  const submitted = await Promise.all(started.map(({ student }) => student.submit()));
  expect(submitted.map((r) => r.status)).toEqual(started.map(() => 200));
  const rows = await server.database.db
    .selectFrom('attempts')
    .select(['id', 'submitted_at'])
    .where(
      'id',
      'in',
      started.map((s) => s.attemptId),
    )
    .execute();
  expect(rows.filter((r) => r.submitted_at)).toHaveLength(60);
  const late = await started[0]!.student.save(started[0]!.questions[0]!, null, 2);
  expect(late.status).toBe(409);
  expect(late.body.code).toBe('ATTEMPT_SUBMITTED');
});

test('a group of submits is written together: the same attempt twice writes once, a submitted one not again, every answer scored, each counted once', async () => {
  const [a, b] = await attempts(2);
  for (const s of [a!, b!]) expect((await s.student.save(s.questions[0]!, null, 1)).status).toBe(200);
  const repo = new StudentsRepository(server.database.db);
  const counted = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('results_counters')
          .select((eb) => eb.fn.sum<string>('submitted').as('n'))
          .where('shared_test_id', '=', sharedTestId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await counted();
  const write = (attemptId: string, question: string, score: number) => ({
    attemptId,
    scores: [{ q: question, s: score, o: score > 0 ? 'correct' : 'incorrect' }],
    total: { score, maxScore: 4, submittedAt: new Date(), testVersion: 1, digest: 'x' },
  });
  const first = await repo.inTransaction((trx) =>
    repo.writeScores([write(a!.attemptId, a!.questions[0]!, 4), write(b!.attemptId, b!.questions[0]!, 0), write(a!.attemptId, a!.questions[0]!, 1)], trx),
  );
  expect(first).toEqual([true, true, false]);
  // Submitted already: nothing changes.
  expect(await repo.inTransaction((trx) => repo.writeScores([write(b!.attemptId, b!.questions[0]!, 4)], trx))).toEqual([false]);
  const stored = await server.database.db
    .selectFrom('attempts as t')
    .innerJoin('attempt_answers as aa', 'aa.attempt_id', 't.id')
    .select(['t.id', 't.score', 'aa.score as answer_score', 'aa.outcome'])
    .where('t.id', 'in', [a!.attemptId, b!.attemptId])
    .where('aa.question_id', 'in', [a!.questions[0]!, b!.questions[0]!])
    .orderBy('t.score', 'desc')
    .execute();
  expect(stored.map((r) => [r.id, Number(r.score), Number(r.answer_score), r.outcome])).toEqual([
    [a!.attemptId, 4, 4, 'correct'],
    [b!.attemptId, 0, 0, 'incorrect'],
  ]);
  expect((await counted()) - before).toBe(2);
});

import { sql } from 'kysely';
import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { HOUR, fromNow, publishFreeTest, studentOf } from '../support/studentTests';
import { buildLayout } from '@server/modules/students/layout';
// @database-neutral: its subject is the student calls one at a time, whose SQL is the same on both databases (their concurrent saves run on both in groupCommit and studentsOptional), so it runs once (jest.config.js).

/** Students taking a free test (decisions section 5): the /api/student calls and POST /api/question/report/{id}. */
let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

const db = () => server.database.db;
const fieldsOf = (res: { body: any }) => res.body.details?.map((d: { field: string }) => d.field);
/** Every question of an attempt view, comprehension children flattened (answerable only). */
const answerable = (attempt: any): any[] => attempt.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.children ? q.children : [q])));
const byName = (attempt: any, text: string) => answerable(attempt).find((q) => q.name.includes(text));
const optionId = (question: any, name: string) => question.options.find((o: any) => o.name.includes(name)).id;

describe('landing page and identification', () => {
  test('the landing info: name, instructions, duration, sections, window; unknown or disabled is 404', async () => {
    const { sharedTestId, sectionIds } = await publishFreeTest(server, tutor, { name: 'Landing quiz', noOfAttempts: 2 });
    const student = studentOf(server, sharedTestId);
    const res = await student.info();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sharedTestId,
      name: 'Landing quiz',
      duration: 30 * 60_000,
      noOfAttempts: 2,
      status: 'open',
      message: null,
      endTime: null,
      numberOfQuestions: 6,
      sections: [{ id: sectionIds[0], name: 'Part 1', numberOfQuestions: 6 }],
    });
    expect((await server.call('GET', '/api/student/test/nope')).status).toBe(404);
    const { body } = await tutor.call(
      'GET',
      `/api/v2/shared-test/test/${(await db().selectFrom('shared_tests').select('test_id').where('id', '=', sharedTestId).executeTakeFirstOrThrow()).test_id}`,
    );
    await tutor.call('PATCH', `/api/v2/shared-test/update/${body.data._id}`, { isRemoved: true });
    const gone = await student.info('vi');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/Liên kết bài kiểm tra không hợp lệ/);
  });

  test('before the start and after the end: a clear message, and starting is refused', async () => {
    const early = await publishFreeTest(server, tutor, { startTime: fromNow(HOUR) });
    const student = studentOf(server, early.sharedTestId);
    const info = await student.info();
    expect(info.body.data.status).toBe('notStarted');
    expect(info.body.data.message).toMatch(/has not started yet\. It opens at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const start = await student.start();
    expect(start.status).toBe(409);
    expect(start.body.code).toBe('TEST_NOT_STARTED');

    const late = await publishFreeTest(server, tutor, { endTime: fromNow(HOUR) });
    await db()
      .updateTable('shared_tests')
      .set({ start_time: new Date(Date.now() - 2 * HOUR), end_time: new Date(Date.now() - HOUR) })
      .where('id', '=', late.sharedTestId)
      .execute();
    const ended = studentOf(server, late.sharedTestId);
    expect((await ended.info('ko')).body.data).toMatchObject({ status: 'ended', message: expect.stringMatching(/시험이 끝났습니다/) });
    expect((await ended.start()).body.code).toBe('TEST_ENDED');
  });

  test('identify: one student per organisation and contact (e-mail without case, phone by its digits), from the same device; bad input names the field', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const a = await student.identify({ name: 'Mai', contact: 'Mai.Tran@Example.com', deviceKey: student.deviceKey });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ student: { name: 'Mai' }, attemptsUsed: 0, attemptsLeft: null, hasAttemptInProgress: false });
    const b = await student.identify({ name: 'Mai T.', contact: ' mai.tran@example.COM ', deviceKey: student.deviceKey });
    expect(b.body.data.student.id).toBe(a.body.data.student.id);
    expect(b.body.data.student.name).toBe('Mai T.');
    const p1 = await student.identify({ name: 'Phone', contact: '+84 (90) 123-4567', deviceKey: student.deviceKey });
    const p2 = await student.identify({ name: 'Phone', contact: '84901234567', deviceKey: student.deviceKey });
    expect(p2.body.data.student.id).toBe(p1.body.data.student.id);
    const key = await db().selectFrom('students').select('contact_key').where('id', '=', p1.body.data.student.id).executeTakeFirstOrThrow();
    expect(key.contact_key).toBe('84901234567');
    expect(fieldsOf(await student.identify({ name: 'X', contact: 'not an email' }))).toEqual(['contact']);
    expect(fieldsOf(await student.identify({ name: '', contact: 'a@b.co' }))).toEqual(['name']);
    expect(fieldsOf(await student.identify({ name: 'X', contact: 'a@b.co', extra: 1 }))).toEqual(['extra']);
  });
});

describe('taking the test', () => {
  test('start: the questions without correct answers or solutions, one answer row per question; start again resumes with a new token', async () => {
    const { sharedTestId, testId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const started = await student.start();
    expect(started.status).toBe(200);
    const attempt = started.body.data.attempt;
    expect(attempt).toMatchObject({ testName: 'Student quiz', studentName: 'An Student', submittedAt: null, graceMs: 10_000 });
    expect(Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)).toBe(30 * 60_000);
    const text = JSON.stringify(attempt);
    expect(text).not.toMatch(/isCorrect|7 is prime|accepted|"42"/);
    expect(answerable(attempt)).toHaveLength(6);
    expect(byName(attempt, 'even numbers')).toMatchObject({ isMultiSelect: true, marks: { positive: 4 } });
    expect(byName(attempt, 'Water')).toMatchObject({
      blanks: [
        { id: 'b1', number: 1 },
        { id: 'b2', number: 2 },
      ],
    });
    const rows = await db().selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attempt.attemptId).execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.test_id === testId && r.answer === null && r.outcome === 'unattempted')).toBe(true);

    const firstToken = student.token;
    const again = await student.start();
    expect(again.body.data.attempt.attemptId).toBe(attempt.attemptId);
    expect(student.token).not.toBe(firstToken);
    const old = await server.call('GET', '/api/student/attempt', { headers: { 'x-student-token': firstToken } });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('STUDENT_SESSION_INVALID');
    expect((await student.identify()).body.data).toMatchObject({ attemptsUsed: 1, hasAttemptInProgress: true });
  });

  test('saving: idempotent, kept on resume, cleared with null; refused for questions not in the attempt, with the field named', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const mcq = byName(attempt, 'prime');
    for (let i = 0; i < 2; i++) expect((await student.save(mcq.id, { selected: [optionId(mcq, '7')] })).status).toBe(200);
    const fill = byName(attempt, 'Water');
    await student.save(fill.id, { blanks: { b1: '2' } });
    const resumed = (await student.attempt()).body.data;
    expect(resumed.answers).toEqual({ [mcq.id]: { selected: [optionId(mcq, '7')] }, [fill.id]: { blanks: { b1: '2' } } });
    await student.save(fill.id, null);
    expect((await student.attempt()).body.data.answers[fill.id]).toBeUndefined();

    const other = await publishFreeTest(server, tutor);
    const stranger = studentOf(server, other.sharedTestId);
    const foreign = byName((await stranger.start()).body.data.attempt, 'prime');
    const res = await student.save(foreign.id, { selected: [optionId(foreign, '7')] });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['questionId']);
    expect(fieldsOf(await student.save(mcq.id, { value: '3' }))).toEqual(['answer.value']);
    expect(fieldsOf(await student.save(mcq.id, { selected: ['nope'] }))).toEqual(['answer.selected']);
    expect(fieldsOf(await student.save(mcq.id, { selected: [optionId(mcq, '7'), optionId(mcq, '4')] }))).toEqual(['answer.selected']);
    expect(fieldsOf(await student.save(fill.id, { blanks: { b9: 'x' } }))).toEqual(['answer.blanks.b9']);
    expect(fieldsOf(await student.save(mcq.id, { selected: [], colour: 'red' }))).toEqual(['answer.colour']);
    expect((await server.call('PUT', `/api/student/attempt/answer/${mcq.id}`, { body: { answer: null } })).status).toBe(401);
  });

  test('submit scores every type with the scoring rule; the attempt total is the sum of its answers', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const q = (text: string) => byName(attempt, text);
    await student.save(q('prime').id, { selected: [optionId(q('prime'), '7')] }); // correct 1
    await student.save(q('even').id, { selected: [optionId(q('even'), '2'), optionId(q('even'), '6')] }); // partial 4 * 2/3
    await student.save(q('sky').id, { selected: [optionId(q('sky'), 'True')] }); // wrong -0.5
    await student.save(q('Water').id, { blanks: { b1: ' 2 ', b2: '3,14' } }); // correct 2
    await student.save(q('6 × 7').id, { value: '42' }); // correct 1
    // the comprehension's question is left: unattempted 0
    const res = await student.submit();
    expect(res.status).toBe(200);
    const result = res.body.data;
    expect(result.score).toBe(1 + 2.67 - 0.5 + 2 + 1);
    expect(result.maxScore).toBe(1 + 4 + 1 + 2 + 1 + 1);
    expect(result.counts).toEqual({ correct: 3, partial: 1, wrong: 1, unattempted: 1 });
    const rows = await db().selectFrom('attempt_answers').select(['question_id', 'score', 'outcome']).where('attempt_id', '=', attempt.attemptId).execute();
    const stored = await db()
      .selectFrom('attempts')
      .select(['score', 'max_score', 'submitted_at'])
      .where('id', '=', attempt.attemptId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.score)).toBeCloseTo(
      rows.reduce((sum, r) => sum + Number(r.score), 0),
      5,
    );
    expect(Number(stored.max_score)).toBe(10);
    expect(stored.submitted_at).not.toBeNull();
    expect(Object.fromEntries(rows.map((r) => [r.question_id, r.outcome]))[q('sky').id]).toBe('wrong');

    // Submitted: saves are refused, a second submit answers the same result.
    expect((await student.save(q('prime').id, null)).body.code).toBe('ATTEMPT_SUBMITTED');
    expect((await student.submit()).body.data.score).toBe(result.score);
  });

  test('the first submit marks the test attempted: the editor then refuses deletes', async () => {
    const { sharedTestId, testId, sectionIds } = await publishFreeTest(server, tutor);
    const before = await tutor.call('GET', `/api/v2/test/${testId}`);
    expect(before.body.data.isAttempted).toBe(false);
    const student = studentOf(server, sharedTestId);
    await student.start();
    expect((await tutor.call('GET', `/api/v2/test/${testId}`)).body.data.isAttempted).toBe(false);
    expect((await student.submit()).status).toBe(200);
    const after = (await tutor.call('GET', `/api/v2/test/${testId}`)).body.data;
    expect(after.isAttempted).toBe(true);
    const questionId = after.sections[0].questions[0]._id;
    const refused = await tutor.call('DELETE', '/api/v2/question/delete', {
      testId,
      version: after.version,
      sectionId: sectionIds[0],
      questionIds: [questionId],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TEST_ATTEMPTED');
  });

  test('the attempt limit: the last attempt used, starting is refused; identify says none are left', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { noOfAttempts: 1 });
    const student = studentOf(server, sharedTestId);
    await student.start();
    await student.submit();
    const refused = await student.start();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ATTEMPTS_USED', message: 'You have used all 1 attempts of this test.' });
    expect((await student.identify()).body.data).toMatchObject({ attemptsUsed: 1, attemptsLeft: 0, hasAttemptInProgress: false });
    // Another student has their own attempts.
    expect((await studentOf(server, sharedTestId).start()).status).toBe(200);
  });

  test('the deadline is the server clock: a save after the deadline and its grace is refused; a late submit scores what was saved in time', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const mcq = byName(attempt, 'prime');
    await student.save(mcq.id, { selected: [optionId(mcq, '7')] });
    const deadline = (ms: number) =>
      db()
        .updateTable('attempts')
        .set({ deadline_at: new Date(Date.now() - ms) })
        .where('id', '=', attempt.attemptId)
        .execute();
    await deadline(5_000); // within the grace
    expect((await student.save(byName(attempt, '6 × 7').id, { value: '41' })).status).toBe(200);
    await deadline(60_000);
    const refused = await student.save(byName(attempt, '6 × 7').id, { value: '42' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TIME_UP');
    // The refused save submitted the attempt with what it had.
    const late = await student.submit();
    expect(late.status).toBe(200);
    expect(late.body.data.score).toBe(1);
    const row = await db().selectFrom('attempts').select(['submitted_at', 'deadline_at']).where('id', '=', attempt.attemptId).executeTakeFirstOrThrow();
    expect(row.submitted_at!.getTime()).toBe(row.deadline_at!.getTime());
  });

  test('an attempt nobody submits is submitted with its saved answers when the free test is next opened', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    await student.save(byName(attempt, '6 × 7').id, { value: '42' });
    await db()
      .updateTable('attempts')
      .set({ deadline_at: new Date(Date.now() - 60_000) })
      .where('id', '=', attempt.attemptId)
      .execute();
    await studentOf(server, sharedTestId).info();
    const row = await db().selectFrom('attempts').select(['score', 'submitted_at']).where('id', '=', attempt.attemptId).executeTakeFirstOrThrow();
    expect(row.submitted_at).not.toBeNull();
    expect(Number(row.score)).toBe(1);
  });
});

test('the test kept in memory follows the tutor’s edits (its version is part of the key)', async () => {
  const { sharedTestId, testId } = await publishFreeTest(server, tutor);
  const student = studentOf(server, sharedTestId);
  await student.start();
  expect((await student.attempt()).body.data.testName).toBe('Student quiz');
  const { version } = await tutor.get(testId);
  await tutor.call('PATCH', '/api/v2/test/update', { testId, version, name: 'Renamed quiz' });
  expect((await student.attempt()).body.data.testName).toBe('Renamed quiz');
  expect((await student.info()).body.data.name).toBe('Renamed quiz');
});

describe('layout', () => {
  const six = () =>
    Array.from({ length: 6 }, (_, i) => ({
      ...readyMcq(`Question ${i + 1}`),
      options: ['a', 'b', 'c', 'd'].map((name, j) => ({ name: `${name}${i}`, isCorrect: j === 0 })),
    }));

  test('shuffled questions and options: fixed per attempt (the same on every read), different between attempts', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { sections: [{ questions: six() }], settings: { shuffle: 'both' } });
    const orders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const student = studentOf(server, sharedTestId);
      const first = (await student.start()).body.data.attempt;
      const again = (await student.attempt()).body.data;
      const names = (a: any) =>
        answerable(a)
          .map((q) => q.name)
          .join('|');
      expect(names(again)).toBe(names(first));
      expect(JSON.stringify(again.sections)).toBe(JSON.stringify(first.sections));
      expect(
        answerable(first)
          .map((q) => q.name)
          .sort(),
      ).toEqual(
        six()
          .map((q) => q.name)
          .sort(),
      );
      orders.add(names(first));
      optionOrders.add(
        answerable(first)[0]
          .options.map((o: any) => o.name)
          .join(''),
      );
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(1);
  });

  test('the same seed draws the same layout (buildLayout is deterministic)', async () => {
    const testId = (await publishFreeTest(server, tutor, { sections: [{ questions: six() }], settings: { shuffle: 'both' } })).testId;
    const test = await tutor.get(testId);
    expect(buildLayout(test, 'seed-1')).toEqual(buildLayout(test, 'seed-1'));
    expect(buildLayout(test, 'seed-1')).not.toEqual(buildLayout(test, 'seed-2'));
  });

  test('random test generation draws totalQuestions per section for each attempt', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, {
      sections: [{ questions: six() }, { questions: [readyMcq('Always here')] }],
      settings: (ids) => ({ generateRandomTest: true, settingsForRTG: { [ids[0]]: { totalQuestions: 2 } } }),
    });
    const drawn = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const attempt = (await studentOf(server, sharedTestId).start()).body.data.attempt;
      expect(attempt.sections[0].questions).toHaveLength(2);
      expect(attempt.sections[1].questions).toHaveLength(1);
      attempt.sections[0].questions.forEach((q: any) => drawn.add(q.id));
      const stored = await db().selectFrom('attempts').select('max_score').where('id', '=', attempt.attemptId).executeTakeFirstOrThrow();
      expect(Number(stored.max_score)).toBe(3);
      const rows = await db().selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', attempt.attemptId).execute();
      expect(rows).toHaveLength(3);
    }
    expect(drawn.size).toBeGreaterThan(2);
  });

  test('sections in order with their own durations: the next section opens when the one before is submitted', async () => {
    const { sharedTestId, sectionIds } = await publishFreeTest(server, tutor, {
      sections: [
        { questions: [readyMcq('First')], sectionDuration: 10 * 60_000 },
        { questions: [readyMcq('Second')], sectionDuration: 20 * 60_000 },
      ],
      settings: { isSectionSwitchingEnabled: false },
    });
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    expect(attempt.sections.map((s: any) => s.isOpen)).toEqual([true, false]);
    expect(Date.parse(attempt.sections[0].deadlineAt) - Date.parse(attempt.startedAt)).toBe(10 * 60_000);
    const second = byName(attempt, 'Second');
    expect((await student.save(second.id, { selected: [optionId(second, '4')] })).body.code).toBe('SECTION_NOT_OPEN');
    const after = (await student.submitSection(sectionIds[0])).body.data;
    expect(after.sections.map((s: any) => s.isOpen)).toEqual([false, true]);
    expect(Date.parse(after.sections[1].deadlineAt)).toBeGreaterThan(Date.now() + 19 * 60_000);
    const first = byName(attempt, 'First');
    expect((await student.save(first.id, null)).body.code).toBe('SECTION_SUBMITTED');
    expect((await student.save(second.id, { selected: [optionId(second, '4')] })).status).toBe(200);
    expect(fieldsOf(await student.submitSection('nope'))).toEqual(['sectionId']);
  });

  test('sectional submit is refused when the test has none', async () => {
    const { sharedTestId, sectionIds } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    await student.start();
    expect((await student.submitSection(sectionIds[0])).body.code).toBe('NO_SECTIONAL_SUBMIT');
  });
});

describe('the result', () => {
  async function answered(settings: Record<string, unknown>, options: { endTime?: string } = {}) {
    const free = await publishFreeTest(server, tutor, { settings, ...options });
    const student = studentOf(server, free.sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    await student.save(byName(attempt, 'prime').id, { selected: [optionId(byName(attempt, 'prime'), '7')] });
    await student.save(byName(attempt, 'sky').id, { selected: [optionId(byName(attempt, 'sky'), 'True')] });
    const result = (await student.submit()).body.data;
    const question = (text: string) =>
      result.sections[0].questions.flatMap((q: any) => (q.children ? q.children : [q])).find((q: any) => q.name.includes(text));
    return { free, student, attempt, result, question };
  }

  test('all answers and solutions now (the defaults): correct options, blanks, the integer answer and solutions', async () => {
    const { result, question } = await answered({});
    expect(result).toMatchObject({ answersRevealed: true, solutionsRevealed: true, revealAt: null, scoreChanged: false, originalScore: null });
    expect(question('prime')).toMatchObject({ outcome: 'correct', score: 1, answersRevealed: true, solution: '<p>7 is prime.</p>' });
    expect(question('prime').options.map((o: any) => o.isCorrect)).toEqual([false, true, false]);
    expect(question('Water').blanks).toEqual([
      { id: 'b1', number: 1, accepted: ['2'] },
      { id: 'b2', number: 2, accepted: ['3.1 – 3.2'] },
    ]);
    expect(question('6 × 7')).toMatchObject({ correctValue: '42', outcome: 'unattempted', answer: null });
    expect(question('6 × 7').solution).toBeUndefined();
  });

  test('only for questions answered wrong, without solutions', async () => {
    const { result, question } = await answered({ revealCorrectAnswers: 'incorrect_questions', showSolutions: false });
    expect(result).toMatchObject({ answersRevealed: true, solutionsRevealed: false });
    expect(question('prime').answersRevealed).toBe(false);
    expect(question('prime').options[0].isCorrect).toBeUndefined();
    expect(question('sky')).toMatchObject({ outcome: 'wrong', score: -0.5, answersRevealed: true, answer: { selected: [expect.any(String)] } });
    expect(question('sky').options.find((o: any) => o.isCorrect).name).toBe('False');
    expect(JSON.stringify(result)).not.toMatch(/7 is prime/);
  });

  test('showAnswers off: the score and outcomes, no correct answers', async () => {
    const { result } = await answered({ showAnswers: false, showSolutions: false });
    expect(result.answersRevealed).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(/isCorrect|accepted|correctValue|"solution"/);
    expect(result.score).toBe(0.5);
  });

  test('later: revealed once the free test has closed', async () => {
    const endTime = fromNow(HOUR);
    const { free, student, result } = await answered({ revealAnswersTime: 'later' }, { endTime });
    expect(result).toMatchObject({ answersRevealed: false, solutionsRevealed: false, revealAt: endTime });
    await db()
      .updateTable('shared_tests')
      .set({ end_time: new Date(Date.now() - 1000) })
      .where('id', '=', free.sharedTestId)
      .execute();
    expect((await student.result()).body.data).toMatchObject({ answersRevealed: true, revealAt: null });
  });

  test('a re-evaluated score: the result shows the new score and that it changed', async () => {
    const { free, student, attempt, result } = await answered({});
    const publishId = 'pub-' + attempt.attemptId;
    await db()
      .insertInto('publishes')
      .values({ id: publishId, org_id: tutor.account.orgId, test_id: free.testId, options: JSON.stringify({}) })
      .execute();
    await db()
      .insertInto('score_changes')
      .values({ publish_id: publishId, attempt_id: attempt.attemptId, old_score: result.score, new_score: result.score + 1.5 })
      .execute();
    await db()
      .updateTable('attempts')
      .set({ score: sql`score + 1.5` })
      .where('id', '=', attempt.attemptId)
      .execute();
    expect((await student.result()).body.data).toMatchObject({ score: result.score + 1.5, scoreChanged: true, originalScore: result.score });
  });

  test('a real re-evaluation (report, correct the key, publish RE_EVALUATE): the student sees the new score and that it changed', async () => {
    const { free, student, attempt, result } = await answered({});
    const sky = byName(attempt, 'sky');
    expect((await student.report(sky.id, 'The sky is not green, but the key says so')).status).toBe(200);
    const test = await tutor.get(free.testId);
    const stored = test.sections[0].questions.find((q: any) => q._id === sky.id);
    // The student answered True: the corrected key makes True right (1 mark instead of -0.5).
    const corrected = { ...stored, options: stored.options.map((o: any) => ({ ...o, isCorrect: o.name.includes('True') })) };
    const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
      test: { _id: free.testId },
      questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }],
    });
    expect(published.status).toBe(200);
    const after = (await student.result()).body.data;
    expect(after).toMatchObject({ score: result.score + 1.5, scoreChanged: true, originalScore: result.score });
    const question = after.sections[0].questions.find((q: any) => q.id === sky.id);
    expect(question).toMatchObject({ outcome: 'correct', score: 1 });
  });

  test('publishes in a row: each applies to the attempts scored before it; NO_CHANGE keeps past scores; later attempts use the key they were scored with', async () => {
    const planet = {
      type: 'multiple_choice',
      name: '<p>Largest planet?</p>',
      options: ['Saturn', 'Jupiter', 'Mars'].map((name, i) => ({ name, isCorrect: i === 0 })),
    };
    const free = await publishFreeTest(server, tutor, { sections: [{ questions: [planet] }] });
    const take = async (choice: string) => {
      const student = studentOf(server, free.sharedTestId);
      const attempt = (await student.start()).body.data.attempt;
      const question = answerable(attempt)[0];
      await student.save(question.id, { selected: [optionId(question, choice)] });
      expect((await student.submit()).status).toBe(200);
      return { student, questionId: question.id as string };
    };
    const mark = async (who: { student: ReturnType<typeof studentOf> }) => {
      const result = (await who.student.result()).body.data;
      return [result.score, result.sections[0].questions[0].outcome, result.scoreChanged];
    };
    const publishKey = async (correct: string, publishOption: string) => {
      const stored = (await tutor.get(free.testId)).sections[0].questions[0];
      const question = { ...stored, options: stored.options.map((o: any) => ({ ...o, isCorrect: o.name.includes(correct) })) };
      const res = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', { test: { _id: free.testId }, questions: [{ question, publishOption }] });
      expect(res.status).toBe(200);
    };

    const first = await take('Jupiter');
    expect(await mark(first)).toEqual([0, 'wrong', false]);
    await publishKey('Jupiter', 'RE_EVALUATE');
    expect(await mark(first)).toEqual([1, 'correct', true]);
    // Scored with the corrected key: the re-evaluation before it does not apply.
    const second = await take('Saturn');
    expect(await mark(second)).toEqual([0, 'wrong', false]);
    // NO_CHANGE: the key moves back for future attempts only.
    await publishKey('Saturn', 'NO_CHANGE');
    expect(await mark(first)).toEqual([1, 'correct', true]);
    expect(await mark(second)).toEqual([0, 'wrong', false]);
    const third = await take('Saturn');
    expect(await mark(third)).toEqual([1, 'correct', false]);
    // A re-evaluation to Mars applies to all three, each from its own score as it is now.
    await publishKey('Mars', 'RE_EVALUATE');
    expect(await mark(first)).toEqual([0, 'wrong', true]);
    expect(await mark(second)).toEqual([0, 'wrong', false]);
    expect(await mark(third)).toEqual([0, 'wrong', true]);
    const changes = await db()
      .selectFrom('score_changes')
      .innerJoin('publishes', 'publishes.id', 'score_changes.publish_id')
      .select(['score_changes.old_score', 'score_changes.new_score'])
      .where('publishes.test_id', '=', free.testId)
      .orderBy('publishes.created_at')
      .execute();
    expect(changes.map((c) => [Number(c.old_score), Number(c.new_score)])).toEqual([
      [0, 1],
      [1, 0],
      [1, 0],
    ]);
  });

  test('the result before submit is refused', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    await student.start();
    expect((await student.result()).body.code).toBe('ATTEMPT_NOT_SUBMITTED');
  });
});

describe('reporting a question', () => {
  test('a question of the attempt (also a comprehension and after submit) is reported for the Report Dashboard', async () => {
    const { sharedTestId, testId } = await publishFreeTest(server, tutor);
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const mcq = byName(attempt, 'prime');
    const res = await student.report(mcq.id, '  Two answers are right  ');
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatch(/has been reported/);
    const comprehension = attempt.sections[0].questions.find((q: any) => q.type === 'comprehension');
    await student.submit();
    expect((await student.report(comprehension.id)).status).toBe(200);
    const rows = await db().selectFrom('question_reports').selectAll().where('attempt_id', '=', attempt.attemptId).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      org_id: tutor.account.orgId,
      test_id: testId,
      question_id: mcq.id,
      reason: 'Two answers are right',
      status: 'REPORTED',
      student_id: expect.any(String),
    });
    const count = await tutor.call('GET', '/api/v2/report-repo/count');
    expect(count.body.data.activeReportedCount).toBeGreaterThanOrEqual(1);
  });

  test("another organisation's question, a question not in the attempt: 404; no token: 401; no reason: 400", async () => {
    const mine = await publishFreeTest(server, tutor);
    const student = studentOf(server, mine.sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const otherTutor = await signInEditor(server);
    const theirs = await publishFreeTest(server, otherTutor);
    const foreign = byName((await studentOf(server, theirs.sharedTestId).start()).body.data.attempt, 'prime');
    expect((await student.report(foreign.id)).status).toBe(404);
    const sameOrgOther = await publishFreeTest(server, tutor);
    const notMine = byName((await studentOf(server, sameOrgOther.sharedTestId).start()).body.data.attempt, 'prime');
    expect((await student.report(notMine.id)).status).toBe(404);
    expect((await server.call('POST', `/api/question/report/${byName(attempt, 'prime').id}`, { body: { reason: 'x' } })).status).toBe(401);
    expect(fieldsOf(await student.report(byName(attempt, 'prime').id, '   '))).toEqual(['reason']);
    expect(await db().selectFrom('question_reports').select('id').where('attempt_id', '=', attempt.attemptId).execute()).toHaveLength(0);
  });
});

describe("a tutor's preview", () => {
  test('the same page without recording an attempt; scored in memory; only the tutor’s own test', async () => {
    const { testId } = await publishFreeTest(server, tutor);
    const before = await db()
      .selectFrom('attempts')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const preview = await tutor.call('GET', `/api/student/preview/${testId}`);
    expect(preview.status).toBe(200);
    const attempt = preview.body.data;
    expect(attempt).toMatchObject({ isPreview: true, testName: 'Student quiz' });
    expect(JSON.stringify(attempt)).not.toMatch(/isCorrect/);
    const mcq = byName(attempt, 'prime');
    const result = await tutor.call('POST', `/api/student/preview/${testId}/result`, {
      attemptId: attempt.attemptId,
      answers: { [mcq.id]: { selected: [optionId(mcq, '7')] } },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ isPreview: true, score: 1, maxScore: 10 });
    const after = await db()
      .selectFrom('attempts')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const bad = await tutor.call('POST', `/api/student/preview/${testId}/result`, { attemptId: attempt.attemptId, answers: { nope: { value: '1' } } });
    expect(fieldsOf(bad)).toEqual(['answers.nope']);
    const stranger = await signInEditor(server);
    expect((await stranger.call('GET', `/api/student/preview/${testId}`)).status).toBe(404);
    expect((await server.call('GET', `/api/student/preview/${testId}`)).status).toBe(401);
  });
});

describe('fill-in blanks with several accepted answers (issue 14)', () => {
  test('a student who types any one accepted answer of a blank gets it right; ranges too', async () => {
    // As the editor sends it: the accepted answers of one blank share its optionId.
    const question = {
      type: 'fill_ups',
      name: '<p>The capital of France is __; pi is about __</p>',
      marks: { positive: 2 },
      options: [
        { optionId: 'blank-a', name: 'Paris', positiveMarks: 1 },
        { optionId: 'blank-a', name: 'City of Light', positiveMarks: 1 },
        { optionId: 'blank-b', type: 'range', floor: 3.1, cap: 3.2, positiveMarks: 1 },
        { optionId: 'blank-b', name: 'pi', positiveMarks: 1 },
      ],
    };
    const { sharedTestId } = await publishFreeTest(server, tutor, { name: 'Alternatives', sections: [{ questions: [question] }] });
    const scoreOf = async (blanks: Record<string, string>) => {
      const student = studentOf(server, sharedTestId);
      const started = await student.start();
      const fill = answerable(started.body.data.attempt)[0];
      expect(fill.blanks.map((b: { id: string }) => b.id)).toEqual(['blank-a', 'blank-b']);
      expect((await student.save(fill.id, { blanks })).status).toBe(200);
      return (await student.submit()).body.data.score;
    };
    expect(await scoreOf({ 'blank-a': 'city of light', 'blank-b': '3.14' })).toBe(2);
    expect(await scoreOf({ 'blank-a': 'Paris', 'blank-b': 'PI' })).toBe(2);
    expect(await scoreOf({ 'blank-a': 'Lyon', 'blank-b': '3.14' })).toBe(0);
  });
});

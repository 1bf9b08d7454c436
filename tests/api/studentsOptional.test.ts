import type { TestServer } from '../support/testServer';
import { startWithEditor, type Editor } from '../support/testEditor';
import { publishFreeTest, studentOf } from '../support/studentTests';

/**
 * Issue 17 on the student side: optional questions ("attempt any N of M": the section's setting,
 * the N+1th answer refused, the best N scored at submit and at re-evaluation) and answers that
 * arrive out of order (the newest by the page's sequence number stays).
 */
let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

const db = () => server.database.db;
const fieldsOf = (res: { body: any }) => [...new Set(res.body.details?.map((d: { field: string }) => d.field))];
const answerable = (attempt: any): any[] => attempt.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.children ? q.children : [q])));
/** "Qn: 1 + n = ?" with options n (wrong) and n + 1 (right), 4 marks, -1 when wrong. */
const sum = (n: number) => ({
  type: 'multiple_choice',
  name: `<p>Q${n}: 1 + ${n} = ?</p>`,
  marks: { positive: 4, negative: 1 },
  isNegativeMarkingEnabled: true,
  options: [{ name: `${n}` }, { name: `${n + 1}`, isCorrect: true }],
});
const right = (q: any) => ({ selected: [q.options[1].id] });
const wrong = (q: any) => ({ selected: [q.options[0].id] });
/** Section 1: "attempt any 2" of Q1–Q3; section 2: Q4, every question counts. */
const optionalTest = () =>
  publishFreeTest(server, tutor, {
    name: 'Any two',
    settings: { hasOptionalQuestions: true },
    sections: [{ questions: [sum(1), sum(2), sum(3)], hasOptionalQuestions: true, attemptAny: 2 }, { questions: [sum(4)] }],
  });

describe('the section setting: attempt any N of M', () => {
  test('stored with the section, refused with the field named when out of range or without optional questions, reset with them', async () => {
    const testId = await tutor.newTest({ name: 'Setting' });
    const { section } = await tutor.section(testId, {});
    const update = async (body: Record<string, unknown>, lang?: string) =>
      tutor.call('PATCH', '/api/v2/test/section/update', { testId, sectionId: section._id, version: (await tutor.get(testId)).version, ...body }, lang);
    await tutor.questions(testId, section._id, [sum(1), sum(2), sum(3)]);
    const off = await update({ attemptAny: 2 }, 'vi');
    expect(off.status).toBe(400);
    expect(fieldsOf(off)).toEqual(['attemptAny']);
    expect(off.body.message).toMatch(/bật câu hỏi tùy chọn/);
    const { version } = await tutor.get(testId);
    await tutor.call('PATCH', '/api/v2/test/update', { testId, version, settings: { hasOptionalQuestions: true } });
    const tooMany = await update({ attemptAny: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The field "attemptAny" is invalid: this section has only 3 questions.');
    for (const bad of [0, 1.5, 'two']) expect(fieldsOf(await update({ attemptAny: bad }))).toEqual(['attemptAny']);
    expect((await update({ attemptAny: 2 })).status).toBe(200);
    const stored = (await tutor.get(testId)).sections[0];
    expect(stored).toMatchObject({ hasOptionalQuestions: true, attemptAny: 2 });
    expect((await update({ attemptAny: null })).status).toBe(200);
    expect((await tutor.get(testId)).sections[0]).toMatchObject({ hasOptionalQuestions: true, attemptAny: null });
    await update({ attemptAny: 2 });
    const latest = await tutor.get(testId);
    await tutor.call('PATCH', '/api/v2/test/update', { testId, version: latest.version, settings: { hasOptionalQuestions: false } });
    expect((await tutor.get(testId)).sections[0]).toMatchObject({ hasOptionalQuestions: false, attemptAny: null });
  });
});

describe('the student: at most N answers, the best N scored', () => {
  test('the attempt says N; the N+1th answer is refused with a clear message; clearing one lets another in', async () => {
    const { sharedTestId } = await optionalTest();
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    expect(attempt.sections.map((s: any) => s.attemptAny)).toEqual([2, null]);
    const [q1, q2, q3, q4] = answerable(attempt);
    expect([q1.isOptional, q4.isOptional]).toEqual([true, false]);
    expect((await student.save(q1.id, right(q1))).status).toBe(200);
    expect((await student.save(q2.id, wrong(q2))).status).toBe(200);
    const third = await student.save(q3.id, right(q3), undefined, 'ko');
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('OPTIONAL_LIMIT');
    expect(third.body.message).toBe('이 섹션에서는 아무 문제나 2개에 답합니다. 이 문제를 대신 고르려면 답 하나를 지우세요.');
    // Changing an answer already given is not a new one; the other section has no limit.
    expect((await student.save(q2.id, right(q2))).status).toBe(200);
    expect((await student.save(q4.id, right(q4))).status).toBe(200);
    expect((await student.save(q2.id, null)).status).toBe(200);
    expect((await student.save(q3.id, right(q3))).status).toBe(200);
    expect(Object.keys((await student.attempt()).body.data.answers).sort()).toEqual([q1.id, q3.id, q4.id].sort());
    const result = (await student.submit()).body.data;
    // Section 1: Q1 and Q3 right (8, of the 2 best 4s); Q2 skipped does not count. Section 2: 4.
    expect(result).toMatchObject({ score: 12, maxScore: 12 });
    const q2Result = result.sections[0].questions.find((q: any) => q.id === q2.id);
    expect(q2Result).toMatchObject({ outcome: 'unattempted', counted: false });
    const row = await db().selectFrom('attempts').select(['score', 'max_score']).where('id', '=', attempt.attemptId).executeTakeFirstOrThrow();
    expect([Number(row.score), Number(row.max_score)]).toEqual([12, 12]);
  });

  test('more answers than N (N lowered while the test runs): the best N count, a wrong one left out; re-evaluation keeps the rule', async () => {
    const { sharedTestId, testId, sectionIds } = await optionalTest();
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    const [q1, q2, q3] = answerable(attempt);
    const raised = await tutor.call('PATCH', '/api/v2/test/section/update', {
      testId,
      sectionId: sectionIds[0],
      version: (await tutor.get(testId)).version,
      attemptAny: 3,
    });
    expect(raised.status).toBe(200);
    await student.save(q1.id, right(q1));
    await student.save(q2.id, wrong(q2));
    await student.save(q3.id, wrong(q3));
    await tutor.call('PATCH', '/api/v2/test/section/update', { testId, sectionId: sectionIds[0], version: (await tutor.get(testId)).version, attemptAny: 2 });
    const result = (await student.submit()).body.data;
    // Q1 4, Q2 -1, Q3 -1: the best two are 4 and -1; Q4 skipped 0.
    expect(result).toMatchObject({ score: 3, maxScore: 12 });
    expect(result.sections[0].questions.filter((q: any) => q.counted === false)).toHaveLength(1);

    // The key of Q2 was wrong: "2" is what the tutor wanted. Re-evaluated, Q2 is right (4) and Q3
    // (-1) drops out: 8, not the 8 + (-1) a plain sum of the change would give.
    const full = await tutor.get(testId);
    const stored = full.sections[0].questions.find((q: any) => q._id === q2.id);
    const corrected = { ...stored, options: stored.options.map((o: any, i: number) => ({ ...o, isCorrect: i === 0 })) };
    const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
      test: { _id: testId },
      questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }],
    });
    expect(published.status).toBe(200);
    expect(published.body.data.attemptsChanged).toBe(1);
    const after = (await student.result()).body.data;
    expect(after).toMatchObject({ score: 8, maxScore: 12, scoreChanged: true, originalScore: 3 });
    expect(after.sections[0].questions.find((q: any) => q.id === q3.id)).toMatchObject({ counted: false });
  });
});

describe('answers arriving out of order', () => {
  test('the newest by sequence number stays; an older one answers applied: false; the attempt gives the last number', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { sections: [{ questions: [sum(1), sum(2)] }] });
    const student = studentOf(server, sharedTestId);
    const attempt = (await student.start()).body.data.attempt;
    expect(attempt.lastSeq).toBe(0);
    const [q1] = answerable(attempt);
    // The page gave "wrong" (seq 10), then "right" (seq 11); the network delivers 11 first.
    const newer = await student.save(q1.id, right(q1), 11);
    expect(newer.body.data).toMatchObject({ questionId: q1.id, applied: true });
    const older = await student.save(q1.id, wrong(q1), 10);
    expect(older.status).toBe(200);
    expect(older.body.data.applied).toBe(false);
    // The same answer again (a retry whose reply was lost) changes nothing either.
    expect((await student.save(q1.id, right(q1), 11)).body.data.applied).toBe(false);
    let view = (await student.attempt()).body.data;
    expect(view.answers[q1.id]).toEqual(right(q1));
    expect(view.lastSeq).toBe(11);
    // A clear is an answer too: an older clear cannot undo a newer answer, a newer clear can.
    expect((await student.save(q1.id, null, 9)).body.data.applied).toBe(false);
    expect((await student.save(q1.id, null, 12)).body.data.applied).toBe(true);
    view = (await student.attempt()).body.data;
    expect(view.answers[q1.id]).toBeUndefined();
    // Bad numbers are a 400 naming seq.
    for (const bad of [0, -1, 1.5, '12', 2 ** 60]) expect(fieldsOf(await student.save(q1.id, null, bad))).toEqual(['seq']);
    // Concurrent saves in a shuffled order: the highest number wins.
    const answers = [right(q1), wrong(q1), right(q1), wrong(q1), right(q1), wrong(q1)];
    const order = [3, 0, 5, 1, 4, 2];
    await Promise.all(order.map((i) => student.save(q1.id, answers[i], 100 + i)));
    expect((await student.attempt()).body.data.answers[q1.id]).toEqual(answers[5]);
    await student.submit();
    expect((await student.save(q1.id, right(q1), 200)).body.code).toBe('ATTEMPT_SUBMITTED');
  });
});

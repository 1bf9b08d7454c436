import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';

// @database-neutral: its subject is the editor's bulk actions, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

/** Bulk editing in the editor (issue 17): moving several questions to another section in one change. */

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

const fieldsOf = (res: { body: { details?: { field: string }[] } }) => res.body.details?.map((d) => d.field);
type Q = { _id: string; name: string; order: number; questions?: Q[] };

/** A test with sections A (questions a, b, a comprehension c with one child, d) and B (question x). */
async function twoSections(as = tutor) {
  const testId = await as.newTest();
  const a = (await as.section(testId, { name: 'A' })).section;
  const b = (await as.section(testId, { name: 'B' })).section;
  const inA = (
    await as.questions(testId, a._id, [
      readyMcq('a'),
      readyMcq('b'),
      { type: 'comprehension', name: 'c', paragraph: 'P', questions: [readyMcq('c1')] },
      readyMcq('d'),
    ])
  ).questions as Q[];
  const added = await as.questions(testId, b._id, [readyMcq('x')]);
  return { testId, a: a._id as string, b: b._id as string, q: Object.fromEntries(inA.map((q) => [q.name, q])), version: added.version as number };
}

const move = (body: Record<string, unknown>, as = tutor, lang?: string) => as.call('POST', '/api/v2/question/move', body, lang);

describe('POST /api/v2/question/move', () => {
  test('questions keep their ids and order and join the end of the target; totals and version follow', async () => {
    const { testId, a, b, q, version } = await twoSections();
    // Asked in another order than the section's: they keep the order they had (d after a).
    const res = await move({ testId, sectionId: a, questionIds: [q.d._id, q.c._id, q.a._id], targetSectionId: b, version });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: '3 questions moved successfully.', version: version + 1, totalNumberOfQuestions: 5, totalMarks: 5 });
    const names = (section: { questions: Q[] }) => section.questions.map((x) => [x.name, x.order]);
    expect(names(res.body.data.section)).toEqual([['b', 1]]);
    expect(names(res.body.data.targetSection)).toEqual([
      ['x', 1],
      ['a', 2],
      ['c', 3],
      ['d', 4],
    ]);
    expect(res.body.data.section).toMatchObject({ numberOfQuestions: 1, sectionMarks: 1 });
    expect(res.body.data.targetSection).toMatchObject({ numberOfQuestions: 4, sectionMarks: 4 });
    // As stored: the same ids, the comprehension with its child.
    const stored = await tutor.get(testId);
    const target = stored.sections.find((s: { _id: string }) => s._id === b);
    expect(target.questions.map((x: Q) => x._id)).toEqual([expect.any(String), q.a._id, q.c._id, q.d._id]);
    expect(target.questions[2].questions.map((x: Q) => [x._id, x.name])).toEqual([[q.c.questions![0]._id, 'c1']]);
    expect(stored.version).toBe(version + 1);
    const row = await server.database.db.selectFrom('tests').select(['total_questions', 'version']).where('id', '=', testId).executeTakeFirstOrThrow();
    expect(row).toEqual({ total_questions: 5, version: version + 1 });
  });

  test('bad input is a 400 naming the field, in the caller language; nothing changes', async () => {
    const { testId, a, b, q } = await twoSections();
    const cases: [Record<string, unknown>, string][] = [
      [{ testId, sectionId: a, questionIds: [], targetSectionId: b }, 'questionIds'],
      [{ testId, sectionId: a, questionIds: [q.a._id, q.a._id], targetSectionId: b }, 'questionIds'],
      [{ testId, sectionId: a, questionIds: [q.a._id] }, 'targetSectionId'],
      [{ testId, sectionId: a, questionIds: [q.a._id, 'nope'], targetSectionId: b }, 'questionIds.1'],
      [{ testId, sectionId: a, questionIds: [q.c.questions![0]._id], targetSectionId: b }, 'questionIds.0'],
      [{ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: a }, 'targetSectionId'],
      [{ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: 'nowhere' }, 'targetSectionId'],
      [{ testId, sectionId: 'nowhere', questionIds: [q.a._id], targetSectionId: b }, 'sectionId'],
      [{ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: b, version: 0 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await move(body);
      expect([res.status, fieldsOf(res)]).toEqual([400, [field]]);
    }
    const child = await move({ testId, sectionId: a, questionIds: [q.c.questions![0]._id], targetSectionId: b }, tutor, 'vi');
    expect(child.body.message).toBe('Câu hỏi của một bài đọc hiểu được chuyển cùng bài đọc hiểu; hãy chuyển bài đọc hiểu.');
    const same = await move({ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: a }, tutor, 'ko');
    expect(same.body.message).toBe('문제가 있는 섹션이 아닌 다른 섹션을 선택하세요.');
    const stored = await tutor.get(testId);
    expect(stored.sections.map((s: { questions: Q[] }) => s.questions.length)).toEqual([4, 1]);
  });

  test('a stale version is 409 TEST_CHANGED; an attempted test refuses; RTG keeps its minimum', async () => {
    const { testId, a, b, q, version } = await twoSections();
    const stale = await move({ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: b, version: version - 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'TEST_CHANGED']);

    const rtg = await tutor.call('PATCH', '/api/v2/test/update', {
      testId,
      version,
      settings: { generateRandomTest: true, settingsForRTG: { [a]: { totalQuestions: 3 } } },
    });
    expect(rtg.status).toBe(200);
    const short = await move({ testId, sectionId: a, questionIds: [q.a._id, q.b._id], targetSectionId: b });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('RTG_MINIMUM');

    await server.database.db.updateTable('tests').set({ is_attempted: true }).where('id', '=', testId).execute();
    const attempted = await move({ testId, sectionId: a, questionIds: [q.a._id], targetSectionId: b });
    expect(attempted.status).toBe(409);
    expect(attempted.body).toEqual({
      code: 'TEST_ATTEMPTED',
      message: 'Students have attempted this test, so its questions cannot be moved to another section.',
    });
    expect((await tutor.get(testId)).sections.map((s: { questions: Q[] }) => s.questions.length)).toEqual([4, 1]);
  });

  test('another organisation test is 404 and stays as it was; no session is 401', async () => {
    const outsider = await signInEditor(server);
    const theirs = await twoSections(outsider);
    const res = await move({ testId: theirs.testId, sectionId: theirs.a, questionIds: [theirs.q.a._id], targetSectionId: theirs.b });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This test does not exist, or it is not in your library.' });
    expect((await outsider.get(theirs.testId)).sections.map((s: { questions: Q[] }) => s.questions.length)).toEqual([4, 1]);
    const anonymous = await server.call('POST', '/api/v2/question/move', {
      body: { testId: theirs.testId, sectionId: theirs.a, questionIds: [theirs.q.a._id], targetSectionId: theirs.b },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('re-marking a Global Library question', () => {
  test('its marks alone change through an edit or a publish of an attempted test; its text stays read-only', async () => {
    const clp = await signInEditor(server, { flags: { is_shared_global: true }, clpEditor: true });
    const globalTest = await clp.newTest({ isGlobal: true });
    const globalSection = (await clp.section(globalTest, { name: 'G' })).section;
    const source = (await clp.questions(globalTest, globalSection._id, [readyMcq('global q')])).questions[0];
    const reader = await signInEditor(server, { flags: { is_shared_global: true } });
    const testId = await reader.newTest();
    const sectionId = (await reader.section(testId, { name: 'Main' })).section._id;
    const imported = await reader.call('POST', '/api/v2/question/import', { testId, sectionId, questions: [{ _id: source._id, testId: globalTest }] });
    // The question as GET answers it (the stored content), as the editor holds it.
    const held = (await reader.get(testId)).sections[0].questions[0];
    expect(held).toMatchObject({ isGlobal: true, marks: { positive: 1 } });

    const edit = await reader.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: imported.body.data.version,
      question: { ...held, marks: { positive: 2, negative: 0.5, negativeUnattempted: 0 }, isNegativeMarkingEnabled: true },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ totalMarks: 2, question: { isGlobal: true, positiveMarks: 2, negativeMarks: 0.5, isNegativeMarkingEnabled: true } });
    const changed = await reader.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: edit.body.data.version,
      question: { ...held, name: 'mine now' },
    });
    expect([changed.status, changed.body.code]).toEqual([403, 'GLOBAL_QUESTION_READ_ONLY']);

    // Attempted: the editor keeps the re-mark and publishes it (save-and-resolve) with an option.
    await server.database.db.updateTable('tests').set({ is_attempted: true }).where('id', '=', testId).execute();
    const now = (await reader.get(testId)).sections[0].questions[0];
    const published = await reader.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
      test: { _id: testId, version: edit.body.data.version },
      questions: [{ sectionId, question: { ...now, marks: { ...now.marks, positive: 5 }, isAttemptedEdited: true }, publishOption: 'GRACE' }],
      resolve: false,
    });
    expect(published.status).toBe(200);
    expect((await reader.get(testId)).sections[0].questions[0]).toMatchObject({ positiveMarks: 5, name: 'global q', isGlobal: true });
  });
});

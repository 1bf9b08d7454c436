import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';

// @database-neutral: its subject is the editor's question calls, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor({ flags: { is_shared_global: true } })));
afterAll(() => server.close());

/** A new test with one section; its ids and version. */
async function testWithSection(as = tutor, body: Record<string, unknown> = {}) {
  const testId = await as.newTest(body);
  const { section, version } = await as.section(testId, { name: 'Main' });
  return { testId, sectionId: section._id as string, version: version as number };
}
const fieldsOf = (res: { body: { details?: { field: string }[] } }) => res.body.details?.map((d) => d.field);

describe('POST /api/v2/question/create', () => {
  test('all five types with their defaults; totals in the answer, the row and the library', async () => {
    const { testId, sectionId } = await testWithSection();
    const res = await tutor.call('POST', '/api/v2/question/create', {
      testId,
      sectionId,
      questions: [
        { type: 'multiple_choice', name: 'MCQ', options: [{ name: 'a', isCorrect: true }, { name: 'b' }] },
        { type: 'true_false', name: 'TF' },
        { type: 'fill_ups', name: 'Fill ___' },
        { type: 'integer', name: 'Int', solution: '42' },
        {
          type: 'comprehension',
          name: 'Read',
          paragraph: '<p>Once upon a time</p>',
          questions: [{ type: 'integer', name: 'child', solution: '-3' }, readyMcq()],
        },
      ],
    });
    expect(res.status).toBe(200);
    const { questions, section } = res.body.data;
    expect(res.body.data).toMatchObject({ message: '5 questions added successfully.', version: 3, totalNumberOfQuestions: 6, totalMarks: 6 });
    expect(questions.map((q: { type: string; order: number; marks: object }) => [q.type, q.order, q.marks])).toEqual([
      ['multiple_choice', 1, { positive: 1, negative: 4, negativeUnattempted: 0 }],
      ['true_false', 2, { positive: 1, negative: 4, negativeUnattempted: 0 }],
      ['fill_ups', 3, { positive: 1, negative: 4, negativeUnattempted: 0 }],
      ['integer', 4, { positive: 1, negative: 4, negativeUnattempted: 0 }],
      ['comprehension', 5, { positive: 4, negative: 1, negativeUnattempted: 0 }],
    ]);
    expect(questions[1].options.map((o: { name: string }) => o.name)).toEqual(['True', 'False']);
    expect(questions[2].options).toEqual([expect.objectContaining({ name: 'Type your option', positiveMarks: 0.25, type: 'constants' })]);
    expect(questions[3].solution).toBe('42');
    expect(questions[4].questions.map((c: { order: number; parentQuestionOrder: number }) => [c.order, c.parentQuestionOrder])).toEqual([
      [1, 5],
      [2, 5],
    ]);
    expect(section).toMatchObject({ numberOfQuestions: 6, sectionMarks: 6 });
    const row = await server.database.db
      .selectFrom('tests')
      .select(['total_marks', 'total_questions', 'version'])
      .where('id', '=', testId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total_marks: 6, total_questions: 6, version: 3 });
    const listing = await tutor.call('GET', '/api/folder/childrens/0?testLimit=100');
    expect(listing.body.data.tests.testsArray.find((t: { _id: string }) => t._id === testId)).toMatchObject({ totalMarks: 6, totalNumberOfQuestions: 6 });
  });

  test('marks, flags, tags and difficulty as given; ids and origin flags are the server own', async () => {
    const { testId, sectionId } = await testWithSection();
    const data = await tutor.questions(testId, sectionId, [
      {
        ...readyMcq(),
        _id: 'chosen',
        isImported: true,
        isGlobal: true,
        marks: { positive: 2.5, negative: 0.5 },
        isNegativeMarkingEnabled: true,
        isPartialMarkingEnabled: true,
        tags: ['algebra', 'algebra'],
        difficultyLevel: 'hard',
        isDummyQuestion: true,
      },
    ]);
    expect(data.questions[0]).toMatchObject({
      marks: { positive: 2.5, negative: 0.5, negativeUnattempted: 0 },
      positiveMarks: 2.5,
      negativeMarks: 0.5,
      isNegativeMarkingEnabled: true,
      isPartialMarkingEnabled: true,
      tags: ['algebra'],
      difficultyLevel: 'hard',
      isDummyQuestion: true,
      isImported: false,
      isGlobal: false,
    });
    expect(data.questions[0]._id).not.toBe('chosen');
    expect(data.totalMarks).toBe(2.5);
  });

  test('into a comprehension (after its last question); not into another question', async () => {
    const { testId, sectionId } = await testWithSection();
    const { questions } = await tutor.questions(testId, sectionId, [
      { type: 'comprehension', paragraph: 'P', questions: [readyMcq('first')] },
      readyMcq('after'),
    ]);
    const copy = await tutor.questions(testId, sectionId, [readyMcq('copy of first')], { parentQuestionId: questions[0]._id });
    expect(copy.section.questions.map((q: { name: string }) => q.name)).toEqual(['', 'after']);
    expect(copy.section.questions[0].questions.map((q: { name: string; order: number }) => [q.name, q.order])).toEqual([
      ['first', 1],
      ['copy of first', 2],
    ]);
    const notComp = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [readyMcq()], parentQuestionId: questions[1]._id });
    expect(notComp.status).toBe(400);
    expect(fieldsOf(notComp)).toEqual(['parentQuestionId']);
    const nested = await tutor.call('POST', '/api/v2/question/create', {
      testId,
      sectionId,
      questions: [{ type: 'comprehension' }],
      parentQuestionId: questions[0]._id,
    });
    expect(fieldsOf(nested)).toEqual(['questions.0.type']);
  });

  test('a question of one type with fields of another is a 400 naming the field', async () => {
    const { testId, sectionId } = await testWithSection();
    const cases: [unknown, string[]][] = [
      [{ type: 'integer', paragraph: 'P' }, ['questions.0.paragraph']],
      [{ type: 'integer', options: [{ name: '1' }] }, ['questions.0.options']],
      [{ type: 'multiple_choice', options: [{ name: 'a', type: 'range', floor: 1 }] }, ['questions.0.options.0.type, floor']],
      [{ type: 'fill_ups', options: [{ name: 'a', isCorrect: true }] }, ['questions.0.options.0.isCorrect']],
      [{ type: 'true_false', questions: [] }, ['questions.0.questions']],
      [{ type: 'comprehension', options: [] }, ['questions.0.options']],
      [{ type: 'comprehension', questions: [{ type: 'integer', paragraph: 'x' }] }, ['questions.0.questions.0.paragraph']],
      [{ type: 'essay' }, ['questions.0.type']],
      [{ name: 'no type' }, ['questions.0.type']],
      [{ type: 'integer', solution: 'forty-two' }, ['questions.0.solution']],
      [{ type: 'true_false', options: [{ name: 'only one' }] }, ['questions.0.options']],
      [{ type: 'fill_ups', options: [{ type: 'range', floor: 5, cap: 1 }] }, ['questions.0.options.0.cap']],
      [{ type: 'fill_ups', options: [{ type: 'range' }] }, ['questions.0.options.0.floor', 'questions.0.options.0.cap']],
      [{ type: 'integer', marks: { positive: -1 } }, ['questions.0.marks.positive']],
      [{ type: 'integer', difficultyLevel: 'impossible' }, ['questions.0.difficultyLevel']],
    ];
    for (const [question, fields] of cases) {
      const res = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [question] });
      expect({ question, status: res.status, fields: fieldsOf(res) }).toEqual({ question, status: 400, fields });
    }
    const unknownKey = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [{ type: 'integer', paragraph: 'x' }] });
    expect(unknownKey.body.message).toBe('The field "questions.0.paragraph" is not allowed here.');
    expect((await tutor.get(testId)).totalNumberOfQuestions).toBe(0);
  });

  test('unsafe HTML is sanitised on the way in, everywhere; maths and pictures stay', async () => {
    const { testId, sectionId } = await testWithSection();
    const evil = '<img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" onerror="alert(1)" width="120"><script>alert(2)</script>';
    const { questions } = await tutor.questions(testId, sectionId, [
      {
        type: 'multiple_choice',
        name: `<p onclick="x()">Solve $x^2 = 4$ and \\(y &lt; 1\\)</p>${evil}`,
        solution: '<a href="javascript:alert(3)">why</a>',
        options: [{ name: '<b onmouseover="y()">2</b>', isCorrect: true, solution: '<iframe src="https://evil.example"></iframe>ok' }],
      },
      {
        type: 'comprehension',
        paragraph: `<table><tr><td>cell</td></tr></table>${evil}`,
        questions: [{ type: 'fill_ups', name: '<svg onload="z()">blank</svg>' }],
      },
    ]);
    expect(questions[0].name).toBe('<p>Solve $x^2 = 4$ and \\(y &lt; 1\\)</p><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" width="120" />');
    expect(questions[0].solution).toBe('<a>why</a>');
    expect(questions[0].options[0]).toMatchObject({ name: '<b>2</b>', nameText: '2', solution: 'ok' });
    expect(questions[1].paragraph).toBe('<table><tr><td>cell</td></tr></table><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" width="120" />');
    expect(questions[1].questions[0].name).toBe('blank');
    const stored = JSON.stringify((await server.database.db.selectFrom('tests').select('content').where('id', '=', testId).executeTakeFirstOrThrow()).content);
    expect(stored).not.toMatch(/onerror|onclick|onmouseover|onload|<script|javascript:|<iframe/i);
  });

  test('GPSC type: refused unless allowed; adds the "Not attempted" option', async () => {
    const { testId, sectionId } = await testWithSection();
    const refused = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [{ ...readyMcq(), isGpscType: true }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FEATURE_DISABLED', details: [{ field: 'questions.0.isGpscType' }] });

    const gpsc = await signInEditor(server, { flags: { allow_gpsc_type: true } });
    const own = await testWithSection(gpsc);
    const { questions } = await gpsc.questions(own.testId, own.sectionId, [{ ...readyMcq(), isGpscType: true }]);
    expect(questions[0].options.map((o: { name: string; isCorrect: boolean }) => [o.name, o.isCorrect])).toEqual([
      ['3', false],
      ['4', true],
      ['Not attempted', false],
    ]);
  });

  test('an unknown section, or no question: 400 naming the field', async () => {
    const { testId } = await testWithSection();
    const res = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId: 'nope', questions: [readyMcq()] });
    expect(fieldsOf(res)).toEqual(['sectionId']);
    const empty = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId: 'nope', questions: [] });
    expect(fieldsOf(empty)).toEqual(['questions']);
  });
});

test('integer answers are signed numbers, whole or decimal (issue 14)', async () => {
  const { testId, sectionId } = await testWithSection();
  const added = await tutor.questions(
    testId,
    sectionId,
    ['2.5', '-0.75', '+3', '.5', '42'].map((solution) => ({ type: 'integer', name: 'n', solution })),
  );
  expect(added.questions.map((q: { solution: string }) => q.solution)).toEqual(['2.5', '-0.75', '+3', '.5', '42']);
  for (const solution of ['2.', '2,5', '1e3', '--1', 'two']) {
    const res = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [{ type: 'integer', name: 'n', solution }] });
    expect({ solution, status: res.status, fields: fieldsOf(res) }).toEqual({ solution, status: 400, fields: ['questions.0.solution'] });
  }
});

describe('true/false: exactly one correct answer (issue 14)', () => {
  const both = {
    type: 'true_false',
    name: 'The sky is blue',
    options: [
      { name: 'True', isCorrect: true },
      { name: 'False', isCorrect: true },
    ],
  };
  test('both options correct is a 400 naming the options, on create, as a comprehension child and on edit', async () => {
    const { testId, sectionId } = await testWithSection();
    const created = await tutor.call('POST', '/api/v2/question/create', { testId, sectionId, questions: [both] }, 'vi');
    expect(created.status).toBe(400);
    expect(fieldsOf(created)).toEqual(['questions.0.options']);
    expect(created.body.message).toBe('Câu hỏi đúng/sai phải có đúng một đáp án đúng.');
    const child = await tutor.call('POST', '/api/v2/question/create', {
      testId,
      sectionId,
      questions: [{ type: 'comprehension', paragraph: 'P', questions: [both] }],
    });
    expect(fieldsOf(child)).toEqual(['questions.0.questions.0.options']);

    const added = await tutor.questions(testId, sectionId, [
      {
        ...both,
        options: [
          { name: 'True', isCorrect: true },
          { name: 'False', isCorrect: false },
        ],
      },
    ]);
    const [question] = added.questions;
    const edit = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: added.version,
      question: { ...question, options: question.options.map((o: object) => ({ ...o, isCorrect: true })) },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('A true/false question must have exactly one correct answer.');
    const stored = (await tutor.get(testId)).sections[0].questions[0];
    expect(stored.options.map((o: { isCorrect: boolean }) => o.isCorrect)).toEqual([true, false]);
  });
});

describe('PATCH /api/v2/question/edit', () => {
  test('replaces the question, keeping its id and place; paragraph edits say so', async () => {
    const { testId, sectionId } = await testWithSection();
    const added = await tutor.questions(testId, sectionId, [
      readyMcq('one'),
      readyMcq('two'),
      { type: 'comprehension', paragraph: 'P', questions: [readyMcq('c1')] },
    ]);
    const [, two, comp] = added.questions;
    const res = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: added.version,
      question: { ...two, name: 'two, edited', marks: { positive: 3 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: 'Question updated successfully.', version: added.version + 1, totalMarks: 5 });
    expect(res.body.data.question).toMatchObject({ _id: two._id, order: 2, name: 'two, edited', positiveMarks: 3 });

    const para = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: res.body.data.version,
      question: { ...comp, paragraph: '<p>New paragraph</p>' },
    });
    expect(para.body.data.message).toBe('Paragraph updated');
    expect(para.body.data.question.questions[0]._id).toBe(comp.questions[0]._id);

    const child = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId,
      sectionId,
      version: para.body.data.version,
      question: { ...comp.questions[0], name: 'c1 edited' },
    });
    expect(child.body.data.section.questions[2].questions[0].name).toBe('c1 edited');
  });

  test('the version is required, and a stale one refused; bad targets name the field', async () => {
    const { testId, sectionId } = await testWithSection();
    const added = await tutor.questions(testId, sectionId, [readyMcq()]);
    const q = added.questions[0];
    const noVersion = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, question: q });
    expect(fieldsOf(noVersion)).toEqual(['version']);
    const stale = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version: added.version - 1, question: { ...q, name: 'old copy' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('TEST_CHANGED');
    const noId = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version: added.version, question: { ...q, _id: undefined } });
    expect(fieldsOf(noId)).toEqual(['question._id']);
    const unknown = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version: added.version, question: { ...q, _id: 'nope' } });
    expect(fieldsOf(unknown)).toEqual(['question._id']);
    const crossType = await tutor.call('PATCH', '/api/v2/question/edit', { testId, sectionId, version: added.version, question: { ...q, type: 'integer' } });
    expect(fieldsOf(crossType)).toEqual(['question.options']);
    expect((await tutor.get(testId)).sections[0].questions[0].name).toBe(q.name);
  });
});

describe('DELETE /api/v2/question/delete', () => {
  test('deletes questions and children, renumbering; ids of another section are a 400', async () => {
    const { testId, sectionId } = await testWithSection();
    const other = (await tutor.section(testId, { name: 'Other' })).section;
    const { questions } = await tutor.questions(testId, sectionId, [
      readyMcq('a'),
      readyMcq('b'),
      { type: 'comprehension', questions: [readyMcq('c1'), readyMcq('c2')] },
    ]);
    const foreign = (await tutor.questions(testId, other._id, [readyMcq('x')])).questions[0];
    const bad = await tutor.call('DELETE', '/api/v2/question/delete', { testId, sectionId, questionIds: [questions[0]._id, foreign._id] });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['questionIds.1']);
    const res = await tutor.call('DELETE', '/api/v2/question/delete', { testId, sectionId, questionIds: [questions[0]._id, questions[2].questions[0]._id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: 'Questions deleted Successfully', totalNumberOfQuestions: 3 });
    expect(res.body.data.section.questions.map((q: { name: string; order: number }) => [q.name, q.order])).toEqual([
      ['b', 1],
      ['', 2],
    ]);
    expect(res.body.data.section.questions[1].questions.map((q: { name: string; order: number }) => [q.name, q.order])).toEqual([['c2', 1]]);
  });

  test('RTG minimum: refused with the spec message; attempted tests refuse deletes', async () => {
    const { testId, sectionId } = await testWithSection();
    const added = await tutor.questions(testId, sectionId, [readyMcq('a'), readyMcq('b')]);
    await tutor.call('PATCH', '/api/v2/test/update', {
      testId,
      version: added.version,
      settings: { generateRandomTest: true, settingsForRTG: { [sectionId]: { totalQuestions: 2 } } },
    });
    const rtg = await tutor.call('DELETE', '/api/v2/question/delete', { testId, sectionId, questionIds: [added.questions[0]._id] });
    expect(rtg.status).toBe(409);
    expect(rtg.body).toEqual({
      code: 'RTG_MINIMUM',
      message: 'We need a minimum of 2 questions in this section for RTG. Do you wish to edit the RTG settings?',
    });

    await server.database.db.updateTable('tests').set({ is_attempted: true }).where('id', '=', testId).execute();
    const attempted = await tutor.call('DELETE', '/api/v2/question/delete', { testId, sectionId, questionIds: [added.questions[0]._id] });
    expect(attempted.status).toBe(409);
    expect(attempted.body.code).toBe('TEST_ATTEMPTED');
    expect((await tutor.get(testId)).totalNumberOfQuestions).toBe(2);
  });
});

describe('PATCH /api/v2/question/reorder-remark', () => {
  test('order: every question of the section once; foreign or missing ids are a 400', async () => {
    const { testId, sectionId } = await testWithSection();
    const other = (await tutor.section(testId, { name: 'Other' })).section;
    const { questions } = await tutor.questions(testId, sectionId, [readyMcq('a'), readyMcq('b'), readyMcq('c')]);
    const foreign = (await tutor.questions(testId, other._id, [readyMcq('x')])).questions[0];
    const [a, b, c] = questions.map((q: { _id: string }) => q._id);
    const reorder = (questionIds: string[], extra = {}) =>
      tutor.call('PATCH', '/api/v2/question/reorder-remark', { type: 'order', testId, sectionId, questionIds, ...extra });
    const res = await reorder([c, a, b]);
    expect(res.body.data.message).toBe('Question order updated');
    expect(res.body.data.section.questions.map((q: { name: string; order: number }) => [q.name, q.order])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    const withForeign = await reorder([c, a, foreign._id]);
    expect(fieldsOf(withForeign)).toEqual(['questionIds.2']);
    expect(withForeign.body.message).toBe('This question is not in the section.');
    expect(fieldsOf(await reorder([c, a]))).toEqual(['questionIds']);
    expect(fieldsOf(await reorder([c, a, a]))).toEqual(['questionIds']);
    expect(fieldsOf(await tutor.call('PATCH', '/api/v2/question/reorder-remark', { type: 'shuffle', testId, sectionId, questionIds: [a] }))).toEqual(['type']);
  });

  test('order of a comprehension children', async () => {
    const { testId, sectionId } = await testWithSection();
    const { questions } = await tutor.questions(testId, sectionId, [{ type: 'comprehension', questions: [readyMcq('c1'), readyMcq('c2')] }]);
    const [c1, c2] = questions[0].questions.map((q: { _id: string }) => q._id);
    const res = await tutor.call('PATCH', '/api/v2/question/reorder-remark', {
      type: 'order',
      testId,
      sectionId,
      questionIds: [c2, c1],
      parentQuestionId: questions[0]._id,
    });
    expect(res.body.data.section.questions[0].questions.map((q: { name: string }) => q.name)).toEqual(['c2', 'c1']);
  });

  test('mark: new marks and flags; a comprehension with its children; totals follow', async () => {
    const { testId, sectionId } = await testWithSection();
    const { questions } = await tutor.questions(testId, sectionId, [readyMcq('a'), readyMcq('b'), { type: 'comprehension', questions: [readyMcq('c1')] }]);
    const res = await tutor.call('PATCH', '/api/v2/question/reorder-remark', {
      type: 'mark',
      testId,
      sectionId,
      questionIds: [questions[0]._id, questions[2]._id],
      marks: { positive: 4, negative: 1, negativeUnattempted: 0.5 },
      isNegativeMarkingEnabled: true,
      isNegativeMarkingEnabledIfUnattempted: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: 'Marks updated', totalMarks: 9 });
    expect(res.body.data.section.questions[0]).toMatchObject({
      positiveMarks: 4,
      negativeMarks: 1,
      negativeUnattemptedMarks: 0.5,
      isNegativeMarkingEnabled: true,
    });
    expect(res.body.data.section.questions[2].questions[0].positiveMarks).toBe(4);
    const missing = await tutor.call('PATCH', '/api/v2/question/reorder-remark', { type: 'mark', testId, sectionId, questionIds: [questions[0]._id] });
    expect(fieldsOf(missing)).toEqual(['marks']);
    const negative = await tutor.call('PATCH', '/api/v2/question/reorder-remark', {
      type: 'mark',
      testId,
      sectionId,
      questionIds: [questions[0]._id],
      marks: { negative: -2 },
    });
    expect(fieldsOf(negative)).toEqual(['marks.negative']);
  });
});

describe('POST /api/v2/question/import', () => {
  test('from My Library: copies marked isImported; drafts skipped with the spec message', async () => {
    const source = await testWithSection();
    const { questions } = await tutor.questions(source.testId, source.sectionId, [
      readyMcq('ready'),
      { type: 'multiple_choice', name: 'draft: no answer', options: [{ name: 'a' }] },
      { type: 'comprehension', paragraph: 'P', questions: [readyMcq('c1')] },
    ]);
    const target = await testWithSection();
    const res = await tutor.call('POST', '/api/v2/question/import', {
      testId: target.testId,
      sectionId: target.sectionId,
      questions: questions.map((q: object) => ({ ...q, testId: source.testId })),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      message: '2 questions added successfully.',
      importedCount: 2,
      skippedCount: 1,
      skippedMessage: 'Failed to import 1 question(s) as it was in draft mode',
      totalNumberOfQuestions: 2,
    });
    const imported = res.body.data.questions;
    expect(imported.map((q: { name: string; isImported: boolean; isGlobal: boolean }) => [q.name, q.isImported, q.isGlobal])).toEqual([
      ['ready', true, false],
      ['', true, false],
    ]);
    expect(imported[0]).toMatchObject({ sourceQuestionId: questions[0]._id, order: 1 });
    expect(imported[0]._id).not.toBe(questions[0]._id);
    expect(imported[1].questions[0]._id).not.toBe(questions[2].questions[0]._id);
    // Imported questions of My Library stay editable.
    const edit = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId: target.testId,
      sectionId: target.sectionId,
      version: res.body.data.version,
      question: { ...imported[0], name: 'mine now' },
    });
    expect(edit.status).toBe(200);
  });

  test('from the Global Library: isGlobal, so not editable, but re-marked and deleted', async () => {
    const clp = await signInEditor(server, { flags: { is_shared_global: true }, clpEditor: true });
    const globalTest = await testWithSection(clp, { isGlobal: true });
    const { questions } = await clp.questions(globalTest.testId, globalTest.sectionId, [readyMcq('global q')]);
    // The CLP editor edits questions of the Global Library test itself.
    expect(
      (
        await clp.call('PATCH', '/api/v2/question/edit', {
          testId: globalTest.testId,
          sectionId: globalTest.sectionId,
          version: 3,
          question: { ...questions[0], name: 'global q' },
        })
      ).status,
    ).toBe(200);

    const target = await testWithSection();
    const res = await tutor.call('POST', '/api/v2/question/import', {
      testId: target.testId,
      sectionId: target.sectionId,
      questions: [{ _id: questions[0]._id, testId: globalTest.testId }],
    });
    const imported = res.body.data.questions[0];
    expect(imported).toMatchObject({ name: 'global q', isImported: true, isGlobal: true });
    const edit = await tutor.call('PATCH', '/api/v2/question/edit', {
      testId: target.testId,
      sectionId: target.sectionId,
      version: res.body.data.version,
      question: { ...imported, name: 'changed' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({
      code: 'GLOBAL_QUESTION_READ_ONLY',
      message: 'Questions from the Global Library cannot be edited; you can delete them or change their marks.',
    });
    const remark = await tutor.call('PATCH', '/api/v2/question/reorder-remark', {
      type: 'mark',
      testId: target.testId,
      sectionId: target.sectionId,
      questionIds: [imported._id],
      marks: { positive: 2 },
    });
    expect(remark.body.data.totalMarks).toBe(2);
    const del = await tutor.call('DELETE', '/api/v2/question/delete', { testId: target.testId, sectionId: target.sectionId, questionIds: [imported._id] });
    expect(del.body.data.totalNumberOfQuestions).toBe(0);
  });

  test('another organisation test is 404; a child alone or an unknown id is a 400 naming it', async () => {
    const outsider = await signInEditor(server);
    const theirs = await testWithSection(outsider);
    const theirQ = (await outsider.questions(theirs.testId, theirs.sectionId, [readyMcq()])).questions[0];
    const source = await testWithSection();
    const comp = (await tutor.questions(source.testId, source.sectionId, [{ type: 'comprehension', paragraph: 'P', questions: [readyMcq()] }])).questions[0];
    const target = await testWithSection();
    const importing = (questions: unknown[]) =>
      tutor.call('POST', '/api/v2/question/import', { testId: target.testId, sectionId: target.sectionId, questions });
    const foreign = await importing([{ _id: theirQ._id, testId: theirs.testId }]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This test does not exist, or it is not in your library.');
    const child = await importing([{ _id: comp.questions[0]._id, testId: source.testId }]);
    expect(fieldsOf(child)).toEqual(['questions.0._id']);
    expect(fieldsOf(await importing([{ _id: 'x' }]))).toEqual(['questions.0.testId']);
    expect((await tutor.get(target.testId)).totalNumberOfQuestions).toBe(0);
  });
});

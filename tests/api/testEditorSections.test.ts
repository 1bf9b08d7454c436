import type { TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, type Editor } from '../support/testEditor';

// @database-neutral: its subject is the editor's section calls, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

const names = (sections: { name: string }[]) => sections.map((s) => s.name);

test('create: Section N by default, or a name, instructions and a duration in ms or hours and minutes', async () => {
  const id = await tutor.newTest();
  const first = await tutor.section(id);
  expect(first).toMatchObject({ message: 'Section Added Successfully!', version: 2, totalMarks: 0, totalNumberOfQuestions: 0 });
  expect(first.section).toMatchObject({ name: 'Section 1', order: 1, sectionDuration: 0, numberOfQuestions: 0, sectionMarks: 0, questions: [] });
  const second = await tutor.section(id, {
    name: 'Geometry',
    sectionHours: 1,
    sectionMinutes: 5,
    sectionInstructions: '<p>No <i>calculators</i><img src=/api/files/org-1/0123456789abcdef0123456789abcdef.png onerror=alert(1)></p>',
  });
  expect(second.section).toMatchObject({
    name: 'Geometry',
    order: 2,
    sectionDuration: 65 * 60_000,
    sectionHours: 1,
    sectionMinutes: 5,
    instructions: '<p>No <i>calculators</i><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" /></p>',
    sectionInstructions: '<p>No <i>calculators</i><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" /></p>',
  });
  expect((await tutor.section(id, { sectionDuration: 600_000 })).section.sectionMinutes).toBe(10);
  expect(names((await tutor.get(id)).sections)).toEqual(['Section 1', 'Geometry', 'Section 3']);
});

test('create: bad input names the field', async () => {
  const id = await tutor.newTest();
  const cases: [Record<string, unknown>, string][] = [
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ sectionMinutes: 60 }, 'sectionMinutes'],
    [{ sectionHours: 1.5 }, 'sectionHours'],
    [{ sectionDuration: 60_000, sectionMinutes: 2 }, 'sectionDuration'],
    [{ sectionDuration: 'soon' }, 'sectionDuration'],
  ];
  for (const [body, field] of cases) {
    const res = await tutor.call('POST', '/api/v2/test/section/create', { testId: id, ...body });
    expect({ field, status: res.status, fields: res.body.details?.map((d: { field: string }) => d.field) }).toEqual({ field, status: 400, fields: [field] });
  }
  expect((await tutor.call('POST', '/api/v2/test/section/create', {})).body.details[0].field).toBe('testId');
});

test('update: what is given changes; the version is required and checked', async () => {
  const id = await tutor.newTest();
  const { section } = await tutor.section(id, { name: 'Old', instructions: 'keep' });
  const res = await tutor.call('PATCH', '/api/v2/test/section/update', {
    testId: id,
    sectionId: section._id,
    version: 2,
    name: 'New',
    sectionDuration: 1_200_000,
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    message: 'Section Updated Successfully!',
    version: 3,
    section: { name: 'New', instructions: 'keep', sectionMinutes: 20 },
  });
  const stale = await tutor.call('PATCH', '/api/v2/test/section/update', { testId: id, sectionId: section._id, version: 2, name: 'Older' });
  expect(stale.status).toBe(409);
  expect(stale.body.code).toBe('TEST_CHANGED');
  const noVersion = await tutor.call('PATCH', '/api/v2/test/section/update', { testId: id, sectionId: section._id, name: 'x' });
  expect(noVersion.body.details[0].field).toBe('version');
  const unknown = await tutor.call('PATCH', '/api/v2/test/section/update', { testId: id, sectionId: 'nope', version: 3, name: 'x' });
  expect(unknown.status).toBe(400);
  expect(unknown.body).toMatchObject({ details: [{ field: 'sectionId' }], message: 'This section is not in the test (it may have been deleted elsewhere).' });
});

test('delete: the others are renumbered, totals follow, the RTG entry goes', async () => {
  const id = await tutor.newTest();
  const a = (await tutor.section(id, { name: 'A' })).section;
  const b = (await tutor.section(id, { name: 'B' })).section;
  await tutor.questions(id, a._id, [readyMcq(), readyMcq()]);
  const added = await tutor.questions(id, b._id, [readyMcq()]);
  await tutor.call('PATCH', '/api/v2/test/update', {
    testId: id,
    version: added.version,
    settings: { generateRandomTest: true, settingsForRTG: { [a._id]: { totalQuestions: 1 }, [b._id]: { totalQuestions: 1 } } },
  });
  const res = await tutor.call('DELETE', '/api/v2/test/section/delete', { testId: id, sectionId: a._id });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ message: 'Section Deleted Successfully!', totalNumberOfQuestions: 1, totalMarks: 1 });
  expect(res.body.data.sections.map((s: { name: string; order: number }) => [s.name, s.order])).toEqual([['B', 1]]);
  expect(res.body.data.settings.settingsForRTG).toEqual({ [b._id]: { totalQuestions: 1 } });
  const row = await server.database.db.selectFrom('tests').select(['total_marks', 'total_questions']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row).toEqual({ total_marks: 1, total_questions: 1 });
  const again = await tutor.call('DELETE', '/api/v2/test/section/delete', { testId: id, sectionId: a._id });
  expect(again.body.details[0].field).toBe('sectionId');
});

test('delete: refused for an attempted test, which keeps its sections', async () => {
  const id = await tutor.newTest();
  const { section } = await tutor.section(id);
  await server.database.db.updateTable('tests').set({ is_attempted: true }).where('id', '=', id).execute();
  const res = await tutor.call('DELETE', '/api/v2/test/section/delete', { testId: id, sectionId: section._id });
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ code: 'TEST_ATTEMPTED', message: 'Students have attempted this test, so its questions and sections cannot be deleted.' });
  expect((await tutor.get(id)).sections).toHaveLength(1);
});

test('drag and drop: the source takes the target place', async () => {
  const id = await tutor.newTest();
  const sections = [];
  for (const name of ['A', 'B', 'C']) sections.push((await tutor.section(id, { name })).section);
  const res = await tutor.call('POST', '/api/v2/test/section/drag-drop', { testId: id, sourceSectionId: sections[2]._id, targetSectionId: sections[0]._id });
  expect(res.status).toBe(200);
  expect(res.body.data.message).toBe('Section order updated');
  expect(res.body.data.sections.map((s: { name: string; order: number }) => [s.name, s.order])).toEqual([
    ['C', 1],
    ['A', 2],
    ['B', 3],
  ]);
  expect(res.body.data.sections[0].questions).toBeUndefined();
  expect(names((await tutor.get(id)).sections)).toEqual(['C', 'A', 'B']);
  const bad = await tutor.call('POST', '/api/v2/test/section/drag-drop', { testId: id, sourceSectionId: sections[0]._id, targetSectionId: 'elsewhere' });
  expect(bad.body.details[0].field).toBe('targetSectionId');
  const stale = await tutor.call('POST', '/api/v2/test/section/drag-drop', {
    testId: id,
    sourceSectionId: sections[0]._id,
    targetSectionId: sections[1]._id,
    version: 2,
  });
  expect(stale.status).toBe(409);
});

test('validation of durations follows the sections (section switching off)', async () => {
  const id = await tutor.newTest({ duration: 3_600_000 });
  const { version } = await tutor.section(id, { name: 'Timed', sectionDuration: 1_800_000 });
  await tutor.call('PATCH', '/api/v2/test/update', { testId: id, version, settings: { isSectionSwitchingEnabled: false } });
  const test = await tutor.get(id);
  expect(test.isReadyToLink).toBe(false);
  const second = await tutor.section(id, { name: 'Second', sectionDuration: 1_800_000 });
  await tutor.questions(id, test.sections[0]._id, [readyMcq()]);
  await tutor.questions(id, second.section._id, [readyMcq()]);
  expect((await tutor.get(id)).isReadyToLink).toBe(true);
});

// Issue 17, the Trash: deleting a test, a folder (with what is inside it) or a question moves it
// to a Trash kept 30 days, from which it can be restored where it was; older items are purged.
import { sql } from 'kysely';
import { useTestServer } from '../support/testServer';
import { readyMcq, useEditor, type Editor } from '../support/testEditor';
import { publishFreeTest, studentOf } from '../support/studentTests';
import { TEST_TABLES } from '@server/modules/trash/repository';

jest.setTimeout(120_000);

// The job queue on: on PostgreSQL the Trash's purge is one of its jobs.
const server = useTestServer({ jobQueue: true });
const tutor = useEditor(server);
const attacker = useEditor(server);

const ok = async (who: Editor, method: string, path: string, body?: unknown, lang?: string) => {
  const res = await who.call(method, path, body, lang);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const folder = async (name: string, parentFolderId = '0') => (await ok(tutor, 'POST', '/api/folder', { name, parentFolderId }))._id as string;
const listing = (id: string, query = '') => ok(tutor, 'GET', `/api/folder/childrens/${id}?testLimit=100${query}`);
const testNames = async (id: string, query = '') => (await listing(id, query)).tests.testsArray.map((t: { name: string }) => t.name).sort();
const folderNames = async (id: string) => (await listing(id)).folders.folderArray.map((f: { name: string }) => f.name).sort();
const trash = async (who = tutor, lang?: string) => (await ok(who, 'GET', '/api/trash?limit=200', undefined, lang)) as { items: any[]; total: number };
const trashItem = async (name: string) => (await trash()).items.find((i) => i.name === name);
const restore = (ids: string[], who = tutor, lang?: string) => who.call('POST', '/api/trash/restore', { ids }, lang);

test('a deleted test goes to the Trash: gone from listings, search and its free-test link; restored where it was, link and all', async () => {
  const math = await folder('Maths');
  const { testId, sharedTestId } = await publishFreeTest(server, tutor, { name: 'Fractions quiz', sections: [{ questions: [readyMcq()] }] });
  await ok(tutor, 'POST', '/api/folder/move', { destinationFolderId: math, testIds: [testId] });
  const student = studentOf(server, sharedTestId);
  expect((await student.info()).status).toBe(200);

  const deleted = await ok(tutor, 'DELETE', '/api/test', { parentFolderId: math, testIds: [testId] });
  // The spec's answer is unchanged; the Trash's ids are added for the portal's Undo.
  expect(deleted).toMatchObject({ message: 'Test(s) deleted successfully', deletedCount: 1 });
  expect(deleted.trashIds).toHaveLength(1);

  expect(await testNames(math)).toEqual([]);
  expect(await testNames('0', '&searchString=Fractions')).toEqual([]);
  expect((await tutor.call('GET', `/api/v2/test/${testId}`)).status).toBe(404);
  expect((await student.info()).status).toBe(404);

  const item = await trashItem('Fractions quiz');
  expect(item).toMatchObject({ id: deleted.trashIds[0], kind: 'test', location: ['Maths'], daysLeft: 30, testId: null });
  expect(new Date(item.expiresAt).getTime() - new Date(item.deletedAt).getTime()).toBe(30 * 86_400_000);

  const res = await restore([item.id]);
  expect(res.status).toBe(200);
  expect(res.body.data.message).toBe('Restored from the Trash');
  expect(res.body.data.restored).toEqual([{ id: item.id, kind: 'test', name: 'Fractions quiz', placed: 'place', testId, note: null }]);
  expect(await testNames(math)).toEqual(['Fractions quiz']);
  expect((await student.info()).status).toBe(200);
  const back = await tutor.get(testId);
  expect(back.sections[0].questions).toHaveLength(1);
  expect(await trashItem('Fractions quiz')).toBeUndefined();
  // Restored once: a second restore finds nothing.
  expect((await restore([item.id])).status).toBe(404);
});

test('a deleted folder goes with everything inside it as one item; restored into the root when its folder is gone, and said so', async () => {
  const outer = await folder('Term 1');
  const unit = await folder('Unit A', outer);
  const inner = await folder('Week 1', unit);
  const quiz = await tutor.newTest({ name: 'Week 1 quiz', parentFolderId: inner });
  await tutor.newTest({ name: 'Unit A test', parentFolderId: unit });

  const deleted = await ok(tutor, 'DELETE', '/api/folder', { parentFolderId: outer, folderIds: [unit] });
  expect(deleted).toMatchObject({ message: 'Folder(s) deleted successfully', deletedCount: 1 });
  expect(deleted.trashIds).toHaveLength(1);
  expect(await folderNames(outer)).toEqual([]);
  expect((await tutor.call('GET', `/api/v2/test/${quiz}`)).status).toBe(404);
  const item = await trashItem('Unit A');
  expect(item).toMatchObject({ kind: 'folder', location: ['Term 1'] });
  // What was inside is not listed on its own.
  expect(await trashItem('Week 1')).toBeUndefined();
  expect(await trashItem('Week 1 quiz')).toBeUndefined();

  // Its folder goes too (not to the Trash: deleted for good from the Trash), then the restore puts Unit A in the root.
  const outerGone = await ok(tutor, 'DELETE', '/api/folder', { folderIds: [outer] });
  await ok(tutor, 'DELETE', '/api/trash', { ids: outerGone.trashIds });
  const res = await restore([item.id], tutor, 'vi');
  expect(res.status).toBe(200);
  expect(res.body.data.restored[0]).toMatchObject({
    kind: 'folder',
    placed: 'root',
    note: 'Đã khôi phục vào thư mục gốc của thư viện vì thư mục chứa nó không còn nữa.',
  });
  expect(await folderNames('0')).toContain('Unit A');
  const deep = await listing(inner);
  expect(deep.parentFolderDetail.map((f: { name: string; level: number }) => [f.name, f.level])).toEqual([
    ['Unit A', 0],
    ['Week 1', 1],
  ]);
  expect(await testNames(inner)).toEqual(['Week 1 quiz']);
  expect(await testNames(unit)).toEqual(['Unit A test']);
  expect(await testNames('0', '&searchString=Week 1 quiz')).toEqual(['Week 1 quiz']);
});

test('deleted questions go to the Trash one by one and come back at their places; the totals follow', async () => {
  const testId = await tutor.newTest({ name: 'Algebra paper' });
  const { section } = await tutor.section(testId, { name: 'Part A' });
  await tutor.questions(testId, section._id, [readyMcq('Q one'), readyMcq('Q two'), readyMcq('Q three'), readyMcq('Q four')]);
  const before = await tutor.get(testId);
  const [, two, three] = before.sections[0].questions.map((q: { _id: string }) => q._id);

  const res = await tutor.call('DELETE', '/api/v2/question/delete', { testId, sectionId: section._id, questionIds: [two, three] });
  expect(res.status).toBe(200);
  expect(res.body.data.message).toBe('Questions deleted Successfully');
  expect(res.body.data.trashIds).toHaveLength(2);
  const after = await tutor.get(testId);
  expect(after.totalNumberOfQuestions).toBe(2);
  expect((await listing('0', '&searchString=Algebra paper')).tests.testsArray[0].totalNumberOfQuestions).toBe(2);
  const item = await trashItem('Q two');
  expect(item).toMatchObject({ kind: 'question', location: ['Algebra paper', 'Part A'], testId });

  // Undo: both ids at once, in their order.
  const undo = await restore(res.body.data.trashIds);
  expect(undo.status).toBe(200);
  expect(undo.body.data.restored.map((r: { placed: string }) => r.placed)).toEqual(['place', 'place']);
  const restored = await tutor.get(testId);
  expect(restored.sections[0].questions.map((q: { name: string; _id: string; order: number }) => [q.name, q.order])).toEqual([
    ['Q one', 1],
    ['Q two', 2],
    ['Q three', 3],
    ['Q four', 4],
  ]);
  expect(restored.sections[0].questions[1]._id).toBe(two);
  expect(restored.totalNumberOfQuestions).toBe(before.totalNumberOfQuestions);
  expect(restored.totalMarks).toBe(before.totalMarks);
  expect(restored.sections[0].sectionMarks).toBe(before.sections[0].sectionMarks);
  expect((await listing('0', '&searchString=Algebra paper')).tests.testsArray[0].totalNumberOfQuestions).toBe(4);
});

test('a question whose section is gone comes back at the end of the last section; one whose test is trashed waits for the test', async () => {
  const testId = await tutor.newTest({ name: 'Geometry paper' });
  const { section: a } = await tutor.section(testId, { name: 'Angles' });
  const { section: b } = await tutor.section(testId, { name: 'Circles' });
  await tutor.questions(testId, a._id, [readyMcq('Angle sum')]);
  await tutor.questions(testId, b._id, [readyMcq('Radius')]);
  const angle = (await tutor.get(testId)).sections[0].questions[0]._id;
  const gone = await ok(tutor, 'DELETE', '/api/v2/question/delete', { testId, sectionId: a._id, questionIds: [angle] });
  await ok(tutor, 'DELETE', '/api/v2/test/section/delete', { testId, sectionId: a._id });

  // The test itself goes to the Trash: the question cannot come back yet.
  const testGone = await ok(tutor, 'DELETE', '/api/test', { testIds: [testId] });
  const early = await restore(gone.trashIds);
  expect(early.status).toBe(409);
  expect(early.body.code).toBe('TRASH_TEST_GONE');
  expect(await trashItem('Angle sum')).toBeDefined();

  await ok(tutor, 'POST', '/api/trash/restore', { ids: testGone.trashIds });
  const res = await restore(gone.trashIds, tutor, 'ko');
  expect(res.status).toBe(200);
  expect(res.body.data.restored[0]).toMatchObject({ placed: 'otherSection', note: '원래 섹션이 없어 Circles 섹션의 끝에 복원했습니다.' });
  const test = await tutor.get(testId);
  expect(test.sections.map((s: { name: string; questions: { name: string }[] }) => [s.name, s.questions.map((q) => q.name)])).toEqual([
    ['Circles', ['Radius', 'Angle sum']],
  ]);
  expect(test.totalNumberOfQuestions).toBe(2);
});

test('another organisation cannot see, restore or delete an item of my Trash (404, as a missing one)', async () => {
  const testId = await tutor.newTest({ name: 'Private exam' });
  const { trashIds } = await ok(tutor, 'DELETE', '/api/test', { testIds: [testId] });
  expect((await trash(attacker)).items.map((i) => i.name)).not.toContain('Private exam');
  for (const [method, path] of [
    ['POST', '/api/trash/restore'],
    ['DELETE', '/api/trash'],
  ]) {
    const res = await attacker.call(method, path, { ids: trashIds });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.message).toBe('This item is not in your Trash: it may have been restored or deleted for good.');
  }
  // Mixed with an item of its own: still 404, and nothing of either is touched.
  const own = await attacker.newTest({ name: 'Attacker test' });
  const { trashIds: ownIds } = await ok(attacker, 'DELETE', '/api/test', { testIds: [own] });
  expect((await attacker.call('POST', '/api/trash/restore', { ids: [...ownIds, ...trashIds] })).status).toBe(404);
  expect((await trash(attacker)).items.map((i) => i.name)).toContain('Attacker test');
  expect(await trashItem('Private exam')).toBeDefined();
  // The Global Library's Trash is not found without shared-global access.
  expect((await attacker.call('GET', '/api/trash?isGlobal=true')).status).toBe(404);
});

test('malformed calls are 400 naming the field', async () => {
  for (const [method, path, body, field] of [
    ['POST', '/api/trash/restore', { ids: [] }, 'ids'],
    ['POST', '/api/trash/restore', { ids: 'abc' }, 'ids'],
    ['DELETE', '/api/trash', {}, 'ids'],
    ['DELETE', '/api/trash', { ids: [''] }, 'ids.0'],
  ] as const) {
    const res = await tutor.call(method, path, body);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  }
  const res = await tutor.call('GET', '/api/trash?limit=0');
  expect(res.status).toBe(400);
  expect(res.body.details[0].field).toBe('query.limit');
});

test('delete for good; items older than 30 days are invisible at once and purged for good by the daily purge', async () => {
  const keep = await tutor.newTest({ name: 'Recent bin test' });
  const old = await tutor.newTest({ name: 'Old bin test' });
  const forGood = await tutor.newTest({ name: 'Unwanted test' });
  const { trashIds } = await ok(tutor, 'DELETE', '/api/test', { testIds: [keep, old, forGood] });
  const byName: Record<string, string> = Object.fromEntries((await trash()).items.filter((i) => trashIds.includes(i.id)).map((i) => [i.name, i.id]));

  const removed = await tutor.call('DELETE', '/api/trash', { ids: [byName['Unwanted test']] });
  expect(removed.status).toBe(200);
  expect(removed.body.data).toEqual({ message: 'Deleted for good', deletedCount: 1 });
  expect(await trashItem('Unwanted test')).toBeUndefined();

  const db = server.database.db;
  await sql`update trash_items set deleted_at = now() - interval '31 days' where id = ${byName['Old bin test']}`.execute(db);
  await sql`update trash_items set deleted_at = now() - interval '29 days 1 hour' where id = ${byName['Recent bin test']}`.execute(db);
  expect(await trashItem('Old bin test')).toBeUndefined();
  expect((await restore([byName['Old bin test']])).status).toBe(404);
  expect((await trashItem('Recent bin test')).daysLeft).toBe(1);

  const purged = await server.services.trash.purge();
  expect(purged).toBeGreaterThanOrEqual(1);
  const left = await db.selectFrom('trash_items').select('id').where('id', 'in', Object.values(byName)).execute();
  expect(left.map((r) => r.id)).toEqual([byName['Recent bin test']]);

  if (process.env.TEST_DB === 'postgres') {
    // On PostgreSQL the purge is a job of the queue, offered by every process, kept once a day.
    const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'trash-purge'`.execute(db);
    expect(jobs.rows[0]!.n).toBe(1);
  }
});

test('the Trash keeps every table a test delete takes rows from (a new one must be added to TEST_TABLES)', async () => {
  const { rows } = await sql<{ table_name: string }>`
    select distinct c.conrelid::regclass::text as table_name from pg_constraint c
    where c.contype = 'f' and c.confrelid = 'tests'::regclass and c.confdeltype = 'c'`.execute(server.database.db);
  // results_counters is counted again by the attempts' trigger; everything else must be kept.
  for (const { table_name } of rows) expect(TEST_TABLES as readonly string[]).toContain(table_name);
});

test('a publish’s score changes go with its test and come back with it (a trigger, not a foreign key: migration 018)', async () => {
  const db = server.database.db;
  const { testId } = await publishFreeTest(server, tutor, { name: 'Corrected quiz', sections: [{ questions: [readyMcq()] }] });
  const changesOf = async (publishId: string) =>
    (
      await db.selectFrom('score_changes').select(['attempt_id', 'old_score', 'new_score']).where('publish_id', '=', publishId).orderBy('attempt_id').execute()
    ).map((c) => [c.attempt_id, Number(c.old_score), Number(c.new_score)]);
  const publish = async (id: string) => {
    await db
      .insertInto('publishes')
      .values({ id, org_id: tutor.account.orgId, test_id: testId, published_by: tutor.account.userId, options: JSON.stringify({}) })
      .execute();
    await db
      .insertInto('score_changes')
      .values([
        { publish_id: id, attempt_id: `${id}-a1`, old_score: 1, new_score: 2 },
        { publish_id: id, attempt_id: `${id}-a2`, old_score: 0, new_score: 4 },
      ])
      .execute();
  };
  await publish('pub-kept');
  await publish('pub-dropped');

  // A publish deleted on its own takes its changes with it, and only its own.
  await db.deleteFrom('publishes').where('id', '=', 'pub-dropped').execute();
  expect(await changesOf('pub-dropped')).toEqual([]);
  const kept = [
    ['pub-kept-a1', 1, 2],
    ['pub-kept-a2', 0, 4],
  ];
  expect(await changesOf('pub-kept')).toEqual(kept);

  // The test's delete (its publishes cascade) leaves none behind; the Trash brings them back.
  const deleted = await ok(tutor, 'DELETE', '/api/test', { parentFolderId: '0', testIds: [testId] });
  expect(await changesOf('pub-kept')).toEqual([]);
  expect((await restore(deleted.trashIds)).status).toBe(200);
  expect(await changesOf('pub-kept')).toEqual(kept);
});

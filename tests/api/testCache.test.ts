import { sql } from 'kysely';
import { readyMcq, signInEditor, startWithEditor, type Editor } from '../support/testEditor';
import { startSecondServer, type TestServer } from '../support/testServer';

/**
 * A test opened in the editor is answered from a per-process cache, but never older than a write
 * acknowledged before the request: whichever server made it (this one, a second one on the same
 * database) or SQL straight into the database. Every read here goes to server `a`.
 */
let a: TestServer;
let b: TestServer;
let tutor: Editor;
beforeAll(async () => {
  ({ server: a, tutor } = await startWithEditor());
  b = await startSecondServer(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Reads through `a` twice: the second answer comes from the cache and is the same. */
async function readCached(testId: string) {
  const first = await tutor.call('GET', `/api/v2/test/${testId}`);
  const second = await tutor.call('GET', `/api/v2/test/${testId}`);
  expect([first.status, second.status, second.headers.get('x-test-cache')]).toEqual([200, 200, 'hit']);
  expect(second.body).toEqual(first.body);
  return second.body.data;
}

test.each([
  ['this server', () => a],
  ['a second server on the same database', () => b],
])('a write through %s shows at once', async (_, server) => {
  const testId = await tutor.newTest({ name: 'Cached' });
  const { section } = await tutor.section(testId, { name: 'One' });
  const before = await readCached(testId);
  const res = await server().call('POST', '/api/v2/question/create', {
    token: tutor.token,
    body: { testId, sectionId: section._id, version: before.version, questions: [readyMcq('Fresh question')] },
  });
  expect(res.status).toBe(200);
  const after = await tutor.call('GET', `/api/v2/test/${testId}`);
  expect(after.headers.get('x-test-cache')).toBe('miss');
  expect(after.body.data.sections[0].questions.map((q: { name: string }) => q.name)).toEqual(['Fresh question']);
  expect(after.body.data.version).toBe(before.version + 1);
});

test('a move in the library and SQL straight into the database show at once', async () => {
  const testId = await tutor.newTest({ name: 'Moved' });
  await tutor.section(testId); // a test is kept once its content holds settings: after its first write
  await readCached(testId);
  const folder = await tutor.call('POST', '/api/folder', { name: 'Archive', details: '', parentFolderId: '0', isGlobal: false });
  const moved = await b.call('POST', '/api/folder/move', {
    token: tutor.token,
    body: { parentFolderId: '0', destinationFolderId: folder.body.data._id, folderIds: [], testIds: [testId], selectAll: false },
  });
  expect(moved.status).toBe(200);
  expect((await tutor.get(testId)).parentFolder).toBe(folder.body.data._id);
  await readCached(testId);
  await sql`update tests set name = 'Renamed by SQL', version = version + 1, updated_at = now() where id = ${testId}`.execute(a.database.db);
  expect((await tutor.get(testId)).name).toBe('Renamed by SQL');
});

test('a test without stored settings (made before new tests stored their owner defaults) is not kept', async () => {
  const testId = await tutor.newTest({ name: 'Old' });
  await sql`update tests set content = content - 'settings', version = version + 1, updated_at = now() where id = ${testId}`.execute(a.database.db);
  await tutor.call('GET', `/api/v2/test/${testId}`);
  expect((await tutor.call('GET', `/api/v2/test/${testId}`)).headers.get('x-test-cache')).toBe('miss');
});

test('a new test stores its settings when it is made (issue 17), so it is kept', async () => {
  const testId = await tutor.newTest({ name: 'New' });
  await tutor.call('GET', `/api/v2/test/${testId}`);
  expect((await tutor.call('GET', `/api/v2/test/${testId}`)).headers.get('x-test-cache')).toBe('hit');
});

test('another tutor never gets a cached copy of a test that is not theirs', async () => {
  const testId = await tutor.newTest({ name: 'Private' });
  await tutor.section(testId);
  await readCached(testId);
  const stranger = await signInEditor(a);
  expect((await stranger.call('GET', `/api/v2/test/${testId}`)).status).toBe(404);
});

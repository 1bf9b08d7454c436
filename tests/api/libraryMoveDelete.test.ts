import { sql } from 'kysely';
import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';

// @database-neutral: its subject is moving and deleting in the library, on code that does not
// differ by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on
// each database (jest.config.js).

let server: TestServer;
let token: string;
let account: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => ({ server, account, token } = await startSignedIn()));
afterAll(() => server.close());

const folder = async (name: string, parentFolderId = '0', as = token) =>
  (await server.call('POST', '/api/folder', { token: as, body: { name, parentFolderId } })).body.data._id as string;
const list = async (id: string) => (await server.call('GET', `/api/folder/childrens/${id}?testLimit=100`, { token })).body.data;
const names = (items: { name: string }[]) => items.map((i) => i.name).sort();

async function addTests(folderId: string | null, prefix: string, n: number, attempted = false): Promise<string[]> {
  const rows = await sql<{ id: string }>`insert into tests (id, org_id, owner_id, parent_folder_id, name, is_attempted)
    select md5(random()::text || g), ${account.orgId}, ${account.userId}, ${folderId}, ${prefix} || ' ' || g, ${attempted}
    from generate_series(1, ${n}) g returning id`.execute(server.database.db);
  return rows.rows.map((r) => r.id);
}

test('move a folder with its subtree; levels and breadcrumbs follow', async () => {
  const a = await folder('A');
  const b = await folder('B', a);
  const c = await folder('C', b);
  const target = await folder('Target');
  const res = await server.call('POST', '/api/folder/move', { token, body: { parentFolderId: a, destinationFolderId: target, folderIds: [b] } });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ movedFolders: 1, movedTests: 0, message: 'Moved successfully' });
  const deep = await list(c);
  expect(deep.parentFolderDetail.map((x: { name: string }) => x.name)).toEqual(['Target', 'B', 'C']);
  expect(deep.parentFolderDetail.map((x: { level: number }) => x.level)).toEqual([0, 1, 2]);
  expect((await list(a)).folders.folderCount).toBe(0);
});

test('a folder cannot move into itself or its own subtree; nothing changes', async () => {
  const a = await folder('Loop A');
  const b = await folder('Loop B', a);
  for (const destination of [a, b]) {
    const res = await server.call('POST', '/api/folder/move', { token, body: { destinationFolderId: destination, folderIds: [a] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A folder cannot be moved into itself or into one of its own folders.');
    expect(res.body.details[0].field).toBe('destinationFolderId');
  }
  expect((await list(b)).parentFolderDetail.map((x: { name: string }) => x.name)).toEqual(['Loop A', 'Loop B']);
});

test('selectAll moves every matching test of the folder except the unticked ones', async () => {
  const from = await folder('From');
  const to = await folder('To');
  const algebra = await addTests(from, 'Algebra', 5);
  await addTests(from, 'Geometry', 3);
  const res = await server.call('POST', '/api/folder/move', {
    token,
    body: { parentFolderId: from, destinationFolderId: to, selectAll: true, searchString: 'algebra', testIds: [algebra[0]] },
  });
  expect(res.body.data).toMatchObject({ movedTests: 4, movedFolders: 0 });
  expect((await list(to)).tests.testCount).toBe(4);
  expect(names((await list(from)).tests.testsArray)).toEqual(['Algebra 1', 'Geometry 1', 'Geometry 2', 'Geometry 3']);
});

test('deleting a folder deletes everything inside it', async () => {
  const top = await folder('Doomed');
  const inner = await folder('Doomed inner', top);
  await addTests(inner, 'Inner test', 3);
  const res = await server.call('DELETE', '/api/folder', { token, body: { folderIds: [top] } });
  expect(res.status).toBe(200);
  // The spec's answer, and the Trash's item it made (issue 17: the portal's Undo restores it).
  expect(res.body.data).toEqual({ message: 'Folder(s) deleted successfully', deletedCount: 1, deletedTests: 0, trashIds: [expect.any(String)] });
  const left = await server.database.db.selectFrom('tests').select('id').where('name', 'like', 'Inner test%').execute();
  expect(left).toEqual([]);
  expect((await server.call('GET', `/api/folder/childrens/${inner}`, { token })).status).toBe(404);
});

test('attempted tests restrict deletion, of the test and of any folder holding it; nothing is deleted', async () => {
  const holder = await folder('Holder');
  const nested = await folder('Nested', holder);
  const [attempted] = await addTests(nested, 'Taken', 1, true);
  const fresh = await addTests(nested, 'Fresh', 2);
  const byFolder = await server.call('DELETE', '/api/folder', { token, body: { folderIds: [holder] } });
  expect(byFolder.status).toBe(409);
  expect(byFolder.body).toMatchObject({ code: 'TESTS_ATTEMPTED', message: '1 test(s) have been attempted by students and cannot be deleted: Taken 1.' });
  const byTest = await server.call('DELETE', '/api/test', { token, body: { parentFolderId: nested, testIds: [attempted, ...fresh] } });
  expect(byTest.status).toBe(409);
  expect((await list(nested)).tests.testCount).toBe(3);
  const ok = await server.call('DELETE', '/api/test', { token, body: { parentFolderId: nested, testIds: fresh } });
  expect(ok.body.data.deletedCount).toBe(2);
});

test('delete tests with selectAll and exclusions', async () => {
  const box = await folder('Box');
  const ids = await addTests(box, 'Quiz', 6);
  const res = await server.call('DELETE', '/api/test', { token, body: { parentFolderId: box, selectAll: true, testIds: ids.slice(0, 2) } });
  expect(res.body.data.deletedCount).toBe(4);
  expect((await list(box)).tests.testCount).toBe(2);
});

test('folders and tests of one selection are deleted in one call (includeTests), or not at all', async () => {
  const parent = await folder('Mixed');
  const keep = await folder('Mixed keep', parent);
  const drop = await folder('Mixed drop', parent);
  await addTests(drop, 'Inside', 2);
  const [kept, ...others] = await addTests(parent, 'Loose', 3);
  // All selected, minus one folder and one test.
  const body = { parentFolderId: parent, selectAll: true, folderIds: [keep], testIds: [kept], includeTests: true };
  const res = await server.call('DELETE', '/api/folder', { token, body });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ message: 'Folder(s) deleted successfully', deletedCount: 1, deletedTests: 2 });
  const after = await list(parent);
  expect(names(after.folders.folderArray)).toEqual(['Mixed keep']);
  expect(after.tests.testsArray.map((t: { _id: string }) => t._id)).toEqual([kept]);
  expect(others).toHaveLength(2);

  // An attempted test among the tests refuses the whole call: the folder stays too.
  const second = await folder('Mixed second', parent);
  const [taken] = await addTests(parent, 'Attempted', 1, true);
  const refused = await server.call('DELETE', '/api/folder', {
    token,
    body: { parentFolderId: parent, folderIds: [second], testIds: [taken], includeTests: true },
  });
  expect(refused.status).toBe(409);
  expect(names((await list(parent)).folders.folderArray)).toEqual(['Mixed keep', 'Mixed second']);

  // Without includeTests the test ids are not touched.
  const plain = await server.call('DELETE', '/api/folder', { token, body: { parentFolderId: parent, folderIds: [second], testIds: [kept] } });
  expect(plain.body.data).toMatchObject({ deletedCount: 1, deletedTests: 0 });
  expect((await list(parent)).tests.testsArray.map((t: { _id: string }) => t._id)).toContain(kept);
});

test("another tutor's folders and tests are neither moved nor deleted (404)", async () => {
  const other = await createAccount(server);
  const otherToken = await login(server, other);
  const theirs = await folder('Theirs', '0', otherToken);
  const mine = await folder('Mine');
  expect((await server.call('POST', '/api/folder/move', { token, body: { destinationFolderId: theirs, folderIds: [mine] } })).status).toBe(404);
  // Issue 29: their id in the list is 404 too (it once answered 200 with deletedCount 0).
  const res = await server.call('DELETE', '/api/folder', { token, body: { folderIds: [theirs] } });
  expect(res.status).toBe(404);
  expect((await server.call('GET', `/api/folder/childrens/${theirs}`, { token: otherToken })).status).toBe(200);
});

test('bad input names the field', async () => {
  const res = await server.call('POST', '/api/folder/move', { token, body: { folderIds: 'a' } });
  expect(res.status).toBe(400);
  expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['destinationFolderId', 'folderIds']));
  const del = await server.call('DELETE', '/api/test', { token, body: { testIds: [5] } });
  expect(del.status).toBe(400);
  expect(del.body.details[0].field).toBe('testIds.0');
});

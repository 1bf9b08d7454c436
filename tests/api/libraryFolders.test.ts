import { sql } from 'kysely';
import { newId } from '@server/security';
import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';

// @database-neutral: its subject is folders, on code that does not differ by database, so it runs
// once (on PostgreSQL when one answers, on PGlite otherwise), not on each database
// (jest.config.js).

let server: TestServer;
let token: string;
let account: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => ({ server, account, token } = await startSignedIn({}, { flags: { is_shared_global: true } })));
afterAll(() => server.close());

const createFolder = (body: Record<string, unknown>, as = token) => server.call('POST', '/api/folder', { token: as, body });
const children = (id: string, query = '', as = token) => server.call('GET', `/api/folder/childrens/${id}${query}`, { token: as });

async function insertTests(folderId: string | null, owner: { orgId: string; userId: string }, n: number, opened = false) {
  await sql`insert into tests (id, org_id, owner_id, parent_folder_id, name, updated_at, opened_at)
    select md5(random()::text || g), ${owner.orgId}, ${owner.userId}, ${folderId}, 'Test ' || lpad(g::text, 4, '0'),
      now() - (g || ' minutes')::interval, ${opened ? sql`now() - (g || ' minutes')::interval` : null}
    from generate_series(1, ${n}) g`.execute(server.database.db);
}

test('create nested folders and browse them with breadcrumbs and counts', async () => {
  const maths = await createFolder({ name: '  Maths  ', details: 'Grade 10' });
  expect(maths.status).toBe(200);
  expect(maths.body.data).toMatchObject({ name: 'Maths', details: 'Grade 10', parentFolderId: '0', level: 0 });
  const algebra = await createFolder({ name: 'Algebra', parentFolderId: maths.body.data._id });
  const linear = await createFolder({ name: 'Linear', parentFolderId: algebra.body.data._id });
  expect(linear.body.data.level).toBe(2);

  const root = await children('0');
  expect(root.status).toBe(200);
  const mathsEntry = root.body.data.folders.folderArray.find((f: { name: string }) => f.name === 'Maths');
  expect(mathsEntry).toMatchObject({ folderCount: 1 });
  expect(root.body.data.parentFolderDetail).toEqual([]);

  const deep = await children(linear.body.data._id);
  expect(deep.body.data.parentFolderDetail.map((c: { name: string }) => c.name)).toEqual(['Maths', 'Algebra', 'Linear']);
  expect(deep.body.data.folders).toEqual({ folderCount: 0, folderArray: [] });
  expect(deep.body.data.tests).toEqual({ testCount: 0, testsArray: [] });
});

test('tests page by testLimit/testOffset, newest first; recent tests only at the root with showRecent', async () => {
  const folder = await createFolder({ name: 'Paged' });
  await insertTests(folder.body.data._id, account, 25, true);
  const first = await children(folder.body.data._id, '?testLimit=10');
  expect(first.body.data.tests.testCount).toBe(25);
  expect(first.body.data.tests.testsArray.map((t: { name: string }) => t.name).slice(0, 2)).toEqual(['Test 0001', 'Test 0002']);
  const third = await children(folder.body.data._id, '?testLimit=10&testOffset=20');
  expect(third.body.data.tests.testsArray).toHaveLength(5);
  expect(first.body.data.recentTests).toEqual([]);
  const root = await children('0', '?showRecent=true');
  expect(root.body.data.recentTests).toHaveLength(10);
  expect(root.body.data.recentTests[0].name).toBe('Test 0001');
});

test('folders page by folderLimit (default 100) in name order; search filters folders and tests by name', async () => {
  const parent = await createFolder({ name: 'Many' });
  const parentId = parent.body.data._id;
  await sql`insert into folders (id, org_id, owner_id, parent_id, path, level, name)
    select md5(random()::text || g), ${account.orgId}, ${account.userId}, ${parentId}, ${`/${parentId}/`}, 1, 'Unit ' || lpad(g::text, 3, '0')
    from generate_series(1, 120) g`.execute(server.database.db);
  const page = await children(parentId);
  expect(page.body.data.folders.folderCount).toBe(120);
  expect(page.body.data.folders.folderArray).toHaveLength(100);
  expect(page.body.data.folders.folderArray[0].name).toBe('Unit 001');
  const search = await children(parentId, '?searchString=unit%2011');
  expect(search.body.data.folders.folderArray.map((f: { name: string }) => f.name)).toEqual([
    'Unit 110',
    'Unit 111',
    'Unit 112',
    'Unit 113',
    'Unit 114',
    'Unit 115',
    'Unit 116',
    'Unit 117',
    'Unit 118',
    'Unit 119',
  ]);
  const literal = await children(parentId, '?searchString=%25');
  expect(literal.body.data.folders.folderCount).toBe(0); // % is searched for, not a wildcard
});

test('rename a folder and change its details', async () => {
  const folder = await createFolder({ name: 'Old name' });
  const renamed = await server.call('PATCH', '/api/folder', { token, body: { folderId: folder.body.data._id, name: 'New name' } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.data).toMatchObject({ name: 'New name', details: '' });
  const details = await server.call('PATCH', '/api/folder', { token, body: { folderId: folder.body.data._id, details: 'Term 2' } });
  expect(details.body.data).toMatchObject({ name: 'New name', details: 'Term 2' });
});

test('names are trimmed, not empty, at most 200 characters; bad input names the field', async () => {
  for (const [body, field] of [
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{}, 'name'],
    [{ name: 5 }, 'name'],
  ] as const) {
    const res = await createFolder(body);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  }
  expect((await createFolder({ name: 'x'.repeat(200) })).status).toBe(200);
  const patch = await server.call('PATCH', '/api/folder', { token, body: { folderId: 'x' } });
  expect(patch.status).toBe(400);
  const limit = await children('0', '?folderLimit=lots');
  expect(limit.status).toBe(400);
  expect(limit.body.details[0].field).toBe('query.folderLimit');
});

test("another organisation's or another tutor's folders answer 404, as missing ones do", async () => {
  const other = await createAccount(server, { flags: { is_shared_global: true } });
  const otherToken = await login(server, other);
  const theirs = await createFolder({ name: 'Private' }, otherToken);
  const id = theirs.body.data._id;
  expect((await children(id)).status).toBe(404);
  expect((await createFolder({ name: 'Inside', parentFolderId: id })).status).toBe(404);
  expect((await server.call('PATCH', '/api/folder', { token, body: { folderId: id, name: 'Mine now' } })).status).toBe(404);
  expect((await children(newId())).status).toBe(404);
  const root = await children('0');
  expect(root.body.data.folders.folderArray.map((f: { _id: string }) => f._id)).not.toContain(id);
});

test('Global Library: readable with shared-global access, writable only by CLP editors, invisible without access', async () => {
  const editor = await createAccount(server, { flags: { is_shared_global: true }, clpEditor: true });
  const editorToken = await login(server, editor);
  const globalFolder = await createFolder({ name: 'Shared maths', isGlobal: true }, editorToken);
  expect(globalFolder.status).toBe(200);
  expect(globalFolder.body.data.isGlobal).toBe(true);

  const reader = await children('0', '?isGlobal=true');
  expect(reader.body.data.folders.folderArray.map((f: { name: string }) => f.name)).toContain('Shared maths');
  expect((await children('0')).body.data.folders.folderArray.map((f: { name: string }) => f.name)).not.toContain('Shared maths');
  const denied = await createFolder({ name: 'Nope', isGlobal: true });
  expect(denied.status).toBe(403);
  expect(denied.body).toMatchObject({ code: 'GLOBAL_READ_ONLY', message: 'Only CLP editors can change the Global Library.' });

  const outsider = await createAccount(server);
  const outsiderToken = await login(server, outsider);
  expect((await children('0', '?isGlobal=true', outsiderToken)).status).toBe(404);
  expect((await children(globalFolder.body.data._id, '?isGlobal=true', outsiderToken)).status).toBe(404);
});

test('an expired subscription blocks the library (403), including the Global Library', async () => {
  const expired = await createAccount(server, { days: 0, flags: { is_shared_global: true } });
  const expiredToken = await login(server, expired);
  for (const res of [
    await children('0', '', expiredToken),
    await children('0', '?isGlobal=true', expiredToken),
    await createFolder({ name: 'x' }, expiredToken),
  ]) {
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SUBSCRIPTION_EXPIRED');
  }
  expect((await children('0', '', 'not-a-token')).status).toBe(401);
});

test('a page past the end is empty but still counts every folder and test', async () => {
  const parent = await createFolder({ name: 'Short' });
  const parentId = parent.body.data._id;
  await createFolder({ name: 'Only child', parentFolderId: parentId });
  await insertTests(parentId, account, 3);
  const past = await children(parentId, '?folderOffset=10&testOffset=10');
  expect(past.body.data.folders).toEqual({ folderCount: 1, folderArray: [] });
  expect(past.body.data.tests).toEqual({ testCount: 3, testsArray: [] });
});

// Issue 29: the bulk calls (move, copy, delete, share, link, restore, delete for good) given ids
// the caller cannot see answer 404 and change nothing, as every other call does; they once
// answered 200 with counts of 0. The attacker is organisation B's tutor, calling with
// organisation A's ids, alone, mixed with B's own ids (refused whole), and ids of nothing at all.
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, useTestServer } from '../support/testServer';

// Runs on PGlite and PostgreSQL: a refusal halfway must leave each database as it was.

jest.setTimeout(120_000);

const server = useTestServer();

const FOLDER_404 = { status: 404, code: 'NOT_FOUND', message: 'This folder does not exist, or it is not in your library.' };
const TEST_404 = { status: 404, code: 'NOT_FOUND', message: 'This test does not exist, or it is not in your library.' };
const TRASH_404 = { status: 404, code: 'NOT_FOUND' };
const MISSING = 'no-such-id';

/** A's and B's ids, made in beforeAll. */
const a = { orgId: '', token: '', folder: '', inFolder: '', test: '', trashId: '' };
const b = { orgId: '', token: '', folder: '', test: '', destination: '', trashId: '', batch: '', colleague: '' };

beforeAll(async () => {
  const accountA = await createAccount(server, { flags: { allow_sharing: true } });
  a.orgId = accountA.orgId;
  a.token = await login(server, accountA);
  const accountB = await createAccount(server, { flags: { allow_sharing: true } });
  b.orgId = accountB.orgId;
  b.token = await login(server, accountB);
  b.colleague = (
    await createUser(server.database.db, { orgCode: accountB.orgCode, email: 'b-colleague@example.com', name: 'B colleague', password: 'colleague-pass-1' })
  ).user.id;

  const made = async (token: string, path: string, body: unknown) => {
    const res = await server.call('POST', path, { token, body });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data._id as string;
  };
  const trashed = async (token: string, testId: string) =>
    (await server.call('DELETE', '/api/test', { token, body: { testIds: [testId] } })).body.data.trashIds[0];

  a.folder = await made(a.token, '/api/folder', { name: 'A folder' });
  a.inFolder = await made(a.token, '/api/v2/test/create', { name: 'A test in folder', parentFolderId: a.folder });
  a.test = await made(a.token, '/api/v2/test/create', { name: 'A test' });
  a.trashId = await trashed(a.token, await made(a.token, '/api/v2/test/create', { name: 'A trashed' }));

  b.folder = await made(b.token, '/api/folder', { name: 'B folder' });
  await made(b.token, '/api/v2/test/create', { name: 'B test in folder', parentFolderId: b.folder });
  b.test = await made(b.token, '/api/v2/test/create', { name: 'B test' });
  b.destination = await made(b.token, '/api/folder', { name: 'B destination' });
  b.trashId = await trashed(b.token, await made(b.token, '/api/v2/test/create', { name: 'B trashed' }));
  b.batch = await made(b.token, '/api/v2/batches', { name: 'B batch' });
});

/** Everything of both organisations a bulk call could change, to compare before and after. */
async function snapshot() {
  const db = server.database.db;
  const orgs = [a.orgId, b.orgId];
  return {
    folders: await db.selectFrom('folders').selectAll().where('org_id', 'in', orgs).orderBy('id').execute(),
    tests: await db
      .selectFrom('tests')
      .select(['id', 'org_id', 'owner_id', 'parent_folder_id', 'name', 'version', 'updated_at', 'shared_by'])
      .where('org_id', 'in', orgs)
      .orderBy('id')
      .execute(),
    links: await db.selectFrom('test_links').selectAll().where('org_id', 'in', orgs).orderBy('test_id').orderBy('target_id').execute(),
    trash: await db.selectFrom('trash_items').select(['id', 'org_id', 'kind', 'name']).where('org_id', 'in', orgs).orderBy('id').execute(),
    versions: await db
      .selectFrom('library_versions')
      .selectAll()
      .where((eb) => eb.or(orgs.map((org) => eb('library', 'like', `${org}/%`))))
      .orderBy('library')
      .execute(),
  };
}

type Case = [label: string, method: string, path: () => string, body: () => unknown, expected: Record<string, unknown>];

/** Each foreign id alone, then after one of B's own (a mixed list), then an id of nothing. */
const variants = (
  label: string,
  method: string,
  path: () => string,
  body: (ids: string[]) => unknown,
  foreign: () => string,
  own: () => string,
  expected: Record<string, unknown>,
): Case[] => [
  [`${label}: A's id alone`, method, path, () => body([foreign()]), expected],
  [`${label}: B's id with A's`, method, path, () => body([own(), foreign()]), expected],
  [`${label}: an id of nothing`, method, path, () => body([own(), MISSING]), expected],
];

const cases: Case[] = [
  ...variants(
    'move folders',
    'POST',
    () => '/api/folder/move',
    (folderIds) => ({ folderIds, destinationFolderId: b.destination }),
    () => a.folder,
    () => b.folder,
    FOLDER_404,
  ),
  ...variants(
    'move tests',
    'POST',
    () => '/api/folder/move',
    (testIds) => ({ testIds, destinationFolderId: b.destination }),
    () => a.test,
    () => b.test,
    TEST_404,
  ),
  ...variants(
    "move B's folder with A's test",
    'POST',
    () => '/api/folder/move',
    (testIds) => ({ folderIds: [b.folder], testIds, destinationFolderId: b.destination }),
    () => a.inFolder,
    () => b.test,
    TEST_404,
  ),
  ...variants(
    'delete folders',
    'DELETE',
    () => '/api/folder',
    (folderIds) => ({ folderIds }),
    () => a.folder,
    () => b.folder,
    FOLDER_404,
  ),
  ...variants(
    'delete folders with tests',
    'DELETE',
    () => '/api/folder',
    (testIds) => ({ folderIds: [b.folder], testIds, includeTests: true }),
    () => a.test,
    () => b.test,
    TEST_404,
  ),
  ...variants(
    'delete tests',
    'DELETE',
    () => '/api/test',
    (testIds) => ({ testIds }),
    () => a.test,
    () => b.test,
    TEST_404,
  ),
  ...variants(
    'share folders',
    'POST',
    () => '/api/folder/share',
    (folderIds) => ({ folderIds, tutorIds: [b.colleague] }),
    () => a.folder,
    () => b.folder,
    FOLDER_404,
  ),
  ...variants(
    'share tests',
    'POST',
    () => '/api/test/share',
    (testIds) => ({ testIds, tutorIds: [b.colleague] }),
    () => a.test,
    () => b.test,
    TEST_404,
  ),
  ...variants(
    'link tests',
    'POST',
    () => '/api/test/linkTest',
    (testIds) => ({ testIds, batchIds: [b.batch] }),
    () => a.test,
    () => b.test,
    TEST_404,
  ),
  ["link tests: A's test as proprofsId", 'POST', () => '/api/test/linkTest', () => ({ testIds: [b.test], proprofsId: a.test, batchIds: [b.batch] }), TEST_404],
  ["copy: A's test", 'POST', () => `/api/test/copy/${a.test}`, () => ({ name: 'Stolen' }), TEST_404],
  ['copy: a test of nothing', 'POST', () => `/api/test/copy/${MISSING}`, () => ({ name: 'Stolen' }), TEST_404],
  ...variants(
    'restore',
    'POST',
    () => '/api/trash/restore',
    (ids) => ({ ids }),
    () => a.trashId,
    () => b.trashId,
    TRASH_404,
  ),
  ...variants(
    'delete for good',
    'DELETE',
    () => '/api/trash',
    (ids) => ({ ids }),
    () => a.trashId,
    () => b.trashId,
    TRASH_404,
  ),
];

test.each(cases)("organisation B's tutor, %s: 404 and nothing of A's or B's changed", async (_label, method, path, body, expected) => {
  const before = await snapshot();
  const res = await server.call(method, path(), { token: b.token, body: body() });
  expect({ status: res.status, code: res.body.code, message: res.body.message }).toMatchObject(expected);
  expect(await snapshot()).toEqual(before);
});

test("with selectAll the listed ids are exclusions: A's id there excludes nothing and changes nothing of A's", async () => {
  const before = await snapshot();
  const res = await server.call('POST', '/api/folder/move', {
    token: b.token,
    body: { parentFolderId: b.destination, selectAll: true, folderIds: [a.folder], testIds: [a.test], destinationFolderId: '0' },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ movedFolders: 0, movedTests: 0 });
  expect(await snapshot()).toEqual(before);
});

test("the same calls with only B's own ids succeed (the 404s above are the foreign ids')", async () => {
  const own = (method: string, path: string, body: unknown) => server.call(method, path, { token: b.token, body });
  expect((await own('POST', '/api/folder/move', { folderIds: [b.folder], testIds: [b.test], destinationFolderId: b.destination })).body.data).toMatchObject({
    movedFolders: 1,
    movedTests: 1,
  });
  expect((await own('POST', '/api/test/share', { testIds: [b.test], tutorIds: [b.colleague] })).body.data).toMatchObject({ sharedCount: 1 });
  expect((await own('POST', '/api/test/linkTest', { testIds: [b.test], batchIds: [b.batch] })).body.data).toMatchObject({ linkedTests: 1 });
  expect((await own('POST', '/api/trash/restore', { ids: [b.trashId] })).status).toBe(200);
  expect((await own('DELETE', '/api/test', { testIds: [b.test] })).body.data).toMatchObject({ deletedCount: 1 });
  expect((await own('DELETE', '/api/folder', { folderIds: [b.folder] })).body.data).toMatchObject({ deletedCount: 1 });
  // A's library is as A made it.
  const listing = (await server.call('GET', '/api/folder/childrens/0?testLimit=100', { token: a.token })).body.data;
  expect(listing.folders.folderArray.map((f: { _id: string }) => f._id)).toEqual([a.folder]);
  expect(listing.tests.testsArray.map((t: { _id: string }) => t._id)).toEqual([a.test]);
  const trash = (await server.call('GET', '/api/trash', { token: a.token })).body.data;
  expect(trash.items.map((i: { id: string }) => i.id)).toEqual([a.trashId]);
});

test('the OpenAPI document lists the 404 of each bulk call', async () => {
  const paths = (await server.call('GET', '/api/openapi.json')).body.paths;
  const calls = [
    ['post', '/api/folder/move'],
    ['delete', '/api/folder'],
    ['delete', '/api/test'],
    ['post', '/api/folder/share'],
    ['post', '/api/test/share'],
    ['post', '/api/test/linkTest'],
    ['post', '/api/test/copy/{id}'],
    ['post', '/api/trash/restore'],
    ['delete', '/api/trash'],
  ];
  for (const [method, path] of calls) expect([path, paths[path]?.[method]?.description]).toEqual([path, expect.stringContaining('404 NOT_FOUND')]);
});

// Issue 14: every library call that names a folder of another organisation (or another tutor's)
// answers 404, as a missing folder does; none answers 200 with an empty result.
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, useTestServer } from '../support/testServer';

// @database-neutral: its subject is ids of another organisation, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

const server = useTestServer();
let token: string;
let foreignFolder: string;
let foreignTest: string;
let ownTest: string;
let ownVersion: number;
let ownFolder: string;
let batchId: string;
let colleague: string;
beforeAll(async () => {
  const account = await createAccount(server, { flags: { allow_sharing: true } });
  token = await login(server, account);
  const other = await login(server, await createAccount(server));
  foreignFolder = (await server.call('POST', '/api/folder', { token: other, body: { name: 'Theirs' } })).body.data._id;
  foreignTest = (await server.call('POST', '/api/v2/test/create', { token: other, body: { name: 'Their test', parentFolderId: foreignFolder } })).body.data._id;
  ownFolder = (await server.call('POST', '/api/folder', { token, body: { name: 'Mine' } })).body.data._id;
  ownTest = (await server.call('POST', '/api/v2/test/create', { token, body: { name: 'My test' } })).body.data._id;
  ownVersion = (await server.call('GET', `/api/v2/test/${ownTest}`, { token })).body.data.version;
  batchId = (await server.call('POST', '/api/v2/batches', { token, body: { name: 'Batch A' } })).body.data._id;
  colleague = (
    await createUser(server.database.db, { orgCode: account.orgCode, email: 'colleague@example.com', name: 'Colleague', password: 'colleague-pass-1' })
  ).user.id;
});

const selectAll = (parentFolderId: string) => ({ parentFolderId, selectAll: true, folderIds: [], testIds: [] });

test.each([
  ['GET', () => `/api/folder/childrens/${foreignFolder}`, () => undefined],
  ['GET', () => `/api/folder/childrens/${foreignFolder}?searchString=Their`, () => undefined],
  ['POST', () => '/api/folder', () => ({ name: 'Inside theirs', parentFolderId: foreignFolder })],
  ['PATCH', () => '/api/folder', () => ({ folderId: foreignFolder, name: 'Renamed' })],
  ['POST', () => '/api/folder/move', () => ({ ...selectAll(foreignFolder), destinationFolderId: ownFolder })],
  ['POST', () => '/api/folder/move', () => ({ parentFolderId: '0', testIds: [ownTest], destinationFolderId: foreignFolder })],
  ['DELETE', () => '/api/folder', () => ({ ...selectAll(foreignFolder), includeTests: true })],
  ['DELETE', () => '/api/test', () => selectAll(foreignFolder)],
  ['POST', () => '/api/test/linkTest', () => ({ ...selectAll(foreignFolder), batchIds: [batchId] })],
  ['POST', () => '/api/v2/test/create', () => ({ name: 'Inside theirs', parentFolderId: foreignFolder })],
  ['PATCH', () => '/api/v2/test/update', () => ({ testId: ownTest, version: ownVersion, parentFolderId: foreignFolder })],
])("%s %s naming another organisation's folder is 404", async (method, path, body) => {
  const res = await server.call(method, path(), { token, body: body() });
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
});

test("sharing a selection of another organisation's folder is 404", async () => {
  for (const path of ['/api/folder/share', '/api/test/share']) {
    const res = await server.call('POST', path, { token, body: { ...selectAll(foreignFolder), tutorIds: [colleague] } });
    expect(res.status).toBe(404);
  }
});

test('nothing of theirs was changed or listed', async () => {
  const rows = await server.database.db.selectFrom('tests').select(['id', 'parent_folder_id']).where('id', '=', foreignTest).execute();
  expect(rows).toEqual([{ id: foreignTest, parent_folder_id: foreignFolder }]);
  const mine = await server.database.db.selectFrom('tests').select('parent_folder_id').where('id', '=', ownTest).executeTakeFirstOrThrow();
  expect(mine.parent_folder_id).toBeNull();
});

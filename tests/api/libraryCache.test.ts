import { sql } from 'kysely';
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, startSecondServer, startTestServer, type TestServer } from '../support/testServer';

/**
 * The listing cache never answers older than a write acknowledged before the request: whichever
 * server made the write (this one, a second server on the same database, or SQL straight into
 * the database), the next listing shows it. Every listing here goes to server `a`; writes go to
 * `a` or to `b`, a second server with a cache of its own.
 */
let a: TestServer;
let b: TestServer;
let account: Awaited<ReturnType<typeof createAccount>>;
let token: string;
let colleague: { id: string; token: string };
let editorToken: string;
beforeAll(async () => {
  a = await startTestServer();
  b = await startSecondServer(a);
  account = await createAccount(a, { flags: { is_shared_global: true } });
  token = await login(a, account);
  const other = { orgCode: account.orgCode, email: 'colleague@example.com', password: 'colleague-pass' };
  const { user } = await createUser(a.database.db, { ...other, name: 'Colleague' });
  colleague = { id: user.id, token: await login(a, other) };
  const editor = { orgCode: account.orgCode, email: 'editor@example.com', password: 'editor-pass-1' };
  await createUser(a.database.db, { ...editor, name: 'Editor', clpEditor: true });
  editorToken = await login(a, editor);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

type Server = TestServer;
const write = async (server: Server, method: string, path: string, body: unknown, as = token) => {
  const res = await server.call(method, path, { token: as, body });
  expect(res.status).toBe(200);
  return res.body.data;
};
/** Lists through `a` twice: the second answer must come from the cache, and be the same. */
const listCached = async (id: string, query = '', as = token) => {
  const path = `/api/folder/childrens/${id}?testLimit=100${query}`;
  const first = await a.call('GET', path, { token: as });
  expect(first.status).toBe(200);
  const second = await a.call('GET', path, { token: as });
  expect(second.headers.get('x-library-cache')).toBe('hit');
  expect(second.body).toEqual(first.body);
  return second.body.data;
};
const list = async (id: string, query = '', as = token) => {
  const res = await a.call('GET', `/api/folder/childrens/${id}?testLimit=100${query}`, { token: as });
  expect(res.status).toBe(200);
  return res.body.data;
};
const folderNames = (data: any) => data.folders.folderArray.map((f: { name: string }) => f.name).sort();
const testNames = (data: any) => data.tests.testsArray.map((t: { name: string }) => t.name).sort();

describe.each([
  ['this server', () => a],
  ['a second server on the same database', () => b],
])('writes through %s are seen at once', (_label, writer) => {
  let box: string;
  let boxName: string;
  beforeEach(async () => {
    boxName = `Box ${Math.random()}`;
    box = (await write(a, 'POST', '/api/folder', { name: boxName }))._id;
  });

  test('create folder, rename, create test', async () => {
    expect(folderNames(await listCached(box))).toEqual([]);
    const inner = await write(writer(), 'POST', '/api/folder', { name: 'Inner', parentFolderId: box });
    expect(folderNames(await listCached(box))).toEqual(['Inner']);
    expect((await listCached(inner._id)).parentFolderDetail.map((c: { name: string }) => c.name)).toEqual([expect.any(String), 'Inner']);
    await write(writer(), 'PATCH', '/api/folder', { folderId: inner._id, name: 'Renamed' });
    expect(folderNames(await list(box))).toEqual(['Renamed']);
    expect((await list(inner._id)).parentFolderDetail.map((c: { name: string }) => c.name)[1]).toBe('Renamed');
    await write(writer(), 'POST', '/api/v2/test/create', { name: 'Fresh test', parentFolderId: box });
    expect(testNames(await listCached(box))).toEqual(['Fresh test']);
  });

  test('move, copy and delete', async () => {
    const target = (await write(a, 'POST', '/api/folder', { name: 'Target', parentFolderId: box }))._id;
    const test = await write(a, 'POST', '/api/v2/test/create', { name: 'Mover', parentFolderId: box });
    expect(testNames(await listCached(box))).toEqual(['Mover']);
    expect(testNames(await listCached(target))).toEqual([]);
    await write(writer(), 'POST', '/api/folder/move', { parentFolderId: box, destinationFolderId: target, testIds: [test._id] });
    expect(testNames(await listCached(box))).toEqual([]);
    expect(testNames(await listCached(target))).toEqual(['Mover']);
    await write(writer(), 'POST', `/api/test/copy/${test._id}`, { name: 'Mover copy' });
    expect(testNames(await listCached(target))).toEqual(['Mover', 'Mover copy']);
    await write(writer(), 'DELETE', '/api/test', { parentFolderId: target, selectAll: true, searchString: 'copy' });
    expect(testNames(await listCached(target))).toEqual(['Mover']);
    await write(writer(), 'DELETE', '/api/folder', { parentFolderId: box, folderIds: [target] });
    expect(folderNames(await listCached(box))).toEqual([]);
    expect((await a.call('GET', `/api/folder/childrens/${target}`, { token })).status).toBe(404);
  });

  test("share into another user's library", async () => {
    const test = await write(a, 'POST', '/api/v2/test/create', { name: `Shared ${Math.random()}`, parentFolderId: box });
    const before = testNames(await listCached('0', '', colleague.token));
    await write(writer(), 'POST', '/api/test/share', { parentFolderId: box, testIds: [test._id], tutorIds: [colleague.id] });
    expect(testNames(await listCached('0', '', colleague.token))).toEqual([...before, test.name].sort());
    await write(writer(), 'POST', '/api/folder/share', { folderIds: [box], tutorIds: [colleague.id] });
    expect(folderNames(await list('0', '', colleague.token))).toContain(boxName);
  });

  test('link tests, rename the batch', async () => {
    const test = await write(a, 'POST', '/api/v2/test/create', { name: 'Linked', parentFolderId: box });
    const batch = await write(a, 'POST', '/api/v2/batches', { name: `Batch ${Math.random()}` });
    expect((await listCached(box)).tests.testsArray[0].links.batches).toEqual([]);
    await write(writer(), 'POST', '/api/test/linkTest', { batchIds: [batch._id], testIds: [test._id], parentFolderId: box });
    expect((await listCached(box)).tests.testsArray[0].links.batches).toEqual([{ _id: batch._id, name: batch.name }]);
    await write(writer(), 'PATCH', `/api/v2/batches/${batch._id}`, { name: `${batch.name} renamed` });
    expect((await listCached(box)).tests.testsArray[0].links.batches).toEqual([{ _id: batch._id, name: `${batch.name} renamed` }]);
  });
});

test('writes straight into the database (as any other code would make them) are seen at once', async () => {
  const box = (await write(a, 'POST', '/api/folder', { name: 'Raw' }))._id;
  const test = await write(a, 'POST', '/api/v2/test/create', { name: 'Before', parentFolderId: box, tags: ['x'] });
  expect(testNames(await listCached(box))).toEqual(['Before']);
  await sql`update tests set name = 'After', opened_at = now() where id = ${test._id}`.execute(b.database.db);
  expect(testNames(await listCached(box))).toEqual(['After']);
  expect((await listCached('0', '&showRecent=true')).recentTests[0].name).toBe('After');
  await sql`delete from tests where id = ${test._id}`.execute(b.database.db);
  expect(testNames(await listCached(box))).toEqual([]);
  const subjects = (await a.call('GET', '/api/test/subjects', { token })).body.data.subjects;
  const chapter = await write(a, 'POST', '/api/test/chapters', { subjectId: subjects[0]._id, name: 'Chapter one' });
  const linked = await write(a, 'POST', '/api/v2/test/create', { name: 'Chaptered', parentFolderId: box });
  await write(a, 'POST', '/api/test/linkTest', { chapterIds: [chapter._id], testIds: [linked._id], parentFolderId: box });
  expect((await listCached(box)).tests.testsArray[0].links.chapters).toEqual([{ _id: chapter._id, name: 'Chapter one' }]);
  await sql`update chapters set name = 'Chapter renamed' where id = ${chapter._id}`.execute(b.database.db);
  expect((await listCached(box)).tests.testsArray[0].links.chapters).toEqual([{ _id: chapter._id, name: 'Chapter renamed' }]);
  await sql`delete from chapters where id = ${chapter._id}`.execute(b.database.db);
  expect((await listCached(box)).tests.testsArray[0].links.chapters).toEqual([]);
});

test('the Global Library: an editor writing through the second server; each organisation sees its own links', async () => {
  const folder = await write(b, 'POST', '/api/folder', { name: `Global ${Math.random()}`, isGlobal: true }, editorToken);
  expect(folderNames(await listCached('0', '&isGlobal=true'))).toContain(folder.name);
  const test = await write(b, 'POST', '/api/v2/test/create', { name: 'Global test', parentFolderId: folder._id, isGlobal: true }, editorToken);
  expect(testNames(await listCached(folder._id, '&isGlobal=true'))).toEqual(['Global test']);

  const outsider = await createAccount(a, { flags: { is_shared_global: true } });
  const outsiderToken = await login(a, outsider);
  expect((await listCached(folder._id, '&isGlobal=true', outsiderToken)).tests.testsArray[0].links.batches).toEqual([]);
  const batch = await write(b, 'POST', '/api/v2/batches', { name: 'Our batch' });
  await write(b, 'POST', '/api/test/linkTest', { batchIds: [batch._id], testIds: [test._id], parentFolderId: folder._id, isGlobal: true });
  expect((await listCached(folder._id, '&isGlobal=true')).tests.testsArray[0].links.batches).toEqual([{ _id: batch._id, name: 'Our batch' }]);
  expect((await listCached(folder._id, '&isGlobal=true', outsiderToken)).tests.testsArray[0].links.batches).toEqual([]);

  await write(b, 'PATCH', '/api/folder', { folderId: folder._id, name: `${folder.name} (2)`, isGlobal: true }, editorToken);
  expect(folderNames(await listCached('0', '&isGlobal=true', outsiderToken))).toContain(`${folder.name} (2)`);
});

test('with the cache off every listing is read from the database', async () => {
  const off = await startSecondServer(a, { libraryCacheBytes: 0 });
  try {
    const res = await off.call('GET', '/api/folder/childrens/0', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-library-cache')).toBeNull();
  } finally {
    await off.close();
  }
});

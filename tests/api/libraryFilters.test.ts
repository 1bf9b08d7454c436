import { createUser } from '@server/modules/orgs/commands';
import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';

// @database-neutral: its subject is the library's filters, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let token: string;
let account: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => ({ server, account, token } = await startSignedIn()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body });
const folder = async (name: string, parentFolderId = '0') => (await call('POST', '/api/folder', { name, parentFolderId })).body.data._id as string;
const newTest = async (name: string, parentFolderId: string, tags: string[]) =>
  (await call('POST', '/api/v2/test/create', { name, parentFolderId, tags })).body.data._id as string;
const list = async (id: string, query: string) => {
  const res = await call('GET', `/api/folder/childrens/${id}?testLimit=100${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const names = (items: { name: string }[]) => items.map((i) => i.name).sort();
const tagsParam = (tags: string[]) => `&tags=${encodeURIComponent(JSON.stringify(tags))}`;

/** A folder with a subfolder and five tests tagged in different ways. */
async function taggedFolder(label: string) {
  const box = await folder(`${label} box`);
  const sub = await folder(`${label} sub`, box);
  const ids = {
    algebraBasic: await newTest('Algebra basic', box, ['algebra', 'basic']),
    algebraHard: await newTest('Algebra hard', box, ['algebra', 'hard']),
    geometryBasic: await newTest('Geometry basic', box, ['geometry', 'basic']),
    algebraBasic2: await newTest('Algebra basic two', box, ['basic', 'algebra', 'exam']),
    untagged: await newTest('Untagged', box, []),
  };
  return { box, sub, ids };
}

test('listing by one tag, by two tags (all of them), with a search; folders are hidden under a tag filter', async () => {
  const { box } = await taggedFolder('List');
  const all = await list(box, '');
  expect(all.folders.folderCount).toBe(1);
  expect(all.tests.testCount).toBe(5);

  const algebra = await list(box, '&tags=algebra');
  expect(names(algebra.tests.testsArray)).toEqual(['Algebra basic', 'Algebra basic two', 'Algebra hard']);
  expect(algebra.tests.testCount).toBe(3);
  expect(algebra.folders).toEqual({ folderCount: 0, folderArray: [] });

  const both = await list(box, tagsParam(['algebra', 'basic']));
  expect(names(both.tests.testsArray)).toEqual(['Algebra basic', 'Algebra basic two']);
  expect((await list(box, '&tags=%20basic%20,algebra,')).tests.testCount).toBe(2); // comma list, trimmed
  expect((await list(box, '&tags=algebra,geometry')).tests.testCount).toBe(0);

  const searched = await list(box, `${tagsParam(['basic'])}&searchString=two`);
  expect(names(searched.tests.testsArray)).toEqual(['Algebra basic two']);
  expect((await list(box, '&tags=Algebra')).tests.testCount).toBe(0); // tags match exactly, as stored

  expect((await list(box, '&tags=')).folders.folderCount).toBe(1); // an empty filter is no filter
});

test('recent tests at the root are not filtered by tags', async () => {
  await taggedFolder('Recent');
  const root = await list('0', '&showRecent=true&tags=geometry');
  expect(root.folders.folderCount).toBe(0);
  expect(root.recentTests.length).toBeGreaterThan(1);
  expect(root.recentTests.some((t: { tags: string[] }) => !t.tags.includes('geometry'))).toBe(true);
});

test('selectAll move with a tag filter and exclusions moves exactly the matching tests, and no folder', async () => {
  const { box, sub, ids } = await taggedFolder('Move');
  const target = await folder('Move target');
  const res = await call('POST', '/api/folder/move', {
    parentFolderId: box,
    destinationFolderId: target,
    selectAll: true,
    filters: { tags: ['algebra'] },
    testIds: [ids.algebraHard],
    folderIds: [],
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ movedFolders: 0, movedTests: 2 });
  expect(names((await list(target, '')).tests.testsArray)).toEqual(['Algebra basic', 'Algebra basic two']);
  const left = await list(box, '');
  expect(names(left.tests.testsArray)).toEqual(['Algebra hard', 'Geometry basic', 'Untagged']);
  expect(left.folders.folderArray.map((f: { _id: string }) => f._id)).toEqual([sub]);
});

test('selectAll move with search and tags; without selectAll the filters are ignored (explicit ids win)', async () => {
  const { box, ids } = await taggedFolder('Search move');
  const target = await folder('Search move target');
  const searched = await call('POST', '/api/folder/move', {
    parentFolderId: box,
    destinationFolderId: target,
    selectAll: true,
    searchString: 'basic',
    filters: { tags: ['basic'] },
  });
  expect(searched.body.data).toMatchObject({ movedFolders: 0, movedTests: 3 });
  const explicit = await call('POST', '/api/folder/move', {
    parentFolderId: box,
    destinationFolderId: target,
    testIds: [ids.untagged],
    filters: { tags: ['nothing-has-this'] },
  });
  expect(explicit.body.data).toMatchObject({ movedTests: 1 });
  expect(names((await list(box, '')).tests.testsArray)).toEqual(['Algebra hard']);
});

test('selectAll delete with a tag filter and exclusions deletes exactly the matching tests; folders are kept', async () => {
  const { box, sub, ids } = await taggedFolder('Delete');
  const res = await call('DELETE', '/api/test', { parentFolderId: box, selectAll: true, filters: { tags: ['basic'] }, testIds: [ids.geometryBasic] });
  expect(res.status).toBe(200);
  expect(res.body.data.deletedCount).toBe(2);
  expect(names((await list(box, '')).tests.testsArray)).toEqual(['Algebra hard', 'Geometry basic', 'Untagged']);

  const folders = await call('DELETE', '/api/folder', { parentFolderId: box, selectAll: true, filters: { tags: ['basic'] } });
  expect(folders.body.data.deletedCount).toBe(0);
  expect((await list(sub, '')).parentFolderDetail).toHaveLength(2);
  const noFilter = await call('DELETE', '/api/folder', { parentFolderId: box, selectAll: true, filters: { tags: [] } });
  expect(noFilter.body.data.deletedCount).toBe(1);
});

test('selectAll link and share with a tag filter and exclusions touch exactly the matching tests', async () => {
  const { box, ids } = await taggedFolder('Link');
  const batch = (await call('POST', '/api/v2/batches', { name: 'Filtered batch' })).body.data;
  const linked = await call('POST', '/api/test/linkTest', {
    batchIds: [batch._id],
    selectAll: true,
    parentFolderId: box,
    filters: { tags: ['algebra'] },
    testIds: [ids.algebraBasic2],
  });
  expect(linked.status).toBe(200);
  expect(linked.body.data.linkedTests).toBe(2);
  const listed = (await list(box, '')).tests.testsArray as { name: string; links: { batches: unknown[] } }[];
  expect(names(listed.filter((t) => t.links.batches.length > 0))).toEqual(['Algebra basic', 'Algebra hard']);

  const colleague = { orgCode: account.orgCode, email: 'colleague@example.com', password: 'colleague-pass' };
  const { user } = await createUser(server.database.db, { ...colleague, name: 'Colleague' });
  const otherToken = await login(server, colleague);
  const otherId = user.id;
  const shared = await call('POST', '/api/test/share', {
    parentFolderId: box,
    selectAll: true,
    filters: { tags: ['basic'] },
    testIds: [ids.algebraBasic],
    tutorIds: [otherId],
  });
  expect(shared.status).toBe(200);
  expect(shared.body.data.sharedCount).toBe(2);
  const theirs = await server.call('GET', '/api/folder/childrens/0?testLimit=100', { token: otherToken });
  expect(names(theirs.body.data.tests.testsArray)).toEqual(['Algebra basic two', 'Geometry basic']);
  const folderShare = await call('POST', '/api/folder/share', { parentFolderId: box, selectAll: true, filters: { tags: ['basic'] }, tutorIds: [otherId] });
  expect(folderShare.body.data.sharedCount).toBe(0);
});

test('bad tags are refused with 400 naming the field', async () => {
  const box = await folder('Bad tags');
  const fieldsOf = (res: { status: number; body: any }) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    return res.body.details.map((d: { field: string }) => d.field);
  };
  const tooLong = 'x'.repeat(51);
  expect(fieldsOf(await call('GET', `/api/folder/childrens/${box}?tags=ok,${tooLong}`))).toEqual(['query.tags.1']);
  const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
  expect(fieldsOf(await call('GET', `/api/folder/childrens/${box}?tags=${many}`))).toEqual(['query.tags']);
  expect(fieldsOf(await call('GET', `/api/folder/childrens/${box}?tags=%5Bbroken`))).toEqual(['query.tags']);
  expect(fieldsOf(await call('GET', `/api/folder/childrens/${box}?tags=${encodeURIComponent('["a"," "]')}`))).toEqual(['query.tags.1']);
  expect((await call('GET', `/api/folder/childrens/${box}?tags=${'y'.repeat(50)}`)).status).toBe(200);

  const move = (filters: unknown) => call('POST', '/api/folder/move', { parentFolderId: box, destinationFolderId: '0', selectAll: true, filters });
  expect(fieldsOf(await move({ tags: [''] }))).toEqual(['filters.tags.0']);
  expect(fieldsOf(await move({ tags: [tooLong] }))).toEqual(['filters.tags.0']);
  expect(fieldsOf(await move({ tags: 'algebra' }))).toEqual(['filters.tags']);
  expect(fieldsOf(await move({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toEqual(['filters.tags']);
  expect(fieldsOf(await call('DELETE', '/api/test', { selectAll: true, filters: { tags: [5] } }))).toEqual(['filters.tags.0']);
  expect(fieldsOf(await call('POST', '/api/test/linkTest', { selectAll: true, filters: 'x' }))).toEqual(['filters']);
});

// Issue 14: a search covers the open folder and everything below it (it found only what lay
// directly in the folder), says where each hit lives, and a select-all of the search acts on
// exactly what it shows; other libraries stay out.
import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await startSignedIn()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, as = token) => server.call(method, path, { token: as, body });
const folder = async (name: string, parentFolderId = '0') => (await call('POST', '/api/folder', { name, parentFolderId })).body.data._id as string;
const newTest = async (name: string, parentFolderId = '0') => (await call('POST', '/api/v2/test/create', { name, parentFolderId })).body.data._id as string;
const search = async (folderId: string, text: string) => {
  const res = await call('GET', `/api/folder/childrens/${folderId}?testLimit=100&searchString=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const where = (items: { name: string; location?: { name: string }[] }[]) =>
  items.map((i) => [i.name, (i.location ?? []).map((l) => l.name).join(' › ')]).sort();

let maths: string;
let algebra: string;
let linear: string;
beforeAll(async () => {
  maths = await folder('Maths');
  algebra = await folder('Algebra', maths);
  linear = await folder('Linear equations', algebra);
  await folder('Quadratics quiz folder', algebra);
  await newTest('Quiz: fractions', maths);
  await newTest('Quiz: linear', linear);
  await newTest('Quiz: at the root');
  await newTest('Homework', linear);
  // Another tutor's library holds a quiz too: never found.
  const other = await login(server, await createAccount(server));
  await call('POST', '/api/v2/test/create', { name: 'Quiz: theirs' }, other);
});

test('a search in a folder finds what lies anywhere below it, and says where', async () => {
  const found = await search(maths, 'quiz');
  expect(where(found.tests.testsArray)).toEqual([
    ['Quiz: fractions', 'Maths'],
    ['Quiz: linear', 'Maths › Algebra › Linear equations'],
  ]);
  expect(where(found.folders.folderArray)).toEqual([['Quadratics quiz folder', 'Maths › Algebra']]);
  expect(found.tests.testCount).toBe(2);
});

test('at the root it covers the whole library (and nothing of another tutor)', async () => {
  const found = await search('0', 'quiz');
  expect(where(found.tests.testsArray)).toEqual([
    ['Quiz: at the root', ''],
    ['Quiz: fractions', 'Maths'],
    ['Quiz: linear', 'Maths › Algebra › Linear equations'],
  ]);
  const deeper = await search(algebra, 'LINEAR');
  expect(where(deeper.folders.folderArray)).toEqual([['Linear equations', 'Maths › Algebra']]);
  expect(where(deeper.tests.testsArray)).toEqual([['Quiz: linear', 'Maths › Algebra › Linear equations']]);
});

test('without a search the listing is the folder itself, as before', async () => {
  const listing = (await call('GET', `/api/folder/childrens/${maths}?testLimit=100`)).body.data;
  expect(listing.tests.testsArray.map((t: { name: string }) => t.name)).toEqual(['Quiz: fractions']);
  expect(listing.folders.folderArray.map((f: { name: string }) => f.name)).toEqual(['Algebra']);
});

test('select all on a search moves exactly what the search shows', async () => {
  const box = await folder('Box');
  const res = await call('POST', '/api/folder/move', {
    parentFolderId: maths,
    selectAll: true,
    searchString: 'quiz',
    folderIds: [],
    testIds: [],
    destinationFolderId: box,
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ movedTests: 2, movedFolders: 1 });
  const moved = (await call('GET', `/api/folder/childrens/${box}?testLimit=100`)).body.data;
  expect(moved.tests.testsArray.map((t: { name: string }) => t.name).sort()).toEqual(['Quiz: fractions', 'Quiz: linear']);
  // The rest stayed where it was.
  expect((await call('GET', `/api/folder/childrens/${linear}?testLimit=100`)).body.data.tests.testsArray.map((t: { name: string }) => t.name)).toEqual([
    'Homework',
  ]);
});

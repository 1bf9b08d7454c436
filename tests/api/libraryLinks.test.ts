import { createAccount, login, startTestServer, type TestServer } from '../support/testServer';

// @database-neutral: its subject is subjects, chapters and batches, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const account = await createAccount(server);
  token = await login(server, account);
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, as = token) => server.call(method, path, { token: as, body });

test('subjects: the standard list; chapters created per subject, searched and filtered', async () => {
  const subjects = (await call('GET', '/api/test/subjects')).body.data.subjects;
  const maths = subjects.find((s: { name: string }) => s.name === 'Mathematics');
  const physics = subjects.find((s: { name: string }) => s.name === 'Physics');
  expect(maths).toBeDefined();
  const algebra = await call('POST', '/api/test/chapters', { subjectId: maths._id, name: 'Algebra' });
  expect(algebra.status).toBe(200);
  await call('POST', '/api/test/chapters', { subjectId: physics._id, name: 'Optics' });
  const dup = await call('POST', '/api/test/chapters', { subjectId: maths._id, name: 'algebra' });
  expect(dup.status).toBe(409);
  expect(dup.body.message).toBe('The name "algebra" is already in use here.');
  expect((await call('POST', '/api/test/chapters', { subjectId: 'nope', name: 'X' })).status).toBe(404);
  const bySubject = await call('GET', `/api/test/chapters?subjects=${encodeURIComponent(JSON.stringify([maths._id]))}`);
  expect(bySubject.body.data.chapters.map((c: { name: string }) => c.name)).toEqual(['Algebra']);
  const bySearch = await call('GET', '/api/test/chapters?search=opt');
  expect(bySearch.body.data.chapters.map((c: { name: string }) => c.name)).toEqual(['Optics']);
  expect((await call('GET', '/api/test/chapters?subjects=%5Bbroken')).status).toBe(400);
});

test('batches: create, rename, list; names unique in the organisation', async () => {
  const created = await call('POST', '/api/v2/batches', { name: 'Morning batch' });
  expect(created.status).toBe(200);
  expect((await call('POST', '/api/v2/batches', { name: 'morning BATCH' })).status).toBe(409);
  const renamed = await call('PATCH', `/api/v2/batches/${created.body.data._id}`, { name: 'Evening batch' });
  expect(renamed.body.data.name).toBe('Evening batch');
  expect((await call('GET', '/api/v2/batches')).body.data.batches.map((b: { name: string }) => b.name)).toContain('Evening batch');
  const other = await createAccount(server);
  const otherToken = await login(server, other);
  expect((await call('PATCH', `/api/v2/batches/${created.body.data._id}`, { name: 'Stolen' }, otherToken)).status).toBe(404);
  expect((await call('GET', '/api/v2/batches', undefined, otherToken)).body.data.batches).toEqual([]);
});

test('link tests to chapters and batches, one by one or selectAll; the listing shows the links', async () => {
  const subjects = (await call('GET', '/api/test/subjects')).body.data.subjects;
  const chapter = (await call('POST', '/api/test/chapters', { subjectId: subjects[0]._id, name: 'Linked chapter' })).body.data;
  const batch = (await call('POST', '/api/v2/batches', { name: 'Linked batch' })).body.data;
  const box = (await call('POST', '/api/folder', { name: 'Linkable' })).body.data._id;
  const tests = [];
  for (const name of ['Quiz A', 'Quiz B', 'Quiz C']) tests.push((await call('POST', '/api/v2/test/create', { name, parentFolderId: box })).body.data);

  const one = await call('POST', '/api/test/linkTest', { chapterIds: [chapter._id], proprofsId: tests[0]._id, parentFolderId: box });
  expect(one.body.data.linkedTests).toBe(1);
  const all = await call('POST', '/api/test/linkTest', { batchIds: [batch._id], selectAll: true, parentFolderId: box, testIds: [tests[2]._id] });
  expect(all.body.data.linkedTests).toBe(2);
  const again = await call('POST', '/api/test/linkTest', { batchIds: [batch._id], testIds: [tests[1]._id], parentFolderId: box });
  expect(again.status).toBe(200); // linking twice is harmless

  const listed = (await call('GET', `/api/folder/childrens/${box}`)).body.data.tests.testsArray;
  const byName = Object.fromEntries(listed.map((t: { name: string; links: unknown }) => [t.name, t.links]));
  expect(byName['Quiz A']).toEqual({ chapters: [{ _id: chapter._id, name: 'Linked chapter' }], batches: [{ _id: batch._id, name: 'Linked batch' }] });
  expect(byName['Quiz B']).toEqual({ chapters: [], batches: [{ _id: batch._id, name: 'Linked batch' }] });
  expect(byName['Quiz C']).toEqual({ chapters: [], batches: [] });

  expect((await call('POST', '/api/test/linkTest', { chapterIds: ['nope'], testIds: [tests[0]._id] })).status).toBe(404);
  expect((await call('POST', '/api/test/linkTest', { chapterIds: [chapter._id], testIds: ['not-mine'] })).status).toBe(404);
});

import { startSignedIn, createAccount, login, type TestServer } from '../support/testServer';
import { createUser } from '@server/modules/orgs/commands';

// @database-neutral: its subject is the library's content calls, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let token: string;
let account: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => ({ server, account, token } = await startSignedIn({}, { flags: { is_shared_global: true } })));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, as = token) => server.call(method, path, { token: as, body });
const folder = async (name: string, parentFolderId = '0', as = token) =>
  (await call('POST', '/api/folder', { name, parentFolderId }, as)).body.data._id as string;

async function colleague(name: string) {
  const { user, password } = await createUser(server.database.db, { orgCode: account.orgCode, email: `${name}@example.com`, name, password: 'colleague-pass' });
  return { id: user.id, token: await login(server, { orgCode: account.orgCode, email: `${name}@example.com`, password }) };
}

test('a new test from the library: New Test, 30 minutes, English, in the folder, and among the recent tests', async () => {
  const home = await folder('Tests home');
  const res = await call('POST', '/api/v2/test/create', { parentFolderId: home });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ name: 'New Test', duration: 1_800_000, languagesList: ['English'], parentFolder: home });
  const listing = await call('GET', `/api/folder/childrens/${home}`);
  expect(listing.body.data.tests.testsArray.map((t: { _id: string }) => t._id)).toEqual([res.body.data._id]);
  const root = await call('GET', '/api/folder/childrens/0?showRecent=true');
  expect(root.body.data.recentTests[0]._id).toBe(res.body.data._id);
});

test('copy makes a deep copy with the new name, in the same folder', async () => {
  const box = await folder('Copies');
  const original = (await call('POST', '/api/v2/test/create', { name: 'Original', parentFolderId: box, tags: ['algebra'] })).body.data;
  await server.database.db
    .updateTable('tests')
    .set({ content: JSON.stringify({ sections: [{ name: 'S1', questions: [{ type: 'integer', name: '2+2' }] }] }), is_attempted: true })
    .where('id', '=', original._id)
    .execute();
  const copy = await call('POST', `/api/test/copy/${original._id}`, { name: 'Copy of Original' });
  expect(copy.status).toBe(200);
  expect(copy.body.data).toMatchObject({ name: 'Copy of Original', parentFolder: box, tags: ['algebra'], isAttempted: false });
  const stored = await server.database.db.selectFrom('tests').select('content').where('id', '=', copy.body.data._id).executeTakeFirstOrThrow();
  expect(stored.content).toEqual({ sections: [{ name: 'S1', questions: [{ type: 'integer', name: '2+2' }] }] });
  expect((await call('POST', `/api/test/copy/${original._id}`, { name: '' })).status).toBe(400);
});

test('a Global Library test is copied into the root of My Library', async () => {
  const editor = await createAccount(server, { flags: { is_shared_global: true }, clpEditor: true });
  const editorToken = await login(server, editor);
  const globalTest = (await call('POST', '/api/v2/test/create', { name: 'Global quiz', isGlobal: true }, editorToken)).body.data;
  expect(globalTest.isGlobal).toBe(true);
  expect((await call('POST', '/api/v2/test/create', { name: 'Not allowed', isGlobal: true })).status).toBe(403);
  const copy = await call('POST', `/api/test/copy/${globalTest._id}`, { name: 'My global quiz', isGlobal: true });
  expect(copy.body.data).toMatchObject({ isGlobal: false, parentFolder: '0' });
  const mine = await call('GET', '/api/folder/childrens/0?testLimit=100');
  expect(mine.body.data.tests.testsArray.map((t: { name: string }) => t.name)).toContain('My global quiz');
});

test('tags: my own and the global ones, filtered by search', async () => {
  await call('POST', '/api/v2/test/create', { name: 'Tagged', tags: ['Trigonometry', 'Grade 10'] });
  const res = await call('GET', '/api/tags?search=trig&isGlobal=true');
  expect(res.status).toBe(200);
  expect(res.body.data.selfTags).toEqual(['Trigonometry']);
  expect(Array.isArray(res.body.data.globalTags)).toBe(true);
  const tooLong = await call('POST', '/api/v2/test/create', { tags: ['x'.repeat(51)] });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.details[0].field).toBe('tags.0');
});

test('tutors to share with are those of my organisation only', async () => {
  const ana = await colleague('ana');
  const outsider = await createAccount(server);
  const res = await call('GET', '/api/v2/user/tutors?search=ana');
  expect(res.body.data.tutors.map((t: { _id: string }) => t._id)).toEqual([ana.id]);
  const all = await call('GET', '/api/v2/user/tutors');
  expect(all.body.data.tutors.map((t: { _id: string }) => t._id)).not.toContain(outsider.userId);
  expect(all.body.data.tutors.map((t: { _id: string }) => t._id)).not.toContain(account.userId);
});

test('sharing a folder gives each recipient their own deep copy at their root, marked shared; the original is untouched', async () => {
  const ben = await colleague('ben');
  const top = await folder('Unit 1');
  const sub = await folder('Lesson 1', top);
  await call('POST', '/api/v2/test/create', { name: 'Lesson quiz', parentFolderId: sub });
  const res = await call('POST', '/api/folder/share', { folderIds: [top], tutorIds: [ben.id] });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ sharedCount: 1, recipients: 1, message: 'Shared successfully' });
  const benRoot = (await call('GET', '/api/folder/childrens/0', undefined, ben.token)).body.data;
  const copy = benRoot.folders.folderArray.find((f: { name: string }) => f.name === 'Unit 1');
  expect(copy).toMatchObject({ isShared: true, sharedBy: 'Tutor ' + account.email.match(/\d+/)![0], folderCount: 1 });
  const lesson = (await call('GET', `/api/folder/childrens/${copy._id}`, undefined, ben.token)).body.data.folders.folderArray[0];
  const quiz = (await call('GET', `/api/folder/childrens/${lesson._id}`, undefined, ben.token)).body.data;
  expect(quiz.tests.testsArray.map((t: { name: string }) => t.name)).toEqual(['Lesson quiz']);
  expect(quiz.parentFolderDetail.map((c: { name: string }) => c.name)).toEqual(['Unit 1', 'Lesson 1']);
  // Ben's copy is his: renaming it leaves the original as it was.
  await call('PATCH', '/api/folder', { folderId: copy._id, name: 'Ben unit' }, ben.token);
  expect((await call('GET', `/api/folder/childrens/${sub}`)).body.data.parentFolderDetail[0].name).toBe('Unit 1');
});

test('sharing tests; never across organisations; not when sharing is off', async () => {
  const cleo = await colleague('cleo');
  const quiz = (await call('POST', '/api/v2/test/create', { name: 'Shared quiz' })).body.data;
  const res = await call('POST', '/api/test/share', { testIds: [quiz._id], tutorIds: [cleo.id] });
  expect(res.body.data.sharedCount).toBe(1);
  const cleoRoot = (await call('GET', '/api/folder/childrens/0', undefined, cleo.token)).body.data;
  expect(cleoRoot.tests.testsArray.find((t: { name: string }) => t.name === 'Shared quiz')).toMatchObject({ isSharedTest: true });
  const outsider = await createAccount(server);
  expect((await call('POST', '/api/test/share', { testIds: [quiz._id], tutorIds: [outsider.userId] })).status).toBe(404);
  expect((await call('POST', '/api/test/share', { testIds: [quiz._id], tutorIds: [] })).status).toBe(400);
  const closed = await createAccount(server, { flags: { allow_sharing: false } });
  const closedToken = await login(server, closed);
  const denied = await call('POST', '/api/test/share', { testIds: ['x'], tutorIds: [cleo.id] }, closedToken);
  expect(denied.status).toBe(403);
  expect(denied.body.code).toBe('SHARING_DISABLED');
});

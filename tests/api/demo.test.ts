import { seedDemo } from '@server/demo';
import { login, startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('the demo organisation signs in and finds a small library with recent tests', async () => {
  const demo = await seedDemo(server.database.db);
  const token = await login(server, demo);
  const user = await server.call('GET', '/api/auth/user', { token });
  expect(user.body.data.user).toMatchObject({ isSharedGlobal: true, enableViduParser: true, isCLPEditor: true });
  const root = await server.call('GET', '/api/folder/childrens/0?showRecent=true', { token });
  expect(root.body.data.folders.folderArray.map((f: { name: string }) => f.name)).toEqual(['Mathematics', 'Physics']);
  expect(root.body.data.tests.testsArray.map((t: { name: string }) => t.name)).toEqual(['Welcome test']);
  expect(root.body.data.recentTests.map((t: { name: string }) => t.name)).toEqual(['Linear equations: practice', 'Quadratic equations: unit test']);
  const maths = root.body.data.folders.folderArray[0];
  const algebra = (await server.call('GET', `/api/folder/childrens/${maths._id}`, { token })).body.data.folders.folderArray[0];
  const inside = (await server.call('GET', `/api/folder/childrens/${algebra._id}`, { token })).body.data;
  expect(inside.parentFolderDetail.map((c: { name: string }) => c.name)).toEqual(['Mathematics', 'Algebra']);
  expect(inside.tests.testCount).toBe(2);
});

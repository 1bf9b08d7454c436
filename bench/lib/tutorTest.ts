import type { OpenedDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { once } from './once';
import { callJson, startServer, type BenchServer } from './server';
import type { BenchContext } from './types';

export interface TutorTest {
  server: BenchServer;
  closeServer: () => Promise<void>;
  orgId: string;
  token: string;
  /** An API call as the tutor (path after /api), answering its data; a failure throws. */
  call: (method: string, path: string, body?: unknown) => Promise<any>;
  testId: string;
  /** The test as GET /v2/test/{id} answers it. */
  test: any;
}

/**
 * A bench server on `database`, a new organisation's tutor signed in, and a test of one section
 * holding `questions`, made through the API: what the benchmarks over seeded attempts start from.
 */
export async function tutorWithTest(
  ctx: BenchContext,
  database: OpenedDatabase,
  options: { account: { orgCode: string; email: string; password: string }; orgName: string; testName: string; questions: Record<string, unknown>[] },
): Promise<TutorTest> {
  const { account } = options;
  const server = await startServer(database, { filesDir: ctx.tempDir('testforge-bench-files-') });
  const closeServer = once(() => server.close());
  ctx.onCleanup(closeServer);
  const org = await createOrg(database.db, { code: account.orgCode, name: options.orgName, days: 365 });
  await createUser(database.db, { orgCode: account.orgCode, email: account.email, password: account.password, name: 'Bench Tutor' });
  const token = (await callJson(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: account })).body.data.token as string;
  const call = async (method: string, path: string, body?: unknown) => {
    const send = () => callJson(`${server.baseUrl}/api${path}`, { method, body, headers: { 'x-access-token': token } });
    // After minutes of seeding, the kept-alive connection may have been closed by the server: once more.
    const res = await send().catch(send);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };
  const testId = (await call('POST', '/v2/test/create', { name: options.testName }))._id as string;
  const sectionId = (await call('POST', '/v2/test/section/create', { testId })).section._id as string;
  await call('POST', '/v2/question/create', { testId, sectionId, questions: options.questions });
  return { server, closeServer, orgId: org.id, token, call, testId, test: await call('GET', `/v2/test/${testId}`) };
}

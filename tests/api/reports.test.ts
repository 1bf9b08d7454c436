// GET /v2/report-repo/count: the header badge, counting only the caller's organisation.
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, useTestServer } from '../support/testServer';

// @database-neutral: its subject is students' reports, on code that does not differ by database, so
// it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each database
// (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;
type Status = 'REPORTED' | 'updateAvailable' | 'resolved';

const server = useTestServer();
let a: Account;
let b: Account;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  a = await createAccount(server);
  b = await createAccount(server);
  tokenA = await login(server, a);
  tokenB = await login(server, b);
});

const count = (token: string) => server.call('GET', '/api/v2/report-repo/count', { token });

async function report(orgId: string, status: Status, n = 1): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({ org_id: orgId, test_id: 'test-1', question_id: `q-${i}`, reason: 'Wrong answer key', status }));
  await server.database.db.insertInto('question_reports').values(rows).execute();
}

test('zero when nothing is reported', async () => {
  const res = await count(tokenA);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { activeReportedCount: 0 } });
});

test("counts the caller's organisation's REPORTED rows only", async () => {
  await report(a.orgId, 'REPORTED', 3);
  await report(a.orgId, 'resolved', 2);
  await report(a.orgId, 'updateAvailable', 1);
  await report(b.orgId, 'REPORTED', 5);
  expect((await count(tokenA)).body.data.activeReportedCount).toBe(3);
  expect((await count(tokenB)).body.data.activeReportedCount).toBe(5);
});

test('is the same for every user of the organisation', async () => {
  await createUser(server.database.db, { orgCode: a.orgCode, email: 'second@example.com', name: 'Second', password: 'second-pass-1' });
  const second = await login(server, { orgCode: a.orgCode, email: 'second@example.com', password: 'second-pass-1' });
  expect((await count(second)).body.data.activeReportedCount).toBe(3);
});

test('follows status changes', async () => {
  await server.database.db
    .updateTable('question_reports')
    .set({ status: 'resolved' })
    .where('org_id', '=', a.orgId)
    .where('question_id', '=', 'q-0')
    .where('status', '=', 'REPORTED')
    .execute();
  expect((await count(tokenA)).body.data.activeReportedCount).toBe(2);
  expect((await count(tokenB)).body.data.activeReportedCount).toBe(5);
});

test('is a number, also above 999 (the portal caps the badge, not the server)', async () => {
  await report(b.orgId, 'REPORTED', 1000);
  const res = await count(tokenB);
  expect(res.body.data.activeReportedCount).toBe(1005);
  expect(typeof res.body.data.activeReportedCount).toBe('number');
});

test('403 SUBSCRIPTION_EXPIRED when the organisation has 0 days left; 401 without a session', async () => {
  const expired = await createAccount(server, { days: 0 });
  await report(expired.orgId, 'REPORTED', 2);
  const res = await count(await login(server, expired));
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('SUBSCRIPTION_EXPIRED');
  expect(JSON.stringify(res.body)).not.toContain('activeReportedCount');
  const none = await server.call('GET', '/api/v2/report-repo/count');
  expect(none.status).toBe(401);
  expect(none.body.code).toBe('UNAUTHORIZED');
});

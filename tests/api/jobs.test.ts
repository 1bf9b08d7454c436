// Issue 19: background work from the job queue on PostgreSQL (pg-boss), once across processes,
// retried on failure, visible in `npm run admin -- jobs`. PostgreSQL only (PGlite has no queue:
// one process does its work itself); skipped, and says so, without PostgreSQL.
import { sql } from 'kysely';
import { startSecondServer, startTestServer, type TestServer } from '../support/testServer';
import { signInEditor } from '../support/testEditor';
import { publishFreeTest, studentOf } from '../support/studentTests';
import { startSmtpServer, type SmtpServer } from '../support/smtp';
import { describeJobs } from '@server/jobs/status';
import { JobsRepository } from '@server/jobs/repository';
import { runCli } from '@server/admin/cli';

jest.setTimeout(120_000);
const onPostgres = process.env.TEST_DB === 'postgres';
if (!onPostgres) console.warn('SKIPPED tests/api/jobs.test.ts: the job queue runs on PostgreSQL only');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await wait(100);
  }
}

(onPostgres ? describe : describe.skip)('PostgreSQL: the job queue', () => {
  let a: TestServer;
  let b: TestServer;
  let smtp: SmtpServer;
  beforeAll(async () => {
    // The first connection is turned away: the mail job is retried.
    smtp = await startSmtpServer({ refuse: 1 });
    const overrides = { jobSweepSeconds: 1, jobQueue: true, smtpUrl: smtp.url };
    a = await startTestServer(overrides);
    b = await startSecondServer(a, overrides);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });
  const db = () => a.database.db;

  test('attempts past their time are submitted by one sweep, though nobody reads them; one sweep a second over two processes', async () => {
    const tutor = await signInEditor(a);
    const { sharedTestId } = await publishFreeTest(a, tutor, { name: 'Swept quiz', duration: 3_600_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const student = studentOf(a, sharedTestId);
      const started = await student.start();
      expect(started.status).toBe(200);
      ids.push(started.body.data.attempt.attemptId);
    }
    const sweepsBefore = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'students-expire'`.execute(db());
    const deadline = new Date(Date.now() - 60_000);
    await db().updateTable('attempts').set({ deadline_at: deadline }).where('id', 'in', ids).execute();
    const started = Date.now();
    const rows = await until('the three attempts submitted', async () => {
      const rows = await db().selectFrom('attempts').select(['submitted_at', 'score']).where('id', 'in', ids).execute();
      return rows.every((r) => r.submitted_at) && rows;
    });
    for (const row of rows) expect(row.submitted_at!.getTime()).toBe(deadline.getTime());
    // Each process offers a sweep a second; the queue keeps one per second, not one per process.
    await wait(3_000);
    const seconds = (Date.now() - started) / 1_000;
    const sweeps =
      (await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'students-expire'`.execute(db())).rows[0]!.n - sweepsBefore.rows[0]!.n;
    expect(sweeps).toBeGreaterThanOrEqual(2);
    expect(sweeps).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
  });

  test('a mail SMTP refuses is retried by the queue and delivered once; the admin command shows the queues', async () => {
    await a.services.mailer.send({ orgId: null, kind: 'support-notification', to: 'ops@example.com', subject: 'Queued mail', body: 'Hello from the queue' });
    const row = await until(
      'the mail delivered',
      async () => {
        const row = await db().selectFrom('outbox').selectAll().where('subject', '=', 'Queued mail').executeTakeFirst();
        return row?.sent_at ? row : undefined;
      },
      60_000,
    );
    expect(row.body).toBe('[delivered; body not kept]');
    expect(smtp.received.filter((m) => m.includes('Hello from the queue'))).toHaveLength(1);
    expect(smtp.connections()).toBeGreaterThanOrEqual(2);
    // The outbox row is marked sent inside the job; the queue marks the job completed just after.
    const jobs = await until('the mail job completed', async () => {
      const job = await sql<{ state: string; retry_count: number }>`select state::text as state, retry_count from pgboss.job where name = 'mail-send'`.execute(
        db(),
      );
      return job.rows.every((r) => r.state !== 'active') && job.rows;
    });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);

    const lines = await describeJobs(new JobsRepository(db()), 5);
    expect(lines[0]).toMatch(/^queue\s+created\s+retry\s+active\s+completed\s+failed\s+cancelled$/);
    expect(lines.find((l) => l.startsWith('mail-send'))).toMatch(/^mail-send\s+0\s+0\s+0\s+1\s+0\s+0$/);
    expect(lines).toContain('No failed jobs.');
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['jobs', '--failed', '3'], { out: (l) => out.push(l), err: (l) => err.push(l) }, { DATABASE_URL: a.databaseUrl! });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out.join('\n')).toMatch(/students-expire\s+\d+\s+\d+\s+\d+\s+[1-9]\d*/);
    expect(await runCli(['jobs', '--failed', 'many'], { out: () => {}, err: (l) => err.push(l) }, {})).toBe(2);
    expect(err.at(-1)).toMatch(/--failed must be a whole number/);
  });
});

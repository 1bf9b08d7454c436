// Issue 19: three real server processes (node server/main.ts) on one fresh PostgreSQL database
// behave as one product. Runs in the api-postgres project (TEST_POSTGRES_URL set, as .ci/run sets
// it when 127.0.0.1:5432 answers); skipped, and says so, without PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { ROOT } from '../support/paths';
import { callerAt, createTestPostgresDatabase } from '../support/testServer';
import { editorOver, readyMcq, type Editor } from '../support/testEditor';
import { newDeviceKey, publishFreeTest } from '../support/studentTests';

jest.setTimeout(240_000);
const onPostgres = process.env.TEST_DB === 'postgres';
if (!onPostgres && !process.env.TEST_POSTGRES_URL) {
  console.warn('SKIPPED tests/api/cluster.test.ts: no PostgreSQL (TEST_POSTGRES_URL unset; nothing answered on 127.0.0.1:5432)');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  call: (
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
}

/** The real server, as `npm run serve` starts it, on the test's database. */
function startProcess(name: string, port: number, env: Record<string, string>): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', CHROMIUM_PATH: '', PORT: String(port), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Testforge is running at')) return;
      clearTimeout(timer);
      const callAt = callerAt(`http://127.0.0.1:${port}`);
      const call: Proc['call'] = (method, url, { from, ...options } = {}) =>
        callAt(method, url, { ...options, headers: { ...options.headers, ...(from ? { 'x-forwarded-for': from } : {}) } });
      resolve({ name, child, port, exited, call });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

(onPostgres ? describe : describe.skip)('three server processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let database: OpenedDatabase;
  let a: Proc, b: Proc, c: Proc;
  let accounts = 0;

  /** An organisation and tutor made straight in the database (as the admin CLI does). */
  async function account(): Promise<{ orgCode: string; email: string; password: string }> {
    accounts += 1;
    const orgCode = `CLU${process.pid}x${accounts}`;
    await createOrg(database.db, { code: orgCode, name: `Cluster ${accounts}`, days: 30 });
    const email = `tutor${accounts}@cluster.example`;
    const { password } = await createUser(database.db, { orgCode, email, name: `Tutor ${accounts}`, password: 'correct-horse-1' });
    return { orgCode, email, password };
  }

  let logins = 0;
  async function login(on: Proc, who: { orgCode: string; email: string; password: string }): Promise<string> {
    logins += 1; // each from an address of its own: these are not what the rate limit test counts
    const res = await on.call('POST', '/api/auth/login', { body: who, from: `10.1.${logins >> 8}.${logins & 255}` });
    if (res.status !== 200) throw new Error(`login failed on ${on.name}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  /**
   * Milliseconds from now until `on` refuses the token (polled every 2 ms), counted by when each
   * request was sent: on a saturated machine one answer can take longer than the limit to come back,
   * so a late answer to a request sent early proves nothing either way. A request sent after the limit
   * that is still accepted is the failure.
   */
  async function refusedWithin(on: Proc, token: string, limitMs: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const sentAt = performance.now() - started;
      const res = await on.call('GET', '/api/auth/user', { token });
      if (res.status === 401) return sentAt;
      if (sentAt > limitMs) throw new Error(`${on.name} still accepts the token ${Math.round(sentAt)} ms after it was revoked`);
      await wait(2);
    }
  }

  beforeAll(async () => {
    const created = await createTestPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    const env = {
      DATABASE_URL: created.url,
      // A long cache: a refusal within 200 ms is the notice's doing, not the cache running out.
      SESSION_CACHE_MS: '60000',
      // Addresses from X-Forwarded-For, as behind a load balancer: each part of the test uses its own.
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DELAY_MS: '400',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    [a, b, c] = await Promise.all([startProcess('A', ports[0]!, env), startProcess('B', ports[1]!, env), startProcess('C', ports[2]!, env)]);
  });

  afterAll(async () => {
    for (const proc of [a, b, c]) if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await database?.close();
    await drop?.();
  });

  test('each process is ready: database and listen connection', async () => {
    for (const proc of [a, b, c]) {
      const res = await proc.call('GET', '/api/ready');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'ready', database: 'ok', changes: { mode: 'listen', listening: true } });
    }
  });

  test('a logout on A is refused on B and C within 200 ms (20 times)', async () => {
    const who = await account();
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const token = await login(a, who);
      // Cached on B and C (the second call is served from memory).
      for (const proc of [b, c]) for (let k = 0; k < 2; k += 1) expect((await proc.call('GET', '/api/auth/user', { token })).status).toBe(200);
      expect((await a.call('POST', '/api/auth/logout', { token })).status).toBe(200);
      const [onB, onC] = await Promise.all([refusedWithin(b, token, 200), refusedWithin(c, token, 200)]);
      times.push(Math.max(onB, onC));
    }
    console.log(`logout on A -> refused on B and C: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (20 logouts)`);
    expect(Math.max(...times)).toBeLessThan(200);
  });

  test("a password change on B ends the user's other sessions on A and C within 200 ms", async () => {
    const who = await account();
    const kept = await login(b, who);
    const other = await login(a, who);
    for (const proc of [a, c]) expect((await proc.call('GET', '/api/auth/user', { token: other })).status).toBe(200);
    const change = await b.call('POST', '/api/auth/changePassword', { token: kept, body: { currentPassword: who.password, newPassword: 'a-new-password-1' } });
    expect(change.status).toBe(200);
    await Promise.all([refusedWithin(a, other, 200), refusedWithin(c, other, 200)]);
    expect((await c.call('GET', '/api/auth/user', { token: kept })).status).toBe(200);
  });

  test('a user deleted (as an administrator would) is refused on every process within 200 ms', async () => {
    const who = await account();
    const token = await login(c, who);
    for (const proc of [a, b, c]) expect((await proc.call('GET', '/api/auth/user', { token })).status).toBe(200);
    await database.db.deleteFrom('users').where('email', '=', who.email).execute();
    await Promise.all([a, b, c].map((proc) => refusedWithin(proc, token, 200)));
  });

  test('30 wrong logins spread over A, B and C lock the account as 30 on one process do', async () => {
    const wrong = (who: { orgCode: string; email: string }, i: number) => ({ ...who, password: `wrong-password-${i}` });
    const outcome = (res: { status: number; body: any }) => (res.status === 429 ? res.body.code : res.status);

    const alone = await account();
    const onOne: unknown[] = [];
    for (let i = 0; i < 30; i += 1) onOne.push(outcome(await a.call('POST', '/api/auth/login', { body: wrong(alone, i), from: '10.0.1.1' })));

    const spread = await account();
    const overThree: unknown[] = [];
    for (let i = 0; i < 30; i += 1)
      overThree.push(outcome(await [a, b, c][i % 3]!.call('POST', '/api/auth/login', { body: wrong(spread, i), from: '10.0.1.2' })));

    // At once: each attempt is counted by one statement, so exactly as many are checked.
    const burst = await account();
    const atOnce = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [a, b, c][i % 3]!.call('POST', '/api/auth/login', { body: wrong(burst, i), from: '10.0.1.3' }).then(outcome)),
    );

    const expected = [...Array(5).fill(401), ...Array(25).fill('ACCOUNT_LOCKED')];
    expect(onOne).toEqual(expected);
    expect(overThree).toEqual(expected);
    expect([...atOnce].sort()).toEqual([...expected].sort());
    // Locked everywhere, for the right password too.
    for (const proc of [a, b, c]) expect(outcome(await proc.call('POST', '/api/auth/login', { body: spread, from: '10.0.1.4' }))).toBe('ACCOUNT_LOCKED');
  });

  test("one address's sign-in limit (30 a minute) is one limit over the three processes", async () => {
    const org = (await account()).orgCode;
    const statuses: unknown[] = [];
    for (let i = 0; i < 33; i += 1) {
      const res = await [a, b, c][i % 3]!.call('POST', '/api/auth/login', {
        body: { orgCode: org, email: `nobody${i}@cluster.example`, password: 'whatever-1' },
        from: '10.0.2.1',
      });
      statuses.push(res.status === 429 ? res.body.code : res.status);
    }
    expect(statuses).toEqual([...Array(30).fill(401), 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    // Another address is not held back.
    expect(
      (await b.call('POST', '/api/auth/login', { body: { orgCode: org, email: 'nobody@cluster.example', password: 'whatever-1' }, from: '10.0.2.2' })).status,
    ).toBe(401);
  });

  test('a folder made on A is listed at once on B (20 times, with B caching its listings)', async () => {
    const who = await account();
    const [onA, onB] = [await login(a, who), await login(b, who)];
    for (let i = 0; i < 20; i += 1) {
      const before = await b.call('GET', '/api/folder/childrens/0', { token: onB });
      expect(before.status).toBe(200);
      const made = await a.call('POST', '/api/folder', { token: onA, body: { name: `Folder ${i}` } });
      expect(made.status).toBe(200);
      const after = await b.call('GET', '/api/folder/childrens/0', { token: onB });
      expect(after.body.data.folders.folderArray.map((f: { name: string }) => f.name)).toContain(`Folder ${i}`);
      // And B's next listing of the same page comes from its cache again.
      expect((await b.call('GET', '/api/folder/childrens/0', { token: onB })).headers.get('x-library-cache')).toBe('hit');
    }
  });

  /** A tutor's editor calls on one process (the shape tests/support/studentTests.ts takes). */
  async function editorOn(on: Proc): Promise<Editor> {
    const who = await account();
    const token = await login(on, who);
    return editorOver(who as unknown as Editor['account'], token, (method, url, body) => on.call(method, url, { token, body }));
  }

  let students = 0;
  /** A student who starts on `on`; later calls go wherever the test sends them, with the attempt's token. */
  async function studentStarts(on: Proc, sharedTestId: string) {
    students += 1;
    const from = `10.7.${students >> 8}.${students & 255}`;
    const res = await on.call('POST', `/api/student/test/${sharedTestId}/start`, {
      from,
      body: { name: `Student ${students}`, contact: `s${students}x${process.pid}@cluster.example`, deviceKey: newDeviceKey() },
    });
    if (res.status !== 200) throw new Error(`start on ${on.name}: ${res.status} ${JSON.stringify(res.body)}`);
    const attempt = res.body.data.attempt;
    const question = attempt.sections[0].questions[0];
    const as = (proc: Proc, method: string, url: string, body?: unknown) =>
      proc.call(method, url, { from, body, headers: { 'x-student-token': res.body.data.token } });
    return {
      attemptId: attempt.attemptId as string,
      question,
      as,
      option: (name: string) => question.options.find((o: { name: string }) => o.name.includes(name)).id as string,
    };
  }

  test('a publish on A re-scores the attempts served by B', async () => {
    const tutor = await editorOn(a);
    const { testId, sharedTestId } = await publishFreeTest(undefined as never, tutor, {
      name: 'Cluster re-score',
      sections: [{ questions: [readyMcq('What is 2 + 2?')] }],
    });
    const takers = await Promise.all([0, 1, 2].map(() => studentStarts(b, sharedTestId)));
    for (const [i, taker] of takers.entries()) {
      expect(
        (await taker.as(b, 'PUT', `/api/student/attempt/answer/${taker.question.id}`, { answer: { selected: [taker.option(i === 0 ? '4' : '3')] }, seq: 1 }))
          .status,
      ).toBe(200);
      const submitted = await taker.as(b, 'POST', '/api/student/attempt/submit', {});
      expect(submitted.status).toBe(200);
      expect(submitted.body.data.score).toBe(i === 0 ? 1 : 0);
    }
    // The key was wrong: 3 is marked right on A, re-evaluating what B scored.
    const test = await tutor.get(testId);
    const question = test.sections[0].questions[0];
    const corrected = { ...question, options: question.options.map((o: { name: string }) => ({ ...o, isCorrect: o.name.includes('3') })) };
    const published = await tutor.call('PATCH', '/api/v2/report-repo/save-and-resolve', {
      test: { _id: testId },
      questions: [{ question: corrected, publishOption: 'RE_EVALUATE' }],
    });
    expect(published.status).toBe(200);
    expect(published.body.data.attemptsChanged).toBe(3);
    for (const [i, taker] of takers.entries()) {
      const result = await taker.as(b, 'GET', '/api/student/attempt/result');
      expect(result.status).toBe(200);
      expect({ score: result.body.data.score, originalScore: result.body.data.originalScore }).toEqual({
        score: i === 0 ? 0 : 1,
        originalScore: i === 0 ? 1 : 0,
      });
    }
  });

  test('kill -9 of one process during a submit burst loses no acknowledged answer (clients retry on another process)', async () => {
    const env = { DATABASE_URL: database.connectionString!, SESSION_CACHE_MS: '60000', TRUST_PROXY: '127.0.0.1' };
    const d = await startProcess('D', await freePort(), env);
    const tutor = await editorOn(a);
    const { sharedTestId } = await publishFreeTest(undefined as never, tutor, {
      name: 'Cluster burst',
      sections: [{ questions: [readyMcq('What is 2 + 2?')] }],
    });
    const takers = await Promise.all(Array.from({ length: 60 }, (_, i) => studentStarts([a, b, d][i % 3]!, sharedTestId)));
    const ring = [a, b, d];
    let sentToD = 0;
    let answeredByD = 0;
    let retried = 0;
    // D is killed once it has acknowledged a few calls: mid-burst, with more of its calls in flight.
    let killD!: () => void;
    const midBurst = new Promise<void>((resolve) => (killD = resolve));
    /** Like a student page: on no answer (process gone) or a 5xx it tries again on the next process. */
    async function withRetry(start: number, send: (proc: Proc) => Promise<{ status: number; body: any }>) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const proc = ring[(start + attempt) % ring.length]!;
        if (proc === d) sentToD++;
        try {
          const res = await send(proc);
          if (proc === d && res.status === 200 && ++answeredByD === 3) killD();
          if (res.status < 500) return res;
        } catch {
          /* connection refused or reset: the process is gone */
        }
        retried++;
      }
      throw new Error('no process answered');
    }
    const acknowledged: { attemptId: string; optionId: string; submitted: boolean; score?: number }[] = [];
    const burst = takers.map(async (taker, i) => {
      const optionId = taker.option(i % 2 ? '4' : '3');
      const saved = await withRetry(i, (proc) =>
        taker.as(proc, 'PUT', `/api/student/attempt/answer/${taker.question.id}`, { answer: { selected: [optionId] }, seq: 1 }),
      );
      expect(saved.status).toBe(200);
      const record: (typeof acknowledged)[number] = { attemptId: taker.attemptId, optionId, submitted: false };
      acknowledged.push(record);
      const submitted = await withRetry(i + 1, (proc) => taker.as(proc, 'POST', '/api/student/attempt/submit', {}));
      expect(submitted.status).toBe(200);
      record.submitted = true;
      record.score = submitted.body.data.score;
    });
    await Promise.race([midBurst, wait(5_000)]);
    d.child.kill('SIGKILL');
    await Promise.all(burst);
    expect(await d.exited).toBeNull(); // killed by the signal
    expect(answeredByD).toBeGreaterThanOrEqual(3);
    expect(retried).toBeGreaterThan(0);
    expect(acknowledged.filter((r) => r.submitted)).toHaveLength(60);
    const rows = await database.db
      .selectFrom('attempts as t')
      .innerJoin('attempt_answers as aa', 'aa.attempt_id', 't.id')
      .select(['t.id', 't.submitted_at', 't.score', 'aa.answer'])
      .where(
        't.id',
        'in',
        takers.map((t) => t.attemptId),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const record of acknowledged) {
      const row = byId.get(record.attemptId)!;
      expect(row.answer).toEqual({ selected: [record.optionId] });
      expect(row.submitted_at).not.toBeNull();
      expect(Number(row.score)).toBe(record.score);
    }
    console.log(`kill -9 during the burst: ${sentToD} calls sent to D, ${answeredByD} answered by it, ${retried} retried on another process`);
  });

  test('SIGTERM: C says it is not ready, finishes the request in flight, and exits 0', async () => {
    const body = JSON.stringify({ orgCode: 'NOPE', email: 'nobody@cluster.example', password: 'whatever-1' });
    const socket = net.connect(c.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Half a request: C is reading it when the signal comes.
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.0.3.1\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await wait(100);
    c.child.kill('SIGTERM');
    await wait(100);
    const ready = await c.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toMatchObject({ status: 'not ready', shuttingDown: true });
    await wait(500); // past SHUTDOWN_DELAY_MS: C has stopped taking connections
    socket.write(body.slice(10));
    await closed; // C closes it after answering: it is shutting down
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('INVALID_CREDENTIALS');
    expect(await c.exited).toBe(0);
    // A and B go on.
    for (const proc of [a, b]) expect((await proc.call('GET', '/api/ready')).status).toBe(200);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '@server/db/database';
import { createBenchDatabase, postgresUnavailable } from '../lib/postgres';
import { callJson, freePort, portAnswers, stopChild } from '../lib/server';
import { percentile, round } from '../lib/stats';
import type { Benchmark, BenchContext, Figure } from '../lib/types';
import { openFreeTest } from '../lib/freeTest';
import { seed, signIn } from './60-editor';
import { loadServerEnv, pooled, saveAll, startStudents, type Student } from './98-cluster';

/**
 * Issue 31's exam day, on one PostgreSQL: three server processes (`server/main.ts`, each on its
 * own port, the clients taking them in turn as a load balancer would), 2,000 students who started
 * and saved, then submitting with 200 calls in flight.
 * - The submit's p99 and submits a second, against the same 2,000 calls of GET /api/health at the
 *   same concurrency in the same run (targets: p99 ≤ 3 × health's, submits ≥ ⅓ of health calls).
 * - The same burst with one process killed (SIGKILL) halfway: a submit whose process died is sent
 *   again to another, as a balancer retries; every acknowledged submit must be stored.
 */
const STUDENTS = 2_000;
const QUESTIONS = 10;
const PROCESSES = 3;
const IN_FLIGHT = 200;

interface Servers {
  urls: string[];
  children: ChildProcess[];
}

async function startProcesses(ctx: BenchContext, databaseUrl: string): Promise<Servers> {
  const urls: string[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const port = await freePort();
    // BENCH_PROFILE_DIR: each process writes a CPU profile there when it stops (where the time goes).
    const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ctx.root, 'server/main.ts')], {
      cwd: ctx.root,
      env: loadServerEnv(databaseUrl, port, 14),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    ctx.onCleanup(() => stopChild(child));
    children.push(child);
    const started = Date.now();
    while (!(await portAnswers('127.0.0.1', port))) {
      if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`server ${i} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    urls.push(`http://127.0.0.1:${port}`);
  }
  return { urls, children };
}

/** One burst: every call at most IN_FLIGHT at a time, the processes taken in turn; a refused connection goes to the next live one. */
async function burst(urls: string[], alive: () => boolean[], calls: ((base: string) => Promise<{ status: number }>)[]) {
  const times: number[] = [];
  const statuses: number[] = [];
  const failures = new Map<string, number>();
  let turn = 0;
  const started = performance.now();
  await pooled(
    calls.map((call, i) => ({ call, i })),
    IN_FLIGHT,
    async ({ call, i }) => {
      const t = performance.now();
      for (let tries = 0; tries < urls.length * 2; tries++) {
        const live = urls.filter((_, k) => alive()[k]);
        const base = live[turn++ % live.length];
        try {
          const answer = (await call(base)) as { status: number; body?: { code?: string } };
          statuses[i] = answer.status;
          if (answer.status !== 200)
            failures.set(`${answer.status} ${answer.body?.code ?? ''}`, (failures.get(`${answer.status} ${answer.body?.code ?? ''}`) ?? 0) + 1);
          break;
        } catch (error) {
          statuses[i] = 0; // the connection died with its process: sent again elsewhere
          const why = `no answer: ${(error as Error).message}`;
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
      }
      times.push(performance.now() - t);
    },
  );
  const failed = [...failures].map(([why, n]) => `${why} × ${n}`).join('; ');
  return { times, statuses, failed, perSec: calls.length / ((performance.now() - started) / 1000) };
}

const submitOf = (student: Student) => (base: string) =>
  callJson(`${base}/api/student/attempt/submit`, { method: 'POST', headers: { 'x-student-token': student.token } });

async function submitted(databaseUrl: string, sharedTestId: string): Promise<number> {
  const opened = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const row = await opened.db
      .selectFrom('attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shared_test_id', '=', sharedTestId)
      .where('submitted_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await opened.close();
  }
}

/** The tutor's token: signed in once (the organisation is made then). */
async function tutor(url: string, databaseUrl: string): Promise<string> {
  const opened = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    return await signIn(url, opened);
  } finally {
    await opened.close();
  }
}

/** A free test of QUESTIONS questions, and STUDENTS students who started it and saved an answer to each question. */
async function prepare(urls: string[], token: string, from: number) {
  const { testId } = await seed(urls[0], token, 1, QUESTIONS);
  const sharedTestId = await openFreeTest(urls[0], token, testId);
  const students: Student[] = [];
  // Each process starts and saves for its share of the students (2,000 over 3: 666, 667, 667).
  const share = (i: number) => [Math.floor((i * STUDENTS) / urls.length), Math.floor(((i + 1) * STUDENTS) / urls.length)];
  for (const [i, url] of urls.entries()) students.push(...(await startStudents(url, sharedTestId, share(i)[1] - share(i)[0], from + share(i)[0])));
  for (const [i, url] of urls.entries()) await saveAll(url, students.slice(...share(i)));
  return { students, sharedTestId };
}

const benchmark: Benchmark = {
  id: 'exam-day',
  title: `Exam day: ${STUDENTS} students submit, ${IN_FLIGHT} in flight, over ${PROCESSES} processes on one PostgreSQL; then with one killed halfway`,
  async run(ctx) {
    const unavailable = await postgresUnavailable(ctx.settings.postgresUrl);
    if (unavailable) return { figures: [], notes: [unavailable] };
    const figures: Figure[] = [];
    const database = await createBenchDatabase(ctx.settings.postgresUrl);
    ctx.onCleanup(() => database.drop());
    let servers = await startProcesses(ctx, database.url);
    const everyone = () => servers.urls.map(() => true);

    ctx.log(`exam-day: ${STUDENTS} students start and save ${QUESTIONS} answers each`);
    const token = await tutor(servers.urls[0], database.url);
    const first = await prepare(servers.urls, token, 0);
    const health = await burst(
      servers.urls,
      everyone,
      first.students.map(() => (base: string) => callJson(`${base}/api/health`)),
    );
    ctx.log(`exam-day: ${STUDENTS} submits, ${IN_FLIGHT} in flight`);
    const submits = await burst(servers.urls, everyone, first.students.map(submitOf));
    const stored = await submitted(database.url, first.sharedTestId);
    const [submitP99, healthP99] = [percentile(submits.times, 0.99), percentile(health.times, 0.99)];
    const detail = `${submits.statuses.filter((s) => s === 200).length}/${STUDENTS} acknowledged, ${stored} stored${submits.failed ? `; ${submits.failed}` : ''}`;
    figures.push(
      { name: `submit p99 (${IN_FLIGHT} in flight, ${PROCESSES} processes)`, value: round(submitP99), unit: 'ms', database: 'postgres', detail },
      { name: `baseline: GET /api/health p99 (same)`, value: round(healthP99), unit: 'ms', database: 'postgres' },
      {
        name: 'submit p99 / health p99',
        value: round(submitP99 / healthP99),
        unit: '×',
        database: 'postgres',
        target: '≤ 3',
        meetsTarget: submitP99 / healthP99 <= 3,
      },
      { name: 'submits a second', value: round(submits.perSec), unit: '/s', database: 'postgres', detail },
      { name: 'baseline: health calls a second', value: round(health.perSec), unit: '/s', database: 'postgres' },
      {
        name: 'submits a second / health calls a second',
        value: round(submits.perSec / health.perSec),
        unit: '×',
        database: 'postgres',
        target: '≥ 0.33',
        meetsTarget: submits.perSec / health.perSec >= 1 / 3 && stored === STUDENTS,
      },
    );
    for (const child of servers.children) await stopChild(child);

    ctx.log(`exam-day: the same burst on a fresh test, one process killed halfway`);
    servers = await startProcesses(ctx, database.url);
    const second = await prepare(servers.urls, token, PROCESSES * STUDENTS);
    const alive = servers.urls.map(() => true);
    let sent = 0;
    const killing = second.students.map((student) => async (base: string) => {
      if (++sent === STUDENTS / 2) {
        servers.children[1].kill('SIGKILL');
        alive[1] = false;
      }
      return submitOf(student)(base);
    });
    const killed = await burst(servers.urls, () => alive, killing);
    const acknowledged = killed.statuses.filter((s) => s === 200).length;
    const storedAfterKill = await submitted(database.url, second.sharedTestId);
    figures.push({
      name: 'acknowledged submits lost when a process is killed halfway',
      value: Math.max(0, acknowledged - storedAfterKill),
      unit: 'submits',
      database: 'postgres',
      detail: `${acknowledged}/${STUDENTS} acknowledged, ${storedAfterKill} stored${killed.failed ? `; ${killed.failed}` : ''}`,
      target: '0',
      meetsTarget: acknowledged <= storedAfterKill && acknowledged === STUDENTS,
    });
    for (const child of servers.children) await stopChild(child);
    return { figures, notes: [] };
  },
};

export default benchmark;

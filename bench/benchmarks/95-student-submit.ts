import { measureOnEachDatabase } from '../lib/databases';
import { once } from '../lib/once';
import { callJson, startServer } from '../lib/server';
import { median, percentile, round } from '../lib/stats';
import type { Benchmark, DatabaseKind, Figure } from '../lib/types';
import { openFreeTest } from '../lib/freeTest';
import { seed, signIn } from './60-editor';

/**
 * Issue 6's student benchmark: 200 students take a free test of 50 questions (all five types,
 * maths) at once: each starts, saves an answer to every question, and all 200 submit together.
 * Figures: the submit call's p50/p99 (target p99 < 100 ms), the same burst of GET /api/health (the
 * floor of this harness, same run), the submit one at a time (its own time, without queueing),
 * the save call's p50/p99, and start.
 */

const STUDENTS = 200;
/** More students who submit one after another: the submit call's own time, without queueing. */
const ONE_BY_ONE = 50;
const QUESTIONS = 50;
const SUBMIT_TARGET_MS = 100;

const latency = (name: string, kind: DatabaseKind, times: number[], targetMs?: number): Figure[] => {
  const detail = `${times.length} calls`;
  const p99 = round(percentile(times, 0.99));
  return [
    { name: `${name} p50`, value: round(median(times)), unit: 'ms', database: kind, detail },
    { name: `${name} p99`, value: p99, unit: 'ms', database: kind, detail, ...(targetMs ? { target: `< ${targetMs} ms`, meetsTarget: p99 < targetMs } : {}) },
  ];
};

async function timed<T>(work: () => Promise<T>, times: number[]): Promise<T> {
  const started = performance.now();
  const result = await work();
  times.push(performance.now() - started);
  return result;
}

/** An answer to a question as the page sends it: the first option, a number, or text per blank. */
function answerOf(question: any): unknown {
  if (question.options) return { selected: [question.options[0].id] };
  if (question.blanks) return { blanks: Object.fromEntries(question.blanks.map((b: any) => [b.id, '1'])) };
  return { value: '2' };
}

const benchmark: Benchmark = {
  id: 'students',
  title: `Students: ${STUDENTS} students take a ${QUESTIONS}-question free test and submit at once`,
  async run(ctx) {
    const result = await measureOnEachDatabase(ctx, async (kind, database) => {
      const server = await startServer(database, { studentRateLimitPerMinute: 1_000_000, filesDir: ctx.tempDir('testforge-bench-files-') });
      const closeServer = once(() => server.close());
      ctx.onCleanup(closeServer);
      const token = await signIn(server.baseUrl, database);
      const { testId } = await seed(server.baseUrl, token, 1, QUESTIONS);
      const sharedTestId = await openFreeTest(server.baseUrl, token, testId);
      const api = (path: string, init: { method?: string; body?: unknown; token?: string }) =>
        callJson(`${server.baseUrl}/api${path}`, { method: init.method, body: init.body, headers: init.token ? { 'x-student-token': init.token } : {} });

      ctx.log(`${kind}: ${STUDENTS} students start and answer ${QUESTIONS} questions each`);
      const starts: number[] = [];
      const saves: number[] = [];
      const students = await Promise.all(
        Array.from({ length: STUDENTS + ONE_BY_ONE }, (_, i) =>
          timed(
            () => api(`/student/test/${sharedTestId}/start`, { method: 'POST', body: { name: `Student ${i}`, contact: `student${i}@example.com` } }),
            starts,
          ),
        ),
      );
      // Each student answers in order; the students answer side by side.
      await Promise.all(
        students.map(async (res) => {
          if (res.status !== 200) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
          const { token: studentToken, attempt } = res.body.data;
          const questions = attempt.sections.flatMap((s: any) => s.questions.flatMap((q: any) => (q.children ? q.children : [q])));
          for (const question of questions) {
            const saved = await timed(
              () => api(`/student/attempt/answer/${question.id}`, { method: 'PUT', body: { answer: answerOf(question) }, token: studentToken }),
              saves,
            );
            if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
          }
        }),
      );

      // The floor of this harness: the same burst of the cheapest call there is (one tiny query),
      // with the clients in this process as for the submits.
      const floor: number[] = [];
      await Promise.all(Array.from({ length: STUDENTS }, () => timed(() => callJson(`${server.baseUrl}/api/health`), floor)));

      ctx.log(`${kind}: ${STUDENTS} submits at once`);
      const submits: number[] = [];
      const submit = (res: (typeof students)[number], times: number[]) =>
        timed(() => api('/student/attempt/submit', { method: 'POST', token: res.body.data.token }), times);
      const results = await Promise.all(students.slice(0, STUDENTS).map((res) => submit(res, submits)));
      const failed = results.filter((r) => r.status !== 200).length;
      ctx.log(`${kind}: ${ONE_BY_ONE} submits one after another`);
      const alone: number[] = [];
      for (const res of students.slice(STUDENTS)) await submit(res, alone);
      await closeServer();
      const figures = [
        ...latency(`POST /api/student/attempt/submit (${STUDENTS} at once)`, kind, submits, SUBMIT_TARGET_MS),
        ...latency(`baseline: GET /api/health (${STUDENTS} at once)`, kind, floor),
        ...latency(`POST /api/student/attempt/submit (one at a time)`, kind, alone),
        ...latency(`PUT /api/student/attempt/answer (${STUDENTS + ONE_BY_ONE} students)`, kind, saves),
        ...latency(`POST /api/student/test/{id}/start (${STUDENTS + ONE_BY_ONE} at once)`, kind, starts),
      ];
      if (failed) figures[1].detail += `, ${failed} failed`;
      return figures;
    });
    return result;
  },
};

export default benchmark;

import { sql } from 'kysely';
import type { OpenedDatabase } from '@server/db/database';
import { seedAttempts } from '@tests/support/seedAttempts';
import { benchmarkOnEachDatabase } from '../lib/databases';
import { tutorWithTest } from '../lib/tutorTest';
import { median, round } from '../lib/stats';
import type { BenchContext, DatabaseKind, Figure } from '../lib/types';
import { scoredQuestion } from '../lib/scoredQuestion';

/**
 * Issue 16's analysis benchmark: 100,000 submitted attempts of a 100-question test (10,000,000
 * answer rows and 100,000 digests, seeded set-based), then GET /v2/shared-test/{id}/analysis:
 * wall time of the call, median of a few. Targets: under 1 s on PostgreSQL, under 3 s on PGlite.
 *
 * Baseline in the same run: the straightforward SQL over the answers as scored now (the view
 * attempt_answer_scores joined to the attempts' totals), computing only the per-question sums
 * (counts, right answers, Σx, Σx², Σ rest, Σ rest², Σ x·rest) the analysis needs at least, no
 * option counts and no top/bottom groups: a floor for any analysis that reads answer rows.
 * Also: the analysis after a publish re-evaluated one question (its rescores applied as the
 * digests are read).
 */

const ACCOUNT = { orgCode: 'ANALYSISBENCH', email: 'analysis@example.com', password: 'bench-password-1' };
const QUESTIONS = Number(process.env.BENCH_ANALYSIS_QUESTIONS || 100);
const ATTEMPTS = Number(process.env.BENCH_ANALYSIS_ATTEMPTS || 100_000);
const REPEATS = Math.max(1, Number(process.env.BENCH_ANALYSIS_REPEATS || 5));
const BASELINE_REPEATS = Math.max(1, Number(process.env.BENCH_ANALYSIS_BASELINE_REPEATS || 2));
const TARGET_MS: Record<DatabaseKind, number> = { postgres: 1000, pglite: 3000 };

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** The straightforward SQL: the per-question sums over the view's 10,000,000 rows. */
async function baseline(database: OpenedDatabase, sharedTestId: string, testId: string): Promise<number> {
  const { rows } = await sql<{ question_id: string }>`
    with t as (select id, score from attempts where shared_test_id = ${sharedTestId} and submitted_at is not null)
    select s.question_id, count(*) as attempted, count(*) filter (where s.outcome = 'correct') as correct,
      sum(s.score) as sx, sum(s.score * s.score) as sxx, sum(t.score - s.score) as sr,
      sum((t.score - s.score) * (t.score - s.score)) as srr, sum(s.score * (t.score - s.score)) as sxr
    from attempt_answer_scores s join t on t.id = s.attempt_id
    where s.test_id = ${testId}
    group by s.question_id`.execute(database.db);
  return rows.length;
}

export async function measure(ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase): Promise<Figure[]> {
  const questions = Array.from({ length: QUESTIONS }, (_, n) => scoredQuestion(n, { fillUps: true }));
  const { closeServer, orgId, call, testId, test } = await tutorWithTest(ctx, database, {
    account: ACCOUNT,
    orgName: 'Analysis Bench',
    testName: 'Analysis bench',
    questions,
  });

  ctx.log(`${kind}: seeding ${ATTEMPTS.toLocaleString('en')} submitted attempts of ${QUESTIONS} questions`);
  const seed = await timed(() => seedAttempts(database.db, { orgId, testId, questions: test.sections[0].questions, attempts: ATTEMPTS, prefix: 'b' }));
  const sharedTestId = seed.result.sharedTestId;
  ctx.log(`${kind}: seeded in ${round(seed.ms / 1000)} s`);
  await sql`analyze`.execute(database.db);

  const runs = async (label: string, count: number, work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let r = 0; r < count; r++) {
      times.push((await timed(work)).ms);
      ctx.log(`${kind}: ${label} run ${r + 1}: ${round(times[r])} ms`);
    }
    return times;
  };
  const figure = (name: string, times: number[], target?: number): Figure => ({
    name,
    value: round(median(times)),
    unit: 'ms',
    database: kind,
    ...(target ? { target: `< ${target} ms`, meetsTarget: median(times) < target } : {}),
    detail: `median of ${times.length}; runs ${times.map(round).join(' / ')} ms`,
  });

  const analysisPath = `/v2/shared-test/${sharedTestId}/analysis`;
  const first = await call('GET', analysisPath);
  if (first.attempts !== ATTEMPTS) throw new Error(`analysis counted ${first.attempts} attempts`);
  const analysis = await runs('analysis', REPEATS, () => call('GET', analysisPath));
  const base = await runs('baseline SQL', BASELINE_REPEATS, () => baseline(database, sharedTestId, testId));

  // One question's key moves on (RE_EVALUATE): its rescores are applied as digests are read.
  const current = test.sections[0].questions[0];
  await call('PATCH', '/v2/report-repo/save-and-resolve', {
    test: { _id: testId },
    questions: [
      { question: { ...current, options: current.options.map((o: any, k: number) => ({ ...o, isCorrect: k === 1 })) }, publishOption: 'RE_EVALUATE' },
    ],
  });
  const afterPublish = await runs('analysis after a publish', REPEATS, () => call('GET', analysisPath));

  await closeServer();
  const size = `${ATTEMPTS.toLocaleString('en')} attempts × ${QUESTIONS} questions`;
  return [
    { name: `seed ${size}`, value: round(seed.ms / 1000), unit: 's', database: kind, detail: 'set-based INSERT ... SELECT, digests included' },
    figure(`GET analysis, ${size}`, analysis, TARGET_MS[kind]),
    figure(`baseline, same run: per-question sums in SQL over the view`, base),
    figure(`GET analysis after a publish re-evaluated 1 question`, afterPublish, TARGET_MS[kind]),
  ];
}

export default benchmarkOnEachDatabase('analysis', 'Question analysis: 100,000 attempts of a 100-question test', measure);

import type { OpenedDatabase } from '@server/db/database';
import type { ChildQuestion } from '@shared/domain/test';
import { seedAttempts } from '@tests/support/seedAttempts';
import { benchmarkOnEachDatabase } from '../lib/databases';
import { tutorWithTest } from '../lib/tutorTest';
import { median, round } from '../lib/stats';
import type { BenchContext, DatabaseKind, Figure } from '../lib/types';
import { scoredQuestion } from '../lib/scoredQuestion';

/**
 * Issue 6's re-evaluation benchmark: 100,000 submitted attempts of a 50-question test (5,000,000
 * stored answers, seeded set-based), then PATCH /v2/report-repo/save-and-resolve publishing one
 * corrected question with RE_EVALUATE (the answer key changes: every attempt's answer to it is
 * scored again and the totals follow), and with GRACE (full marks to every attempt): wall time of
 * the call, median of a few. Targets: under 2 s on PostgreSQL (issue 19), under 10 s on PGlite.
 */

const ACCOUNT = { orgCode: 'REEVALBENCH', email: 'reeval@example.com', password: 'bench-password-1' };
const QUESTIONS = 50;
const ATTEMPTS = Number(process.env.BENCH_REEVAL_ATTEMPTS || 100_000);
const REPEATS = Math.max(1, Number(process.env.BENCH_REEVAL_REPEATS || 3));
// PostgreSQL: issue 19's 2 s (issue 6 asked for 3 s); PGlite: issue 6's 10 s.
const TARGET_MS: Record<DatabaseKind, number> = { postgres: 2000, pglite: 10_000 };

export async function measure(ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase): Promise<Figure[]> {
  const { closeServer, orgId, call, testId, test } = await tutorWithTest(ctx, database, {
    account: ACCOUNT,
    orgName: 'Re-evaluation Bench',
    testName: 'Re-evaluation bench',
    questions: Array.from({ length: QUESTIONS }, (_, n) => scoredQuestion(n)),
  });

  ctx.log(`${kind}: seeding ${ATTEMPTS.toLocaleString('en')} submitted attempts of ${QUESTIONS} questions`);
  let started = performance.now();
  await seedAttempts(database.db, { orgId, testId, questions: test.sections[0].questions, attempts: ATTEMPTS, prefix: 'b' });
  const seedMs = performance.now() - started;
  ctx.log(`${kind}: seeded in ${round(seedMs / 1000)} s`);

  const publishOnce = async (option: 'RE_EVALUATE' | 'GRACE', round: number) => {
    const current = (await call('GET', `/v2/test/${testId}`)).sections[0].questions[0] as ChildQuestion & { options: { isCorrect: boolean }[] };
    // Each round changes the question: the key moves on (RE_EVALUATE), the marks alternate (GRACE).
    const question =
      option === 'RE_EVALUATE'
        ? { ...current, options: current.options.map((o, k) => ({ ...o, isCorrect: k === (round + 1) % 4 })) }
        : { ...current, marks: { ...current.marks, positive: round % 2 ? 4 : 5 } };
    const begin = performance.now();
    const data = await call('PATCH', '/v2/report-repo/save-and-resolve', { test: { _id: testId }, questions: [{ question, publishOption: option }] });
    return { ms: performance.now() - begin, changed: data.attemptsChanged as number };
  };

  const figures: Figure[] = [
    {
      name: `seed ${ATTEMPTS.toLocaleString('en')} attempts × ${QUESTIONS} answers`,
      value: round(seedMs / 1000),
      unit: 's',
      database: kind,
      detail: 'set-based INSERT ... SELECT generate_series, answers in chunks of 10,000 attempts',
    },
  ];
  for (const option of ['RE_EVALUATE', 'GRACE'] as const) {
    const runs: { ms: number; changed: number }[] = [];
    for (let r = 0; r < REPEATS; r++) {
      started = performance.now();
      runs.push(await publishOnce(option, r));
      ctx.log(`${kind}: ${option} run ${r + 1}: ${round(runs[r].ms)} ms, ${runs[r].changed} attempts changed`);
    }
    const value = median(runs.map((r) => r.ms));
    figures.push({
      name: `publish 1 question ${option} over ${ATTEMPTS.toLocaleString('en')} attempts`,
      value: round(value),
      unit: 'ms',
      database: kind,
      target: `< ${TARGET_MS[kind]} ms`,
      meetsTarget: value < TARGET_MS[kind],
      detail: `median of ${REPEATS}; runs ${runs.map((r) => round(r.ms)).join(' / ')} ms; attempts changed ${runs.map((r) => r.changed).join(' / ')}`,
    });
  }
  await closeServer();
  return figures;
}

export default benchmarkOnEachDatabase('reevaluation', 'Re-evaluation on publish: 100,000 attempts of a 50-question test', measure);

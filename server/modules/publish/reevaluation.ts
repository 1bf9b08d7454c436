import { sql, type Kysely, type Transaction } from 'kysely';
import { scoreAnswer, type StudentAnswer } from '../../../shared/domain/scoring';
import type { ChildQuestion } from '../../../shared/domain/test/types';
import type { PublishOption } from '../../../shared/api/reportTypes';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * Re-evaluation on publish (decisions section 6), done in the database as set-based work:
 *
 * 1. the DISTINCT stored answers to the corrected questions are read (a few dozen even for
 *    100,000 attempts: students choose among the same options);
 * 2. each is scored once here with the one scoring rule (shared/domain/scoring.ts scoreAnswer);
 *    GRACE gives the question's full positive marks whatever the answer;
 * 3. one statement joins those scores (a jsonb_to_recordset list) to every submitted attempt's
 *    answer rows into a temporary table (old and new score of each); one UPDATE writes the answer
 *    rows that change; one statement adds each attempt's delta to its score (and the change of
 *    the question's positive marks to its max_score) and records every changed score in
 *    score_changes (publish, attempt, old score, new score).
 *
 * It runs in the caller's transaction: all attempts are re-scored, or none.
 */

export const PUBLISH_OPTIONS = ['NO_CHANGE', 'RE_EVALUATE', 'GRACE'] as const satisfies readonly PublishOption[];

/** One answerable question after the correction, what to do with past attempts, and its positive marks before. */
export interface Correction {
  question: ChildQuestion;
  option: PublishOption;
  oldPositive: number;
}

/** The key the database groups stored answers by: the jsonb as text (canonical), 'null' for none. */
const answerKey = sql<string>`coalesce(aa.answer::text, 'null')`;

/**
 * Takes the test's publish lock for this transaction, or refuses: a publish of the same test
 * still running elsewhere (PostgreSQL) answers 409 PUBLISH_IN_PROGRESS instead of interleaving.
 * On PGlite the single connection already runs one transaction at a time (publishes queue).
 */
export async function takePublishLock(trx: Transaction<Database>, testId: string): Promise<void> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`publish:${testId}`})) as locked`.execute(trx);
  if (!rows[0]?.locked) throw new AppError(409, 'PUBLISH_IN_PROGRESS', 'publishInProgress');
}

/** The scores of the distinct stored answers to the questions to re-score, computed with scoreAnswer. */
async function scoredAnswers(db: Kysely<Database>, testId: string, corrections: Correction[]) {
  const byId = new Map(corrections.map((c) => [c.question._id, c]));
  const distinct = await db
    .selectFrom('attempt_answers as aa')
    .select(['aa.question_id', answerKey.as('answer_key')])
    .where('aa.test_id', '=', testId)
    .where('aa.question_id', 'in', [...byId.keys()])
    .groupBy(['aa.question_id', answerKey])
    .execute();
  return distinct.map(({ question_id, answer_key }) => {
    const { question, option } = byId.get(question_id)!;
    const scored = scoreAnswer(question, JSON.parse(answer_key) as StudentAnswer | null);
    return { q: question_id, k: answer_key, s: option === 'GRACE' ? question.marks.positive : scored.score, o: scored.outcome };
  });
}

/**
 * Applies RE_EVALUATE and GRACE corrections to every submitted attempt of the test, recording
 * the changes under `publishId`. Answers the number of attempts whose score changed.
 */
export async function reevaluate(trx: Transaction<Database>, publishId: string, testId: string, corrections: Correction[]): Promise<number> {
  const applied = corrections.filter((c) => c.option !== 'NO_CHANGE');
  if (applied.length === 0) return 0;
  const scores = await scoredAnswers(trx, testId, applied);
  if (scores.length === 0) return 0;
  const marks = applied.map((c) => ({ q: c.question._id, d: c.question.marks.positive - c.oldPositive }));
  const ids = sql.join(applied.map((c) => c.question._id));
  // The answer rows to change, in a temporary table the planner has statistics for (hash joins
  // over 100,000 rows, not 100,000 index probes); dropped at commit.
  await sql`
    create temporary table publish_answers on commit drop as
    select aa.attempt_id, aa.question_id, aa.score as old_score, aa.outcome as old_outcome, s.s as new_score, s.o as new_outcome, m.d as max_delta
    from attempt_answers aa
    join jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(q text, k text, s numeric, o text) on s.q = aa.question_id and s.k = ${answerKey}
    join jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m(q text, d numeric) on m.q = aa.question_id
    where aa.test_id = ${testId} and aa.question_id in (${ids})
      and aa.attempt_id in (select id from attempts where test_id = ${testId} and submitted_at is not null)`.execute(trx);
  await sql`analyze publish_answers`.execute(trx);
  await sql`
    update attempt_answers aa set score = r.new_score, outcome = r.new_outcome, updated_at = now()
    from publish_answers r
    where aa.test_id = ${testId} and aa.question_id in (${ids}) and aa.attempt_id = r.attempt_id and aa.question_id = r.question_id
      and (r.new_score <> r.old_score or r.new_outcome <> r.old_outcome)`.execute(trx);
  const { rows } = await sql<{ changed: string }>`
    with totals as (
      select attempt_id, sum(new_score - old_score) as delta, sum(max_delta) as max_delta
      from publish_answers group by attempt_id
      having sum(new_score - old_score) <> 0 or sum(max_delta) <> 0
    ), changed as (
      update attempts a set score = a.score + t.delta, max_score = a.max_score + t.max_delta
      from totals t where a.id = t.attempt_id
      returning a.id, a.score as new_score, t.delta
    ), recorded as (
      insert into score_changes (publish_id, attempt_id, old_score, new_score)
      select ${publishId}, id, new_score - delta, new_score from changed where delta <> 0
      returning 1
    )
    select count(*)::text as changed from recorded`.execute(trx);
  await sql`drop table publish_answers`.execute(trx);
  return Number(rows[0]?.changed ?? 0);
}

/** Whether students have submitted the test (an attempted test: publishing offers NO_CHANGE). */
export async function hasSubmittedAttempts(db: Kysely<Database>, testId: string): Promise<boolean> {
  const row = await db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null).limit(1).executeTakeFirst();
  return Boolean(row);
}

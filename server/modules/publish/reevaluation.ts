import { sql, type Kysely, type Transaction } from 'kysely';
import { countedScores, scoreAnswer, type Outcome, type ScoredSection, type StudentAnswer } from '../../../shared/domain/scoring';
import { answerableQuestions } from '../../../shared/domain/test/normalize';
import type { ChildQuestion, Test } from '../../../shared/domain/test/types';
import { attemptAnyOf, sectionAnswerableIds, type AttemptLayout } from '../students/layout';
import type { PublishOption } from '../../../shared/api/reportTypes';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * Re-evaluation on publish (decisions section 6), done in the database as set-based work. The
 * rows of one question are spread over the whole answers table (an attempt's rows are written
 * together when it starts), so each pass over them costs a page per attempt: there is one, and
 * nothing is written back to them.
 *
 * 1. the corrected questions' answers of every attempt scored with an earlier version of the
 *    test are copied, with their score as it is now (the rule of the view attempt_answer_scores),
 *    into a temporary table;
 * 2. its DISTINCT answers (a few dozen even for 100,000 attempts: students choose among the same
 *    options) are scored once here with the one scoring rule (shared/domain/scoring.ts
 *    scoreAnswer); GRACE gives the question's full positive marks whatever the answer. They are
 *    kept in answer_rescores under the version this publish makes, which the view applies to
 *    every attempt scored before it;
 * 3. one statement adds each attempt's delta to its score (and the change of the question's
 *    positive marks to its max_score) and records every changed score in score_changes
 *    (publish, attempt, old score, new score).
 *
 * It runs in the caller's transaction: all attempts are re-scored, or none.
 *
 * A test with "attempt any N" sections (issue 17) is not a sum of its questions: there step 3
 * works out each attempt's change with the submit's own rule (countedScores: the best N count),
 * from all of the attempt's scores as they are now, before and after the correction.
 */

/** One answerable question after the correction, what to do with past attempts, and its positive marks before. */
export interface Correction {
  question: ChildQuestion;
  option: PublishOption;
  oldPositive: number;
}

/**
 * Takes the test's publish lock for this transaction, or refuses: a publish of the same test
 * still running elsewhere (PostgreSQL) answers 409 PUBLISH_IN_PROGRESS instead of interleaving.
 * On PGlite the single connection already runs one transaction at a time (publishes queue).
 */
export async function takePublishLock(trx: Transaction<Database>, testId: string): Promise<void> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`publish:${testId}`})) as locked`.execute(trx);
  if (!rows[0]?.locked) throw new AppError(409, 'PUBLISH_IN_PROGRESS', 'publishInProgress');
}

/** The scores of the distinct answers in publish_answers, computed with scoreAnswer. */
async function scoredAnswers(trx: Transaction<Database>, corrections: Correction[]) {
  const byId = new Map(corrections.map((c) => [c.question._id, c]));
  const { rows } = await sql<{ question_id: string; answer_key: string }>`select distinct question_id, answer_key from publish_answers`.execute(trx);
  return rows.map(({ question_id, answer_key }) => {
    const { question, option } = byId.get(question_id)!;
    const scored = scoreAnswer(question, JSON.parse(answer_key) as StudentAnswer | null);
    return { q: question_id, k: answer_key, s: option === 'GRACE' ? question.marks.positive : scored.score, o: scored.outcome };
  });
}

/** The publish being applied: its id, and the version of the test it makes. */
export interface PublishRef {
  publishId: string;
  orgId: string;
  testId: string;
  version: number;
}

/**
 * Applies RE_EVALUATE and GRACE corrections to every attempt scored with an earlier version of
 * the test, recording the changes under the publish. Answers the number of attempts whose score changed.
 */
export async function reevaluate(trx: Transaction<Database>, publish: PublishRef, corrections: Correction[], test?: Test): Promise<number> {
  const applied = corrections.filter((c) => c.option !== 'NO_CHANGE');
  if (applied.length === 0) return 0;
  const { publishId, orgId, testId, version } = publish;
  const ids = sql.join(applied.map((c) => c.question._id));
  // Hash joins and the per-attempt sums over 100,000 rows stay in memory instead of spilling to
  // disk in batches (the default is 4 MB); for this transaction only.
  await sql`set local work_mem = '64MB'`.execute(trx);
  // A temporary table the planner has statistics for (hash joins over 100,000 rows, not
  // 100,000 index probes); dropped at commit.
  // Each answer's score as it is now, by the rule of the view attempt_answer_scores (the latest
  // rescore of a version later than the attempt's scored_version), joined by hash instead of
  // looked up per row: attempts of a test were scored with few versions, and a question has few
  // rescores, so the rescore that applies is worked out per (question, answer, scored version).
  await sql`
    create temporary table publish_answers on commit drop as
    with versions as (
      select distinct scored_version as scored from attempts where test_id = ${testId} and scored_version < ${version}
    ), applicable as (
      select distinct on (r.question_id, r.answer_key, v.scored) r.question_id, r.answer_key, v.scored, r.score, r.outcome
      from answer_rescores r join versions v on r.test_version > v.scored
      where r.test_id = ${testId} and r.question_id in (${ids})
      order by r.question_id, r.answer_key, v.scored, r.test_version desc
    )
    select aa.attempt_id, aa.question_id, coalesce(aa.answer::text, 'null') as answer_key,
      coalesce(ap.score, aa.score) as old_score, coalesce(ap.outcome, aa.outcome) as old_outcome
    from attempt_answers aa
    join attempts a on a.id = aa.attempt_id and a.test_id = ${testId} and a.scored_version < ${version}
    left join applicable ap on ap.question_id = aa.question_id and ap.answer_key = coalesce(aa.answer::text, 'null') and ap.scored = a.scored_version
    where aa.test_id = ${testId} and aa.question_id in (${ids})`.execute(trx);
  await sql`analyze publish_answers`.execute(trx);
  const scores = await scoredAnswers(trx, applied);
  if (scores.length === 0) return 0;
  // Worked out before the new rescores are stored: the view still gives the scores as they were.
  const limited = test && [...attemptAnyOf(test).values()].some((n) => n !== null) ? await bestOfDeltas(trx, test, applied, scores) : null;
  await trx
    .insertInto('answer_rescores')
    .values(scores.map((s) => ({ org_id: orgId, test_id: testId, question_id: s.q, answer_key: s.k, test_version: version, publish_id: publishId, score: s.s, outcome: s.o })))
    .execute();
  const marks = applied.map((c) => ({ q: c.question._id, d: c.question.marks.positive - c.oldPositive }));
  const totals = limited
    ? sql`
      select t.attempt_id, t.delta, t.max_delta
      from jsonb_to_recordset(${JSON.stringify(limited)}::jsonb) as t(attempt_id text, delta numeric, max_delta numeric)
      where t.delta <> 0 or t.max_delta <> 0`
    : sql`
      select r.attempt_id, sum(s.s - r.old_score) as delta, sum(m.d) as max_delta
      from publish_answers r
      join jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as s(q text, k text, s numeric, o text) on s.q = r.question_id and s.k = r.answer_key
      join jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m(q text, d numeric) on m.q = r.question_id
      group by r.attempt_id
      having sum(s.s - r.old_score) <> 0 or sum(m.d) <> 0`;
  const { rows } = await sql<{ changed: string }>`
    with totals as (${totals}), changed as (
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

/**
 * Each attempt's change of score and maximum when the test has "attempt any N" sections: its
 * questions' scores as they are now (the view attempt_answer_scores), then with the corrected
 * answers' new scores and marks, both added up by countedScores, the submit's rule.
 */
async function bestOfDeltas(
  trx: Transaction<Database>,
  test: Test,
  applied: Correction[],
  scores: { q: string; k: string; s: number; o: string }[],
): Promise<{ attempt_id: string; delta: number; max_delta: number }[]> {
  const { rows: attempts } = await sql<{ id: string; layout: AttemptLayout }>`
    select a.id, a.layout from attempts a where a.id in (select distinct attempt_id from publish_answers)`.execute(trx);
  const { rows: now } = await sql<{ attempt_id: string; question_id: string; score: string; outcome: string }>`
    select s.attempt_id, s.question_id, s.score, s.outcome from attempt_answer_scores s
    where s.attempt_id in (select distinct attempt_id from publish_answers)`.execute(trx);
  const { rows: corrected } = await sql<{ attempt_id: string; question_id: string; answer_key: string }>`
    select attempt_id, question_id, answer_key from publish_answers`.execute(trx);
  const newScore = new Map(scores.map((s) => [`${s.q}\n${s.k}`, s]));
  const before = new Map(now.map((r) => [`${r.attempt_id}\n${r.question_id}`, { score: Number(r.score), outcome: r.outcome as Outcome }]));
  const after = new Map(before);
  for (const r of corrected) {
    const s = newScore.get(`${r.question_id}\n${r.answer_key}`);
    if (s) after.set(`${r.attempt_id}\n${r.question_id}`, { score: s.s, outcome: s.o as Outcome });
  }
  const positive = new Map(test.sections.flatMap((section) => answerableQuestions(section.questions)).map((q) => [q._id, q.marks.positive]));
  const positiveBefore = new Map(positive);
  for (const c of applied) positiveBefore.set(c.question._id, c.oldPositive);
  const limits = attemptAnyOf(test);
  const total = (attempt: { id: string; layout: AttemptLayout }, scored: typeof before, positives: typeof positive) =>
    countedScores(
      attempt.layout.sections.map((section): ScoredSection => ({
        attemptAny: limits.get(section.id) ?? null,
        questions: sectionAnswerableIds(section).map((id) => ({
          id,
          ...(scored.get(`${attempt.id}\n${id}`) ?? { score: 0, outcome: 'unattempted' as Outcome }),
          positive: positives.get(id) ?? 0,
        })),
      })),
    );
  return attempts.map((attempt) => {
    const [was, is] = [total(attempt, before, positiveBefore), total(attempt, after, positive)];
    return { attempt_id: attempt.id, delta: Math.round((is.score - was.score) * 100) / 100, max_delta: Math.round((is.maxScore - was.maxScore) * 100) / 100 };
  });
}

/** Whether students have submitted the test (an attempted test: publishing offers NO_CHANGE). */
export async function hasSubmittedAttempts(db: Kysely<Database>, testId: string): Promise<boolean> {
  const row = await db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null).limit(1).executeTakeFirst();
  return Boolean(row);
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ATTEMPT_PERCENTAGE } from '../../db/scores';
import type { AttemptLayout } from '../students/layout';

/** A distinct corrected answer and its new score (answer_rescores' row, short keys: it travels as JSON). */
export interface Rescore {
  q: string;
  k: string;
  s: number;
  o: string;
}

/** A free test's submitted attempts, their mean percentage and how many a publish changed (the corrections preview). */
export interface FreeTestScores {
  shared_test_id: string;
  attempts: number;
  mean: string | null;
  changed: number;
}

/** What one attempt's score and maximum change by. */
export interface AttemptDelta {
  attempt_id: string;
  delta: number;
  max_delta: number;
}

/**
 * The SQL of publishing corrections (reevaluation.ts says what each step is for). Built on the
 * publish's transaction (`new PublishRepository(trx)`): every method runs in it, so a failure
 * rolls the whole publish back. The corrected answers are kept in a temporary table,
 * publish_answers, between collectAnswers and dropAnswers.
 */
export class PublishRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The test's publish lock for this transaction: false when a publish of the same test still runs
   * elsewhere (PostgreSQL). On PGlite the single connection already runs one transaction at a time.
   */
  async takeLock(testId: string): Promise<boolean> {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`publish:${testId}`})) as locked`.execute(this.db);
    return Boolean(rows[0]?.locked);
  }

  async insertPublish(values: { id: string; org_id: string; test_id: string; published_by: string; options: Record<string, string> }): Promise<void> {
    await this.db
      .insertInto('publishes')
      .values({ ...values, options: JSON.stringify(values.options) })
      .execute();
  }

  async setAttemptsChanged(publishId: string, attemptsChanged: number): Promise<void> {
    await this.db.updateTable('publishes').set({ attempts_changed: attemptsChanged }).where('id', '=', publishId).execute();
  }

  /** Whether students have submitted the test. */
  async hasSubmittedAttempts(testId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('attempts')
      .select('id')
      .where('test_id', '=', testId)
      .where('submitted_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  async setAttempted(testId: string, attempted: boolean): Promise<void> {
    await this.db.updateTable('tests').set({ is_attempted: attempted }).where('id', '=', testId).execute();
  }

  /**
   * The corrected questions' open reports: resolved (`resolve`), or else REPORTED ones become
   * updateAvailable. Answers how many changed.
   */
  async updateReports(caller: { orgId: string; userId: string }, testId: string, questionIds: string[], resolve: boolean): Promise<number> {
    const query = this.db
      .updateTable('question_reports')
      .where('org_id', '=', caller.orgId)
      .where('test_id', '=', testId)
      .where('question_id', 'in', questionIds);
    const result = resolve
      ? await query
          .set({ status: 'resolved', resolved_at: new Date(), resolved_by: caller.userId })
          .where('status', 'in', ['REPORTED', 'updateAvailable'])
          .executeTakeFirst()
      : await query.set({ status: 'updateAvailable' }).where('status', '=', 'REPORTED').executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Step 1: the answers to `questionIds` of every attempt scored with a version before `version`,
   * with their score as it is now, copied into publish_answers (dropped at commit at the latest).
   */
  async collectAnswers(testId: string, version: number, questionIds: string[]): Promise<void> {
    const ids = sql.join(questionIds);
    // Hash joins and the per-attempt sums over 100,000 rows stay in memory instead of spilling to
    // disk in batches (the default is 4 MB); for this transaction only.
    await sql`set local work_mem = '64MB'`.execute(this.db);
    // A temporary table the planner has statistics for (hash joins over 100,000 rows, not
    // 100,000 index probes).
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
      where aa.test_id = ${testId} and aa.question_id in (${ids})`.execute(this.db);
    await sql`analyze publish_answers`.execute(this.db);
  }

  /** Step 2's input: the distinct (question, answer) pairs of publish_answers. */
  async distinctAnswers(): Promise<{ question_id: string; answer_key: string }[]> {
    const { rows } = await sql<{ question_id: string; answer_key: string }>`select distinct question_id, answer_key from publish_answers`.execute(this.db);
    return rows;
  }

  /**
   * For "attempt any N" tests: the attempts in publish_answers with their layouts, all their
   * answers' scores as they are now (the view attempt_answer_scores), and their corrected answers.
   */
  async attemptsToRecount(): Promise<{
    attempts: { id: string; layout: AttemptLayout }[];
    now: { attempt_id: string; question_id: string; score: string; outcome: string }[];
    corrected: { attempt_id: string; question_id: string; answer_key: string }[];
  }> {
    const { rows: attempts } = await sql<{ id: string; layout: AttemptLayout }>`
      select a.id, a.layout from attempts a where a.id in (select distinct attempt_id from publish_answers)`.execute(this.db);
    const { rows: now } = await sql<{ attempt_id: string; question_id: string; score: string; outcome: string }>`
      select s.attempt_id, s.question_id, s.score, s.outcome from attempt_answer_scores s
      where s.attempt_id in (select distinct attempt_id from publish_answers)`.execute(this.db);
    const { rows: corrected } = await sql<{ attempt_id: string; question_id: string; answer_key: string }>`
      select attempt_id, question_id, answer_key from publish_answers`.execute(this.db);
    return { attempts, now, corrected };
  }

  /** Step 2's output: the new scores, which the view applies to every attempt scored before `version`. */
  async storeRescores(publish: { publishId: string; orgId: string; testId: string; version: number }, scores: Rescore[]): Promise<void> {
    const { publishId, orgId, testId, version } = publish;
    await this.db
      .insertInto('answer_rescores')
      .values(
        scores.map((s) => ({
          org_id: orgId,
          test_id: testId,
          question_id: s.q,
          answer_key: s.k,
          test_version: version,
          publish_id: publishId,
          score: s.s,
          outcome: s.o,
        })),
      )
      .execute();
  }

  /**
   * Step 3, in one statement: each attempt's delta added to its score (and max_score), and every
   * changed score recorded in score_changes. The deltas are `given` (worked out per attempt), or
   * summed here from publish_answers, the new `scores` and each question's change of positive
   * `marks`. Answers how many attempts' scores changed.
   */
  async applyDeltas(publishId: string, change: { given: AttemptDelta[] } | { scores: Rescore[]; marks: { q: string; d: number }[] }): Promise<number> {
    const totals =
      'given' in change
        ? sql`
      select t.attempt_id, t.delta, t.max_delta
      from jsonb_to_recordset(${JSON.stringify(change.given)}::jsonb) as t(attempt_id text, delta numeric, max_delta numeric)
      where t.delta <> 0 or t.max_delta <> 0`
        : sql`
      select r.attempt_id, sum(s.s - r.old_score) as delta, sum(m.d) as max_delta
      from publish_answers r
      join jsonb_to_recordset(${JSON.stringify(change.scores)}::jsonb) as s(q text, k text, s numeric, o text) on s.q = r.question_id and s.k = r.answer_key
      join jsonb_to_recordset(${JSON.stringify(change.marks)}::jsonb) as m(q text, d numeric) on m.q = r.question_id
      group by r.attempt_id
      having sum(s.s - r.old_score) <> 0 or sum(m.d) <> 0`;
    // The totals come from a temporary table and JSON, which the planner guesses at a thousand
    // rows: it would then look each attempt up by its key, 100,000 index probes at a GRACE
    // (0.37 s more than one pass over the test's attempts joined by hash). For this statement only.
    await sql`set local enable_nestloop = off`.execute(this.db);
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
      select count(*)::text as changed from recorded`.execute(this.db);
    await sql`set local enable_nestloop = on`.execute(this.db);
    return Number(rows[0]?.changed ?? 0);
  }

  async dropAnswers(): Promise<void> {
    await sql`drop table publish_answers`.execute(this.db);
  }

  /** Per free test of the test: submitted attempts, their mean percentage, and how many the publish changed. */
  async freeTestScores(testId: string, publishId: string): Promise<FreeTestScores[]> {
    const { rows } = await sql<FreeTestScores>`
      select s.id as shared_test_id, count(a.id)::int as attempts, round(avg(${ATTEMPT_PERCENTAGE}), 2)::text as mean, count(c.attempt_id)::int as changed
      from shared_tests s
      left join attempts a on a.shared_test_id = s.id and a.submitted_at is not null
      left join score_changes c on c.attempt_id = a.id and c.publish_id = ${publishId}
      where s.test_id = ${testId}
      group by s.id order by s.id`.execute(this.db);
    return rows;
  }
}

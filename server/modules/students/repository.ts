import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AttemptsTable, Database, StudentsTable, TestRow } from '../../db/schema';
import { BatchedLookup } from '../../db/batchedLookup';
import type { AttemptLayout } from './layout';

/** An attempt as the student side reads it (the analysis' digest is not its concern). */
export type AttemptRow = Omit<Selectable<AttemptsTable>, 'digest' | 'digest_version'>;
export type StudentRow = Selectable<StudentsTable>;
/**
 * A free test and what says which version of its test students get: the test's version and
 * update time, and its owner's default settings (a test without stored settings uses them).
 */
export interface FreeTestWithTest {
  shared: { id: string; org_id: string; test_id: string; start_time: Date; end_time: Date | null; no_of_attempts: number | null; is_removed: boolean };
  /** Changes whenever the test students get would change: the key of the hydrated test kept in memory. */
  testKey: string;
  /** The test's version: an attempt records the version it was scored with (re-evaluation). */
  version: number;
  ownerDefaults: unknown;
}

/** One answer save (see StudentsRepository.saveAnswers): null clears; `at` is the server's time of the save. */
export interface AnswerSave {
  attemptId: string;
  questionId: string;
  answer: unknown;
  seq?: number;
  at: Date;
}

/** An answer as saved (what a submit scores). */
export interface SavedAnswer {
  question_id: string;
  answer: unknown;
}

/** One submit's scores (see writeScores): per question its score and outcome, and the attempt's total. */
export interface ScoresWrite {
  attemptId: string;
  scores: { q: string; s: number; o: string }[];
  total: ScoresTotal;
}

/** What a submit writes on the attempt. */
export interface ScoresTotal {
  score: number;
  maxScore: number;
  submittedAt: Date;
  testVersion: number;
  digest: string;
}

/** An attempt as a start writes it: its columns, the layout as built (stored as JSON) and its maximum score. */
type NewAttempt = Pick<AttemptRow, 'id' | 'org_id' | 'shared_test_id' | 'test_id' | 'student_id' | 'token_hash' | 'started_at' | 'deadline_at'> & {
  layout: AttemptLayout;
  max_score: number;
};

/** A free test's head as withHead reads it. */
interface HeadRow {
  id: string;
  org_id: string;
  test_id: string;
  start_time: Date;
  end_time: Date | null;
  no_of_attempts: number | null;
  is_removed: boolean;
  version: number;
  updated_at: Date;
  default_settings: unknown;
}

/** A session's row: the head, the attempt's columns (some renamed apart from the head's), its student's name, its answers when asked. */
type SessionRow = HeadRow &
  Omit<AttemptRow, 'id' | 'org_id' | 'test_id'> & { a_id: string; a_org_id: string; a_test_id: string; student_name: string; answers: SavedAnswer[] | null };

/** The attempt of a student token, its free test, and (when asked) its saved answers. */
export interface StudentSession {
  attempt: AttemptRow & { student_name: string };
  free: FreeTestWithTest;
  answers?: SavedAnswer[];
}

/** The SQL of the student side (migration 007: students, attempts, attempt_answers, question_reports). */
export class StudentsRepository {
  /** Session reads of one turn of the event loop, one query for all (a class submitting at once). */
  private readonly sessions = new BatchedLookup<StudentSession>((keys) => this.sessionsOf(keys, false));
  private readonly sessionsWithAnswers = new BatchedLookup<StudentSession>((keys) => this.sessionsOf(keys, true));

  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction: all of it is written, or none. */
  inTransaction<R>(work: (trx: Transaction<Database>) => Promise<R>): Promise<R> {
    return this.db.transaction().execute(work);
  }

  private withHead(db: Kysely<Database>) {
    return db
      .selectFrom('shared_tests as s')
      .innerJoin('tests as t', 't.id', 's.test_id')
      .leftJoin('users as u', 'u.id', 't.owner_id')
      .select([
        's.id',
        's.org_id',
        's.test_id',
        's.start_time',
        's.end_time',
        's.no_of_attempts',
        's.is_removed',
        't.version',
        't.updated_at',
        'u.default_settings',
      ]);
  }

  private headOf(row: HeadRow): FreeTestWithTest {
    const { version, updated_at, default_settings, ...shared } = row;
    return {
      shared,
      version,
      testKey: `${shared.test_id}:${version}:${new Date(updated_at).getTime()}:${JSON.stringify(default_settings ?? null)}`,
      ownerDefaults: default_settings ?? null,
    };
  }

  /** One query, without the test's content (that is read only when the test changed, see StudentService.load). */
  async freeTest(sharedTestId: string, db: Kysely<Database> = this.db): Promise<FreeTestWithTest | undefined> {
    const row = await this.withHead(db).where('s.id', '=', sharedTestId).executeTakeFirst();
    return row && this.headOf(row);
  }

  /**
   * The attempt of a token with its student's name and its free test, in one query; with its
   * saved answers too when asked (a submit scores them: one round trip fewer in a class's burst).
   */
  session(tokenHash: string, { withAnswers = false } = {}): Promise<StudentSession | undefined> {
    return (withAnswers ? this.sessionsWithAnswers : this.sessions).get(tokenHash);
  }

  /** The sessions of these tokens (see session), by token hash. */
  private async sessionsOf(tokenHashes: string[], withAnswers: boolean): Promise<Map<string, StudentSession>> {
    const rows = await this.withHead(this.db)
      .innerJoin('attempts as a', 'a.shared_test_id', 's.id')
      .innerJoin('students as st', 'st.id', 'a.student_id')
      .select([
        'a.id as a_id',
        'a.org_id as a_org_id',
        'a.shared_test_id',
        'a.test_id as a_test_id',
        'a.student_id',
        'a.token_hash',
        'a.layout',
        'a.started_at',
        'a.deadline_at',
        'a.submitted_at',
        'a.score',
        'a.max_score',
        'a.scored_version',
        'st.name as student_name',
        withAnswers
          ? sql<
              SavedAnswer[]
            >`(select coalesce(json_agg(json_build_object('question_id', aa.question_id, 'answer', aa.answer)), '[]') from attempt_answers aa where aa.attempt_id = a.id)`.as(
              'answers',
            )
          : sql<null>`null`.as('answers'),
      ])
      .where('a.token_hash', 'in', tokenHashes)
      .execute();
    return new Map(rows.map((row) => [row.token_hash, this.sessionOf(row)]));
  }

  private sessionOf(row: SessionRow): StudentSession {
    const {
      id,
      org_id,
      test_id,
      start_time,
      end_time,
      no_of_attempts,
      is_removed,
      version,
      updated_at,
      default_settings,
      a_id,
      a_org_id,
      a_test_id,
      answers,
      ...attempt
    } = row;
    return {
      attempt: { id: a_id, org_id: a_org_id, test_id: a_test_id, ...attempt },
      free: this.headOf({ id, org_id, test_id, start_time, end_time, no_of_attempts, is_removed, version, updated_at, default_settings }),
      ...(answers ? { answers } : {}),
    };
  }

  testRow(testId: string, db: Kysely<Database> = this.db): Promise<TestRow | undefined> {
    return db.selectFrom('tests').selectAll().where('id', '=', testId).executeTakeFirst();
  }

  /** Locks the student's row for the transaction: starts of one student never interleave. */
  async lockStudent(trx: Transaction<Database>, studentId: string): Promise<void> {
    await trx.selectFrom('students').select('id').where('id', '=', studentId).forUpdate().executeTakeFirst();
  }

  attemptsOf(sharedTestId: string, studentId: string, db: Kysely<Database> = this.db): Promise<AttemptRow[]> {
    return db
      .selectFrom('attempts')
      .selectAll()
      .where('shared_test_id', '=', sharedTestId)
      .where('student_id', '=', studentId)
      .orderBy('started_at', 'desc')
      .execute();
  }

  byTokenHash(tokenHash: string, db: Kysely<Database> = this.db): Promise<(AttemptRow & { student_name: string }) | undefined> {
    return db
      .selectFrom('attempts as a')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .selectAll('a')
      .select('s.name as student_name')
      .where('a.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** A new attempt with one unanswered row per answerable question. */
  async insertAttempt(trx: Transaction<Database>, attempt: NewAttempt, questionIds: string[]): Promise<void> {
    await trx
      .insertInto('attempts')
      .values({ ...attempt, layout: JSON.stringify(attempt.layout) })
      .execute();
    if (questionIds.length === 0) return;
    await trx
      .insertInto('attempt_answers')
      .values(questionIds.map((question_id) => ({ attempt_id: attempt.id, test_id: attempt.test_id, question_id, answer: null })))
      .execute();
  }

  async resumeWithToken(attemptId: string, tokenHash: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.updateTable('attempts').set({ token_hash: tokenHash }).where('id', '=', attemptId).execute();
  }

  async answersOf(attemptId: string, db: Kysely<Database> = this.db) {
    return db.selectFrom('attempt_answers').select(['question_id', 'answer', 'score', 'outcome', 'client_seq']).where('attempt_id', '=', attemptId).execute();
  }

  /** An attempt's answers with their scores as they are now: a re-evaluation since it was scored counts (view attempt_answer_scores). */
  async scoredAnswersOf(attemptId: string, db: Kysely<Database> = this.db) {
    return db.selectFrom('attempt_answer_scores').select(['question_id', 'answer', 'score', 'outcome']).where('attempt_id', '=', attemptId).execute();
  }

  /**
   * Saves of many attempts' answers in one transaction (group commit, issue 19), each with the
   * rule of saveAnswer. A question saved twice in the group is written in two statements, in
   * the order the saves came, so the later one is applied over the earlier as it would alone.
   */
  async saveAnswers(trx: Transaction<Database>, saves: AnswerSave[]): Promise<('saved' | 'stale' | 'closed')[]> {
    const results: ('saved' | 'stale' | 'closed')[] = new Array(saves.length);
    let round = saves.map((save, i) => ({ ...save, i }));
    while (round.length) {
      const seen = new Set<string>();
      const now: typeof round = [];
      const later: typeof round = [];
      for (const save of round) {
        const key = `${save.attemptId}\n${save.questionId}`;
        (seen.has(key) ? later : now).push(save);
        seen.add(key);
      }
      const rows = now.map((s) => ({
        i: s.i,
        a: s.attemptId,
        q: s.questionId,
        clear: s.answer === null,
        ans: s.answer,
        seq: s.seq ?? null,
        at: s.at.toISOString(),
      }));
      const { rows: saved } = await sql<{ i: number }>`
        with v as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(i int, a text, q text, clear boolean, ans jsonb, seq bigint, at timestamptz)
        )
        update attempt_answers aa
        set answer = case when v.clear then null else v.ans end, updated_at = v.at, client_seq = coalesce(v.seq, aa.client_seq)
        from v
        where aa.attempt_id = v.a and aa.question_id = v.q
          and (v.seq is null or aa.client_seq is null or aa.client_seq < v.seq)
          and exists (select 1 from attempts t where t.id = v.a and t.submitted_at is null)
        returning v.i`.execute(trx);
      const written = new Set(saved.map((r) => r.i));
      // Not written with a seq: stale when a newer answer is stored, else closed. Read in a
      // statement of its own: a row another transaction changed meanwhile is seen as it is now.
      const unwritten = now.filter((x) => !written.has(x.i) && x.seq !== undefined);
      const current = unwritten.length
        ? await trx
            .selectFrom('attempt_answers as aa')
            .innerJoin('attempts as t', 't.id', 'aa.attempt_id')
            .select(['aa.attempt_id', 'aa.question_id', 'aa.client_seq', 't.submitted_at'])
            .where('aa.attempt_id', 'in', [...new Set(unwritten.map((x) => x.attemptId))])
            .where('aa.question_id', 'in', [...new Set(unwritten.map((x) => x.questionId))])
            .execute()
        : [];
      const state = new Map(current.map((r) => [`${r.attempt_id}\n${r.question_id}`, r]));
      for (const x of now) {
        const row = state.get(`${x.attemptId}\n${x.questionId}`);
        results[x.i] = written.has(x.i)
          ? 'saved'
          : x.seq !== undefined && row && !row.submitted_at && row.client_seq !== null && Number(row.client_seq) >= x.seq
            ? 'stale'
            : 'closed';
      }
      round = later;
    }
    return results;
  }

  async setLayout(attemptId: string, layout: AttemptLayout, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('attempts')
      .set({ layout: JSON.stringify(layout) })
      .where('id', '=', attemptId)
      .where('submitted_at', 'is', null)
      .execute();
  }

  /**
   * Writes the scores of a group of submits (GroupCommit) in one transaction of two statements:
   * each attempt's total, maximum, submit time and digest (server/modules/analysis/digest.ts),
   * and every answer row's score and outcome, only for attempts not submitted yet (a concurrent
   * second submit waits on the row, then changes nothing). Answers, per submit, whether it
   * wrote (false: it was submitted already, or the same attempt came earlier in the group).
   *
   * A submit counts itself in results_counters (trigger, migration 012) on the shard of its
   * attempt: the group first takes its free tests' counter rows in one order, so that two groups
   * never hold one shard each while waiting for the other's (a deadlock, found only after a second).
   */
  async writeScores(submits: ScoresWrite[], trx: Transaction<Database>): Promise<boolean[]> {
    const seen = new Set<string>();
    const firsts = submits.filter((w) => !seen.has(w.attemptId) && seen.add(w.attemptId));
    const rows = firsts.map((w) => ({
      id: w.attemptId,
      score: w.total.score,
      max_score: w.total.maxScore,
      submitted_at: w.total.submittedAt.toISOString(),
      version: w.total.testVersion,
      digest: w.total.digest,
      scores: w.scores,
    }));
    await sql`
      select 1 from results_counters c
      where c.shared_test_id in (select shared_test_id from attempts where id = any(${firsts.map((w) => w.attemptId)}::text[]))
      order by c.shared_test_id, c.shard for update`.execute(trx);
    const { rows: done } = await sql<{ id: string }>`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id text, score numeric, max_score numeric, submitted_at timestamptz, version int, digest text, scores jsonb)
      ), done as (
        update attempts a set score = v.score, max_score = v.max_score, submitted_at = v.submitted_at, scored_version = v.version,
          digest = v.digest, digest_version = v.version
        from v where a.id = v.id and a.submitted_at is null
        returning a.id
      ), scored as (
        -- Run whether or not the select reads it (a data-modifying WITH always runs once).
        update attempt_answers aa set score = e.s, outcome = e.o
        from done join v on v.id = done.id cross join lateral jsonb_to_recordset(v.scores) as e(q text, s numeric, o text)
        where aa.attempt_id = done.id and aa.question_id = e.q
      )
      select id from done`.execute(trx);
    const ids = new Set(done.map((r) => r.id));
    const written = new Set(firsts.filter((w) => ids.has(w.attemptId)));
    return submits.map((w) => written.has(w));
  }

  /**
   * Marks a test attempted (its first submitted attempt): the editor then keeps edits for a
   * publish and refuses deletes. `updated_at` moves so cached copies of the test are read again.
   */
  async markAttempted(testId: string): Promise<void> {
    await this.db.updateTable('tests').set({ is_attempted: true, updated_at: new Date() }).where('id', '=', testId).where('is_attempted', '=', false).execute();
  }

  /** Attempts of a free test past their deadline and the grace, never submitted (to submit what they saved). */
  expiredAttempts(sharedTestId: string, before: Date, db: Kysely<Database> = this.db): Promise<AttemptRow[]> {
    return db
      .selectFrom('attempts')
      .selectAll()
      .where('shared_test_id', '=', sharedTestId)
      .where('submitted_at', 'is', null)
      .where('deadline_at', '<', before)
      .limit(500)
      .execute();
  }

  /** Free tests with attempts past their deadline and the grace, never submitted (the job queue's sweep, issue 19). */
  async freeTestsWithExpired(before: Date, limit: number, db: Kysely<Database> = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('attempts')
      .select('shared_test_id')
      .distinct()
      .where('submitted_at', 'is', null)
      .where('deadline_at', '<', before)
      .limit(limit)
      .execute();
    return rows.map((r) => r.shared_test_id);
  }

  /** The first score a re-evaluation replaced, if any (score_changes, oldest publish first). */
  async firstScoreChange(attemptId: string, db: Kysely<Database> = this.db): Promise<number | null> {
    const row = await db
      .selectFrom('score_changes as c')
      .innerJoin('publishes as p', 'p.id', 'c.publish_id')
      .select('c.old_score')
      .where('c.attempt_id', '=', attemptId)
      .orderBy('p.created_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.old_score) : null;
  }

  async insertReport(values: { org_id: string; test_id: string; question_id: string; reason: string; student_id: string; attempt_id: string }): Promise<void> {
    await this.db
      .insertInto('question_reports')
      .values({ ...values, status: 'REPORTED' })
      .execute();
  }
}

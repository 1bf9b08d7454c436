import { sql, type Kysely } from 'kysely';
import type { Database, TestRow } from '../../db/schema';
import { ATTEMPT_PERCENTAGE } from '../../db/scores';
import type { VersionQuestion } from './digest';

/** Whose attempts: one free test's, or all the free tests' of a test (in one organisation). */
export type Scope = { sharedTestId: string } | { orgId: string; testId: string };

export interface AttemptDigestRow {
  id: string;
  score: number;
  /** Percentage × 100, the percentage rounded to two decimals first (as the attempts list shows it). */
  h: number;
  /** Submit time, epoch milliseconds. */
  t: number;
  v: number | null;
  d: string | null;
}

/** Attempts per text of `attempts` (a text stays a few MB). */
const LINES_PER_TEXT = 20_000;

/** The SQL of the question analysis: digests, the versions they follow, rescores since. */
export class AnalysisRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Queries reading a scope's attempts at once (2 on PostgreSQL; PGlite has one connection). */
    private readonly parts = 1,
  ) {}

  private where(scope: Scope) {
    return 'sharedTestId' in scope ? sql`shared_test_id = ${scope.sharedTestId}` : sql`test_id = ${scope.testId} and org_id = ${scope.orgId}`;
  }

  /**
   * The submitted attempts with their digests. 100,000 rows are sent as a few long texts, a line
   * per attempt ("id score hundredths submit-ms version digest"): PGlite and pg spend far more
   * per row than per byte (docs/analysis.md "Storage": 2.5 s as rows, 0.5 s as lines on PGlite).
   * On PostgreSQL the attempts are read in `parts` queries at once (by a hash of their id), each
   * on its own connection: building the texts is most of the query's time, and it is shared out.
   */
  async attempts(scope: Scope, parts = this.parts): Promise<AttemptDigestRow[]> {
    const texts = await Promise.all(
      Array.from({ length: parts }, (_, part) =>
        sql<{ lines: string }>`
          select string_agg(id || ' ' || score || ' ' || h || ' ' || t || ' ' || coalesce(case when digest is not null then digest_version end, 0) || ' ' || coalesce(digest, ''), E'\n') as lines
          from (
            select id, score, (${ATTEMPT_PERCENTAGE} * 100)::int as h, (extract(epoch from submitted_at) * 1000)::bigint as t, digest_version, digest,
              row_number() over () / ${LINES_PER_TEXT} as text
            from attempts where ${this.where(scope)} and submitted_at is not null ${parts > 1 ? sql`and abs(hashtext(id)) % ${parts} = ${part}` : sql``}
          ) a
          group by text`.execute(this.db),
      ),
    );
    const attempts: AttemptDigestRow[] = [];
    for (const { lines } of texts.flatMap((t) => t.rows)) {
      for (const line of lines.split('\n')) {
        const [id, score, h, t, v, d] = line.split(' ');
        attempts.push({ id, score: Number(score), h: Number(h), t: Number(t), v: v === '0' ? null : Number(v), d: v === '0' ? null : (d ?? '') });
      }
    }
    return attempts;
  }

  async versions(testId: string, versions: number[]): Promise<Map<number, VersionQuestion[]>> {
    if (!versions.length) return new Map();
    const rows = await this.db
      .selectFrom('test_version_questions')
      .select(['version', 'questions'])
      .where('test_id', '=', testId)
      .where('version', 'in', versions)
      .execute();
    return new Map(rows.map((r) => [r.version, r.questions as VersionQuestion[]]));
  }

  /** A version's questions; the same content whoever writes it first (several servers may). */
  async recordVersion(testId: string, version: number, questions: VersionQuestion[]): Promise<void> {
    await this.db
      .insertInto('test_version_questions')
      .values({ test_id: testId, version, questions: JSON.stringify(questions) })
      .onConflict((oc) => oc.columns(['test_id', 'version']).doNothing())
      .execute();
  }

  /** The test's rescores (a few dozen per publish: one per distinct answer of a corrected question). */
  rescores(testId: string) {
    return this.db
      .selectFrom('answer_rescores')
      .select(['question_id', 'answer_key', 'test_version', 'score', 'outcome'])
      .where('test_id', '=', testId)
      .orderBy('test_version', 'desc')
      .execute();
  }

  /** Every attempt's answer to one question as scored now (a re-evaluated question whose answers are not choices). */
  scoresNow(testId: string, questionId: string) {
    return this.db
      .selectFrom('attempt_answer_scores')
      .select(['attempt_id', 'score', 'outcome'])
      .where('test_id', '=', testId)
      .where('question_id', '=', questionId)
      .execute();
  }

  /** Answers as scored now of attempts without a digest (submitted before digests existed). */
  answersOf(attemptIds: string[]) {
    return this.db
      .selectFrom('attempt_answer_scores')
      .select(['attempt_id', 'question_id', 'answer', 'score', 'outcome'])
      .where('attempt_id', 'in', attemptIds)
      .execute();
  }

  async writeDigests(version: number, digests: { id: string; d: string }[]): Promise<void> {
    if (!digests.length) return;
    await sql`
      update attempts a set digest = v.d, digest_version = ${version}
      from jsonb_to_recordset(${JSON.stringify(digests)}::jsonb) as v(id text, d text)
      where a.id = v.id`.execute(this.db);
  }

  testRow(testId: string): Promise<TestRow | undefined> {
    return this.db.selectFrom('tests').selectAll().where('id', '=', testId).executeTakeFirst();
  }

  /** Submitted attempts of a free test, from the counters the attempts' triggers keep (migration 012). */
  async submittedCount(sharedTestId: string): Promise<number> {
    const row = await this.db
      .selectFrom('results_counters')
      .select(sql<number>`coalesce(sum(submitted), 0)::int`.as('submitted'))
      .where('shared_test_id', '=', sharedTestId)
      .executeTakeFirst();
    return row?.submitted ?? 0;
  }
}

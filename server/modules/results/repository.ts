import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { AttemptsQuery } from '@shared/contract/results';
import type { Database } from '../../db/schema';

/** An attempt as the results show it: the row, its student, and (when asked) its score changes. */
export interface AttemptRecord {
  id: string;
  student_id: string;
  name: string;
  contact: string;
  started_at: Date;
  submitted_at: Date | null;
  deadline_at: Date | null;
  score: string;
  max_score: string;
}

/** What a page or a poll checks: counts only grow, so a change anywhere changes them (migration 012). */
export interface ResultsCounters {
  started: number;
  submitted: number;
  /** Publishes of the test: a re-evaluation changes scores without a start or a submit. */
  publishes: number;
  lastActivityAt: Date | null;
}

export interface ScoreChangeRecord {
  attempt_id: string;
  publish_id: string;
  old_score: string;
  new_score: string;
  at: Date;
}

export interface PageQuery extends Required<Pick<AttemptsQuery, 'sort' | 'order'>> {
  page: number;
  limit: number;
  search?: string;
  status?: AttemptsQuery['status'];
  /** Attempts not submitted whose deadline is before this are expired (deadline plus the grace). */
  expiredBefore: Date;
  now: Date;
}

type Where = ExpressionBuilder<Database & { a: Database['attempts']; s: Database['students'] }, 'a' | 's'>;

interface CountersRow {
  started: number;
  submitted: number;
  changed_at: Date | null;
  publishes: number;
  published_at: Date | null;
}

/** The counters of a free test (its shards summed) and its test's publishes: always one row. */
const countersOf = (sharedTestId: string, testId: string) => sql`
  select coalesce(sum(started), 0)::int as started, coalesce(sum(submitted), 0)::int as submitted, max(changed_at) as changed_at,
    p.publishes, p.published_at
  from (select count(*)::int as publishes, max(created_at) as published_at from publishes where test_id = ${testId}) p
  left join results_counters c on c.shared_test_id = ${sharedTestId}
  group by p.publishes, p.published_at`;

function presentCounters(row: CountersRow): ResultsCounters {
  const times = [row.changed_at, row.published_at].filter((t): t is Date => t !== null).map((t) => new Date(t));
  return {
    started: row.started,
    submitted: row.submitted,
    publishes: row.publishes,
    lastActivityAt: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null,
  };
}

/** The sort key and direction of a page. */
function orderOf(query: PageQuery) {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const key = {
    score: sql`a.score`,
    submittedAt: sql`a.submitted_at`,
    name: sql`s.name`,
    // An attempt not submitted counts to now or to its deadline, as timeTakenS says.
    timeTaken: sql`coalesce(a.submitted_at, least(${query.now}::timestamptz, a.deadline_at)) - a.started_at`,
  }[query.sort];
  return { key, direction };
}

/** The export's rows in submit order: after `keyset`, up to `limit` (both may be empty), with `more` columns. */
const exportQuery = (sharedTestId: string, keyset: RawBuilder<unknown>, limit: RawBuilder<unknown>, more = sql``) => sql`
  select ${more} a.id, (extract(epoch from a.started_at) * 1000)::float8 as started_ms, (extract(epoch from a.submitted_at) * 1000)::float8 as submitted_ms,
    a.submitted_at::text as cursor, a.score::float8 as score, a.max_score::float8 as max_score, a.digest, a.digest_version, s.name, s.contact
  from attempts a join students s on s.id = a.student_id
  where a.shared_test_id = ${sharedTestId} and a.submitted_at is not null ${keyset}
  order by a.submitted_at, a.id
  ${limit}`;

/** The attempts of one status (all when none is asked): a query on `attempts as a`, students joined or not. */
function withStatus<Q extends object>(select: Q, query: Pick<PageQuery, 'status' | 'expiredBefore'>): Q {
  let q = select as unknown as SelectQueryBuilder<Database & { a: Database['attempts'] }, 'a', object>;
  if (query.status === 'submitted') q = q.where('a.submitted_at', 'is not', null);
  if (query.status === 'in-progress') {
    q = q.where('a.submitted_at', 'is', null).where((eb) => eb.or([eb('a.deadline_at', 'is', null), eb('a.deadline_at', '>=', query.expiredBefore)]));
  }
  if (query.status === 'expired') q = q.where('a.submitted_at', 'is', null).where('a.deadline_at', '<', query.expiredBefore);
  return q as unknown as Q;
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Exports read as one streamed query at a time per process; more wait for nothing, they page (see exportBatches). */
const STREAMED_EXPORTS_MAX = 2;
let streamedExports = 0;
/** Exports reading through a cursor now (tests: a stopped download gives its connection back). */
export const exportStreamsOpen = () => streamedExports;

/** The SQL of a free test's results (attempts, students, score_changes, results_counters). */
export class ResultsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** PostgreSQL: exports are read through a cursor (the dialect's stream); PGlite's one connection cannot be held so long. */
    private readonly streamExports = false,
  ) {}

  async counters(sharedTestId: string, testId: string): Promise<ResultsCounters> {
    const { rows } = await sql<CountersRow>`${countersOf(sharedTestId, testId)}`.execute(this.db);
    return presentCounters(rows[0]);
  }

  /**
   * A page (as `page`) and the counters in one statement: the first page is the call a Results
   * screen makes most, and on PostgreSQL each statement is a write to its socket and a wake-up
   * of its backend, most of a page's cost. The counters come on every row (on one when the page
   * is empty; their times on the first only); `n` keeps the page's order through the join.
   */
  async pageWithCounters(sharedTestId: string, testId: string, query: PageQuery): Promise<{ counters: ResultsCounters; rows: AttemptRecord[] }> {
    const { key, direction } = orderOf(query);
    const page = this.pageQuery(sharedTestId, query).select(sql<number>`row_number() over (order by ${key} ${direction}, a.id ${direction})`.as('n'));
    const { rows } = await sql<CountersRow & AttemptRecord & { n: number | null }>`
      with page as (${page})
      select c.started, c.submitted, c.publishes, p.*,
        -- The times only once: a date parsed 50 times a page is not free.
        case when coalesce(p.n, 1) = 1 then c.changed_at end as changed_at, case when coalesce(p.n, 1) = 1 then c.published_at end as published_at
      from (${countersOf(sharedTestId, testId)}) c left join page p on true order by p.n`.execute(this.db);
    return {
      counters: presentCounters(rows[0]),
      // The page's rows carry the counters' columns too: the presenter reads only the attempt's.
      rows: rows.filter((r) => r.n !== null),
    };
  }

  /** Attempts not submitted, in progress and expired (few: read from the submit-time index's nulls). */
  async unsubmitted(sharedTestId: string, expiredBefore: Date): Promise<{ inProgress: number; expired: number }> {
    const row = await this.db
      .selectFrom('attempts')
      .select([
        sql<number>`count(*) filter (where deadline_at is null or deadline_at >= ${expiredBefore})::int`.as('inProgress'),
        sql<number>`count(*) filter (where deadline_at < ${expiredBefore})::int`.as('expired'),
      ])
      .where('shared_test_id', '=', sharedTestId)
      .where('submitted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { inProgress: Number(row.inProgress), expired: Number(row.expired) };
  }

  /** Submitted attempts per score, best first: the ranks (rank = 1 + attempts with a higher score). */
  async scoreCounts(sharedTestId: string): Promise<{ score: number; count: number }[]> {
    const rows = await this.db
      .selectFrom('attempts')
      .select(['score', sql<number>`count(*)::int`.as('count')])
      .where('shared_test_id', '=', sharedTestId)
      .where('submitted_at', 'is not', null)
      .groupBy('score')
      .orderBy('score', 'desc')
      .execute();
    return rows.map((r) => ({ score: Number(r.score), count: Number(r.count) }));
  }

  private filtered(sharedTestId: string, query: Pick<PageQuery, 'search' | 'status' | 'expiredBefore'>) {
    let select = withStatus(this.db.selectFrom('attempts as a').innerJoin('students as s', 's.id', 'a.student_id'), query).where(
      'a.shared_test_id',
      '=',
      sharedTestId,
    );
    if (query.search) {
      const pattern = containing(query.search);
      select = select.where((eb: Where) => eb.or([sql<SqlBool>`s.name ilike ${pattern} escape '\\'`, sql<SqlBool>`s.contact ilike ${pattern} escape '\\'`]));
    }
    return select;
  }

  /** One page, in the asked order with the attempt id as the tie-break (a stable order for paging). */
  private pageQuery(sharedTestId: string, query: PageQuery) {
    const { key, direction } = orderOf(query);
    if (!query.search && query.sort !== 'name') {
      // Cut on the attempts alone, then their 50 students: sorting every attempt joined with its
      // student first cost 80-90 ms by score at 100,000 attempts (score has no index: migration
      // 018), 35 ms cut first.
      const cut = withStatus(this.db.selectFrom('attempts as a'), query)
        .where('a.shared_test_id', '=', sharedTestId)
        .select(['a.id', 'a.student_id', 'a.started_at', 'a.submitted_at', 'a.deadline_at', 'a.score', 'a.max_score'])
        .orderBy(sql`${key} ${direction}`)
        .orderBy(sql`a.id ${direction}`)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return this.db
        .selectFrom(cut.as('a'))
        .innerJoin('students as s', 's.id', 'a.student_id')
        .select(['a.id', 'a.student_id', 's.name', 's.contact', 'a.started_at', 'a.submitted_at', 'a.deadline_at', 'a.score', 'a.max_score'])
        .orderBy(sql`${key} ${direction}`)
        .orderBy(sql`a.id ${direction}`);
    }
    return this.filtered(sharedTestId, query)
      .select(['a.id', 'a.student_id', 's.name', 's.contact', 'a.started_at', 'a.submitted_at', 'a.deadline_at', 'a.score', 'a.max_score'])
      .orderBy(sql`${key} ${direction}`)
      .orderBy(sql`a.id ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  }

  /** Attempts matching a search (a scan of the free test's students: searches are not counted ahead). */
  async count(sharedTestId: string, query: Pick<PageQuery, 'search' | 'status' | 'expiredBefore'>): Promise<number> {
    const row = await this.filtered(sharedTestId, query)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  attempt(sharedTestId: string, attemptId: string) {
    return this.db
      .selectFrom('attempts as a')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .select(['a.id', 'a.student_id', 's.name', 's.contact', 'a.started_at', 'a.submitted_at', 'a.deadline_at', 'a.score', 'a.max_score', 'a.layout'])
      .where('a.shared_test_id', '=', sharedTestId)
      .where('a.id', '=', attemptId)
      .executeTakeFirst();
  }

  /** An attempt's answers with their scores as they are now (view attempt_answer_scores: re-evaluations count). */
  scoredAnswers(attemptId: string) {
    return this.db.selectFrom('attempt_answer_scores').select(['question_id', 'answer', 'score', 'outcome']).where('attempt_id', '=', attemptId).execute();
  }

  /** The score changes of some attempts, oldest publish first. */
  async scoreChanges(attemptIds: string[]): Promise<ScoreChangeRecord[]> {
    if (attemptIds.length === 0) return [];
    return this.db
      .selectFrom('score_changes as c')
      .innerJoin('publishes as p', 'p.id', 'c.publish_id')
      .select(['c.attempt_id', 'c.publish_id', 'c.old_score', 'c.new_score', 'p.created_at as at'])
      .where('c.attempt_id', 'in', attemptIds)
      .orderBy('p.created_at')
      .orderBy('c.publish_id')
      .execute();
  }

  /** Fresh planner statistics of the tables the pages read (see ResultsService.keepStatistics). */
  async analyze(): Promise<void> {
    await sql`analyze attempts`.execute(this.db);
    await sql`analyze students`.execute(this.db);
  }

  /** Whether a publish re-scored answers of the test (then the export applies the rescores). */
  async hasRescores(testId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('answer_rescores').select('test_id').where('test_id', '=', testId).limit(1).executeTakeFirst());
  }

  /**
   * A free test's submitted attempts for the export, in submit order, `size` at a time.
   * On PostgreSQL, one query read through a cursor: planned once for all rows (a hash join of
   * the students, about a third of the work of looking each up for a page of 2,000), its rows
   * sent as they are asked for. It holds a connection while the download lasts, so a process
   * streams at most STREAMED_EXPORTS_MAX at once; the others, and PGlite, read keyset pages.
   */
  async *exportBatches(sharedTestId: string, size: number): AsyncGenerator<ExportRecord[]> {
    if (!this.streamExports || streamedExports >= STREAMED_EXPORTS_MAX) {
      for (let after: ExportCursor | null = null; ;) {
        const records = await this.exportBatch(sharedTestId, after, size);
        if (records.length) yield records;
        if (records.length < size) return;
        const last = records[records.length - 1];
        after = { at: last.cursor, id: last.id };
      }
    }
    streamedExports += 1;
    try {
      // Each chunk is a batch: the cursor fetches `size` rows a round trip.
      const compiled = sql<ExportRecord>`${exportQuery(sharedTestId, sql``, sql``)}`.compile(this.db);
      for await (const chunk of this.db.getExecutor().stream(compiled, size)) if (chunk.rows.length) yield chunk.rows;
    } finally {
      streamedExports -= 1;
    }
  }

  /**
   * Submitted attempts for the export, `limit` after the cursor in submit order, with their
   * digests (migration 013: what each question got, about 200 bytes). Keyset on (submitted_at,
   * id): a submit time never changes once set, so a submit or a re-evaluation during the export
   * neither repeats nor skips a row.
   */
  async exportBatch(sharedTestId: string, after: ExportCursor | null, limit: number): Promise<ExportRecord[]> {
    const keyset = after ? sql`and (a.submitted_at, a.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
    // The batch comes as ONE JSON text: PGlite's protocol reader copies and decodes every field
    // of every row on its own (10 fields × 2,000 rows a batch), which was a third of an export's
    // time; one value and V8's JSON.parse cost a tenth of that.
    const { rows } = await sql<{ batch: string | null }>`
      select json_agg(json_build_array(e.id, e.started_ms, e.submitted_ms, e.cursor, e.score, e.max_score, e.digest, e.digest_version, e.name, e.contact) order by e.submitted_at, e.id)::text as batch
      from (${exportQuery(sharedTestId, keyset, sql`limit ${limit}`, sql`a.submitted_at,`)}) e`.execute(this.db);
    const batch = rows[0]?.batch;
    if (!batch) return [];
    return (JSON.parse(batch) as ExportTuple[]).map(
      ([id, started_ms, submitted_ms, cursor, score, max_score, digest, digest_version, name, contact]): ExportRecord => ({
        id,
        started_ms,
        submitted_ms,
        cursor,
        score,
        max_score,
        digest,
        digest_version,
        name,
        contact,
      }),
    );
  }

  /**
   * Marks per question of attempts without a usable digest (submitted before digests existed),
   * from their answer rows: one aggregate per attempt. With rescores, the rule of the view
   * attempt_answer_scores (the latest rescore of a later version than the attempt was scored
   * with) is applied by a hash join on the test's latest rescore per answer, not by the view's
   * lookup per answer row: the latest is the one to apply exactly when it is later than the attempt.
   */
  async marksFromAnswers(testId: string, attemptIds: string[], rescored: boolean): Promise<{ id: string; marks: Record<string, number | string> | null }[]> {
    if (attemptIds.length === 0) return [];
    const score = rescored ? sql`coalesce(r.score, aa.score)` : sql`aa.score`;
    const { rows } = await sql<{ id: string; marks: Record<string, number | string> | null }>`
      with latest as (
        select distinct on (question_id, answer_key) question_id, answer_key, test_version, score
        from answer_rescores where test_id = ${testId} and ${rescored}
        order by question_id, answer_key, test_version desc
      )
      select a.id, json_object_agg(aa.question_id, ${score}) as marks
      from attempts a
      join attempt_answers aa on aa.attempt_id = a.id
      left join latest r on r.question_id = aa.question_id and r.answer_key = coalesce(aa.answer::text, 'null') and r.test_version > a.scored_version
      where a.id in (${sql.join(attemptIds)})
      group by a.id`.execute(this.db);
    return rows;
  }
}

export interface ExportCursor {
  /** The submit time as the database writes it (microseconds kept: a Date would lose them). */
  at: string;
  id: string;
}

/** An ExportRecord as exportBatch's JSON holds it: its fields in exportQuery's order. */
type ExportTuple = [string, number, number, string, number, number, string | null, number | null, string, string];

export interface ExportRecord {
  id: string;
  name: string;
  contact: string;
  /** Epoch milliseconds (numbers: 200,000 dates parsed per export otherwise). */
  started_ms: number;
  submitted_ms: number;
  cursor: string;
  score: number;
  max_score: number;
  digest: string | null;
  digest_version: number | null;
}

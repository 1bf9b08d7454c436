import { sql, type Kysely } from 'kysely';
import type { ReportStatus } from '@shared/api/reportTypes';
import type { Database } from '../../db/schema';

export interface ReportFilter {
  orgId: string;
  testIds: string[];
}

/** One reported question (test, question) with its reports of one status. */
export interface ReportGroupRow {
  test_id: string;
  question_id: string;
  reports: string;
  students: string;
  first_at: Date;
  last_at: Date;
}

/**
 * The SQL of the Report Dashboard. Reports are grouped by reported question (test, question);
 * the list pages through those groups, newest report first.
 */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private reports(filter: ReportFilter) {
    let query = this.db.selectFrom('question_reports').where('org_id', '=', filter.orgId);
    if (filter.testIds.length) query = query.where('test_id', 'in', filter.testIds);
    return query;
  }

  /** The reports of one status from one source (students or the statistics) on these questions. */
  private reportsOn(filter: ReportFilter, status: ReportStatus, source: 'student' | 'statistics', questions: { question_id: string }[]) {
    return this.reports(filter)
      .where('status', '=', status)
      .where('source', '=', source)
      .where('question_id', 'in', [...new Set(questions.map((q) => q.question_id))]);
  }

  /** A page of reported questions of one status, and how many there are in all. */
  async page(filter: ReportFilter, status: ReportStatus, limit: number, offset: number): Promise<{ rows: ReportGroupRow[]; total: number }> {
    const rows = await this.reports(filter)
      .where('status', '=', status)
      .select([
        'test_id',
        'question_id',
        sql<string>`count(*)`.as('reports'),
        sql<string>`count(distinct student_id)`.as('students'),
        sql<Date>`min(created_at)`.as('first_at'),
        sql<Date>`max(created_at)`.as('last_at'),
        sql<string>`count(*) over ()`.as('total'),
      ])
      .groupBy(['test_id', 'question_id'])
      .orderBy(sql`max(created_at)`, 'desc')
      .orderBy('question_id')
      .limit(limit)
      .offset(offset)
      .execute();
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) total = (await this.counts(filter))[status];
    return { rows, total };
  }

  /** The reasons students gave for these questions (one status), with how many reports and students gave each. */
  reasons(filter: ReportFilter, status: ReportStatus, questions: { test_id: string; question_id: string }[]) {
    if (!questions.length) return Promise.resolve([]);
    return this.reportsOn(filter, status, 'student', questions)
      .select(['test_id', 'question_id', 'reason', sql<string>`count(*)`.as('count'), sql<string>`count(distinct student_id)`.as('students')])
      .groupBy(['test_id', 'question_id', 'reason'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('reason')
      .execute();
  }

  /** What the statistics saw, for the reports they raised on these questions (one status). */
  statistics(filter: ReportFilter, status: ReportStatus, questions: { test_id: string; question_id: string }[]) {
    if (!questions.length) return Promise.resolve([]);
    return this.reportsOn(filter, status, 'statistics', questions).select(['test_id', 'question_id', 'details']).orderBy('reason').execute();
  }

  /**
   * Raises reports from the statistics (docs/analysis.md "Reports raised by the statistics"): one
   * open report per question and flag (the unique index of migration 011: any number of servers
   * may raise the same at once); an open one gets the latest figures. Not raised again while a
   * tutor's resolution of the same flag stands: the question unchanged since (same fingerprint)
   * and fewer than twice the attempts it was raised on. Answers how many were new.
   *
   * `version` is the test's version the flags were worked out on. A publish or a resolution may
   * commit while the analysis runs: the test's row and the open reports are locked first, so the
   * insert's snapshot sees what they committed (an open report resolved meanwhile would otherwise
   * leave the partial unique index free, and the stale flag came back as a new report), and
   * flags of a version since replaced raise nothing.
   */
  async raiseStatistics(
    orgId: string,
    testId: string,
    version: number,
    raised: { q: string; reason: string; details: Record<string, unknown> }[],
  ): Promise<number> {
    if (!raised.length) return 0;
    return this.db.transaction().execute(async (trx) => {
      const test = await sql<{ version: number }>`select version from tests where id = ${testId} for share`.execute(trx);
      if (test.rows[0]?.version !== version) return 0;
      await sql`
        select 1 from question_reports
        where org_id = ${orgId} and test_id = ${testId} and source = 'statistics' and status <> 'resolved'
        for update`.execute(trx);
      return this.insertStatistics(trx, orgId, testId, raised);
    });
  }

  private async insertStatistics(
    db: Kysely<Database>,
    orgId: string,
    testId: string,
    raised: { q: string; reason: string; details: Record<string, unknown> }[],
  ) {
    const { rows } = await sql<{ inserted: boolean }>`
      insert into question_reports as r (org_id, test_id, question_id, reason, status, source, details)
      select ${orgId}, ${testId}, i.q, i.reason, 'REPORTED', 'statistics', i.details
      from jsonb_to_recordset(${JSON.stringify(raised)}::jsonb) as i(q text, reason text, details jsonb)
      where not exists (
        select 1 from question_reports done
        where done.org_id = ${orgId} and done.test_id = ${testId} and done.question_id = i.q and done.reason = i.reason
          and done.source = 'statistics' and done.status = 'resolved'
          and done.details->>'fingerprint' = i.details->>'fingerprint'
          and (done.details->>'attempts')::int * 2 > (i.details->>'attempts')::int)
      on conflict (org_id, test_id, question_id, reason) where source = 'statistics' and status <> 'resolved'
      do update set details = excluded.details where r.details is distinct from excluded.details
      returning (r.created_at = now()) as inserted`.execute(db);
    return rows.filter((row) => row.inserted).length;
  }

  /** Reported questions per status. */
  async counts(filter: ReportFilter): Promise<Record<ReportStatus, number>> {
    const rows = await this.reports(filter)
      .select(['status', sql<string>`count(distinct (test_id, question_id))`.as('count')])
      .groupBy('status')
      .execute();
    const counts: Record<ReportStatus, number> = { REPORTED: 0, updateAvailable: 0, resolved: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  /** The tests of the organisation with reports (any status), for the filter; open = REPORTED questions. */
  testsWithReports(orgId: string) {
    return this.db
      .selectFrom('question_reports as r')
      .innerJoin('tests as t', (join) => join.onRef('t.id', '=', 'r.test_id').onRef('t.org_id', '=', 'r.org_id'))
      .where('r.org_id', '=', orgId)
      .select(['t.id', 't.name', sql<string>`count(distinct r.question_id) filter (where r.status = 'REPORTED')`.as('open')])
      .groupBy(['t.id', 't.name'])
      .orderBy('t.name')
      .execute();
  }

  /** The tests of a page, their content, and whether students have submitted them. */
  tests(orgId: string, testIds: string[]) {
    if (!testIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('tests')
      .where('org_id', '=', orgId)
      .where('id', 'in', testIds)
      .select([
        'id',
        'name',
        'content',
        'owner_id',
        'is_global',
        sql<boolean>`exists (select 1 from attempts a where a.test_id = tests.id and a.submitted_at is not null)`.as('attempted'),
      ])
      .execute();
  }

  /** Resolves the open reports of a question of the organisation; answers how many. */
  async resolve(orgId: string, questionId: string, userId: string, testId?: string): Promise<number> {
    let query = this.db
      .updateTable('question_reports')
      .set({ status: 'resolved', resolved_at: new Date(), resolved_by: userId })
      .where('org_id', '=', orgId)
      .where('question_id', '=', questionId)
      .where('status', 'in', ['REPORTED', 'updateAvailable']);
    if (testId) query = query.where('test_id', '=', testId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Open reports (all of the organisation: the header badge). */
  async openCount(orgId: string): Promise<number> {
    const row = await this.db
      .selectFrom('question_reports')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('org_id', '=', orgId)
      .where('status', '=', 'REPORTED')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

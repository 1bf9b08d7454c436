import type { ReportList, ReportStatus } from '@shared/api/reportTypes';
import { AppError } from '../../http/errors';
import type { EditorCaller } from '../editor/repository';
import { presentReportedQuestion } from './presenter';
import type { ReportRepository } from './repository';

/**
 * The Report Dashboard (spec section 7, Report repository; decisions section 6). Reports are
 * the organisation's: every tutor of it sees the same list and badge. Publishing corrections
 * (save and resolve) is publish/service.ts.
 */
export class ReportService {
  constructor(private readonly reports: ReportRepository) {}

  /** The header badge: open reports of the organisation. */
  openCount(orgId: string): Promise<number> {
    return this.reports.openCount(orgId);
  }

  /** A page of reported questions of one status, with the counts per status and the tests for the filter. */
  async list(caller: EditorCaller, query: { testIds: string[]; statusType: ReportStatus; limit: number; offset: number }): Promise<ReportList> {
    const { testIds, statusType, limit, offset } = query;
    const filter = { orgId: caller.orgId, testIds };
    const [{ rows, total }, counts, testsWithReports] = await Promise.all([
      this.reports.page(filter, statusType, limit, offset),
      this.reports.counts(filter),
      this.reports.testsWithReports(caller.orgId),
    ]);
    const [testRows, reasons, statistics] = await Promise.all([
      this.reports.tests(caller.orgId, [...new Set(rows.map((r) => r.test_id))]),
      this.reports.reasons(filter, statusType, rows),
      this.reports.statistics(filter, statusType, rows),
    ]);
    const byId = new Map(testRows.map((t) => [t.id, t]));
    return {
      reportedQuestions: rows.map((row) => presentReportedQuestion(row, statusType, byId.get(row.test_id), reasons, caller, statistics)),
      total,
      limit,
      offset,
      counts,
      tests: testsWithReports.map((t) => ({ _id: t.id, name: t.name, openCount: Number(t.open) })),
    };
  }

  /** Mark as resolved: every open report of the question; none open is 404. */
  async resolve(orgId: string, questionId: string, userId: string): Promise<{ resolvedReports: number; activeReportedCount: number }> {
    const resolved = await this.reports.resolve(orgId, questionId, userId);
    if (!resolved) throw new AppError(404, 'NOT_FOUND', 'reportNotFound');
    return { resolvedReports: resolved, activeReportedCount: await this.reports.openCount(orgId) };
  }
}

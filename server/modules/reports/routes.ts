import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublishResult, ReportList } from '../../../shared/api/reportTypes';
import { serverMessage } from '../../../shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError } from '../../http/errors';
import { newId } from '../../security';
import type { Services } from '../../services';
import { previewCorrections, publishCorrections } from '../publish/service';
import { callerOf } from '../tests/caller';
import { TestEditorRepository } from '../tests/repository';
import { presentReportedQuestion } from './presenter';
import { ReportRepository } from './repository';
import { listQuery, resolveParams, saveAndResolveBody } from '../../../shared/contract/reports';

/**
 * The Report Dashboard (spec section 7, Report repository; decisions section 6). Reports are
 * the organisation's: every tutor of it sees the same list and badge; editing a reported
 * question (save and resolve) needs the editor's access to its test.
 */
export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reports = new ReportRepository(services.db);
  const tests = new TestEditorRepository(services.db);
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['reports'];

  // The header badge: open reports of this organisation.
  api.get('/v2/report-repo/count', { schema: { tags }, preValidation: guard }, async (request) => ({
    data: { activeReportedCount: await reports.openCount(authOf(request).org.id) },
  }));

  api.get('/v2/report-repo/list', { schema: { tags, querystring: listQuery }, preValidation: guard }, async (request) => {
    const { testIds, statusType, limit, offset } = request.query;
    const caller = callerOf(request);
    const filter = { orgId: caller.orgId, testIds };
    const [{ rows, total }, counts, testsWithReports] = await Promise.all([
      reports.page(filter, statusType, limit, offset),
      reports.counts(filter),
      reports.testsWithReports(caller.orgId),
    ]);
    const [testRows, reasons, statistics] = await Promise.all([
      reports.tests(caller.orgId, [...new Set(rows.map((r) => r.test_id))]),
      reports.reasons(filter, statusType, rows),
      reports.statistics(filter, statusType, rows),
    ]);
    const byId = new Map(testRows.map((t) => [t.id, t]));
    const data: ReportList = {
      reportedQuestions: rows.map((row) => presentReportedQuestion(row, statusType, byId.get(row.test_id), reasons, caller, statistics)),
      total,
      limit,
      offset,
      counts,
      tests: testsWithReports.map((t) => ({ _id: t.id, name: t.name, openCount: Number(t.open) })),
    };
    return { data };
  });

  // Mark as resolved: every open report of the question (id = the question's id).
  api.patch('/v2/report-repo/resolve/:id', { schema: { tags, params: resolveParams }, preValidation: guard }, async (request) => {
    const { user, org } = authOf(request);
    const resolved = await reports.resolve(org.id, request.params.id, user.id);
    if (!resolved) throw new AppError(404, 'NOT_FOUND', 'reportNotFound');
    return { data: { message: serverMessage(request.lang, 'reportsResolved'), resolvedReports: resolved, activeReportedCount: await reports.openCount(org.id) } };
  });

  // Save and resolve / publish: the corrected questions of one test, each with its publish option.
  // With dryRun: what it would do to each free test's scores (CorrectionsPreview), changing nothing.
  api.patch('/v2/report-repo/save-and-resolve', { schema: { tags, body: saveAndResolveBody }, preValidation: guard }, async (request) => {
    const caller = callerOf(request);
    const editing = { ids: newId, allowGpscType: caller.allowGpscType };
    if (request.body.dryRun) return { data: await previewCorrections(tests, caller, request.body, editing) };
    const { published, version } = await publishCorrections(tests, caller, request.body, editing);
    const data: PublishResult = { message: serverMessage(request.lang, 'questionsPublished'), version, ...published };
    return { data };
  });
}

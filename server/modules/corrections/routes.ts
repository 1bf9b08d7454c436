import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublishResult } from '@shared/api/reportTypes';
import { serverMessage } from '@shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { newId } from '../../security';
import type { Services } from '../../services';
import { previewCorrections, publishCorrections } from './publish';
import { callerOf } from '../../access';
import { TestEditorRepository } from '../editor/repository';
import { ReportRepository } from './repository';
import { listQuery, resolveParams, saveAndResolveBody } from '@shared/contract/corrections';
import { ReportService } from './service';

/**
 * The Report Dashboard's calls (ReportService), and save and resolve (publish/service.ts), which
 * needs the editor's access to the reported question's test.
 */
export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reports = new ReportService(new ReportRepository(services.db));
  const tests = new TestEditorRepository(services.db);
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['reports'];

  // The header badge: open reports of this organisation.
  api.get('/v2/report-repo/count', { schema: { tags }, preValidation: guard }, async (request) => ({
    data: { activeReportedCount: await reports.openCount(authOf(request).org.id) },
  }));

  api.get('/v2/report-repo/list', { schema: { tags, querystring: listQuery }, preValidation: guard }, async (request) => ({
    data: await reports.list(callerOf(request), request.query),
  }));

  // Mark as resolved: every open report of the question (id = the question's id).
  api.patch('/v2/report-repo/resolve/:id', { schema: { tags, params: resolveParams }, preValidation: guard }, async (request) => {
    const { user, org } = authOf(request);
    const resolved = await reports.resolve(org.id, request.params.id, user.id);
    return { data: { message: serverMessage(request.lang, 'reportsResolved'), ...resolved } };
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

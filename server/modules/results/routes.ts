import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attemptParams, attemptsQuery, resultsParams } from '@shared/contract/results';
import { requireActiveSubscription } from '../../http/context';
import type { Services } from '../../services';
import { AnalysisRepository } from '../analysis/repository';
import { AnalysisService } from '../analysis/service';
import { ReportRepository } from '../corrections/repository';
import { SharedTestsRepository } from '../freeTests/repository';
import { FreeTestService } from '../freeTests/service';
import { TestEditorRepository } from '../editor/repository';
import { callerOf } from '../../access';
import { attachment, csvStream, xlsxStream } from './export';
import { ResultsRepository } from './repository';
import { ResultsService } from './service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Results of a free test (issue 16): attempts, a student's answer sheet, exports, live summary. */
export async function resultsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tests = new TestEditorRepository(services.db);
  const freeTests = new FreeTestService(new SharedTestsRepository(services.db), tests);
  const analysis = new AnalysisRepository(services.db);
  // The export reads attempts' digests with the analysis' rule for re-evaluations since.
  const overrides = new AnalysisService(analysis, new ReportRepository(services.db), tests, freeTests);
  const service = new ResultsService(
    new ResultsRepository(services.db, services.databaseKind === 'postgres'),
    freeTests,
    tests,
    analysis,
    overrides,
    services.databaseKind === 'pglite',
  );
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['results'];

  api.get('/v2/shared-test/:id/attempts', { schema: { tags, params: resultsParams, querystring: attemptsQuery }, preValidation: guard }, async (request) => ({
    data: await service.list(callerOf(request), request.params.id, request.query),
  }));

  api.get('/v2/shared-test/:id/attempts/:attemptId', { schema: { tags, params: attemptParams }, preValidation: guard }, async (request) => ({
    data: await service.sheet(callerOf(request), request.params.id, request.params.attemptId),
  }));

  api.get('/v2/shared-test/:id/results/summary', { schema: { tags, params: resultsParams }, preValidation: guard }, async (request) => ({
    data: await service.summary(callerOf(request), request.params.id),
  }));

  // The files: access is checked (404) before the first byte; then the rows stream.
  api.get('/v2/shared-test/:id/results.csv', { schema: { tags, params: resultsParams }, preValidation: guard }, async (request, reply) => {
    const data = await service.exportOf(callerOf(request), request.params.id, 'csv');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachment(data.testName, 'csv'))
      .header('Cache-Control', 'no-store')
      .send(csvStream(data, request.lang));
  });

  api.get('/v2/shared-test/:id/results.xlsx', { schema: { tags, params: resultsParams }, preValidation: guard }, async (request, reply) => {
    const data = await service.exportOf(callerOf(request), request.params.id, 'xlsx');
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', attachment(data.testName, 'xlsx'))
      .header('Cache-Control', 'no-store')
      .send(xlsxStream(data, request.lang));
  });
}

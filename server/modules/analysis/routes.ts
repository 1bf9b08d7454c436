import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultsParams } from '@shared/contract/results';
import { requireActiveSubscription } from '../../http/context';
import type { Services } from '../../services';
import { ReportRepository } from '../corrections/repository';
import { SharedTestsRepository } from '../freeTests/repository';
import { FreeTestService } from '../freeTests/service';
import { TestEditorRepository } from '../editor/repository';
import { callerOf } from '../../access';
import { AnalysisRepository } from './repository';
import { AnalysisService } from './service';

/** Question analysis of a free test and of a test (issue 16): statistics, flags, reports they raise. */
export async function analysisRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tests = new TestEditorRepository(services.db);
  const freeTests = new FreeTestService(new SharedTestsRepository(services.db), tests);
  const repo = new AnalysisRepository(services.db, services.databaseKind === 'postgres' ? 2 : 1);
  const service = new AnalysisService(repo, new ReportRepository(services.db), tests, freeTests);
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['analysis'];

  api.get('/v2/shared-test/:id/analysis', { schema: { tags, params: resultsParams }, preValidation: guard }, async (request) => ({
    data: await service.ofSharedTest(callerOf(request), request.params.id),
  }));

  api.get('/v2/test/:id/analysis', { schema: { tags, params: resultsParams }, preValidation: guard }, async (request) => ({
    data: await service.ofTest(callerOf(request), request.params.id),
  }));
}

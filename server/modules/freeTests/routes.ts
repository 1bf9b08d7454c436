import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveSubscription } from '../../http/context';
import type { Services } from '../../services';
import { callerOf } from '../../access';
import { TestEditorRepository } from '../editor/repository';
import { SharedTestsRepository } from './repository';
import { createSharedTestBody, resetStudentBody, sharedTestParams, updateSharedTestBody } from '@shared/contract/freeTests';
import { serverMessage } from '@shared/i18n/serverMessages';
import { FreeTestService, type FreeTestCaller } from './service';

/** Free (shared) tests: a test published by link (spec section 7, "Shared (free) test"). */
export async function sharedTestRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new FreeTestService(new SharedTestsRepository(services.db), new TestEditorRepository(services.db));
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['free tests'];
  // Links are made on PUBLIC_URL when it is set, else on the origin the tutor reached the server at.
  const callerWithOrigin = (request: FastifyRequest): FreeTestCaller => ({
    ...callerOf(request),
    lang: request.lang,
    origin: services.config.linkBaseUrl ?? `${request.protocol}://${request.host}`,
  });

  api.get('/v2/shared-test/test/:id', { schema: { tags, params: sharedTestParams }, preValidation: guard }, async (request) => ({
    data: await service.ofTest(callerWithOrigin(request), request.params.id),
  }));

  api.post('/v2/shared-test/create', { schema: { tags, body: createSharedTestBody }, preValidation: guard }, async (request) => ({
    data: await service.create(callerWithOrigin(request), request.body),
  }));

  const identity = services.studentIdentity;
  api.post(
    '/v2/shared-test/:id/reset-student',
    { schema: { tags, params: sharedTestParams, body: resetStudentBody }, preValidation: guard },
    async (request) => {
      const reset = await service.resetStudent(callerWithOrigin(request), request.params.id, request.body.contact, identity);
      return { data: { message: serverMessage(request.lang, 'studentReset'), ...reset } };
    },
  );

  api.patch(
    '/v2/shared-test/update/:id',
    { schema: { tags, params: sharedTestParams, body: updateSharedTestBody }, preValidation: guard },
    async (request) => ({
      data: await service.update(callerWithOrigin(request), request.params.id, request.body),
    }),
  );
}

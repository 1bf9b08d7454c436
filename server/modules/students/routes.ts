import { serverMessage } from '@shared/i18n/serverMessages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STUDENT_TOKEN_HEADER } from '@shared/api/students';
import { requireActiveSubscription } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Services } from '../../services';
import { callerOf } from '../../access';
import { TestEditorRepository } from '../editor/repository';
import {
  codeBody,
  identityBody,
  previewParams,
  previewResultBody,
  questionParams,
  reportBody,
  reportParams,
  saveAnswerBody,
  sectionParams,
  sharedTestIdParams,
} from '@shared/contract/students';

/**
 * The student page's calls (decisions section 5): public, no tutor session. A student's session
 * is the attempt's token in the x-student-token header. Identifying and starting are limited per
 * address and free test (a class behind one address still fits), reports per address.
 */
export async function studentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tests = new TestEditorRepository(services.db);
  const service = services.students;
  const tags = ['students'];
  const tokenOf = (request: FastifyRequest) => {
    const token = request.headers[STUDENT_TOKEN_HEADER];
    return typeof token === 'string' && token ? token : undefined;
  };
  const perTest = {
    rateLimit: {
      max: services.config.studentRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.ip}:${(request.params as { id?: string }).id}`,
    },
  };

  api.get('/student/test/:id', { schema: { tags, params: sharedTestIdParams } }, async (request) => ({
    data: await service.info(request.params.id, request.lang),
  }));
  // A known contact needs proof (issue 14): this device's key, an attempt token of theirs, or a code.
  const proofOf = (request: FastifyRequest, body: { deviceKey?: string; code?: string }) => ({
    deviceKey: body.deviceKey,
    code: body.code,
    token: tokenOf(request),
  });
  api.post('/student/test/:id/identify', { schema: { tags, params: sharedTestIdParams, body: identityBody }, config: perTest }, async (request) => ({
    data: await service.identify(request.params.id, request.body, proofOf(request, request.body)),
  }));
  api.post('/student/test/:id/start', { schema: { tags, params: sharedTestIdParams, body: identityBody }, config: perTest }, async (request) => ({
    data: await service.start(request.params.id, request.body, proofOf(request, request.body)),
  }));
  // Codes: a few a minute per address and free test, and at most one a minute per contact (in the service).
  const codeLimit = { rateLimit: { max: 5, timeWindow: 60_000, keyGenerator: perTest.rateLimit.keyGenerator } };
  api.post('/student/test/:id/code', { schema: { tags, params: sharedTestIdParams, body: codeBody }, config: codeLimit }, async (request) => {
    await service.requestCode(request.params.id, request.body.contact, request.lang);
    return { data: { message: serverMessage(request.lang, 'studentCodeSent') } };
  });
  api.get('/student/attempt', { schema: { tags } }, async (request) => ({ data: await service.attempt(tokenOf(request)) }));
  api.put('/student/attempt/answer/:questionId', { schema: { tags, params: questionParams, body: saveAnswerBody } }, async (request) => ({
    data: await service.saveAnswer(tokenOf(request), request.params.questionId, request.body.answer, request.body.seq),
  }));
  api.post('/student/attempt/section/:sectionId/submit', { schema: { tags, params: sectionParams } }, async (request) => ({
    data: await service.submitSection(tokenOf(request), request.params.sectionId),
  }));
  api.post('/student/attempt/submit', { schema: { tags } }, async (request) => ({ data: await service.submit(tokenOf(request)) }));
  api.get('/student/attempt/result', { schema: { tags } }, async (request) => ({ data: await service.result(tokenOf(request)) }));

  api.post(
    '/question/report/:id',
    { schema: { tags, params: reportParams, body: reportBody }, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request) => ({
      data: await service.report(tokenOf(request), request.params.id, request.body.reason, request.lang),
    }),
  );

  // A tutor's preview of their own test, exactly as students see it; nothing is recorded.
  const guard = [services.requireAuth, requireActiveSubscription];
  const testOf = async (request: FastifyRequest, testId: string) => {
    const caller = callerOf(request);
    const row = await tests.read(caller, testId);
    if (!row) throw notFound('test');
    const test = await tests.hydrate(caller, row);
    return { test, fonts: await service.fontsOf(row.org_id, test) };
  };
  api.get('/student/preview/:testId', { schema: { tags, params: previewParams }, preValidation: guard }, async (request) => {
    const { test, fonts } = await testOf(request, request.params.testId);
    return { data: { ...service.preview(test), ...fonts } };
  });
  api.post('/student/preview/:testId/result', { schema: { tags, params: previewParams, body: previewResultBody }, preValidation: guard }, async (request) => {
    const { test, fonts } = await testOf(request, request.params.testId);
    return { data: { ...service.previewResult(test, request.body.attemptId, request.body.answers), ...fonts } };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLBACK_PHONE_LENGTH, callbackNumberProblem } from '@shared/domain/help';
import { serverMessage } from '@shared/i18n/serverMessages';
import { authOf } from '../../http/context';
import { badRequest } from '../../http/errors';
import { assertSelf, callerOf } from '../../access';
import type { Services } from '../../services';
import { HelpRepository } from './repository';

const notificationBody = z.object({ userId: z.string().trim().min(1).max(64) });
const callbackBody = z.object({ phoneNo: z.string().trim().min(1).max(32) });

/** The help widget: "connect with us" notifications, call-back requests and premium tutor numbers. */
export async function helpRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, mailer, config } = services;
  const help = new HelpRepository(services.db);
  const limit = { rateLimit: { max: 10, timeWindow: 60_000 } };

  api.post(
    '/v2/infobip/notification',
    { schema: { tags: ['help'], body: notificationBody }, preValidation: requireAuth, config: { ...limit, allowWhenExpired: true } },
    async (request) => {
      const { user, org } = authOf(request);
      assertSelf(callerOf(request), request.body.userId);
      await help.recordRequest({ orgId: org.id, userId: user.id, kind: 'notification', phoneNo: null });
      const params = { name: user.name, email: user.email, orgCode: org.code };
      await mailer.send({
        orgId: org.id,
        kind: 'support-notification',
        to: config.supportEmail,
        subject: serverMessage('en', 'supportNotificationSubject', params),
        body: serverMessage('en', 'supportNotificationBody', params),
      });
      return { data: { message: serverMessage(request.lang, 'notificationSent') } };
    },
  );

  api.post(
    '/v2/user/receiveCallBack',
    { schema: { tags: ['help'], body: callbackBody }, preValidation: requireAuth, config: { ...limit, allowWhenExpired: true } },
    async (request) => {
      const { user, org } = authOf(request);
      const phone = request.body.phoneNo;
      const problem = callbackNumberProblem(phone);
      if (problem) throw badRequest('phoneNo', problem, { length: CALLBACK_PHONE_LENGTH });
      await help.recordRequest({ orgId: org.id, userId: user.id, kind: 'callback', phoneNo: phone });
      const params = { name: user.name, email: user.email, orgCode: org.code, phone };
      await mailer.send({
        orgId: org.id,
        kind: 'support-callback',
        to: config.supportEmail,
        subject: serverMessage('en', 'callbackSubject', params),
        body: serverMessage('en', 'callbackBody', params),
      });
      return { data: { message: serverMessage(request.lang, 'callbackRequested') } };
    },
  );

  api.get('/v2/user/premiumTutors', { schema: { tags: ['help'] }, preValidation: requireAuth }, async () => {
    return { data: { premiumTutors: config.premiumTutorNumbers } };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandingOf } from '@shared/domain/branding';
import { serverMessage } from '@shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError } from '../../http/errors';
import { presentUser } from '../accounts/presenter';
import type { Services } from '../../services';
import { changePasswordBody, forgotPasswordBody, loginBody, orgCodeParams, orgIdQuery, resetPasswordBody } from '@shared/contract/auth';

export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, accounts, requireAuth, config } = services;
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };

  api.post('/auth/login', { schema: { tags: ['auth'], body: loginBody }, config: loginLimit }, async (request) => {
    const { orgCode, email, password } = request.body;
    return { data: await auth.login(orgCode, email, password) };
  });

  api.get('/v2/user/wl-login', { schema: { tags: ['auth'] }, config: loginLimit }, async (request) => {
    const header = request.headers['x-wl-access-token'];
    return { data: await auth.whitelabelLogin(typeof header === 'string' ? header : undefined) };
  });

  api.get('/auth/user', { schema: { tags: ['auth'] }, preValidation: requireAuth }, async (request) => {
    const { user, org } = authOf(request);
    // Every Auth user field of spec section 3, the token included (the one the caller sent).
    return { data: { user: { ...presentUser(user, org, config), token: String(request.headers['x-access-token']) } } };
  });

  api.post('/auth/logout', { schema: { tags: ['auth'] }, preValidation: requireAuth, config: { allowWhenExpired: true } }, async (request) => {
    await auth.logout(authOf(request).tokenHash);
    return { data: { message: serverMessage(request.lang, 'loggedOut') } };
  });

  api.post(
    '/auth/changePassword',
    { schema: { tags: ['auth'], body: changePasswordBody }, preValidation: [requireAuth, requireActiveSubscription] },
    async (request) => {
      await auth.changePassword(authOf(request), request.body.currentPassword, request.body.newPassword);
      return { data: { message: serverMessage(request.lang, 'passwordChanged') } };
    },
  );

  api.post('/auth/forgotPassword', { schema: { tags: ['auth'], body: forgotPasswordBody }, config: loginLimit }, async (request) => {
    await auth.forgotPassword(request.body.orgCode, request.body.email, request.lang);
    return { data: { message: serverMessage(request.lang, 'resetMailSent') } };
  });

  api.post('/auth/resetPassword', { schema: { tags: ['auth'], body: resetPasswordBody }, config: loginLimit }, async (request) => {
    const { email, newPassword, resetToken } = request.body;
    await auth.resetPassword(email, newPassword, resetToken);
    return { data: { message: serverMessage(request.lang, 'passwordReset') } };
  });

  api.get('/v2/verify/org/:code', { schema: { tags: ['organisations'], params: orgCodeParams } }, async (request) => {
    const org = await accounts.findOrgByCode(request.params.code);
    if (!org) throw new AppError(404, 'ORG_NOT_FOUND', 'orgNotFound', { code: request.params.code });
    return { data: { orgId: org.id, code: org.code, name: org.name } };
  });

  // The white-label service's login settings. API-VERSION is accepted (and echoed) for the
  // clients that send it; there is one version so far.
  api.get('/v2/org/login-settings', { schema: { tags: ['organisations'], querystring: orgIdQuery } }, async (request, reply) => {
    const org = await accounts.findOrgById(request.query.orgId);
    if (!org) throw new AppError(404, 'ORG_NOT_FOUND', 'orgNotFound', { code: request.query.orgId });
    reply.header('api-version', String(request.headers['api-version'] ?? '1'));
    return {
      data: {
        orgId: org.id,
        code: org.code,
        name: org.name,
        whitelabelId: org.whitelabel_id,
        loginMethods: org.whitelabel_id ? ['password', 'whitelabel'] : ['password'],
        ...brandingOf(org.login_settings),
      },
    };
  });
}

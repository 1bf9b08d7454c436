import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '../../shared/i18n/languages';
import { remainingDays } from '../../shared/domain/subscription';
import type { Organization, User } from '../db/schema';
import type { AccountsRepository } from '../modules/accounts/repository';
import { hashToken } from '../security';
import { subscriptionExpired, unauthorized } from './errors';

export interface AuthContext {
  user: User;
  org: Organization;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
}

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });
}

/** preHandler: the caller must send a live session token in x-access-token. */
export function requireAuth(accounts: AccountsRepository) {
  return async (request: FastifyRequest) => {
    const token = request.headers['x-access-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
    const tokenHash = hashToken(token);
    const found = await accounts.findBySessionToken(tokenHash, new Date());
    if (!found) throw unauthorized();
    request.auth = { ...found, tokenHash };
  };
}

/** preHandler after requireAuth: calls an expired organisation may not make (spec section 6). */
export async function requireActiveSubscription(request: FastifyRequest): Promise<void> {
  const auth = authOf(request);
  if (remainingDays(new Date(auth.org.subscription_ends_at)) === 0) throw subscriptionExpired();
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

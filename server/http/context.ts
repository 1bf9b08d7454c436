import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '@shared/i18n/languages';
import { remainingDays } from '@shared/domain/subscription';
import type { Organization, User } from '../db/schema';
import type { AccountsRepository } from '../modules/accounts/repository';
import type { SessionCache } from '../modules/auth/sessionCache';
import { hashToken } from '../security';
import { badRequest, subscriptionExpired, unauthorized } from './errors';

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
  // Callback-style hooks: they run on every request, and skip an async hook's promise.
  app.addHook('onRequest', (request, reply, done) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    done();
  });
  // PostgreSQL cannot store U+0000 in text or jsonb, nor an unpaired UTF-16 surrogate ("\ud800")
  // in jsonb; both are refused here, for every call, as bad input naming the field (they would
  // otherwise fail in the database as a 500).
  app.addHook('preHandler', (request, _reply, done) => {
    const found = badText(request.params, 'params.') ?? badText(request.query, 'query.') ?? badText(request.body, '');
    done(found === undefined ? undefined : badRequest(found.field || 'body', found.problem));
  });
}

type TextProblem = 'nulCharacter' | 'loneSurrogate';

function textProblem(text: string): TextProblem | undefined {
  if (text.includes('\u0000')) return 'nulCharacter';
  return LONE_SURROGATE.test(text) ? 'loneSurrogate' : undefined;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (`a.b.0`) of the first string (or key) that PostgreSQL cannot store, in a parsed JSON
 * value, if any. Only plain objects and arrays are walked (not streams or multipart parts, which
 * may point back to the body).
 */
function badText(value: unknown, path: string, seen = new Set<object>(), depth = 0): { field: string; problem: TextProblem } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem && { field: path.replace(/\.$/, ''), problem };
  }
  if (!value || typeof value !== 'object' || seen.has(value) || depth > 64) return undefined;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return undefined;
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) return { field: `${path}${key}`, problem };
    const found = badText(item, `${path}${key}.`, seen, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * preValidation: the caller must send a live session token in x-access-token. Run before the
 * body is validated, so a caller without a session gets 401 (and is logged out) rather than a
 * 400 about their input.
 */
export function requireAuth(accounts: AccountsRepository, cache: SessionCache) {
  return async (request: FastifyRequest) => {
    const token = request.headers['x-access-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw unauthorized();
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = cache.get(tokenHash, now);
    if (cached) {
      request.auth = { user: cached.user, org: cached.org, tokenHash };
      return;
    }
    const generation = cache.currentGeneration();
    const found = await accounts.findBySessionToken(tokenHash, new Date(now));
    if (!found) throw unauthorized();
    cache.set(tokenHash, found, now, generation);
    request.auth = { user: found.user, org: found.org, tokenHash };
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A signed-in write an expired organisation may still make (sign out, ask for help). */
    allowWhenExpired?: boolean;
  }
}

/**
 * Every signed-in write (POST, PUT, PATCH, DELETE behind `requireAuth`) is refused to an expired
 * organisation unless its route says `allowWhenExpired`: one rule where each route once had to
 * remember it (issue 14: changing default settings was forgotten). Register before the routes.
 */
export function refuseExpiredWrites(app: FastifyInstance, auth: (request: FastifyRequest) => Promise<void>): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) || route.config?.allowWhenExpired) return;
    const hooks = [route.preValidation ?? []].flat();
    if (!hooks.includes(auth) || hooks.includes(requireActiveSubscription)) return;
    route.preValidation = [...hooks, requireActiveSubscription] as typeof route.preValidation;
  });
}

/** preValidation after requireAuth: calls an expired organisation may not make (spec section 6). */
export async function requireActiveSubscription(request: FastifyRequest): Promise<void> {
  const auth = authOf(request);
  if (remainingDays(new Date(auth.org.subscription_ends_at)) === 0) throw subscriptionExpired();
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import { requireAuth } from './http/context';
import { Mailer } from './mail/mailer';
import { SmsSender } from './mail/sms';
import { AccountsRepository } from './modules/accounts/repository';
import { LoginThrottle } from './modules/auth/loginThrottle';
import { AuthService } from './modules/auth/service';
import { SessionCache } from './modules/auth/sessionCache';

/** What the routes are given: repositories and services built once per server. */
export interface Services {
  config: ServerConfig;
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  accounts: AccountsRepository;
  auth: AuthService;
  mailer: Mailer;
  sms: SmsSender;
  sessions: SessionCache;
  requireAuth: (request: FastifyRequest) => Promise<void>;
}

export function createServices(config: ServerConfig, db: Kysely<Database>, databaseKind: DatabaseKind, log: FastifyBaseLogger): Services {
  const accounts = new AccountsRepository(db);
  const mailer = new Mailer(db, log, config.mailFrom, config.smtpUrl);
  const throttle = new LoginThrottle(db, config.accountFailureLimit, config.accountLockMs);
  const sessions = new SessionCache(config.sessionCacheMs);
  return {
    config,
    db,
    databaseKind,
    accounts,
    mailer,
    sms: new SmsSender(db, log, config.smsWebhookUrl),
    sessions,
    auth: new AuthService(accounts, throttle, mailer, config, sessions),
    requireAuth: requireAuth(accounts, sessions),
  };
}

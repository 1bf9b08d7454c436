import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { ChangeFeed } from './db/changes';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import { requireAuth } from './http/context';
import { RateLimitRepository } from './http/rateLimitRepository';
import { Mailer } from './mail/mailer';
import { OutboxRepository } from './mail/outboxRepository';
import { SmsSender } from './mail/sms';
import { AccountsRepository } from './modules/accounts/repository';
import { LoginThrottle } from './modules/auth/loginThrottle';
import { LoginFailuresRepository } from './modules/auth/repository';
import { SubmitAnalysis } from './modules/analysis/hook';
import { AnalysisRepository } from './modules/analysis/repository';
import { AnalysisService } from './modules/analysis/service';
import { ReportRepository } from './modules/corrections/repository';
import { StudentIdentityService } from './modules/students/identity';
import { StudentIdentityRepository } from './modules/students/identityRepository';
import { StudentsRepository } from './modules/students/repository';
import { StudentService } from './modules/students/service';
import { OrgFontsRepository } from './modules/parser/fontsRepository';
import { TestEditorRepository } from './modules/editor/repository';
import { TrashRepository } from './modules/trash/repository';
import { TrashService } from './modules/trash/service';
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
  /** The student page's work, one per server: the student routes and the job queue's expiry sweep share it. */
  students: StudentService;
  /** How students prove who they are (codes by mail or SMS); a tutor's reset of a student goes through it too. */
  studentIdentity: StudentIdentityService;
  /** Request counters on PostgreSQL (see http/rateLimitStore.ts); purged hourly. */
  rateLimits: RateLimitRepository;
  /** The Trash (issue 17): its routes and the daily purge share it. */
  trash: TrashService;
  /** What other server processes change (issue 19): per-process caches follow it. */
  changes: ChangeFeed;
  /** Set on SIGTERM: /api/ready answers 503 so a load balancer sends nothing new. */
  lifecycle: { shuttingDown: boolean };
  requireAuth: (request: FastifyRequest) => Promise<void>;
}

export function createServices(config: ServerConfig, db: Kysely<Database>, databaseKind: DatabaseKind, log: FastifyBaseLogger, changes: ChangeFeed): Services {
  const accounts = new AccountsRepository(db);
  const outbox = new OutboxRepository(db);
  const mailer = new Mailer(outbox, log, config.mailFrom, config.smtpUrl);
  const throttle = new LoginThrottle(new LoginFailuresRepository(db), config.accountFailureLimit, config.accountLockMs);
  const sessions = new SessionCache(config.sessionCacheMs, undefined, changes);
  const sms = new SmsSender(outbox, log, config.smsWebhookUrl);
  const studentIdentity = new StudentIdentityService(new StudentIdentityRepository(db), mailer, sms);
  return {
    config,
    db,
    databaseKind,
    accounts,
    mailer,
    sms,
    sessions,
    students: studentsOf(db, studentIdentity),
    studentIdentity,
    rateLimits: new RateLimitRepository(db),
    trash: new TrashService(new TrashRepository(db), new TestEditorRepository(db)),
    changes,
    lifecycle: { shuttingDown: false },
    auth: new AuthService(accounts, throttle, mailer, config, sessions),
    requireAuth: requireAuth(accounts, sessions),
  };
}

/** The student side and the analysis its submits feed (wired here: the analysis reads the students' attempts). */
function studentsOf(db: Kysely<Database>, identity: StudentIdentityService): StudentService {
  const tests = new TestEditorRepository(db);
  const analysis = new AnalysisRepository(db);
  const submitAnalysis = new SubmitAnalysis(analysis, new AnalysisService(analysis, new ReportRepository(db), tests));
  return new StudentService(new StudentsRepository(db), tests, identity, submitAnalysis, new OrgFontsRepository(db));
}

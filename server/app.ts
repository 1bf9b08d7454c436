import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { OpenedDatabase } from './db/database';
import { frameworkErrorHandler, registerErrorHandling } from './http/errorHandler';
import { refuseExpiredWrites, registerRequestContext } from './http/context';
import { registerSecurityHeaders } from './http/securityHeaders';
import { AppError } from './http/errors';
import { createServices, type Services } from './services';
import { InProcessChangeFeed, ListenChangeFeed, type ChangeFeed } from './db/changes';
import { HealthRepository } from './db/health';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { authRoutes } from './modules/auth/routes';
import { settingsRoutes } from './modules/settings/routes';
import { helpRoutes } from './modules/help/routes';
import { assetRoutes } from './modules/assets/routes';
import { reportRoutes } from './modules/corrections/routes';
import { libraryRoutes } from './modules/library/routes';
import { libraryContentRoutes } from './modules/library/contentRoutes';
import { linkRoutes } from './modules/links/routes';
import { testEditorRoutes } from './modules/editor/routes';
import { fileRoutes } from './modules/files/routes';
import { printRoutes } from './modules/print/routes';
import { parserRoutes } from './modules/parser/routes';
import { addinManifestRoutes, ADDIN_MANIFEST_URL } from './modules/parser/manifestRoutes';
import { guideRoutes } from './modules/guide/routes';
import { sharedTestRoutes } from './modules/freeTests/routes';
import { resultsRoutes } from './modules/results/routes';
import { analysisRoutes } from './modules/analysis/routes';
import { studentRoutes } from './modules/students/routes';
import { interopRoutes } from './modules/interop/routes';
import { trashRoutes } from './modules/trash/routes';
import { JobQueue, TRASH_PURGE_SECONDS } from './jobs/queue';
import { dropSilentConnectionsOnClose } from './http/silentConnections';
import { loggerOptions } from './http/logging';

export interface BuildAppOptions {
  config: ServerConfig;
  database: OpenedDatabase;
  /** Silence request logs (tests, benchmarks); errors still go to the log. */
  quiet?: boolean;
}

const APP_VERSION = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

export async function buildApp({ config, database, quiet }: BuildAppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  // https when a certificate is given (Office loads add-ins over https only); the types stay the http ones'.
  const https = config.tls ? { https: { cert: fs.readFileSync(config.tls.cert), key: fs.readFileSync(config.tls.key) } } : {};
  const app = Fastify({
    ...https,
    // JSON with NODE_ENV=production; one readable line per request locally (issue 29).
    logger: loggerOptions(config, quiet),
    bodyLimit: config.bodyLimitBytes,
    // Registering every module's routes compiles their schemas: on a busy machine (a process
    // started beside others, or a test run) that passed Fastify's default 10 s, and the start failed.
    pluginTimeout: 60_000,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
    // Behind a load balancer (TRUST_PROXY): the client's address from X-Forwarded-For, for rate limits and logs.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  dropSilentConnectionsOnClose(app);

  // What other processes change, heard from PostgreSQL (issue 19); PGlite has one process.
  const changes: ChangeFeed = database.connectionString
    ? new ListenChangeFeed(database.connectionString, { retryMs: config.listenRetryMs, onError: (message) => app.log.warn(message) })
    : new InProcessChangeFeed();
  await changes.start();
  app.addHook('onClose', () => changes.close());

  const services = createServices(config, database.db, database.kind, app.log, changes);
  // Mail queued after an answer (forgot-password) is written and sent before the database closes.
  app.addHook('onClose', () => services.mailer.settled(5_000));
  if (database.connectionString && config.jobQueue) await startJobs(app, services, database.connectionString);
  else purgeTrashDaily(app, services);
  refuseExpiredWrites(app, services.requireAuth);
  // Shutting down: every answer closes its connection, so no kept-alive connection holds the exit.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (services.lifecycle.shuttingDown) reply.header('connection', 'close');
    done();
  });

  await app.register(rateLimit, { global: false, ...(await rateLimitStoreOf(app, config, database, services)) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Testforge API', version: APP_VERSION, description: 'Every call answers `{ data }`; failures answer `{ message, code, details? }`.' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const health = new HealthRepository(database.db);
  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['system'] } }, async () => {
        await health.readsTables();
        return { data: { status: 'ok', database: database.kind, version: APP_VERSION } };
      });
      // For a load balancer: 503 while this process should get no new requests (the database
      // does not answer within a second, changes are not being heard, or it is shutting down).
      api.get('/ready', { schema: { tags: ['system'] } }, async (_request, reply) => {
        const database = await Promise.race([
          health.answers().then(
            () => 'ok' as const,
            () => 'unreachable' as const,
          ),
          new Promise<'timeout'>((resolve) => setTimeout(resolve, 1_000, 'timeout').unref()),
        ]);
        const feed = changes.status();
        const ready = database === 'ok' && feed.listening && !services.lifecycle.shuttingDown;
        reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
        return { data: { status: ready ? 'ready' : 'not ready', database, changes: feed, shuttingDown: services.lifecycle.shuttingDown, pid: process.pid } };
      });
      for (const routes of [
        authRoutes,
        settingsRoutes,
        helpRoutes,
        assetRoutes,
        reportRoutes,
        libraryRoutes,
        libraryContentRoutes,
        linkRoutes,
        testEditorRoutes,
        fileRoutes,
        printRoutes,
        parserRoutes,
        sharedTestRoutes,
        studentRoutes,
        resultsRoutes,
        analysisRoutes,
        interopRoutes,
        trashRoutes,
      ]) {
        await api.register((scope) => routes(scope, services));
      }
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      api.setNotFoundHandler((request) => {
        throw new AppError(404, 'ROUTE_NOT_FOUND', 'routeNotFound', { method: request.method, url: request.url.split('?')[0] });
      });
    },
    { prefix: '/api' },
  );
  // Its own CSP, with hashes of its inline parts (ours would refuse them).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(guideRoutes);
  await app.register((scope) => addinManifestRoutes(scope, services));
  registerPortal(app, config);
  return { app, services };
}

/**
 * PostgreSQL: background work from the job queue (server/jobs/queue.ts), once across every
 * process. PGlite (one process) keeps the in-process way: mail is sent after it is written,
 * expired attempts are submitted when read.
 */
async function startJobs(app: FastifyInstance, services: Services, connectionString: string): Promise<void> {
  const students = services.students;
  const jobs = await JobQueue.start(
    connectionString,
    {
      'students-expire': () => students.submitAllExpired(),
      'mail-send': ({ outboxId }) => services.mailer.deliver(outboxId),
      'trash-purge': () => services.trash.purge(),
    },
    app.log,
    { sweepSeconds: services.config.jobSweepSeconds },
  );
  services.mailer.useQueue((outboxId) => jobs.send('mail-send', { outboxId }));
  app.addHook('onClose', () => jobs.stop());
}

/** PGlite (one process): the Trash's purge (issue 17) runs in process, at start and once a day. */
function purgeTrashDaily(app: FastifyInstance, services: Services): void {
  const purge = () =>
    services.trash.purge().then(
      (purged) => void (purged > 0 && app.log.info({ purged }, 'trash items older than 30 days deleted for good')),
      (error: unknown) => app.log.warn({ err: error }, 'the purge of the Trash failed'),
    );
  app.addHook('onReady', purge);
  const timer = setInterval(() => void purge(), TRASH_PURGE_SECONDS * 1_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Request rate limits: in Redis with REDIS_URL, else in PostgreSQL, else (PGlite: one process) in memory. */
async function rateLimitStoreOf(app: FastifyInstance, config: ServerConfig, database: OpenedDatabase, services: Services) {
  if (config.redisUrl) {
    // Loaded only with REDIS_URL: most processes never need it, and each start would load it.
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) is unreachable: limits are skipped until it is back'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    // Redis down: requests are let through (logged), as the per-account lock stays in PostgreSQL.
    return { redis, nameSpace: 'testforge-rate-', skipOnError: true };
  }
  if (database.kind === 'postgres') return { store: databaseRateLimitStore(services.rateLimits) };
  return {};
}

/**
 * The built portal from dist/: hashed assets are cached for a year, index.html and
 * app-version.json never; any other GET that is not a file gets index.html (client routing).
 */
function registerPortal(app: FastifyInstance, config: ServerConfig): void {
  const indexPath = path.join(config.distDir, 'index.html');
  const hasPortal = fs.existsSync(indexPath);
  if (hasPortal) {
    app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      // Served by addinManifestRoutes, with this server's addresses in it, not as built.
      globIgnore: [ADDIN_MANIFEST_URL.slice(1)],
      setHeaders: (res, filePath) => {
        const name = path.basename(filePath);
        const immutable = /\.[0-9a-f]{8,}\./.test(name);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
    if (wantsPage && hasPortal) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexPath));
    }
    throw new AppError(404, 'NOT_FOUND', 'notFound', { what: request.url.split('?')[0] });
  });
}

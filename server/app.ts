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
import { authRoutes } from './modules/auth/routes';
import { settingsRoutes } from './modules/settings/routes';
import { helpRoutes } from './modules/help/routes';
import { assetRoutes } from './modules/assets/routes';
import { reportRoutes } from './modules/reports/routes';
import { libraryRoutes } from './modules/library/routes';
import { libraryContentRoutes } from './modules/library/contentRoutes';
import { linkRoutes } from './modules/links/routes';
import { testEditorRoutes } from './modules/tests/routes';
import { fileRoutes } from './modules/files/routes';
import { printRoutes } from './modules/print/routes';
import { parserRoutes } from './modules/parser/routes';
import { guideRoutes } from './modules/guide/routes';
import { sharedTestRoutes } from './modules/sharedTests/routes';
import { resultsRoutes } from './modules/results/routes';
import { analysisRoutes } from './modules/analysis/routes';
import { studentRoutes } from './modules/students/routes';
import { interopRoutes } from './modules/interop/routes';

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
    logger: { level: quiet ? 'warn' : config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);

  const services = createServices(config, database.db, database.kind, app.log);
  // Mail queued after an answer (forgot-password) is written and sent before the database closes.
  app.addHook('onClose', () => services.mailer.settled());
  refuseExpiredWrites(app, services.requireAuth);

  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Testforge API', version: APP_VERSION, description: 'Every call answers `{ data }`; failures answer `{ message, code, details? }`.' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['system'] } }, async () => {
        await database.db.selectFrom('organizations').select('id').limit(1).execute();
        return { data: { status: 'ok', database: database.kind, version: APP_VERSION } };
      });
      for (const routes of [authRoutes, settingsRoutes, helpRoutes, assetRoutes, reportRoutes, libraryRoutes, libraryContentRoutes, linkRoutes, testEditorRoutes, fileRoutes, printRoutes, parserRoutes, sharedTestRoutes, studentRoutes, resultsRoutes, analysisRoutes, interopRoutes]) {
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
  registerPortal(app, config);
  return { app, services };
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

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLanguage } from '@shared/i18n/languages';
import { serverMessage, type ServerMessageKey } from '@shared/i18n/serverMessages';
import { AppError } from './errors';

interface ErrorBody {
  message: string;
  code: string;
  details?: { field: string; message: string }[];
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  key: ServerMessageKey,
  params: Record<string, string | number> = {},
  details?: ErrorBody['details'],
) {
  const body: ErrorBody = { message: serverMessage(request.lang, key, params), code };
  if (details) body.details = details;
  return reply.status(status).send(body);
}

/** Fields are named as the client wrote them: `email`, `settings.revealAnswersTime`, `query.orgId`. */
function fieldName(context: string | undefined, instancePath: string, params: Record<string, unknown>): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const prefix = context && context !== 'body' ? `${context === 'querystring' ? 'query' : context}` : '';
  const keys = Array.isArray(params.keys) ? (params.keys as string[]).join(', ') : '';
  const name = [path, keys].filter(Boolean).join('.');
  return [prefix, name].filter(Boolean).join('.') || prefix || 'body';
}

/** Every failure is JSON `{ message, code, details? }` in the caller's language; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const details = error.details?.map((d) => ({ field: d.field, message: serverMessage(request.lang, error.messageKey, error.params) }));
      return send(request, reply, error.statusCode, error.code, error.messageKey, error.params, details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        const params = issue.params as Record<string, unknown>;
        const field = fieldName(error.validationContext, issue.instancePath, params);
        const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
        const key: ServerMessageKey = missing ? 'fieldRequired' : issue.keyword === 'unrecognized_keys' ? 'unknownField' : 'fieldInvalid';
        return { field, message: serverMessage(request.lang, key, { field, reason: issue.message ?? '' }) };
      });
      return reply.status(400).send({ message: details.map((d) => d.message).join(' '), code: 'VALIDATION_ERROR', details });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(request, reply, 400, 'MALFORMED_JSON', 'malformedJson');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // The route's own limit (a Word upload's 32 MB, a picture's 5 MB), not the server's default.
        return send(request, reply, 413, 'BODY_TOO_LARGE', 'bodyTooLarge', { limit: request.routeOptions?.bodyLimit ?? app.initialConfig.bodyLimit ?? 0 });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(request, reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType');
    }
    if (error.statusCode === 429) return send(request, reply, 429, 'RATE_LIMITED', 'rateLimited');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, 'INTERNAL_ERROR', 'internalError');
  });
}

/**
 * Fastify's `frameworkErrors`: failures found before routing (a path that is not valid
 * percent-encoding, a path parameter over the router's length limit). Without it Fastify
 * answers its own `{ error, code, message, statusCode }` in English.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = pickLanguage(request.headers['accept-language']);
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_PART_TOO_LONG' : 'BAD_URL';
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    request.log.error({ err: error }, 'unhandled framework error');
    return send(request, reply, 500, 'INTERNAL_ERROR', 'internalError');
  }
  return send(request, reply, 400, code, 'badUrl');
}

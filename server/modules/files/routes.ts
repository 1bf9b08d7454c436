import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { refuseDeclared } from '../../http/uploads';
import type { Services } from '../../services';
import { isPictureType, PICTURE_MAX_BYTES } from '@shared/domain/pictures';
import { contentTypeOfExtension, PICTURE_TYPES } from './pictures';
import { presignS3 } from './s3';
import { LocalFileStore, loadFilesSecret, UPLOAD_LINK_TTL_MS, type UploadGrant } from './store';

const signBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(100),
  size: z.number().int().min(1),
  /** What the file is for: pictures in questions now; fonts (issue 5) will add theirs. */
  purpose: z.enum(['picture']),
});

const fileParams = z.object({ org: z.string().regex(/^[A-Za-z0-9-]{1,64}$/), name: z.string().regex(/^[0-9a-f]{32}\.[a-z]{3,4}$/) });
const uploadQuery = z.object({ expires: z.coerce.number().int(), size: z.coerce.number().int(), signature: z.string().max(100) });

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Uploaded files (decisions section 8): the client asks for a signed link, PUTs the bytes there,
 * and stores the file's address in its HTML. Files live under DATA_DIR/files (or FILES_DIR), per
 * organisation, under unguessable names written once; they are read without a session, as the
 * students' pages show them.
 */
export async function fileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = services;
  const store = new LocalFileStore(config.filesDir, await loadFilesSecret(config.filesDir, config.filesSecret));

  api.post(
    '/v2/user/getS3SignedUrl',
    { schema: { tags: ['files'], body: signBody }, preValidation: [services.requireAuth, requireActiveSubscription] },
    async (request) => {
      const { contentType, size } = request.body;
      if (!isPictureType(contentType)) throw badRequest('contentType', 'fileTypeNotAllowed');
      if (size > PICTURE_MAX_BYTES)
        throw new AppError(413, 'FILE_TOO_LARGE', 'fileTooLarge', { limit: megabytes(PICTURE_MAX_BYTES) }, [{ field: 'size', message: '' }]);
      const key = `${authOf(request).org.id}/${crypto.randomBytes(16).toString('hex')}.${PICTURE_TYPES[contentType].ext}`;
      const grant: UploadGrant = { key, contentType, size, expires: Date.now() + UPLOAD_LINK_TTL_MS };
      const expiresAt = new Date(grant.expires).toISOString();
      const headers = { 'Content-Type': contentType };
      if (config.s3) {
        // The store checks the link; type and size were checked here (S3 cannot look at the bytes).
        const uploadUrl = presignS3(config.s3, { method: 'PUT', key, expiresSec: UPLOAD_LINK_TTL_MS / 1000 });
        return { data: { uploadUrl, method: 'PUT' as const, headers, fileUrl: `${config.s3.publicUrl}/${key}`, expiresAt } };
      }
      const query = new URLSearchParams({ expires: String(grant.expires), size: String(size), signature: store.sign(grant) });
      return { data: { uploadUrl: `/api/files/${key}?${query}`, method: 'PUT' as const, headers, fileUrl: `/api/files/${key}`, expiresAt } };
    },
  );

  // The body of an upload is the file itself, whatever type it declares (checked below).
  api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES }, (_request, body, done) => done(null, body));

  api.put(
    '/files/:org/:name',
    {
      schema: { tags: ['files'], params: fileParams, querystring: uploadQuery },
      bodyLimit: PICTURE_MAX_BYTES,
      // A body larger than any picture may be is refused before it is read (and one without a
      // declared length is cut when it passes the limit: bodyLimit).
      onRequest: refuseDeclared(PICTURE_MAX_BYTES, () => new AppError(413, 'FILE_TOO_LARGE', 'fileTooLarge', { limit: megabytes(PICTURE_MAX_BYTES) })),
    },
    async (request) => {
      const { org, name } = request.params;
      const key = `${org}/${name}`;
      const contentType = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      const grant: UploadGrant = { key, contentType, size: request.query.size, expires: request.query.expires };
      if (!store.verify(grant, request.query.signature)) throw new AppError(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
      const bytes = request.body as Buffer;
      const received = Buffer.isBuffer(bytes) ? bytes.length : 0;
      if (!Buffer.isBuffer(bytes) || received !== grant.size)
        throw badRequest('body', 'fieldInvalid', { reason: `expected ${grant.size} bytes, got ${received}` });
      if (!isPictureType(contentType) || !PICTURE_TYPES[contentType].matches(bytes)) throw badRequest('body', 'uploadContentMismatch', { type: contentType });
      if (!(await store.put(key, bytes))) throw new AppError(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
      return { data: { fileUrl: `/api/files/${key}` } };
    },
  );

  api.get('/files/:org/:name', { schema: { tags: ['files'], params: fileParams } }, async (request, reply) => {
    const { org, name } = request.params;
    const type = contentTypeOfExtension(name.split('.')[1]);
    const bytes = type ? await store.read(`${org}/${name}`) : null;
    if (!bytes || !type) throw new AppError(404, 'NOT_FOUND', 'fileNotFound');
    return reply
      .header('Content-Type', type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
}

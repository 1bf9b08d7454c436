import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_PARSER_ENGINE, PARSER_ENGINES, type ParserEngine } from '@shared/parser/engines';
import { FONT_FORMATS, FONT_MAX_BYTES, fontFormatOf, isKnownFontFace, normaliseFontFace } from '@shared/domain/fonts';
import { serverMessage, type ServerMessageKey } from '@shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { dropRestOfBody, readLimited, refuseDeclared, uploadGateOf, UploadTooLarge } from '../../http/uploads';
import { assertSameOrg, callerOf } from '../../access';
import { formFieldError } from './form';
import type { Services } from '../../services';
import { fontFileUrl, OrgFontsRepository, type UploadedFont } from './fontsRepository';
import { enginesQuery, fontCheckQuery, fontFileParams, fontUploadForm } from '@shared/contract/parser';
import { ADDIN_RELEASE_DATE, readAddinManifest } from './release';
import { sendManifest } from './manifestRoutes';

const ENGINE_TEXTS: Record<ParserEngine, { name: ServerMessageKey; description: ServerMessageKey }> = {
  table: { name: 'parserEngineTableName', description: 'parserEngineTableDescription' },
  text: { name: 'parserEngineTextName', description: 'parserEngineTextDescription' },
};

export const MANIFEST_URL = '/api/v2/parser/manifest.xml';
/** Room for the form's boundaries and part headers around the file, in a declared Content-Length. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const fontTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'fileTooLarge', { limit: FONT_MAX_BYTES / (1024 * 1024) }, [{ field: 'uploaded_file', message: '' }]);

/** A font entry (spec "Font entry: face, supported flag"); an uploaded face also says where its file is. */
function fontEntry(face: string, uploaded: UploadedFont | undefined) {
  if (!uploaded) return { face, supported: isKnownFontFace(face) };
  return { face, supported: true, fileUrl: fontFileUrl(uploaded) };
}

/**
 * Reads the multipart form: the file `uploaded_file` into one buffer (up to the limit, counted as it
 * arrives: the call is cut the moment it passes, the rest dropped unread), text fields as they are.
 */
async function readFontForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') form[part.fieldname] = part.value;
      else if (part.fieldname === 'uploaded_file')
        form.uploaded_file = { fileName: part.filename, bytes: await readLimited(part.file, FONT_MAX_BYTES, Number(request.headers['content-length'])) };
      else {
        part.file.resume();
        form[part.fieldname] = true; // named by the schema as not allowed
      }
    }
  } catch (error) {
    const { code, statusCode } = error as FastifyError;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'multipartRequired');
    if (error instanceof UploadTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
      dropRestOfBody(request);
      throw fontTooLarge();
    }
    // Limits on parts (a second file, too many fields) and malformed forms (busboy's errors).
    if (statusCode === undefined || statusCode < 500) throw badRequest('body', 'multipartInvalid');
    throw error;
  }
  return form;
}

/**
 * Issue 5's calls around the Word parser (decisions "Parser calls and fonts"): the engines, the
 * add-in's release and manifest, and the organisation's fonts: which faces are supported, and
 * uploads of the missing ones (multipart, the file kept in the database, table org_fonts).
 */
export async function parserRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const fonts = new OrgFontsRepository(services.db);
  const manifest = readAddinManifest();
  // busboy's own cut is a byte past ours: readLimited finds the file too large as that byte arrives.
  await app.register(multipart, { limits: { fileSize: FONT_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 4096, headerPairs: 100 } });

  api.get('/v2/parser/engines', { schema: { tags: ['parser'], querystring: enginesQuery }, preValidation: services.requireAuth }, async (request) => {
    assertSameOrg(callerOf(request), request.query.orgId, 'organisation');
    const text = (key: ServerMessageKey) => serverMessage(request.lang, key);
    return {
      data: PARSER_ENGINES.map((id) => ({
        id,
        name: text(ENGINE_TEXTS[id].name),
        description: text(ENGINE_TEXTS[id].description),
        isDefault: id === DEFAULT_PARSER_ENGINE,
      })),
    };
  });

  api.get('/v2/parser/version', { schema: { tags: ['parser'] }, preValidation: services.requireAuth }, async () => {
    if (!manifest) throw new AppError(404, 'NOT_FOUND', 'fileNotFound');
    return { data: { link: MANIFEST_URL, version: manifest.version, releaseDate: ADDIN_RELEASE_DATE } };
  });

  // Without a session: the portal downloads it through a plain link.
  api.get('/v2/parser/manifest.xml', { schema: { tags: ['parser'] } }, async (request, reply: FastifyReply) =>
    sendManifest(request, reply, services, manifest, { download: true }),
  );

  api.get('/v2/parserfont', { schema: { tags: ['fonts'], querystring: fontCheckQuery }, preValidation: services.requireAuth }, async (request) => {
    const { face } = request.query;
    const faces = Array.isArray(face) ? face : [face];
    const uploaded = await fonts.findFaces(authOf(request).org.id, faces);
    const entries = faces.map((f) => fontEntry(f, uploaded.get(normaliseFontFace(f))));
    return { data: Array.isArray(face) ? entries : entries[0] };
  });

  api.post(
    '/v2/parserfont/upload',
    {
      schema: { tags: ['fonts'], consumes: ['multipart/form-data'] },
      // A declared body far above the limit is refused before it is read; then the caller, and a
      // turn among the large uploads being read (server/http/uploads.ts).
      onRequest: [
        refuseDeclared(FONT_MAX_BYTES + FORM_OVERHEAD_BYTES, fontTooLarge),
        services.requireAuth,
        requireActiveSubscription,
        uploadGateOf(services).enter(FONT_MAX_BYTES),
      ],
      preValidation: [services.requireAuth, requireActiveSubscription],
      errorHandler: (error) => {
        // A body that is not a form at all (text/plain, ...): say what to send, not "send JSON".
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'multipartRequired');
        throw error;
      },
    },
    async (request) => {
      const fields = await readFontForm(request);
      const form = fontUploadForm.safeParse(fields);
      if (!form.success) throw formFieldError(form.error, fields);
      const { uploaded_file: file, name } = form.data;
      const format = fontFormatOf(file.bytes);
      if (!format) throw badRequest('uploaded_file', 'fontFileInvalid');
      const { org, user } = authOf(request);
      return { data: fontEntry(name, await fonts.save(org.id, user.id, name, format, file.bytes)) };
    },
  );

  // Without a session, like pictures: @font-face cannot send one. The address is unguessable
  // and changes with every upload, so it is cached for good.
  api.get('/v2/parserfont/file/:file', { schema: { tags: ['fonts'], params: fontFileParams } }, async (request, reply) => {
    const [fileId, ext] = request.params.file.split('.');
    const font = await fonts.readFile(fileId);
    if (!font || font.format !== ext) throw new AppError(404, 'NOT_FOUND', 'fileNotFound');
    return reply
      .header('Content-Type', FONT_FORMATS[font.format].contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(font.data);
  });
}

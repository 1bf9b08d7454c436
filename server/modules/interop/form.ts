import type { FastifyError, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMPORT_MAX_BYTES } from '@shared/contract/interop';
import { AppError, badRequest } from '../../http/errors';
import { dropRestOfBody, readLimited, refuseDeclared, UploadTooLarge } from '../../http/uploads';
import { formFieldError } from '../parser/form';

/** Room for the form's boundaries and text fields around the file, in a declared Content-Length. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** busboy's own cut is a byte past ours: readLimited finds the file too large as the byte arrives, and the call ends there. */
export const MULTIPART_LIMITS = { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 100 };

export const fileTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'importFileTooLarge', { limit: IMPORT_MAX_BYTES / (1024 * 1024) }, [{ field: 'file', message: '' }]);
export const multipartRequired = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'importMultipartRequired');

/** A declared body far above the limit is refused before a byte of it is read (server/http/uploads.ts). */
export const refuseLargeBody = refuseDeclared(IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES, fileTooLarge);

/**
 * An import form: the file `file` into one buffer (up to IMPORT_MAX_BYTES, counted as it arrives,
 * whatever the request declared; the call is cut the moment it passes, the rest dropped unread)
 * and the text fields, checked by `schema` (400 naming the field).
 */
export async function readImportForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.infer<S>; file: { name: string; bytes: Uint8Array } }> {
  const fields: Record<string, unknown> = {};
  let file: { name: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
      else if (part.fieldname === 'file') {
        const bytes = await readLimited(part.file, IMPORT_MAX_BYTES, Number(request.headers['content-length']));
        // A plain Uint8Array over the same memory (the converters slice it as one), not a copy.
        file = { name: part.filename ?? '', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
      } else {
        part.file.resume();
        fields[part.fieldname] = ''; // named by the schema as not allowed
      }
    }
  } catch (error) {
    const { code, statusCode } = error as FastifyError;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw multipartRequired();
    if (error instanceof UploadTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
      dropRestOfBody(request);
      throw fileTooLarge();
    }
    if (statusCode === undefined || statusCode < 500) throw badRequest('body', 'multipartInvalid');
    throw error;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw formFieldError(parsed.error, fields);
  if (!file) throw badRequest('file', 'fieldRequired');
  if (file.bytes.length === 0) throw badRequest('file', 'fieldInvalid', { reason: 'the file is empty' });
  return { fields: parsed.data, file };
}

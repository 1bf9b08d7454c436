import type { FastifyError, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IMPORT_MAX_BYTES } from '@shared/contract/interop';
import { AppError, badRequest } from '../../http/errors';
import { formFieldError } from '../parser/form';

/** Room for the form's boundaries and text fields around the file, in a declared Content-Length. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
export const MULTIPART_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 100 };

export const fileTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'importFileTooLarge', { limit: IMPORT_MAX_BYTES / (1024 * 1024) }, [{ field: 'file', message: '' }]);
export const multipartRequired = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'importMultipartRequired');

/** A declared body far above the limit is refused before a byte of it is read. */
export async function refuseLargeBody(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES) throw fileTooLarge();
}

/**
 * An import form: the file `file` into memory (up to IMPORT_MAX_BYTES, counted as it arrives,
 * whatever the request declared) and the text fields, checked by `schema` (400 naming the field).
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
      else if (part.fieldname === 'file') file = { name: part.filename ?? '', bytes: new Uint8Array(await part.toBuffer()) };
      else {
        part.file.resume();
        fields[part.fieldname] = ''; // named by the schema as not allowed
      }
    }
  } catch (error) {
    const { code, statusCode } = error as FastifyError;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw multipartRequired();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (statusCode === undefined || statusCode < 500) throw badRequest('body', 'multipartInvalid');
    throw error;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw formFieldError(parsed.error, fields);
  if (!file) throw badRequest('file', 'fieldRequired');
  if (file.bytes.length === 0) throw badRequest('file', 'fieldInvalid', { reason: 'the file is empty' });
  return { fields: parsed.data, file };
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportParams, exportQuery, exportSelection, IMPORT_MAX_BYTES, importForm, LOSSES_HEADER, previewForm, templateParams } from '@shared/contract/interop';
import { csvTemplate } from '@shared/interop/table/csv';
import { xlsxTemplate } from '@shared/interop/table/xlsx';
import { requireActiveSubscription } from '../../http/context';
import { uploadGateOf } from '../../http/uploads';
import type { Services } from '../../services';
import { callerOf, scopeOf } from '../../access';
import { LibraryRepository } from '../library/repository';
import { attachment } from '../results/export';
import { TestEditorRepository } from '../editor/repository';
import { libraryZip } from './archive';
import { MULTIPART_LIMITS, multipartRequired, readImportForm, refuseLargeBody } from './form';
import { PictureStore } from './pictures';
import { lossesHeader } from './presenter';
import { InteropRepository } from './repository';
import { InteropService } from './service';

const TEMPLATE_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** Questions in and out (issue 20): the calls are listed in shared/contract/interop.ts. */
export async function interopRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new InteropService(
    new TestEditorRepository(services.db),
    new InteropRepository(services.db),
    new LibraryRepository(services.db),
    await PictureStore.open(services.config),
  );
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['questions in and out'];
  const form = {
    // Before the form is read: its declared size, the caller, then a turn among the large uploads
    // being read (server/http/uploads.ts). preValidation signs in again (from the session cache).
    onRequest: [refuseLargeBody, ...guard, uploadGateOf(services).enter(IMPORT_MAX_BYTES)],
    preValidation: guard,
    // A body that is not a form at all: say what to send.
    errorHandler: (error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw multipartRequired();
      throw error;
    },
  };

  api.post('/v2/interop/preview', { schema: { tags, consumes: ['multipart/form-data'] }, ...form }, async (request) => {
    const { fields, file } = await readImportForm(request, previewForm);
    return { data: await service.preview({ ...file, from: fields.from, mapping: fields.mapping }) };
  });

  api.post('/v2/interop/import', { schema: { tags, consumes: ['multipart/form-data'] }, ...form }, async (request) => {
    const { fields, file } = await readImportForm(request, importForm);
    return { data: await service.import(callerOf(request), fields, { ...file, from: fields.from, mapping: fields.mapping }, request.lang) };
  });

  // The losses go in a header: the file is the body, and the portal shows them after the download.
  api.get('/v2/interop/test/:id/export', { schema: { tags, params: exportParams, querystring: exportQuery }, preValidation: guard }, async (request, reply) => {
    const out = await service.exportTest(callerOf(request), request.params.id, request.query.format);
    return reply
      .header('Content-Type', out.mimeType)
      .header('Content-Disposition', attachment(out.testName, out.fileName.slice('test.'.length)))
      .header('Cache-Control', 'no-store')
      .header(LOSSES_HEADER, lossesHeader(out.losses))
      .header('Access-Control-Expose-Headers', LOSSES_HEADER)
      .send(Readable.from([Buffer.from(out.data)]));
  });

  api.post('/v2/interop/export', { schema: { tags, body: exportSelection }, preValidation: guard }, async (request, reply) => {
    const body = request.body;
    const { tests, exportOne } = await service.selection(callerOf(request), scopeOf(request, body.isGlobal, 'read'), body);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachment(`tests-${body.format}`, 'zip'))
      .header('Cache-Control', 'no-store')
      .send(Readable.from(libraryZip(tests, exportOne)));
  });

  api.get('/v2/interop/template/:format', { schema: { tags, params: templateParams }, preValidation: guard }, async (request, reply) => {
    const { format } = request.params;
    const data = format === 'csv' ? csvTemplate() : await xlsxTemplate();
    return reply
      .header('Content-Type', TEMPLATE_TYPES[format])
      .header('Content-Disposition', attachment('testforge-questions-template', format))
      .send(Buffer.from(data));
  });
}

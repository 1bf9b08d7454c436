import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import type { Services } from '../../services';
import { callerOf } from '../../access';
import { TestEditorRepository } from '../editor/repository';
import { testParams } from '@shared/contract/editor';
import { PdfRenderer, PdfTimeoutError, PdfUnavailableError } from './pdfRenderer';

const printQuery = z.object({
  answers: z.enum(['true', 'false']).optional(),
  /** A multilingual test's language to print, or `all`: every language, each question followed by its translations (issue 17). */
  lang: z.string().trim().min(1).max(40).optional(),
});

/** A file name for the download: the test's name, as ASCII for old clients and UTF-8 for the rest. */
function attachment(name: string): string {
  const ascii =
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'test';
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}.pdf`;
}

/**
 * `GET /v2/test/{id}/print-pdf`: the print view as a PDF, made on the server by headless Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). Without Chromium it answers 503 and the portal
 * falls back to the browser's own Print / Save as PDF.
 */
export async function printRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new TestEditorRepository(services.db);
  const filesOrigin = services.config.s3 ? `${services.config.s3.publicUrl}/` : null;
  const renderer = new PdfRenderer(services.config.chromiumPath, services.config.pdfTimeoutMs, filesOrigin, (url) =>
    app.log.warn({ url }, 'the PDF export refused a request of the print page'),
  );
  app.addHook('onClose', () => renderer.close());

  api.get(
    '/v2/test/:id/print-pdf',
    { schema: { tags: ['test editor'], params: testParams, querystring: printQuery }, preValidation: [services.requireAuth, requireActiveSubscription] },
    async (request, reply) => {
      const row = await repo.read(callerOf(request), request.params.id);
      if (!row) throw notFound('test');
      const address = request.server.server.address();
      const port = typeof address === 'object' && address ? address.port : services.config.port;
      const query = new URLSearchParams({
        ...(request.query.answers === 'true' ? { answers: 'true' } : {}),
        ...(request.query.lang ? { lang: request.query.lang } : {}),
      });
      const path = `/printPdf/${encodeURIComponent(row.id)}${query.size ? `?${query}` : ''}`;
      let pdf: Buffer;
      try {
        pdf = await renderer.render({ baseUrl: `http://127.0.0.1:${port}`, path, token: String(request.headers['x-access-token']), testId: row.id });
      } catch (error) {
        if (error instanceof PdfUnavailableError) throw new AppError(503, 'PDF_UNAVAILABLE', 'pdfUnavailable');
        if (error instanceof PdfTimeoutError) throw new AppError(504, 'PDF_TIMEOUT', 'pdfTimeout', { seconds: Math.ceil(services.config.pdfTimeoutMs / 1000) });
        request.log.error({ err: error }, 'printing a test to PDF failed');
        throw new AppError(500, 'PDF_FAILED', 'pdfFailed');
      }
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', attachment(row.name)).send(pdf);
    },
  );
}

import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type { ExportSelection, ImportOutcome, ImportPreview, importForm, InteropExportFormat } from '../contract/interop';
import type { ColumnMapping, ImportFormat } from '../interop/model';
import { dispositionFileName } from './results';

/** Where an import goes: the import form's fields as the server reads them (the client writes them as text). */
export type InteropImportTarget = z.output<typeof importForm>;

type NamedBlob = Blob & { name?: string };

function fileForm(file: NamedBlob, fields: Record<string, string | number | boolean | ColumnMapping | undefined>): FormData {
  const form = new FormData();
  // A column mapping goes as its JSON (a form's fields are text).
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  // The file last: the server reads the text fields as they come, before the file.
  form.append('file', file, file.name ?? 'questions');
  return form;
}

/**
 * Questions in and out (issue 20; shapes and calls in shared/contract/interop.ts). Files come
 * back as Blobs fetched with the session's header; their errors as Blob bodies too.
 */
export function interopEndpoints(http: AxiosInstance) {
  const download = async (request: Promise<{ data: Blob; headers: Record<string, unknown> }>) => {
    const response = await request;
    const header = (name: string) => (response.headers[name] as string | undefined) ?? null;
    // The contract (and zod with it) loads with the first export, not with every page: the
    // endpoints are in the first download of /auth, zod is a quarter of a 250 KB budget.
    const { LOSSES_HEADER, readLossesHeader } = await import('../contract/interop');
    return { blob: response.data, fileName: dispositionFileName(header('content-disposition')), losses: readLossesHeader(header(LOSSES_HEADER)) };
  };
  const files = { responseType: 'blob' as const, timeout: 300_000, handlesOwnErrors: true };
  return {
    /** What the server understood of a file; nothing is stored. */
    interopPreview: async (file: NamedBlob, from?: ImportFormat, mapping?: ColumnMapping) =>
      (await http.post<{ data: ImportPreview }>('/v2/interop/preview', fileForm(file, { from, mapping }), { timeout: 120_000, handlesOwnErrors: true })).data
        .data,
    /** The file's questions into a section of a test, in one change. */
    interopImport: async (file: NamedBlob, target: InteropImportTarget) =>
      (await http.post<{ data: ImportOutcome }>('/v2/interop/import', fileForm(file, { ...target }), { timeout: 300_000, handlesOwnErrors: true })).data.data,
    interopExportTest: (testId: string, format: InteropExportFormat) =>
      download(http.get<Blob>(`/v2/interop/test/${encodeURIComponent(testId)}/export`, { ...files, params: { format } })),
    interopExportTests: (selection: ExportSelection) => download(http.post<Blob>('/v2/interop/export', selection, files)),
    interopTemplate: (format: 'csv' | 'xlsx') => download(http.get<Blob>(`/v2/interop/template/${format}`, files)),
  };
}

import { id, idParams } from './fields';
import { z } from './zod';
import { EXPORT_FORMATS, IMPORT_FORMATS, MAPPING_FIELDS, SKIP_REASONS, type ColumnMapping, type MappingField } from '../interop/model';

/**
 * Questions in and out over the API (issue 20; docs/interop.md). One definition per shape: the
 * server validates requests with these schemas; the API client and the portal use the inferred
 * types. All calls are behind sign-in and an active subscription; another organisation's (or a
 * colleague's) test or section is 404, as everywhere.
 *
 * - POST /api/v2/interop/preview            multipart: file [, from, mapping]          → ImportPreview (nothing stored)
 * - POST /api/v2/interop/import             multipart: file, testId, sectionId
 *                                           [, useFileSections, version, from, mapping] → ImportOutcome (one change of the test)
 * - GET  /api/v2/interop/test/{id}/export?format=…                                      → the file, streamed; losses in X-Export-Losses
 * - POST /api/v2/interop/export             JSON: ExportSelection                        → one zip, streamed; losses in losses.json inside
 * - GET  /api/v2/interop/template/{format}  csv | xlsx                                   → the spreadsheet template
 */

/** Largest file an import reads (a 10,000-question GIFT bank is about 2 MB; a QTI package with pictures far more). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Tests in one library export (a zip, streamed a test at a time). */
export const EXPORT_TESTS_MAX = 500;
/** The header that carries an export's losses: percent-encoded JSON of ExportLoss[], kept under this many characters. */
export const LOSSES_HEADER = 'x-export-losses';
export const LOSSES_HEADER_MAX = 6_000;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const importFormat = z.enum(IMPORT_FORMATS);
export const exportFormat = z.enum(EXPORT_FORMATS).exclude(['json']);
export type InteropExportFormat = z.infer<typeof exportFormat>;
export const INTEROP_EXPORT_FORMATS = exportFormat.options;

/** Columns a sheet may have for a mapping to name (a sheet wider than this is no question bank). */
export const MAPPING_COLUMNS_MAX = 1000;
const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(MAPPING_COLUMNS_MAX - 1);
const mappedColumns = z.union([columnIndex, z.array(columnIndex).min(1).max(MAPPING_COLUMNS_MAX), z.null()]).optional();

/**
 * A spreadsheet's column mapping (issue 29; shared/interop/table/mapping.ts): for each of our
 * fields the 0-based column that holds it, several in order (options A, B, C...), or null. The
 * sheet itself is checked when it is read: a column it does not have is 400 naming the field.
 */
export const columnMapping = z.strictObject(Object.fromEntries(MAPPING_FIELDS.map((f) => [f, mappedColumns])) as Record<MappingField, typeof mappedColumns>);
export type { ColumnMapping };

/** A mapping as a form field: its JSON (the form's fields are text). */
const mappingField = z
  .string()
  .max(1000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'the mapping is not JSON' });
      return z.NEVER;
    }
  })
  .pipe(columnMapping);

/** The text fields of the preview form (the file is read apart). */
export const previewForm = z.strictObject({ from: importFormat.optional(), mapping: mappingField.optional() });

/** The text fields of the import form. */
export const importForm = z.strictObject({
  testId: id,
  sectionId: id,
  /** The file's sections (Moodle categories, QTI sections, the sheet's `section` column) become sections, as a Word upload's `Section:` lines. */
  useFileSections: flag.default(false),
  version: z.coerce.number().int().min(1).optional(),
  from: importFormat.optional(),
  /** How to read a spreadsheet whose columns are not ours; without it such a sheet is read by the guessed mapping the preview showed. */
  mapping: mappingField.optional(),
});

export const exportParams = idParams;
export const exportQuery = z.object({ format: exportFormat });
export const templateParams = z.object({ format: z.enum(['csv', 'xlsx']) });

/** A library selection, as the library's other actions take it (decisions section 4), and the format of every file. */
export const exportSelection = z.object({
  format: exportFormat,
  testIds: z.array(id).max(10_000).default([]),
  parentFolderId: id.default('0'),
  selectAll: z.boolean().default(false),
  searchString: z.string().trim().max(200).optional(),
  filters: z.object({ tags: z.array(z.string().trim().min(1).max(100)).max(20).optional() }).optional(),
  isGlobal: z.boolean().default(false),
});
export type ExportSelection = z.input<typeof exportSelection>;

export const interopProblem = z.object({
  severity: z.enum(['error', 'warning']),
  /** The question's number in the file (1-based, the file's own order); null for the whole file. */
  question: z.number().int().nullable(),
  code: z.string(),
  /** In English; the portal words the code in the user's language and shows this as the detail. */
  message: z.string(),
  /** Why a question of a kind we do not have was left out (essay, matching...): the portal words it instead of the English message. */
  reason: z.enum(SKIP_REASONS).optional(),
  /** The file's own name for that kind of question (for the reason `otherKind`). */
  kind: z.string().optional(),
});
export type ImportProblem = z.infer<typeof interopProblem>;

/** How many questions the preview lists: enough to recognise the file, not a bank of thousands. Only these carry their pictures. */
export const PREVIEW_QUESTIONS = 20;

/**
 * A picture of a listed question, for its thumbnail (issue 29): `src` is the file's own picture
 * (a data: URL of PNG, JPEG, GIF or WebP, small enough to send; or an https: link), else null and
 * the portal draws a box labelled with `bytes`, its size in the file when known.
 */
export const previewPicture = z.object({ src: z.string().nullable(), bytes: z.number().int().nullable() });
export type PreviewPicture = z.infer<typeof previewPicture>;

/** One question as the preview shows it: enough to recognise it, not the whole HTML. */
export const previewQuestion = z.object({
  type: z.string(),
  /** The text, plain, cut to 300 characters (never inside a formula: the portal renders its maths). */
  text: z.string(),
  /** The right answer on one line (letters, True/False, the number, the blanks). */
  answer: z.string(),
  marks: z.number().nullable(),
  pictures: z.number().int(),
  /** The pictures counted in `pictures`, in order, for the first PREVIEW_QUESTIONS questions only. */
  thumbnails: z.array(previewPicture).optional(),
  /** A passage's own questions. */
  questions: z.array(z.lazy((): z.ZodType<PreviewQuestion> => previewQuestion)).optional(),
});
export type PreviewQuestion = {
  type: string;
  text: string;
  answer: string;
  marks: number | null;
  pictures: number;
  thumbnails?: PreviewPicture[];
  questions?: PreviewQuestion[];
};

export const importPreview = z.object({
  format: importFormat,
  formatName: z.string(),
  questionCount: z.number().int(),
  countsByType: z.record(z.string(), z.number().int()),
  sections: z.array(z.object({ name: z.string().nullable(), questions: z.array(previewQuestion) })),
  problems: z.array(interopProblem),
  /** Nothing to import: a file that could not be read, or no question in it. */
  blocked: z.boolean(),
  /** A spreadsheet whose columns are not ours: its header, first rows and the mapping it was read by (guessed, or the one sent), for the mapping step. */
  sheet: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())), mapping: columnMapping, guessed: z.boolean() }).optional(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importOutcome = z.object({
  message: z.string(),
  version: z.number().int(),
  questions: z.number().int(),
  sectionsCreated: z.number().int(),
  renamed: z.object({ from: z.string(), to: z.string() }).nullable(),
  ignoredSections: z.array(z.string()),
  pictures: z.number().int(),
  problems: z.array(interopProblem),
});
export type ImportOutcome = z.infer<typeof importOutcome>;

export const exportLoss = z.object({
  code: z.string(),
  count: z.number().int(),
  questions: z.array(z.string()),
  message: z.string(),
  detail: z.string().optional(),
});
export type ExportLoss = z.infer<typeof exportLoss>;

/** The losses header's value read back (the client side of LOSSES_HEADER). */
export function readLossesHeader(value: string | null | undefined): ExportLoss[] {
  if (!value) return [];
  try {
    const parsed = z.array(exportLoss).safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

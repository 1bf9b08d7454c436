import { parseDocument } from '../parser/parseDocument';
import { PICTURE_PREFIX } from '../parser/content/inlines';
import type { ParsedDocument } from '../parser/types';
import { exportAiken, importAiken } from './aiken/aiken';
import { detectFormat } from './detect';
import { exportDocx } from './docx/export';
import { exportGift } from './gift/export';
import { importGift } from './gift/import';
import { mapImages } from './html';
import { countQuestions, FORMAT_NAMES, type ExportFormat, type ExportResult, type ImportFormat, type ImportResult, type InteropSection } from './model';
import { exportMoodle } from './moodle/export';
import { importMoodle } from './moodle/import';
import { dataUrl } from './pictures';
import { TEXT_MAX_BYTES, zipProblem } from './limits';
import { importQtiItem, importQtiPackage } from './qti/import';
import { exportQti3 } from './qti/package';
import { exportCsv, importCsv } from './table/csv';
import { exportXlsx, importXlsx } from './table/xlsx';
import type { MappingInput } from './table/sheet';
import { typeOfName } from './pictures';
import { cleanStrings } from '../parser/cleanText';
import { readText } from './text';

/**
 * Questions in and out (issue 20): one call per direction over every format, so the command
 * line, the server and the portal convert alike. An import never throws for a bad file: what it
 * could not read is a problem of its own. A text format's bytes are checked to be text first
 * (./text.ts), and every string of the result is cleaned of what no database or XML can hold
 * (shared/parser/cleanText.ts, issue 29).
 */
export * from './model';
export { detectFormat };

const fail = (format: ImportFormat, message: string): ImportResult => ({
  format,
  sections: [],
  questionCount: 0,
  problems: [{ severity: 'error', question: null, code: 'file', message }],
});

/** A Word or Hangul paper through our own parser, its pictures as data: URLs. */
function importPaper(bytes: Uint8Array, format: 'docx' | 'hwp' | 'hwpx'): ImportResult {
  const doc = parseDocument(bytes);
  const picture = (src: string) => {
    if (!src.startsWith(PICTURE_PREFIX)) return src;
    const path = src.slice(PICTURE_PREFIX.length);
    const file = doc.pictureBytes(path);
    return file ? dataUrl(typeOfName(path), file) : null;
  };
  const fix = (html: string) => mapImages(html, picture);
  const sections = JSON.parse(JSON.stringify(doc.sections), (key, value) =>
    typeof value === 'string' && (key === 'name' || key === 'solution' || key === 'paragraph') ? fix(value) : value,
  ) as InteropSection[];
  return {
    format,
    sections,
    questionCount: doc.questionCount,
    problems: doc.problems.map((p) => ({
      severity: p.severity,
      question: null,
      code: p.code,
      message: `${p.message}${p.paragraph ? ` (paragraph ${p.paragraph}${p.excerpt ? `: "${p.excerpt}"` : ''})` : ''}`,
    })),
  };
}

function importJson(text: string): ImportResult {
  const doc = JSON.parse(text) as Partial<ParsedDocument> | InteropSection[];
  const sections = Array.isArray(doc) ? doc : (doc.sections ?? []);
  return { format: 'json', sections, problems: [], questionCount: countQuestions(sections) };
}

/** How to read the file: `mapping` reads a spreadsheet whose columns are not ours (./table/sheet.ts); other formats refuse it. */
export interface ImportOptions {
  mapping?: MappingInput;
}

export async function importFile(bytes: Uint8Array, name = '', from?: ImportFormat, options: ImportOptions = {}): Promise<ImportResult> {
  const result = await read(bytes, name, from, options);
  const unread = result.problems.some((p) => p.question === null && p.severity === 'error');
  if (options.mapping && result.format !== 'csv' && result.format !== 'xlsx' && !unread) {
    const message = `a column mapping is for a spreadsheet (CSV or XLSX), and this file is ${FORMAT_NAMES[result.format]}`;
    return {
      format: result.format,
      sections: [],
      questionCount: 0,
      problems: [{ severity: 'error', question: null, code: 'mapping', message }],
      mappingError: { field: null, message },
    };
  }
  return cleanStrings(result);
}

/** The formats read from text (a QTI item too, when it is not a package). */
const TEXT_FORMATS: ReadonlySet<ImportFormat> = new Set(['qti3', 'qti2', 'moodle', 'gift', 'aiken', 'csv', 'json']);
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

async function read(bytes: Uint8Array, name: string, from: ImportFormat | undefined, { mapping }: ImportOptions): Promise<ImportResult> {
  if (bytes.length === 0) return fail(from ?? 'json', 'the file is empty');
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b;
  // Before anything is inflated, the detector's look at the manifest included.
  const unsafe = zipped ? zipProblem(bytes) : null;
  if (unsafe) return fail(from ?? 'json', unsafe);
  const format = from ?? detectFormat(bytes, name);
  if (!format) {
    const binary = zipped ? null : readText(bytes).problem;
    return fail('json', binary ?? `cannot tell the format of ${name || 'the file'}: give it (--from qti3|qti2|moodle|gift|aiken|csv|xlsx|docx|hwp|hwpx|json)`);
  }
  let text = '';
  if (TEXT_FORMATS.has(format) && !((format === 'qti3' || format === 'qti2') && zipped)) {
    if (bytes.length > TEXT_MAX_BYTES)
      return fail(format, `the file is ${mb(bytes.length)}: a text file (read as ${FORMAT_NAMES[format]}) may be at most ${mb(TEXT_MAX_BYTES)}`);
    const decoded = readText(bytes);
    if (decoded.problem !== undefined) return fail(format, decoded.problem);
    text = decoded.text;
  }
  try {
    switch (format) {
      case 'qti3':
      case 'qti2':
        return zipped ? importQtiPackage(bytes, format) : importQtiItem(text, format);
      case 'moodle':
        return importMoodle(text);
      case 'gift':
        return importGift(text);
      case 'aiken':
        return importAiken(text);
      case 'csv':
        return importCsv(text, mapping);
      case 'xlsx':
        return await importXlsx(bytes, mapping);
      case 'docx':
      case 'hwp':
      case 'hwpx':
        return importPaper(bytes, format);
      case 'json':
        return importJson(text);
    }
  } catch (error) {
    return fail(format, `${FORMAT_NAMES[format]}: ${(error as Error).message}`);
  }
}

function exportJson(sections: InteropSection[], fileName: string): ExportResult {
  const json = JSON.stringify({ sections, questionCount: countQuestions(sections) }, null, 2);
  return { format: 'json', fileName: `${fileName}.json`, mimeType: 'application/json', data: new TextEncoder().encode(json + '\n'), losses: [] };
}

/** Each format's writer; `title` names the test where a format has a place for it (QTI's assessment test). */
const EXPORTERS: Record<ExportFormat, (sections: InteropSection[], fileName: string, title?: string) => ExportResult | Promise<ExportResult>> = {
  json: exportJson,
  qti3: exportQti3,
  moodle: exportMoodle,
  gift: exportGift,
  aiken: exportAiken,
  csv: exportCsv,
  xlsx: exportXlsx,
  docx: exportDocx,
};

export async function exportSections(sections: InteropSection[], to: ExportFormat, fileName = 'questions', title?: string): Promise<ExportResult> {
  return EXPORTERS[to](sections, fileName, title);
}

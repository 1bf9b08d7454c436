import type { ParsedChildQuestion, ParsedChoiceQuestion, ParsedComprehension, ParsedFillUpsQuestion, ParsedQuestion, ParsedSection } from '../parser/types';

/**
 * What the converters carry (issue 20): the questions of a test as the Word parser gives them
 * (shared/parser/types.ts, the shape `POST /v2/question/create` takes), grouped by section, so
 * that `convert --to json` prints what `parse --json` prints and an import goes up through the
 * same upload path. Text is our HTML; maths is LaTeX between `$...$` (or `\(...\)`); a picture is
 * an `<img>` whose src is a data: URL (from a file inside the package) or an http(s) URL.
 */
export type InteropSection = ParsedSection;
export type InteropQuestion = ParsedQuestion;
export type { ParsedChildQuestion, ParsedChoiceQuestion, ParsedComprehension, ParsedFillUpsQuestion };
export type FillUpsAnswer = ParsedFillUpsQuestion['options'][number];

export const IMPORT_FORMATS = ['json', 'qti3', 'qti2', 'moodle', 'gift', 'aiken', 'csv', 'xlsx', 'docx', 'hwp', 'hwpx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ['json', 'qti3', 'moodle', 'gift', 'aiken', 'csv', 'xlsx', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  json: 'Testforge JSON',
  qti3: 'QTI 3.0',
  qti2: 'QTI 2.x',
  moodle: 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  csv: 'CSV',
  xlsx: 'XLSX',
  docx: 'Word',
  hwp: 'Hangul (.hwp)',
  hwpx: 'Hangul (.hwpx)',
};

/**
 * One thing an import could not take as it was. `question` is the question's number in the file
 * (1-based, in the file's own order: a GIFT block, a Moodle <question>, a QTI item, a CSV row);
 * null for the whole file. An error leaves that question out and the others come in; a warning
 * is a note on a question that did come in.
 */
export interface InteropProblem {
  severity: 'error' | 'warning';
  question: number | null;
  code: string;
  message: string;
  /** Why a question was left out, as a code the portal words in the user's language (`interop.reasons.*`). */
  reason?: SkipReason;
  /** The file's own name for the kind of question (Moodle's `ddwtos`, QTI's `hotspot`), for `reason: 'otherKind'`. */
  kind?: string;
}

/** Why a question of a kind we do not have was left out. */
export const SKIP_REASONS = ['essay', 'matching', 'otherKind', 'mixedInteractions', 'severalChoices'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The reason for a kind of question named by a file: essays and matching by name, the rest as a kind of their own. */
export function skipReasonOf(kind: string): { reason: SkipReason; kind?: string } {
  if (/^(essay|extended[\s-]*text)$/i.test(kind)) return { reason: 'essay' };
  if (/^(match(ing)?|ddmatch|randomsamatch|associate|gap[\s-]*match)$/i.test(kind)) return { reason: 'matching' };
  return { reason: 'otherKind', kind };
}

export interface ImportResult {
  format: ImportFormat;
  sections: InteropSection[];
  problems: InteropProblem[];
  /** Questions imported, comprehension children counted, passages not (as ParsedDocument counts). */
  questionCount: number;
  /** A spreadsheet read through a column mapping (its columns not ours, or a mapping given): what the portal's mapping step shows. */
  sheet?: SheetMapping;
  /** A mapping given with the file that cannot be read with it (a column the sheet does not have; not a spreadsheet: field null): nothing was read. */
  mappingError?: { field: MappingField | null; message: string };
}

/**
 * Our fields a spreadsheet's columns can be mapped to (issue 29; shared/interop/table/mapping.ts):
 * `options` takes several columns in order (A, B, C...), `correct` is the answer column.
 */
export const MAPPING_FIELDS = ['type', 'question', 'options', 'correct', 'solution', 'marks', 'negative', 'difficulty', 'section', 'tags'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
/** Which column (0-based) holds each field: one, several (read in order), or none. The zod schema is shared/contract/interop.ts's. */
export type ColumnMapping = Partial<Record<MappingField, number | number[] | null>>;

export interface SheetMapping {
  /** The sheet's header row. */
  columns: string[];
  /** Its first rows after the header (cells cut), for a preview of the questions as a mapping reads them. */
  rows: string[][];
  mapping: ColumnMapping;
  /** The mapping was guessed from the sheet (guessMapping), not given. */
  guessed: boolean;
}

/** Something of ours the target format cannot hold, with the questions it was in ("3", "5.2" for a passage's second question). */
export interface Loss {
  code: string;
  count: number;
  questions: string[];
  message: string;
  /** The part of the message that varies (a limit, the types left out), for a translated wording. */
  detail?: string;
}

export interface ExportResult {
  format: ExportFormat;
  fileName: string;
  mimeType: string;
  data: Uint8Array;
  losses: Loss[];
}

export const isComprehension = (q: ParsedQuestion): q is ParsedComprehension => q.type === 'comprehension';

/** Every question with the label an export names it by: "3", and "5.2" for the second question of passage 5. */
export function labelledQuestions(sections: InteropSection[]): { question: ParsedQuestion; label: string; passage?: ParsedComprehension }[] {
  const out: { question: ParsedQuestion; label: string; passage?: ParsedComprehension }[] = [];
  let n = 0;
  for (const section of sections) {
    for (const question of section.questions) {
      const label = String(++n);
      out.push({ question, label });
      if (isComprehension(question)) question.questions.forEach((child, i) => out.push({ question: child, label: `${label}.${i + 1}`, passage: question }));
    }
  }
  return out;
}

export function countQuestions(sections: InteropSection[]): number {
  return sections.reduce((sum, s) => sum + s.questions.reduce((n, q) => n + (isComprehension(q) ? q.questions.length : 1), 0), 0);
}

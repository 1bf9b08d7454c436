import en from '../i18n/locales/en.json';
import type { Paragraph } from './docx/document';
import { lineOf, OBJECT } from './content/inlines';
import type { Problem, ProblemCode } from './types';

const TEMPLATES: Record<Exclude<ProblemCode, 'file'>, string> = en.parser.problems;
/** Notes: what they stand in is uploaded (or was never a question). Every other code leaves its question out. */
const WARNINGS: ReadonlySet<ProblemCode> = new Set([
  'textBeforeFirstQuestion',
  'integerSolutionDropped',
  // A label with nothing after it below the last option ("e)" left empty): dropped, the question uploads with the options before it.
  'emptyOptionDropped',
  // The paper printed again with its answers: its questions answered the paper's and were not read as questions of their own.
  'answeredCopy',
  'answerConflict',
  'keyUnmatched',
  'duplicateNumber',
  'notAttached',
  'tableWithoutQuestion',
  'answerNotMarked',
  // An answer key whose entry names no option ("1. S02_01", a field left in a template): the question uploads, its answer unset.
  'keyAnswerUnreadable',
  // A short answer ("단답형") whose answer the paper does not give: it uploads with the answer unset.
  'answerNotGiven',
  'answerAmbiguous',
  'numberOutOfOrder',
  'instruction',
  'equationPicture',
  'legacyEquation',
  'equationScript',
  'pictureFormat',
  'pictureTooLarge',
  // Metadata that cannot be read leaves the question with the default (issue 15: a real item bank writes "Difficulty Level: 70").
  'unknownDifficulty',
  'marksUnreadable',
]);
const EXCERPT_LENGTH = 60;

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** A paragraph's text, shortened, to find it by eye. */
export function excerptOf(paragraph: Paragraph): string {
  const text = lineOf(paragraph.inlines).replaceAll(OBJECT, '▫').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/** A problem at a paragraph (or the whole document), with its English message; warnings are the codes that do not stop an upload. */
export function problemAt(paragraph: Paragraph | null, code: Exclude<ProblemCode, 'file'>, params: Record<string, string | number> = {}): Problem {
  const cell = paragraph?.cell;
  return {
    severity: WARNINGS.has(code) ? 'warning' : 'error',
    code,
    params,
    message: fill(TEMPLATES[code], params),
    paragraph: paragraph ? paragraph.index + 1 : null,
    cell: cell ? { table: cell.table + 1, row: cell.row + 1, column: cell.column + 1 } : null,
    excerpt: paragraph ? excerptOf(paragraph) : '',
  };
}

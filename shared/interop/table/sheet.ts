import type { ColumnMapping, ImportResult, MappingField, SheetMapping } from '../model';
import { MAPPING_COLUMNS_MAX } from '../../contract/interop';
import { guessMapping } from './guess';
import { applyMapping, mappingProblem, resolveNames, type NamedMapping } from './mapping';
import { questionsOf, questionsOfTable } from './rows';

/**
 * A sheet's cells (CSV or XLSX) as questions (issue 29): by our own header when it has it, else
 * through a column mapping, given (by column numbers from the API, by names from `--map`) or
 * guessed from the sheet. What was read through a mapping carries it (`sheet`) so the caller
 * can show it and let it be changed.
 */
export type MappingInput = { columns: ColumnMapping } | { names: NamedMapping };

/** The first rows kept for the portal's mapping step, and how much of each cell: enough to recognise three questions. */
const SAMPLE_ROWS = 20;
const SAMPLE_CELL = 1000;

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/**
 * Whether the header is ours: `type` and `question` (as before issue 29), and options under our
 * letters, unless the sheet has no option columns at all (a sheet of true/false questions).
 * "type, question, Choice 1, Choice 2, answer" is not ours: read as ours, its options were lost.
 */
function isOwnHeader(headers: string[]): boolean {
  const names = headers.map((h) => h.trim().toLowerCase());
  if (!names.includes('type') || !names.includes('question')) return false;
  return names.some((n) => LETTERS.includes(n)) || !guessMapping(headers, []).options;
}

const failed = (format: 'csv' | 'xlsx', field: MappingField, message: string): ImportResult => ({
  format,
  sections: [],
  questionCount: 0,
  problems: [{ severity: 'error', question: null, code: 'mapping', message: `the column mapping: ${message}` }],
  mappingError: { field, message },
});

function withMapping(table: string[][], format: 'csv' | 'xlsx', mapping: ColumnMapping, guessed: boolean): ImportResult {
  const [headers = [], ...rows] = table;
  const width = rows.reduce((w, r) => Math.max(w, r.length), headers.length);
  const problem = mappingProblem(mapping, headers, width);
  if (problem) return failed(format, problem.field, problem.message);
  const sheet: SheetMapping = {
    columns: headers.map((h) => h.trim()),
    rows: rows.slice(0, SAMPLE_ROWS).map((r) => r.map((c) => c.slice(0, SAMPLE_CELL))),
    mapping,
    guessed,
  };
  return { ...questionsOf(applyMapping(rows, mapping), format), sheet };
}

/** The questions of a table whose first row is its header. */
export function readSheet(table: string[][], format: 'csv' | 'xlsx', given?: MappingInput): ImportResult {
  const headers = table[0] ?? [];
  if (given && 'names' in given) {
    const resolved = resolveNames(given.names, headers);
    return 'mapping' in resolved ? withMapping(table, format, resolved.mapping, false) : failed(format, resolved.field, resolved.message);
  }
  if (given) return withMapping(table, format, given.columns, false);
  // A header wider than any mapping may name (3,000,000 commas) is no question bank: nothing to guess.
  if (!headers.length || headers.length > MAPPING_COLUMNS_MAX || isOwnHeader(headers)) return questionsOfTable(table, format);
  const guess = guessMapping(headers, table.slice(1));
  // No question column, or nothing that answers it: not a sheet of questions; our header's message says what we read.
  if (guess.question === null || (!guess.options && guess.correct === null)) return questionsOfTable(table, format);
  return withMapping(table, format, guess, true);
}

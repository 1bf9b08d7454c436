import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../model';
import { OPTION_COLUMNS, TYPES, type Row } from './rows';

/**
 * A spreadsheet whose columns are not ours, read through a mapping (issue 29): which column holds
 * each of our fields (guessed by ./guess.ts or given). applyMapping turns its rows into rows of
 * our own sheet (./rows.ts), which are then read as any: one reading, one set of problems.
 */

/** A mapping's field as a list of columns (none for null or absent). */
export const columnsOf = (mapping: ColumnMapping, field: MappingField): number[] => {
  const value = mapping[field];
  return value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** Other tools' type names (lower case) that ours do not take: Google Forms, Quizizz, Vietnamese and Korean sheets. */
const MORE_TYPES: Record<string, string> = {
  checkbox: 'multiple_choice',
  checkboxes: 'multiple_choice',
  'multiple select': 'multiple_choice',
  'multiple answer': 'multiple_choice',
  'multiple response': 'multiple_choice',
  'single choice': 'multiple_choice',
  'trắc nghiệm': 'multiple_choice',
  객관식: 'multiple_choice',
  'đúng sai': 'true_false',
  'đúng/sai': 'true_false',
  ox: 'true_false',
  'o/x': 'true_false',
  'short answer': 'fill_ups',
  'điền khuyết': 'fill_ups',
  단답형: 'fill_ups',
  numeric: 'integer',
  numerical: 'integer',
};

const DIFFICULTY: Record<string, string> = { dễ: 'easy', 'trung bình': 'medium', khó: 'hard', 쉬움: 'easy', 보통: 'medium', 어려움: 'hard' };
const TRUE_FALSE = /^(true|false|t|f|đúng|sai|참|거짓|o|x|yes|no)$/i;

/** The row's type: the type column's (other tools' names made ours), else what its cells say it is. */
function typeOf(type: string | undefined, row: Row, optionCount: number): string {
  const written = (type ?? '').trim();
  if (written) {
    const plus = written.startsWith('+') ? '+' : '';
    const name = written
      .replace(/^\+\s*/, '')
      .toLowerCase()
      .replace(/\s+/g, ' ');
    return TYPES[name] ? written : MORE_TYPES[name] ? plus + MORE_TYPES[name] : written;
  }
  // A blank row stays blank (skipped); a row with options or an answer but no question is named as one.
  if (!row.question?.trim() && !optionCount && !row.answer?.trim()) return '';
  const answer = (row.answer ?? '').trim();
  if (optionCount >= 2) return 'multiple_choice';
  if (TRUE_FALSE.test(answer)) return 'true_false';
  return /^[-+]?\d+$/.test(answer) ? 'integer' : 'fill_ups';
}

/** The answer as letters where the sheet gives the options' numbers (1-6) or an option's own text. */
function answerLetters(answer: string, options: string[]): string {
  const filled = options.filter(Boolean).length;
  if (filled < 2 || !answer.trim()) return answer;
  const parts = answer.split(/\s*[,;&]\s*/).filter(Boolean);
  if (parts.every((p) => /^\d$/.test(p) && Number(p) >= 1 && Number(p) <= filled)) return parts.map((p) => 'ABCDEF'[Number(p) - 1]).join(',');
  const byText = options.findIndex((o) => o && o.trim().toLowerCase() === answer.trim().toLowerCase());
  return byText >= 0 && !/^[A-F]$/i.test(answer.trim()) ? 'ABCDEF'[byText] : answer;
}

/** One row of the sheet as a row of ours. */
function mappedRow(cells: string[], mapping: ColumnMapping): Row {
  const cell = (c: number) => cells[c] ?? '';
  const joined = (field: MappingField, between: string) =>
    columnsOf(mapping, field)
      .map(cell)
      .filter((v) => v.trim())
      .join(between);
  const row: Row = {};
  for (const [field, ours, between] of [
    ['question', 'question', '\n'],
    ['solution', 'solution', '\n'],
    ['section', 'section', ' '],
    ['tags', 'tags', ', '],
    ['correct', 'answer', ','],
  ] as const)
    if (joined(field, between)) row[ours] = joined(field, between);
  const options = columnsOf(mapping, 'options').slice(0, OPTION_COLUMNS.length).map(cell);
  options.forEach((o, i) => (row[OPTION_COLUMNS[i]] = o));
  if (row.answer) row.answer = answerLetters(row.answer, options);
  // A decimal comma ("0,5") is how Vietnamese and Korean sheets often write marks.
  const number = (field: 'marks' | 'negative') =>
    joined(field, '')
      .trim()
      .replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (number('marks')) row.marks = number('marks');
  if (number('negative')) row.negative = number('negative').replace(/^-/, '');
  const difficulty = joined('difficulty', '').trim();
  if (difficulty) row.difficulty = DIFFICULTY[difficulty.toLowerCase()] ?? difficulty;
  row.type = typeOf(columnsOf(mapping, 'type').length ? joined('type', '') : undefined, row, options.filter((o) => o.trim()).length);
  return row;
}

/** The sheet's data rows (the header row left out) as rows of ours, read by ./rows.ts's questionsOf. */
export function applyMapping(rows: string[][], mapping: ColumnMapping): Row[] {
  return rows.map((cells) => mappedRow(cells, mapping));
}

const quoted = (name: string) => `"${name}"`;
const columnName = (headers: string[], c: number) => headers[c]?.trim() || `column ${c + 1}`;

/** Why a mapping cannot be read with this sheet (a column it does not have, too many options), naming the field; null when it can. */
export function mappingProblem(mapping: ColumnMapping, headers: string[], width: number): { field: MappingField; message: string } | null {
  for (const field of MAPPING_FIELDS) {
    const missing = columnsOf(mapping, field).find((c) => !Number.isInteger(c) || c < 0 || c >= width);
    if (missing !== undefined)
      return { field, message: `${field}: column ${missing + 1} is not in the sheet (it has ${width}: ${headers.map(quoted).join(', ')})` };
  }
  const options = columnsOf(mapping, 'options').length;
  if (options > OPTION_COLUMNS.length) return { field: 'options', message: `options: ${options} columns, but a question has at most ${OPTION_COLUMNS.length}` };
  if (!columnsOf(mapping, 'question').length) return { field: 'question', message: 'question: no column holds the questions' };
  return null;
}

/** A mapping by column names, as `--map` writes it: `question=Question Text,options=Choice 1|Choice 2,correct=Correct`. */
export type NamedMapping = Partial<Record<MappingField, string[]>>;

/** Names `--map` also takes for a field: our sheet's own column name, and the usual words. */
const FIELD_ALIASES: Record<string, MappingField> = { answer: 'correct', key: 'correct', explanation: 'solution', points: 'marks', score: 'marks' };
/** Between two field=column parts: a comma before a word and "=" (a comma elsewhere is a column's own). */
const FIELD = /,(?=\s*[\p{L}_]+\s*=)/u;

/** `--map`'s text as a mapping by names, or why not (naming the part it cannot read). A comma inside a column's name is kept. */
export function parseNamedMapping(text: string): { mapping: NamedMapping } | { error: string } {
  const mapping: NamedMapping = {};
  for (const part of text.split(FIELD).filter((p) => p.trim())) {
    const at = part.indexOf('=');
    const key = part.slice(0, Math.max(at, 0)).trim().toLowerCase();
    const field = (MAPPING_FIELDS as readonly string[]).includes(key) ? (key as MappingField) : FIELD_ALIASES[key];
    if (!field) return { error: at < 0 ? `"${part.trim()}" is not field=column` : `"${key}" is not one of our fields (${MAPPING_FIELDS.join(', ')})` };
    const names = part
      .slice(at + 1)
      .split('|')
      .map((n) => n.trim())
      .filter(Boolean);
    if (!names.length) return { error: `${field}: no column named` };
    mapping[field] = names;
  }
  return Object.keys(mapping).length ? { mapping } : { error: 'no field=column in it' };
}

/** A mapping by names as columns of this sheet (its header row, any case), or the first name it does not have. */
export function resolveNames(named: NamedMapping, headers: string[]): { mapping: ColumnMapping } | { field: MappingField; message: string } {
  const mapping: ColumnMapping = {};
  const find = (name: string) => {
    const exact = headers.findIndex((h) => h.trim() === name);
    return exact >= 0 ? exact : headers.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
  };
  for (const [field, names] of Object.entries(named) as [MappingField, string[]][]) {
    const columns = names.map(find);
    const missing = columns.indexOf(-1);
    if (missing >= 0)
      return { field, message: `${field}: no column named ${quoted(names[missing])} (the columns: ${headers.map((h) => quoted(h.trim())).join(', ')})` };
    mapping[field] = field === 'options' || columns.length > 1 ? columns : columns[0];
  }
  return { mapping };
}

/** A mapping in `--map`'s own words, so the one the command guessed can be given back changed. */
export function describeMapping(mapping: ColumnMapping, headers: string[]): string {
  return MAPPING_FIELDS.filter((f) => columnsOf(mapping, f).length)
    .map(
      (f) =>
        `${f}=${columnsOf(mapping, f)
          .map((c) => columnName(headers, c))
          .join('|')}`,
    )
    .join(',');
}

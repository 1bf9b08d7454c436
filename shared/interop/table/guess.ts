import { MAPPING_FIELDS, type MappingField } from '../model';
import { OPTION_COLUMNS, TYPES } from './rows';

/**
 * Which column of someone else's spreadsheet holds which of our fields (issue 29): a guess from
 * the header words (English, Vietnamese, Korean and the usual synonyms) first, then from the
 * values of the whole sheet for what the header did not say (a column of letters A-F naming
 * options that exist is the key, numbers 0.5-10 are marks...). The tutor sees the guess and can
 * change it (the portal's mapping step, the CLI's --map); it is never applied silently.
 */

/** Every field's column(s): `options` a list (A, B, C... in order), the others one column; null for none found. */
export type GuessedMapping = { options: number[] | null } & Record<Exclude<MappingField, 'options'>, number | null>;
type SingleField = Exclude<MappingField, 'options'>;

/** A header as compared: lower case, no accents ("Câu hỏi" is "cau hoi"), Hangul kept whole, punctuation as spaces. */
export function normalHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC') // Hangul syllables come apart under NFD: put them back
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Header words per field, as normalHeader writes them. */
const NAMES: Record<SingleField, string[]> = {
  type: ['type', 'question type', 'kind', 'loai', 'loai cau hoi', 'dang cau hoi', '유형', '문항 유형', '문제 유형'],
  question: [
    'question',
    'questions',
    'question text',
    'prompt',
    'stem',
    'item',
    'text',
    'cau hoi',
    'noi dung',
    'noi dung cau hoi',
    'de bai',
    '문제',
    '문항',
    '질문',
  ],
  correct: [
    ...['correct', 'correct answer', 'correct answers', 'correct answer s', 'correct option', 'correct choice', 'right answer', 'key', 'answer key'],
    ...['answer', 'answers', 'dap an', 'dap an dung', 'dap an chinh xac', '정답', '답', '정답 번호'],
  ],
  solution: ['solution', 'explanation', 'feedback', 'general feedback', 'rationale', 'loi giai', 'giai thich', 'huong dan giai', '해설', '풀이', '설명'],
  marks: ['marks', 'mark', 'points', 'point', 'score', 'weight', 'diem', 'so diem', '배점', '점수'],
  negative: ['negative', 'negative marks', 'negative mark', 'penalty', 'diem tru', '감점'],
  difficulty: ['difficulty', 'difficulty level', 'level', 'do kho', 'muc do', '난이도'],
  section: ['section', 'topic', 'category', 'chapter', 'unit', 'phan', 'chu de', 'chuong', '단원', '영역', '분류', '주제'],
  tags: ['tags', 'tag', 'keywords', 'labels', 'nhan', '태그', '키워드'],
};

/** "Option A", "Choice 1", "Answer 2 - max 75 characters" (Kahoot), "Phương án B", "보기1", or the letter alone: the option's place, else -1. */
const OPTION_HEADER =
  /^(?:(?:option|opt|choice|answer|ans|alternative|response|lua chon|phuong an|dap an|cau tra loi|선택지|보기|선택|답지)\s*)([a-f]|[1-9])(?!\p{L}|\p{N})/u;
function optionPlace(normal: string): number {
  if (/^[a-f]$/.test(normal)) return normal.charCodeAt(0) - 97;
  const m = OPTION_HEADER.exec(normal);
  if (!m) return -1;
  return /\d/.test(m[1]) ? Number(m[1]) - 1 : m[1].charCodeAt(0) - 97;
}

/** How well a header names a field: 3 said exactly, 2-and-a-bit containing the words (the longer the words, the surer), 0 not at all. */
function headerScore(normal: string, field: SingleField): number {
  let best = 0;
  for (const name of NAMES[field]) {
    if (normal === name) return 3;
    if (` ${normal} `.includes(` ${name} `)) best = Math.max(best, 2 + name.length / 100);
  }
  return best;
}

/** The option columns by their headers, in their order (A, B... or 1, 2...); at most the six the reader has. */
function optionColumns(normals: string[]): number[] {
  const places = normals.map((n, column) => ({ column, place: optionPlace(n) })).filter((o) => o.place >= 0);
  const seen = new Set<number>();
  return places
    .sort((a, b) => a.place - b.place)
    .filter((o) => !seen.has(o.place) && seen.add(o.place))
    .slice(0, OPTION_COLUMNS.length)
    .map((o) => o.column);
}

/** Each field its best-named column, the surest pair first; a column goes to one field. */
function byHeaders(normals: string[], used: Set<number>): Partial<Record<SingleField, number>> {
  const pairs: { field: SingleField; column: number; score: number }[] = [];
  for (const field of Object.keys(NAMES) as SingleField[])
    normals.forEach((n, column) => {
      const score = used.has(column) ? 0 : headerScore(n, field);
      if (score > 0) pairs.push({ field, column, score });
    });
  const found: Partial<Record<SingleField, number>> = {};
  for (const { field, column } of pairs.sort((a, b) => b.score - a.score))
    if (found[field] === undefined && !used.has(column)) {
      found[field] = column;
      used.add(column);
    }
  return found;
}

const LETTERS = /^[A-F](?:\s*[,;&]\s*[A-F])*$/i;
const NUMBERS = /^[1-6](?:\s*[,;&]\s*[1-6])*$/;
const DIFFICULTY_WORDS = /^(easy|medium|hard|de|trung binh|kho|쉬움|보통|어려움|상|중|하)$/;

/** A column's filled cells (trimmed), from the data rows. */
const cellsOf = (rows: string[][], column: number) => rows.map((r) => (r[column] ?? '').trim()).filter(Boolean);

/**
 * Whether a column holds the key: every filled cell letters A-F (or numbers 1-6) and, cross-checked
 * against the options of its row, naming options that are there. Its strength (letters surer
 * than numbers, which marks look like too; then the more kinds of answer, the surer), or 0.
 */
function keyStrength(rows: string[][], column: number, options: number[]): number {
  const cells = cellsOf(rows, column);
  if (!cells.length || !options.length) return 0;
  const letters = cells.every((c) => LETTERS.test(c));
  if (!letters && !cells.every((c) => NUMBERS.test(c))) return 0;
  const named = rows.every((r) => {
    const cell = (r[column] ?? '').trim();
    const present = options.filter((o) => (r[o] ?? '').trim()).length;
    const places = cell.split(/[\s,;&]+/).filter(Boolean);
    return places.every((p) => (letters ? p.toUpperCase().charCodeAt(0) - 65 : Number(p) - 1) < present);
  });
  return named ? (letters ? 100 : 1) + new Set(cells).size / 1000 : 0;
}

const isMarks = (cells: string[]) =>
  cells.length > 0 &&
  cells.every((c) => {
    const n = Number(c.replace(',', '.'));
    return /^\d+(?:[.,]\d+)?$/.test(c) && n >= 0.5 && n <= 10;
  });

/** What the header did not say, from the values: the key, the marks, the difficulty, the type, and the question (the longest text). */
function byValues(rows: string[][], width: number, options: number[], found: Partial<Record<SingleField, number>>, used: Set<number>) {
  const free = () => Array.from({ length: width }, (_, c) => c).filter((c) => !used.has(c));
  const take = (field: SingleField, column: number | undefined) => {
    if (column === undefined || found[field] !== undefined) return;
    found[field] = column;
    used.add(column);
  };
  const keys = free()
    .map((c) => ({ c, strength: keyStrength(rows, c, options) }))
    .filter((k) => k.strength > 0)
    .sort((a, b) => b.strength - a.strength);
  take('correct', keys[0]?.c);
  take(
    'marks',
    free().find((c) => isMarks(cellsOf(rows, c))),
  );
  take(
    'difficulty',
    free().find((c) => cellsOf(rows, c).length > 0 && cellsOf(rows, c).every((v) => DIFFICULTY_WORDS.test(normalHeader(v)))),
  );
  take(
    'type',
    free().find((c) => cellsOf(rows, c).length > 0 && cellsOf(rows, c).every((v) => TYPES[v.toLowerCase().replace(/^\+\s*/, '')] !== undefined)),
  );
  // The question: the column of the longest text, filled in most rows (a sheet of questions has one in every row).
  const longest = free()
    .map((c) => ({ c, cells: cellsOf(rows, c) }))
    .filter((x) => x.cells.length * 2 >= rows.length && x.cells.some((v) => /\p{L}/u.test(v)))
    .sort((a, b) => b.cells.join('').length - a.cells.join('').length)[0];
  take('question', longest?.c);
}

/** How many rows the values are read from: a 10,000-row bank is guessed as surely from its first 2,000. */
const ROWS_READ = 2000;

/** Which column holds each of our fields, from the sheet's header row and its data rows. */
export function guessMapping(headers: string[], rows: string[][]): GuessedMapping {
  const sample = rows.slice(0, ROWS_READ).filter((r) => r.some((c) => c.trim()));
  const normals = headers.map(normalHeader);
  const options = optionColumns(normals);
  const used = new Set(options);
  const found = byHeaders(normals, used);
  const width = Math.max(headers.length, ...sample.map((r) => r.length));
  byValues(sample, width, options, found, used);
  const mapping = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, null])) as GuessedMapping;
  Object.assign(mapping, found);
  mapping.options = options.length ? options : null;
  return mapping;
}

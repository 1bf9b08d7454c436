import type { DifficultyLevel } from '../../domain/test/types';
import { htmlToPlain, isPlainHtml, plainToHtml } from '../html';
import { labelledQuestions, type ImportResult, type InteropQuestion, type InteropSection, type ParsedChildQuestion } from '../model';
import { Problems, type Losses } from '../problems';
import { answerText, fillUps, marksFrom, rangeAnswer, TRUE_FALSE, wordAnswer } from '../questions';

/**
 * One question per row, the sheet a tutor fills in (CSV and XLSX): the documented columns below,
 * found by their header (any order, any case). A passage is a row of type `comprehension` (its
 * text in `question`); its questions follow it with their type written `+multiple_choice`...
 * Answers: letters for multiple choice (`B`, `A,C`), True/False, a whole number for integer,
 * and for fill in the blanks `;` between blanks, `|` between alternatives, `1.41 - 1.42` a range.
 */
export const COLUMNS = ['type', 'question', 'A', 'B', 'C', 'D', 'E', 'F', 'answer', 'marks', 'negative', 'solution', 'section', 'difficulty', 'tags'] as const;
export const OPTION_COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

/** The type names the `type` column takes (lower case). */
export const TYPES: Record<string, InteropQuestion['type']> = {
  multiple_choice: 'multiple_choice',
  'multiple choice': 'multiple_choice',
  mcq: 'multiple_choice',
  mc: 'multiple_choice',
  true_false: 'true_false',
  'true/false': 'true_false',
  'true false': 'true_false',
  tf: 'true_false',
  fill_ups: 'fill_ups',
  'fill in the blanks': 'fill_ups',
  blank: 'fill_ups',
  blanks: 'fill_ups',
  integer: 'integer',
  number: 'integer',
  comprehension: 'comprehension',
  passage: 'comprehension',
};

/** A cell as our HTML: HTML as written, plain text as paragraphs. */
const cellHtml = (cell: string) => (/^\s*<(p|div|b|i|u|strong|em|img|table|span|sub|sup|br|ul|ol)\b/i.test(cell) ? cell.trim() : plainToHtml(cell));
/** Our HTML as a cell: plain text when that holds it exactly, else the HTML. */
const htmlCell = (html: string) => (isPlainHtml(html) ? htmlToPlain(html).text : html);

const RANGE = /^(-?\d+(?:\.\d+)?)\s*(?:-|–|to|\.\.)\s*(-?\d+(?:\.\d+)?)$/i;

export function rowsOf(sections: InteropSection[], losses: Losses): { row: Row; label: string }[] {
  const rows: { row: Row; label: string }[] = [];
  const sectionOf = new Map(sections.flatMap((s) => s.questions.map((q) => [q, s.name ?? ''] as const)));
  let section = '';
  for (const { question: q, label, passage } of labelledQuestions(sections)) {
    section = passage ? section : (sectionOf.get(q) ?? '');
    const row: Row = {
      type: (passage ? '+' : '') + q.type,
      question: htmlCell(q.type === 'comprehension' ? q.paragraph : q.name),
      section,
      answer: q.type === 'comprehension' ? '' : answerText(q, 'ABCDEF', ','),
    };
    if (q.type === 'multiple_choice') {
      if (q.options.length > OPTION_COLUMNS.length) losses.add('tooManyOptions', label, String(OPTION_COLUMNS.length));
      q.options.slice(0, OPTION_COLUMNS.length).forEach((o, i) => (row[OPTION_COLUMNS[i]] = htmlCell(o.name)));
    }
    if (q.type !== 'integer' && q.solution) row.solution = htmlCell(q.solution);
    if (q.marks) row.marks = String(q.marks.positive);
    if (q.isNegativeMarkingEnabled && q.marks?.negative) row.negative = String(q.marks.negative);
    if (q.difficultyLevel) row.difficulty = q.difficultyLevel;
    if (q.tags?.length) row.tags = q.tags.join(', ');
    rows.push({ row, label });
  }
  return rows;
}

function readRow(row: Row, type: Exclude<InteropQuestion['type'], 'comprehension'>, number: number, problems: Problems): ParsedChildQuestion | null {
  const name = cellHtml(row.question ?? '');
  const answer = (row.answer ?? '').trim();
  const fail = (code: string, message: string) => (problems.error(number, code, message), null);
  if (!name) return fail('emptyQuestion', 'the question has no text');
  switch (type) {
    case 'multiple_choice': {
      const options = OPTION_COLUMNS.map((c) => row[c]?.trim() ?? '').filter(Boolean);
      const letters = answer
        .toUpperCase()
        .split(/[\s,;&]+|(?<=[A-F])(?=[A-F])/)
        .filter(Boolean);
      if (options.length < 2) return fail('tooFewOptions', 'a question needs two options or more');
      if (!letters.length) return fail('noCorrectAnswer', 'the answer column is empty');
      const bad = letters.find((l) => !/^[A-F]$/.test(l) || 'ABCDEF'.indexOf(l) >= options.length);
      if (bad) return fail('answerNotAnOption', `the answer "${bad}" is not one of the options`);
      return { type, name, solution: '', options: options.map((o, i) => ({ name: cellHtml(o), isCorrect: letters.includes('ABCDEF'[i]) })) };
    }
    case 'true_false': {
      const right = /^(true|t|đúng|참|o|yes)$/i.test(answer) ? true : /^(false|f|sai|거짓|x|no)$/i.test(answer) ? false : null;
      if (right === null) return fail('answerUnreadable', `"${answer}" is neither True nor False`);
      return { type, name, solution: '', options: TRUE_FALSE.map((n, i) => ({ name: n, isCorrect: (i === 0) === right })) };
    }
    case 'integer':
      return /^[-+]?\d+$/.test(answer) ? { type, name, solution: String(Number(answer)) } : fail('answerUnreadable', `"${answer}" is not a whole number`);
    case 'fill_ups': {
      const blanks = answer
        .split(';')
        .map((b) =>
          b
            .split('|')
            .map((a) => a.trim())
            .filter(Boolean),
        )
        .filter((b) => b.length);
      if (!blanks.length) return fail('noCorrectAnswer', 'the answer column is empty');
      return fillUps(
        name,
        blanks.map((b) => b.map((a) => (RANGE.test(a) ? rangeAnswer(Number(RANGE.exec(a)![1]), Number(RANGE.exec(a)![2])) : wordAnswer(a)))),
      );
    }
  }
}

const DIFFICULTIES: Record<string, DifficultyLevel> = { easy: 'easy', medium: 'medium', hard: 'hard' };

/** Rows of a table by its header row (the columns above, any order and case); null when there is no such header. */
function rowsByHeader(table: string[][]): Row[] | null {
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  if (!header.includes('type') || !header.includes('question')) return null;
  const columns = header.map((h) => COLUMNS.find((c) => c.toLowerCase() === h) ?? null);
  return table.slice(1).map((cells) => Object.fromEntries(columns.flatMap((c, i) => (c && cells[i] !== undefined ? [[c, cells[i]]] : []))) as Row);
}

/** The questions of a table (a CSV file's or a sheet's cells), or why there are none: no header row. */
export function questionsOfTable(table: string[][], format: 'csv' | 'xlsx'): ImportResult {
  const rows = rowsByHeader(table);
  if (!rows)
    return {
      format,
      sections: [],
      questionCount: 0,
      problems: [
        {
          severity: 'error',
          question: null,
          code: 'noHeader',
          message: `the first row must name the columns: ${COLUMNS.join(', ')} (or other names with a column mapping: docs/interop.md)`,
        },
      ],
    };
  return questionsOf(rows, format);
}

export function questionsOf(rows: Row[], format: 'csv' | 'xlsx', firstRow = 2): ImportResult {
  const problems = new Problems(format);
  const sections: InteropSection[] = [];
  let passage: Extract<InteropQuestion, { type: 'comprehension' }> | null = null;
  rows.forEach((row, i) => {
    const number = i + 1;
    const rawType = (row.type ?? '').trim().toLowerCase();
    if (!rawType && !row.question?.trim()) return; // a blank row
    const child = rawType.startsWith('+');
    const type = TYPES[rawType.replace(/^\+\s*/, '').replace(/\s+/g, ' ')];
    if (!type)
      return problems.error(
        number,
        'unknownTypeName',
        `row ${firstRow + i}: unknown type "${row.type}" (${Object.keys(TYPES)
          .filter((t) => t.includes('_'))
          .join(', ')})`,
      );
    const sectionName = row.section?.trim() || null;
    if (!child || !passage) {
      if (child) problems.warning(number, 'notAttached', `row ${firstRow + i}: "+" but no passage above it: read as a question of its own`);
      const last = sections[sections.length - 1];
      if (!last || last.name !== sectionName) sections.push({ name: sectionName, questions: [] });
    }
    const section = sections[sections.length - 1];
    if (type === 'comprehension') {
      passage = { type, name: '', solution: '', paragraph: cellHtml(row.question ?? ''), questions: [] };
      section.questions.push(passage);
      return;
    }
    const question = readRow(row, type, number, problems);
    if (!question) return;
    const marks = row.marks?.trim() ? Number(row.marks) : NaN;
    const negative = row.negative?.trim() ? Number(row.negative) : 0;
    if (row.marks?.trim() && !Number.isFinite(marks))
      problems.warning(number, 'marksUnreadable', `row ${firstRow + i}: marks "${row.marks}" cannot be read: the default kept`);
    if (Number.isFinite(marks)) Object.assign(question, marksFrom(marks, Number.isFinite(negative) ? negative : 0));
    if (question.type !== 'integer' && row.solution?.trim()) question.solution = cellHtml(row.solution);
    const difficulty = DIFFICULTIES[row.difficulty?.trim().toLowerCase() ?? ''];
    if (row.difficulty?.trim() && !difficulty)
      problems.warning(number, 'unknownDifficulty', `row ${firstRow + i}: difficulty "${row.difficulty}" is not easy, medium or hard`);
    if (difficulty) question.difficultyLevel = difficulty;
    const tags = (row.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (tags.length) question.tags = tags;
    if (child && passage) passage.questions.push(question);
    else {
      passage = null;
      section.questions.push(question);
    }
  });
  const kept = sections
    .map((s) => ({ ...s, questions: s.questions.filter((q) => q.type !== 'comprehension' || q.questions.length) }))
    .filter((s) => s.questions.length);
  for (const [i, row] of rows.entries())
    if (
      /^(comprehension|passage)$/i.test(row.type?.trim() ?? '') &&
      !kept.some((s) => s.questions.some((q) => q.type === 'comprehension' && q.paragraph === cellHtml(row.question ?? '')))
    )
      problems.error(i + 1, 'emptyPassage', `row ${firstRow + i}: a passage with no questions ("+type" rows) after it`);
  const count = kept.reduce((n, s) => n + s.questions.reduce((m, q) => m + (q.type === 'comprehension' ? q.questions.length : 1), 0), 0);
  return { format, sections: kept, problems: problems.list, questionCount: count };
}

/** The template a tutor downloads: the header and one example row of each type. */
export const TEMPLATE_ROWS: Row[] = [
  {
    type: 'multiple_choice',
    question: 'What is the SI unit of force?',
    A: 'Joule',
    B: 'Newton',
    C: 'Watt',
    D: 'Pascal',
    answer: 'B',
    marks: '4',
    negative: '1',
    solution: 'A newton gives 1 kg an acceleration of 1 m/s².',
    section: 'Physics',
    difficulty: 'easy',
    tags: 'units, physics',
  },
  {
    type: 'multiple_choice',
    question: 'Which of these are vectors?',
    A: 'Velocity',
    B: 'Speed',
    C: 'Force',
    D: 'Mass',
    answer: 'A,C',
    marks: '2',
    section: 'Physics',
  },
  { type: 'true_false', question: 'Light travels faster than sound.', answer: 'True', marks: '1', section: 'Physics' },
  { type: 'integer', question: 'How many legs does a spider have?', answer: '8', marks: '1', section: 'Biology' },
  { type: 'fill_ups', question: 'The capital of Japan is ____ and √2 is about ____.', answer: 'Tokyo | Tōkyō; 1.41 - 1.42', marks: '2', section: 'Mixed' },
  { type: 'comprehension', question: 'The Nile is the longest river in Africa. It flows north into the Mediterranean Sea.', section: 'Reading' },
  { type: '+true_false', question: 'The Nile flows south.', answer: 'False', section: 'Reading' },
  { type: '+multiple_choice', question: 'Into which sea does the Nile flow?', A: 'Red Sea', B: 'Mediterranean Sea', answer: 'B', section: 'Reading' },
];

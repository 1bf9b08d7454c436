import { inlinesHtml, isBlankLine, lineOf, plainText, sliceInlines, trimInlines, OBJECT } from '../content/inlines';
import type { Inline, Paragraph } from '../docx/document';
import { keyEntriesOf, type KeyEntry } from './assemble';
import { bankColumns, type BankColumns } from './bankTable';
import { newQuestion, type QuestionDraft } from './draft';
import { lookOf, tickOf } from './formatMarks';
import { answerKeyStart, asciiDigits, fieldOf, optionLabelsOf, questionNumberOf, withoutQuestionWords } from './patterns';

/**
 * The layouts of teachers' papers that are not line-by-line questions: lines broken with
 * Shift+Enter, headings and instructions between questions, "Directions (Q. 1-5)" passages,
 * answer keys without a heading, options in a table, and tables of questions.
 */

/** A paragraph cut at its line breaks (Shift+Enter): each line is read as a paragraph of its own, at the same place. */
export function splitLines(paragraphs: Paragraph[]): { lines: Paragraph[]; continued: WeakSet<Paragraph> } {
  const lines: Paragraph[] = [];
  const continued = new WeakSet<Paragraph>();
  for (const paragraph of paragraphs) {
    const line = lineOf(paragraph.inlines);
    if (!line.includes('\n')) {
      lines.push(paragraph);
      continue;
    }
    let start = 0;
    for (const piece of line.split('\n')) {
      const inlines = sliceInlines(paragraph.inlines, start, start + piece.length);
      start += piece.length + 1;
      if (isBlankLine(inlines) && !inlines.some((i) => i.kind !== 'text')) continue;
      const part = { ...paragraph, inlines };
      if (lines.at(-1)?.index === paragraph.index) continued.add(part);
      lines.push(part);
    }
  }
  return { lines, continued };
}

/** "Question 2:", "Câu 2.", "Q2)": a question's heading, as it may be glued inside another line (its text after it, or on the next line). */
const INNER_START = /(?<=\s)(?:Question|QUESTION|Câu|CÂU|Q|Bài|문제)\s*\.?\s*(\d{1,4})\s*[:.)](?:\s+(?=\S)|\s*$)/gu;

/**
 * A paper that went PDF → Word glues the next question's heading to the end of the line before
 * ("D. char Question 2: Which type…"). Cross-checked by the numbers: the heading inside the line
 * must be the next question's (one more than the last question started), or it stays text.
 */
export function splitGluedStarts(lines: Paragraph[], continued: WeakSet<Paragraph>): Paragraph[] {
  const out: Paragraph[] = [];
  let last = 0;
  for (const line of lines) {
    const text = lineOf(line.inlines);
    const own = line.cell ? null : questionNumberOf(text);
    if (own) last = own.number;
    const inner = line.cell ? undefined : [...text.matchAll(INNER_START)].find((m) => Number(m[1]) === last + 1 && m.index! > (own ? 0 : -1));
    if (!inner || !text.slice(0, inner.index).trim()) {
      out.push(line);
      continue;
    }
    const rest = { ...line, inlines: sliceInlines(line.inlines, inner.index!) };
    continued.add(rest);
    out.push({ ...line, inlines: sliceInlines(line.inlines, 0, inner.index!) }, rest);
    last += 1;
  }
  return out;
}

/** "PART II – GRAMMAR", "Section B", "PHẦN I. TRẮC NGHIỆM", "II. READING", a Heading style, a short line in capitals. */
const HEADING_WORDS = /^\s*(?:part|section|phần|chapter|unit|module|파트|영역|제\s*\d+\s*부)\s*(?:[IVXLC]+\b|\d{1,2}\b|[A-Z]\b)/i;
/** "II. READING", "三、判断题": a part numbered in Roman or Chinese numerals. */
const ROMAN_HEADING = /^\s*(?:[IVX]{1,4}\s*[.)–-]\s+|[一二三四五六七八九十]{1,3}\s*[、.．]\s*)\S/;
export function isHeading(paragraph: Paragraph, line: string): boolean {
  const text = line.replaceAll(OBJECT, '').trim();
  if (!text || text.length > 90) return false;
  if (/^(heading|title|subtitle)/i.test(paragraph.style ?? '')) return true;
  if (HEADING_WORDS.test(text) || ROMAN_HEADING.test(text)) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && !/[?？؟]/.test(text) && text.split(/\s+/).length <= 10
  );
}

/** "Mark the letter A, B, C, or D…", "Choose the correct answer to each of the following questions": a note to students, not a question's text. */
const INSTRUCTION =
  /\b(?:(?:each of )?the following (?:questions|sentences|items|statements)|answer (?:all|the following) questions|questions? \d+\s*(?:-|–|to)\s*\d+)\b|các câu (?:hỏi )?(?:sau|dưới đây)|từ câu \d+|다음 물음|물음에 답하시오/i;
export const isInstruction = (line: string) => INSTRUCTION.test(line);

/**
 * "Directions (Q. 1-5): Read the passage…", "Read the passage and answer questions 6 to 10",
 * "Đọc đoạn văn sau và trả lời các câu hỏi từ 1 đến 5", "[1~3] 다음 글을 읽고", "【 4- 5】": a passage whose
 * questions are the ones in the range it names.
 */
const DIRECTIONS_START =
  /^\s*(?:directions?|instructions?|read|study|look at|use the|questions?\s+\d|questions?\s+context\b|đọc|dựa vào|cho đoạn|(?:đề bài|dữ kiện|thông tin)(?:\s+\S+){0,3}\s+(?:dành|dùng) cho|[[【［〔]\s*\d{1,4}\s*[~～\-–]\s*\d{1,4}\s*[\]】］〕]|다음)/i;
const RANGE =
  /(?:questions?\s+context\s*[:：]?|questions?|blanks?|gaps?|items?|q\s*\.?\s*(?:nos?\.?)?|qs\.?|câu(?:\s*hỏi)?(?:\s*từ)?(?:\s*câu)?|từ|문항|^\s*[[【［〔])\s*(?:from\s+|nos?\.?\s*)?\(?\s*(\d{1,4})\s*(?:-|–|—|to|~|～|đến|through|and|và|&)\s*(?:câu\s*)?(\d{1,4})/i;
export function directionsRange(line: string): [number, number] | null {
  if (!DIRECTIONS_START.test(line)) return null;
  const match = RANGE.exec(asciiDigits(line).slice(0, 200));
  if (!match) return listedRange(asciiDigits(line).slice(0, 200));
  const [from, to] = [Number(match[1]), Number(match[2])];
  return from < to && to - from < 50 ? [from, to] : null;
}

/** "… trả lời câu hỏi 17, 18, 19, 20", "dành cho câu 43, câu 44", "questions 5 and 6": numbers listed one by one, each the next. */
export const LISTED = /(?:questions?|items?|câu(?:\s*hỏi)?|문항)\s*(\d{1,4}(?:\s*(?:,|và|and|&)\s*(?:câu\s*|questions?\s*)?\d{1,4}){1,20})/i;
function listedRange(line: string): [number, number] | null {
  const listed = LISTED.exec(line);
  const numbers = listed ? listed[1].match(/\d{1,4}/g)!.map(Number) : [];
  return numbers.length >= 2 && numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1) ? [numbers[0], numbers.at(-1)!] : null;
}

/** "Read the following passage…", "In the following passage there are blanks…", "Đọc đoạn văn sau…", "다음 글을 읽고…" without a range: a passage whose questions follow it. */
const PASSAGE_START =
  /^\s*(?:(?:directions?\s*[:.\-–]?\s*)?(?:read the|in the) (?:following |given )?(?:passage|text|article|extract|poem|story|paragraph|conversation|dialogue)|đọc (?:kĩ |kỹ )?(?:đoạn văn|đoạn thông tin|bài đọc|văn bản|đoạn trích|bài văn)|다음 글을 읽고)/i;
export const isPassageStart = (line: string) => PASSAGE_START.test(line);

/** A numbered blank in running text: "(17) ______", "__(17)__", "17. ______", "[17] …". */
const NUMBERED_BLANK = /\((\d{1,3})\)\s*(?:_{2,}|…|\.{3,})|_{2,}\s*\((\d{1,3})\)|\[(\d{1,3})\]\s*(?:_{2,}|…|\.{3,})|(?<![\d.])(\d{1,3})\s*[.)]\s*_{3,}/gu;
/**
 * A cloze passage: text with two numbered blanks or more, counting up from `next` (the question
 * that comes next), whose questions are the blanks' numbers. Null for anything else.
 */
export function clozeRange(line: string, next: number): [number, number] | null {
  const numbers = [...line.matchAll(NUMBERED_BLANK)].map((m) => Number(m[1] ?? m[2] ?? m[3] ?? m[4]));
  if (numbers.length < 2 || numbers[0] !== next || !numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1)) return null;
  return [numbers[0], numbers.at(-1)!];
}

/** A line that is nothing but answer-key entries, `least` or more: "1-A 2-C 3-B", "1.A  2.C  3.D", "1A 2C 3B", "Q1: B  Q2: C", "1. C | 2. ? | 3. A" (a "?" answers nothing). */
// The blanks between entries belong to one place only (before a separator, or after it), so a line
// that is almost a key fails in time proportional to its length, not to 3 to the power of its entries.
const KEY_ONLY = /^\s*(?:\d{1,4}\s*(?:[.:)\-–=]\s*)?(?:[A-Ha-h]|[①-⑩]|\([a-hA-H]\)|Đ|S|T|F|\?)(?![\p{L}\d])\s*(?:[,;.|]\s*)?)+$/u;
export function keyLine(line: string, paragraph: Paragraph, least = 3): KeyEntry[] | null {
  const text = withoutQuestionWords(asciiDigits(line)).replace(/\s*\|\s*/g, ', ');
  if (!KEY_ONLY.test(text)) return null;
  const entries = keyEntriesOf(text.replace(/(\d)\s*(?=[A-Ha-h①-⑩](?![\p{L}\d]))/gu, '$1.'), paragraph);
  return entries.length >= least ? entries.filter((entry) => entry.text !== '?') : null;
}

/** A table cell's text, its paragraphs joined by spaces. */
export const cellText = (cell: Paragraph[]) =>
  cell
    .map((p) => lineOf(p.inlines))
    .join(' ')
    .trim();

/** Options laid out in a table (2×2, 1×4): every filled cell starts with the next label. */
export function optionsTable(rows: Paragraph[][][]): TableOptions | null {
  return labelledCells(rows) ?? labelColumn(rows) ?? labelPairs(rows) ?? buttonRows(rows) ?? truthGrid(rows);
}

/** A column headed for a true-or-false mark: "Vrai/Faux", "True / False", "T/F", "Đúng/Sai". */
const TRUTH_COLUMN =
  /^(?:vrai|true|t|v|đúng|đ|richtig|r|wahr|w|verdadero|verdadeiro|benar|b|doğru|d|참|o)\s*[/|-]\s*(?:faux|false|f|sai|s|falsch|falso|salah|yanlış|y|거짓|x)$/i;
const TRUE_MARK = /^(?:vrai|true|t|v|đúng|đ|richtig|r|wahr|w|verdadero|verdadeiro|benar|b|doğru|d|참|o|✓|✔|x)$/i;

/**
 * "Statement | Vrai/Faux": a question's statements as the rows of a table whose last column is
 * headed for a true-or-false mark: each statement is an option, right when its mark says true
 * (left blank for the pupil, none is). Two to eight rows under the heading row.
 */
function truthGrid(rows: Paragraph[][][]): TableOptions | null {
  const [head, ...body] = rows;
  if (!head || head.length < 2 || !TRUTH_COLUMN.test(cellText(head[head.length - 1]))) return null;
  const filled = body.filter((cells) => cellText(cells[0] ?? []));
  if (filled.length < 2 || filled.length > 8 || filled.some((cells) => cells.length !== head.length)) return null;
  return filled.map((cells) => ({ ...optionOfCells('', [], [cells[0]]), marked: TRUE_MARK.test(cellText(cells[cells.length - 1])) }));
}

/** A cell holding a picture and no words: a radio button or a box drawn before an option. */
const onlyPicture = (cell: Paragraph[]) => !cellText(cell).split(OBJECT).join('').trim() && cell.some((p) => p.inlines.some((i) => i.kind === 'picture'));

/**
 * "[○] | | Paris": options a learning platform's export writes as table rows, a button's picture
 * before each option's words (Blackboard, Canvas, Moodle copied into Word; the button may be a
 * metafile the reader leaves out). Two to eight rows, each with words in one cell only, the same
 * column in every row, after cells holding a picture or nothing; the answer is told by its look.
 */
function buttonRows(rows: Paragraph[][][]): TableOptions | null {
  const filled = rows.filter((cells) => cells.some((c) => cellText(c)));
  if (filled.length < 2 || filled.length > 8) return null;
  const worded = (cell: Paragraph[]) => !!cellText(cell) && !onlyPicture(cell) && !BOX.test(cellText(cell).trim());
  const column = filled[0].findIndex(worded);
  if (column < 1) return null;
  // Words in that column of every row, and in no other cell.
  if (filled.some((cells) => !cells[column] || !worded(cells[column]) || cells.some((c, i) => i !== column && worded(c)))) return null;
  // The button typed as a character ("☐", "☑"): a ticked one marks the right option.
  const boxes = filled.map((cells) =>
    cells
      .slice(0, column)
      .map((c) => cellText(c).trim())
      .find((text) => BOX.test(text)),
  );
  const boxed = boxes.every((box) => box !== undefined);
  return filled.map((cells, i) => ({ ...optionOfCells('', [], [cells[column]]), marked: boxed && TICKED.test(boxes[i]!) }));
}
/** A box or button typed as one character before an option, and those of them that are ticked. */
const BOX = /^[☐☑☒□■✓✔○●◯◉⚪⚫]$/u;
const TICKED = /^[☑☒■✓✔●◉⚫]$/u;

/** An option read from the cells that hold its words: its first line is its content, the others its further lines. */
function optionOfCells(label: string, labelInlines: Inline[], cells: Paragraph[][]): TableOption {
  const lines = cells.flat().filter((p) => !isBlankLine(p.inlines));
  const paragraph = lines[0] ?? cells[0][0];
  return { label, marked: false, content: paragraph.inlines, labelInlines, paragraph, extra: lines.slice(1).map((p) => inlinesHtml(trimInlines(p.inlines))) };
}

/** Options read from a table; `header`: the rows without labels that head their columns (their words belong to the question). */
export type TableOption = { label: string; marked: boolean; content: Inline[]; labelInlines: Inline[]; paragraph: Paragraph; extra: string[] };
export type TableOptions = TableOption[] & { header?: Paragraph[] };

/**
 * "① | ㄱ, ㄴ | ② | ㄱ, ㄷ | …": each label alone in a cell, its option in the cells after it up to
 * the next label, along a row (a 1 × 10 table), row after row (5 × 2, 3 + 2), or two options to a
 * row under a row that heads the columns ("㉠ | ㉡ | ㉠ | ㉡", then "① | a | b | ② | c | d"): read
 * in reading order, the labels counting from the first. Each option's cells are joined as its lines.
 */
function labelPairs(rows: Paragraph[][][]): TableOptions | null {
  const filled = rows.filter((cells) => cells.some((c) => cellText(c)));
  const labelOf = (cell: Paragraph[], index: number) => {
    const text = cellText(cell);
    const [label] = optionLabelsOf(text, index);
    return label && label.index === index && !text.slice(label.end).trim() ? text.trim() : null;
  };
  // The first rows with no label at all (a title, the columns' names) head the options.
  let head = 0;
  while (head < filled.length - 2 && !filled[head].some((cell) => optionLabelsOf(cellText(cell), null).length > 0)) head++;
  const headed = head > 0;
  const cells = filled
    .slice(head)
    .flat()
    .filter((cell) => cellText(cell));
  const runs: { label: string; labelCell: Paragraph[]; text: Paragraph[][] }[] = [];
  for (const cell of cells) {
    const label = labelOf(cell, runs.length);
    if (label) runs.push({ label, labelCell: cell, text: [] });
    else if (runs.length && optionLabelsOf(cellText(cell), null).length === 0) runs.at(-1)!.text.push(cell);
    else return null;
  }
  // Under heading rows every option fills as many cells as its siblings (the columns the heading names).
  const uniform = new Set(runs.map((run) => run.text.length)).size === 1;
  if (runs.length < 2 || runs.some((run) => run.text.length === 0) || (!headed && runs.some((run) => run.text.length > 1)) || (headed && !uniform)) return null;
  const options: TableOptions = runs.map(({ label, labelCell, text }) => optionOfCells(label, labelCell[0]?.inlines ?? [], text));
  if (headed)
    options.header = filled
      .slice(0, head)
      .flat(2)
      .filter((p) => !isBlankLine(p.inlines));
  return options;
}

/** "A. | Paris" rows: a label alone in the first cell, the option in the second (a tick in a third marks it). */
function labelColumn(rows: Paragraph[][][]) {
  const filled = rows.filter((cells) => cells.some((c) => cellText(c)));
  if (filled.length < 2 || filled.some((cells) => cells.length < 2)) return null;
  const options = [];
  for (const [i, cells] of filled.entries()) {
    const labelText = cellText(cells[0]);
    const [label] = optionLabelsOf(labelText, i);
    if (!label || label.index !== i || labelText.slice(label.end).trim()) return null;
    const paragraph = cells[1][0] ?? cells[0][0];
    const mark = cells.slice(2).map(cellText).join(' ');
    options.push({
      label: labelText.trim(),
      marked: label.marked || /^(?:\*|✓|✔|☑|✅|yes|correct|đúng|정답)$/i.test(mark.trim()),
      content: paragraph?.inlines ?? [],
      labelInlines: cells[0][0]?.inlines ?? [],
      paragraph,
      extra: cells[1]
        .slice(1)
        .filter((p) => !isBlankLine(p.inlines))
        .map((p) => inlinesHtml(trimInlines(p.inlines))),
    });
  }
  return options;
}

function labelledCells(rows: Paragraph[][][]) {
  const cells = rows.flat().filter((cell) => cellText(cell));
  if (cells.length < 2) return null;
  const options = [];
  for (const [i, cell] of cells.entries()) {
    const line = lineOf(cell[0].inlines);
    const [label] = optionLabelsOf(line, i);
    if (!label || label.index !== i) return null;
    options.push({
      label: line.slice(label.start, label.end).trim(),
      marked: label.marked,
      content: sliceInlines(cell[0].inlines, label.end),
      labelInlines: sliceInlines(cell[0].inlines, label.start, label.end),
      paragraph: cell[0],
      extra: cell
        .slice(1)
        .filter((p) => !isBlankLine(p.inlines))
        .map((p) => inlinesHtml(trimInlines(p.inlines))),
    });
  }
  return options;
}

/**
 * A table that only lays text out: a one-cell box, or a cell that holds a whole question (its
 * number and more paragraphs after it), as in papers set in two columns.
 */
export function isLayoutTable(rows: Paragraph[][][], numberedByWord: (paragraph: Paragraph) => boolean = () => false): boolean {
  const cells = rows.flat().filter((cell) => cellText(cell) || cell.some((p) => p.inlines.some((i) => i.kind !== 'text')));
  if (cells.length === 1 && rows.length === 1 && rows[0].length === 1) return true;
  // One row that starts with a question's number ("4." | picture | its text): the question laid out side by side.
  const startsQuestion = (cell: Paragraph[]) => questionNumberOf(cellText(cell)) !== null || (cell[0] !== undefined && numberedByWord(cell[0]));
  // (Word's number may stand alone in its cell, the question's text and picture in the next.)
  if (rows.length === 1 && rows[0].length >= 2 && cells.length >= 1 && startsQuestion(rows[0][0])) return true;
  return cells.some(
    (cell) => cell.length >= 2 && cell.some((p) => questionNumberOf(lineOf(p.inlines)) !== null) && cell.filter((p) => !isBlankLine(p.inlines)).length >= 3,
  );
}

/** A grid row's first cell: a question's number alone ("1.", "5", "Câu 5"), an option's label alone ("A.", "Б"), or neither. */
type GridCell = { kind: 'number' } | { kind: 'label'; index: number } | null;
function gridCell(text: string, expected: number): GridCell {
  const trimmed = text.trim();
  if (isNumber(trimmed)) return { kind: 'number' };
  // A letter alone in its cell is a label when it is the letter expected next ("А", then "Б"): the cell is its stop.
  const [label] = optionLabelsOf(/^\p{L}$/u.test(trimmed) ? `${trimmed}.` : trimmed, expected);
  return label && !trimmed.slice(label.end).trim() ? { kind: 'label', index: label.index } : null;
}

/**
 * Questions laid out as a grid, their number or an option's label alone in the first cell and
 * the words in the next: one table a question ("1." | text, "A." | option …, perhaps its key in
 * the last row, "Kunci Jawaban = A"), or a whole paper in one table ("5" | text, "А" | option …).
 * Each row is then one line of the page. Read so when the first row is numbered and nearly every
 * row is a number or the next option's label (a few rows may be neither: a key, a label mistyped).
 */
export function isQuestionGrid(rows: Paragraph[][][]): boolean {
  const filled = rows.filter((cells) => cells.some((c) => cellText(c)));
  if (filled.length < 3 || filled[0].length < 2) return false;
  let expected = 0;
  let numbers = 0;
  let labels = 0;
  let keys = 0;
  for (const [at, cells] of filled.entries()) {
    const cell = gridCell(cellText(cells[0]), expected);
    const words = cells.slice(1).some((c) => cellText(c));
    if (at === 0 && (cell?.kind !== 'number' || !questionNumberOf(`${cellText(cells[0]).trim()}. x`))) return false;
    if (cell?.kind === 'number') [numbers, expected] = [numbers + 1, 0];
    else if (cell?.kind === 'label' && cell.index === expected && words) [labels, expected] = [labels + 1, expected + 1];
    // "Đáp án" | "C": the question's key in a row of its own.
    else if (words && fieldOf(`${cellText(cells[0]).trim()}\t${cellText(cells[1] ?? [])}`)?.kind === 'answer') keys += 1;
  }
  return labels >= 2 && labels + numbers + keys >= Math.min(filled.length - 2, Math.ceil(filled.length * 0.9));
}

/** A grid row as one line: the paragraphs of its cells, a tab between cells; a bare number or letter in the first cell gets its stop ("5" → "5."). */
export function rowAsLine(cells: Paragraph[][]): Inline[] {
  const first = cellText(cells[0] ?? []).trim();
  const stop = /^(?:\d{1,4}|\p{L})$/u.test(first) ? [plainText('.')] : [];
  return (
    cells
      // (A cell's paragraphs read as one line, a space between them: "…fyod gohihik." then "Gyhm gu …".)
      .map((cell, i) => [
        ...cell.flatMap((p, k) => (k > 0 && p.inlines.length ? [plainText(' '), ...p.inlines] : p.inlines)),
        ...(i === 0 && cell.length ? stop : []),
      ])
      .filter((inlines) => inlines.length > 0)
      .flatMap((inlines, i) => (i === 0 ? inlines : [plainText('\t'), ...inlines]))
  );
}

/**
 * A question boxed in a table of one column ("Question 1 –" in the first row, its text in the
 * next, an option a row): the box is layout. Its lines are read as lines of the page, so every
 * convention (unlabelled options, bold marks) sees them as it would outside a table.
 */
export function unboxQuestions(lines: Paragraph[]): { lines: Paragraph[]; options: Set<Paragraph> } {
  const tables = new Map<number, Paragraph[]>();
  for (const line of lines) if (line.cell) tables.set(line.cell.table, [...(tables.get(line.cell.table) ?? []), line]);
  const boxes = new Set<number>();
  /** Rows after the question's text holding one line each: its options (two or more), as the box lays them out. */
  const rowOptions = new Set<Paragraph>();
  for (const [table, own] of tables) {
    const filled = own.filter((p) => !isBlankLine(p.inlines) || p.inlines.some((i) => i.kind !== 'text'));
    const rows = new Set(own.map((p) => p.cell!.row));
    // One column: no row has text in two cells (counted once per row, not line against line).
    const columnsOfRow = new Map<number, Set<number>>();
    for (const p of filled) columnsOfRow.set(p.cell!.row, (columnsOfRow.get(p.cell!.row) ?? new Set()).add(p.cell!.column));
    const oneColumn = [...columnsOfRow.values()].every((columns) => columns.size === 1);
    if (rows.size < 3 || !oneColumn || !filled[0] || questionNumberOf(lineOf(filled[0].inlines)) === null) continue;
    boxes.add(table);
    const byRow = [...rows].sort((a, b) => a - b).map((row) => filled.filter((p) => p.cell!.row === row));
    const single = byRow.slice(2).filter((row) => row.length === 1);
    if (single.length >= 2 && byRow.slice(2).every((row) => row.length <= 1)) for (const [line] of single) rowOptions.add(line);
  }
  if (!boxes.size) return { lines, options: rowOptions };
  const unboxed = new Map<Paragraph, Paragraph>();
  const out = lines.map((line) => {
    if (!line.cell || !boxes.has(line.cell.table)) return line;
    const open = { ...line, cell: null };
    unboxed.set(line, open);
    return open;
  });
  return { lines: out, options: new Set([...rowOptions].map((line) => unboxed.get(line)!)) };
}

/** A key table's title: "ĐÁP ÁN MÃ ĐỀ 132", "Answer key – Set B", "정답표". */
const KEY_TITLE = /^\s*(?:bảng\s*)?(?:answer\s*key|answers|key|đáp\s*án|정답)(?![\p{L}])/iu;

/** A key laid out as a table: numbers beside or above answers (a letter, ①, T/F, Đ/S), three or more. */
/**
 * A key with a column for each part of the paper: a header row naming the parts ("S/N | Civil
 * Litigation | Criminal Litigation | …"), then a row a question number ("1 | B | D | C | B"), each
 * column the answers of one part. A few cells may say there is no answer ("BONUS", "NONE", blank).
 * The part columns' names; null for any other table.
 */
export function partColumnsOf(rows: Paragraph[][][]): string[] | null {
  if (rows.length < 4) return null;
  const names = rows[0].slice(1).map(cellText);
  const width = names.findLastIndex((n) => n !== '') + 1;
  if (width < 2 || names.slice(0, width).some((n) => !/\p{L}{2}/u.test(n) || /^\d/.test(n))) return null;
  let answers = 0;
  let others = 0;
  for (const cells of rows.slice(1)) {
    if (!/^\d{1,4}[.)]?$/.test(cellText(cells[0] ?? []))) return null;
    for (const cell of cells.slice(1, width + 1)) {
      const t = cellText(cell);
      if (/^[A-Ha-h]$/.test(t)) answers++;
      else if (t) others++;
    }
  }
  // Answers in half the cells at least (a question may have none yet); few cells of words.
  return answers >= 3 && answers * 2 >= (rows.length - 1) * width && others * 5 <= answers ? names.slice(0, width) : null;
}

export function isKeyTable(rows: Paragraph[][][]): boolean {
  if (partColumnsOf(rows)) return true;
  // A table titled as a key in its own first row ("ANSWER KEY" across the columns).
  const title = cellText(rows[0]?.[0] ?? []);
  if (title && (answerKeyStart(title) !== null || KEY_TITLE.test(title)) && rows.length >= 2) return true;
  const texts = rows.flat().map(cellText).filter(Boolean);
  // Parts ("PHẦN I") are titles of a key in parts; "Câu 1" is a number.
  const parts = texts.filter((t) => /^(?:phần|part|section)\s*(?:[IVX]+|\d{1,2}|[A-Z])\.?$/i.test(t)).length;
  const numbers = texts.filter((t) => /^\d{1,4}[.)]?$/.test(withoutQuestionWords(asciiDigits(t)).trim())).length;
  const answers = texts.filter(
    (t) => /^(?:[A-Ha-h]|[①-⑩]|\(?[a-h]\)|T|F|Đ|S|True|False|Đúng|Sai)$/i.test(t) || /^\d{1,4}\s*[.:)\-–]\s*[A-Ha-h①-⑩]$/.test(t),
  ).length;
  const headers = texts.filter((t) => /^(?:câu|question|q|no\.?|số|ý|lệnh hỏi|문제|번호|문항|đáp án|answer|key|정답|ans)$/i.test(t)).length;
  // Question numbers as well as answers: a table of letters alone is something else (a grid of options, a puzzle).
  return numbers + answers + headers + parts === texts.length && answers >= 3 && (numbers >= 2 || texts.some((t) => /^\d{1,4}\s*[.:)\-–]/.test(t)));
}

const QUESTION_HEADER = /^(?:question|questions|statements?|câu\s*hỏi|nội\s*dung|mệnh\s*đề|phát\s*biểu|문제|문항|질문|진술|stem)$/i;
/** True / False columns of a table of statements, a mark (✓, X) in one of them. */
const TRUE_HEADER = /^(?:t|true|đúng|đ|참|o)$/i;
const FALSE_HEADER = /^(?:f|false|sai|s|거짓|x)$/i;
const NUMBER_HEADER = /^(?:no\.?|#|s\.?\s*no\.?|sl\.?|stt|câu|số|번호|q\.?\s*no\.?|q)$/i;
const ANSWER_HEADER = /^(?:answer|answers|ans\.?|key|correct(?:\s+answer)?|đáp\s*án|정답|답)$/i;
/** The word for "the options" over a column of them, or alone on a line before them ("Options:"), in the languages teachers write. */
export const OPTIONS_HEADER =
  /^(?:phương\s*án(?:\s*trả\s*lời|\s*lựa\s*chọn)?|các\s*phương\s*án|lựa\s*chọn|options?|choices?|answer\s*(?:choices|options)|alternatives?|선택지|보기|답지|选项|選択肢|варианты(?:\s+ответов)?|opciones|opções|pilihan(?:\s+jawaban)?)$/i;
const OPTION_HEADER = /^(?:\(?([a-h])\)?|option\s*([a-h])|phương\s*án\s*([a-h])|([①-⑧]))$/i;

/** Rows of statements with a True and a False column: a true/false question each, the marked column its answer. */
function statementRows(rows: Paragraph[][][], columns: Columns, truth: number, falsity: number): QuestionDraft[] | null {
  const drafts: QuestionDraft[] = [];
  for (const cells of rows) {
    const stem = (cells[columns.question] ?? []).filter((p) => !isBlankLine(p.inlines));
    if (!stem.length) continue;
    const line = stem.map((p) => lineOf(p.inlines)).join(' ');
    const written = questionNumberOf(line);
    const found = columns.number >= 0 ? numberIn(cellText(cells[columns.number] ?? [])) : undefined;
    const number = found !== undefined ? Number(found) : (written?.number ?? null);
    const draft = newQuestion(stem[0], number, number !== null ? String(number) : `${drafts.length + 1}`);
    draft.stem.push(...stem.map((p, i) => inlinesHtml(trimInlines(i === 0 && written ? sliceInlines(p.inlines, written.end) : p.inlines))));
    const marked = (c: number) => cellText(cells[c] ?? []) !== '';
    if (marked(truth) !== marked(falsity))
      draft.answer = { text: marked(truth) ? 'True' : 'False', paragraph: (cells[marked(truth) ? truth : falsity] ?? stem)[0] ?? stem[0] };
    draft.type = { text: 'True/False', paragraph: stem[0] };
    draft.last = Math.max(...cells.flat().map((p) => p.index));
    drafts.push(draft);
  }
  return drafts.length ? drafts : null;
}

/** The number out of the second cell into the first. */
function shiftNumber(cells: Paragraph[][]): Paragraph[][] {
  const numberAt = cells[1].findIndex(isNumberLine);
  return [[cells[1][numberAt]], cells[1].filter((_, i) => i !== numberAt), ...cells.slice(2)];
}

interface Columns {
  number: number;
  question: number;
  options: number[];
  answer: number;
}
const isNumber = (text: string) => {
  const bare = withoutQuestionWords(asciiDigits(text.trim())).trim();
  // "Câu 1.1": a part's number before the question's, with the question's word.
  return /^\d{1,4}[.):]?$/.test(bare) || (bare !== text.trim() && /^\d{1,2}\.\d{1,3}[.):]?$/.test(bare));
};
/** A number cell's number: "3", "3.", "Question 3.", "Câu 3". */
const numberIn = (text: string) => /^(?:\d{1,2}\.(?=\d))?(\d{1,4})/.exec(withoutQuestionWords(asciiDigits(text)).trim())?.[1];
const isNumberCell = (cell: Paragraph[] | undefined) => isNumber(cellText(cell ?? []));
const isNumberLine = (paragraph: Paragraph) => isNumber(lineOf(paragraph.inlines));
const isAnswerText = (text: string) => /^(?:\(?[A-Ha-h]\)?|[①-⑩]|Đ|S|T|F|True|False|Đúng|Sai)\.?$/i.test(text);

/** One row's columns: its number, the first filled cell after it (the question), a letter in the last filled cell (the answer), the filled cells between (the options). */
function rowColumns(cells: Paragraph[][]): Columns {
  const filled = (c: number) => !!cellText(cells[c] ?? []) || (cells[c] ?? []).some((p) => p.inlines.some((i) => i.kind !== 'text'));
  // An empty first cell is the number's place in a row that carries on the question above.
  const number = isNumberCell(cells[0]) || !filled(0) ? 0 : -1;
  // A cloze item's row ("Question 1. | A. whose | B. whom | …"): no words of its own, every cell after the number an option in order.
  const after = cells.map((_, c) => c).filter((c) => c > number && filled(c));
  if (number === 0 && after.length >= 2 && after.every((c, i) => optionLabelsOf(cellText(cells[c]), i)[0]?.index === i))
    return { number, question: -1, options: after, answer: -1 };
  let question = number + 1;
  while (question < cells.length - 1 && !filled(question)) question++;
  let last = cells.length - 1;
  while (last > question && !filled(last)) last--;
  const answer = last > question && isAnswerText(cellText(cells[last])) ? last : -1;
  const options: number[] = [];
  for (let c = question + 1; c < (answer >= 0 ? answer : cells.length); c++) if (filled(c)) options.push(c);
  return { number, question, options, answer };
}

/**
 * The options of a cell that holds them all: when some paragraphs start with a letter (typed or
 * Word's lettering), each of those starts an option and the others carry it on; otherwise every
 * paragraph is an option.
 */
function optionsInCell(paragraphs: Paragraph[], lettered: (p: Paragraph) => boolean): { paragraph: Paragraph; extra: Paragraph[] }[] {
  const parts = paragraphs.flatMap(splitOptions);
  const labelled = (p: Paragraph, expected: number) => lettered(p) || optionLabelsOf(lineOf(p.inlines), expected).length > 0;
  if (!parts.some((p, i) => labelled(p, i))) return parts.map((paragraph) => ({ paragraph, extra: [] }));
  const options: { paragraph: Paragraph; extra: Paragraph[] }[] = [];
  for (const p of parts) {
    if (options.length === 0 || labelled(p, options.length)) options.push({ paragraph: p, extra: [] });
    else options.at(-1)!.extra.push(p);
  }
  return options;
}

/** "A.80% B.85% C.90%": a paragraph holding several lettered options, as one paragraph each. */
function splitOptions(paragraph: Paragraph): Paragraph[] {
  const line = lineOf(paragraph.inlines);
  // The letter it starts with is the one expected, so "C.3 D.5" (tight, carrying on a list) splits too.
  const first = /^\s*\(?([A-Ha-h])/.exec(line)?.[1];
  const labels = optionLabelsOf(line, first ? first.toLowerCase().charCodeAt(0) - 97 : null);
  if (labels.length < 2) return [paragraph];
  return labels.map((label, i) => ({ ...paragraph, inlines: sliceInlines(paragraph.inlines, label.start, labels[i + 1]?.start ?? line.length) }));
}

/**
 * A table of questions, one per row: (No. |) Question | A | B | C | D (| Answer), or
 * Question | Answer. Known by its header row, or by rows that start with a question number.
 * `carried`: the columns of a bank's table above that this one goes on (bankTable.ts).
 */
export function questionTable(
  rows: Paragraph[][][],
  previous: QuestionDraft | null = null,
  lettered: (p: Paragraph) => boolean = () => false,
  carried: BankColumns | null = null,
): QuestionDraft[] | null {
  rows = rows
    .filter((cells) => cells.some((c) => cellText(c) || c.some((p) => p.inlines.some((i) => i.kind !== 'text'))))
    // A row shifted one cell right (its number in the second cell, the first empty) is a question of its own, never the rest of the one above.
    .map((cells) => (cells.length >= 4 && !cellText(cells[0]) && cells[1].some(isNumberLine) ? shiftNumber(cells) : cells));
  if (rows.length === 0) return null;
  const header = rows[0].map((c) => cellText(c).replace(/[:.]$/, '').trim());
  let byHeader: Columns | null = null;
  // A bank whose header names the right answer's column (bankTable.ts).
  let bank: BankColumns | null = null;
  const question = header.findIndex((h) => QUESTION_HEADER.test(h));
  if (question >= 0 && rows.length >= 2) {
    const lettered = header.map((h, i) => (OPTION_HEADER.test(h) ? i : -1)).filter((i) => i > question);
    const together = header.findIndex((h, i) => i > question && OPTIONS_HEADER.test(h));
    const options = lettered.length ? lettered : together >= 0 ? [together] : [];
    byHeader = { number: header.findIndex((h) => NUMBER_HEADER.test(h)), question, options, answer: header.findIndex((h) => ANSWER_HEADER.test(h)) };
    const truth = header.findIndex((h, i) => i > question && TRUE_HEADER.test(h));
    const falsity = header.findIndex((h, i) => i > question && FALSE_HEADER.test(h));
    if (truth >= 0 && falsity >= 0) return statementRows(rows.slice(1), byHeader, truth, falsity);
    rows = rows.slice(1);
  } else if ((bank = bankColumns(rows) ?? carried)) {
    byHeader = { number: bank.number, question: bank.question, options: bank.options, answer: -1 };
    // The rest of a bank's table, cut from its header (`carried`), starts with a question.
    if (bank !== carried) rows = rows.slice(1);
  } else {
    // No header: rows that start with their number, each with options or an answer after its text (a table split by a page break may start with the rest of the question above).
    const numbered = rows.filter(
      (cells) => cells.length >= 3 && isNumberCell(cells[0]) && rowColumns(cells).options.length + (rowColumns(cells).answer >= 0 ? 1 : 0) > 0,
    ).length;
    // The other rows carry on the question above them (their number cell empty): the rest of a stem, the answer a row lower.
    const carried = rows.filter((cells) => !cellText(cells[0] ?? [])).length;
    if (numbered < (previous ? 1 : 2) || numbered + carried < rows.length || (!previous && !isNumberCell(rows[0][0]))) return null;
  }
  const width = byHeader ? header.length : 0;
  // Without a header, the column most rows answer in is the answer column of every row as wide (one row's answer may be a row lower, its cell empty).
  const answers = new Map<string, number>();
  for (const cells of rows) {
    const found = rowColumns(cells).answer;
    if (found >= 0) answers.set(`${cells.length}:${found}`, (answers.get(`${cells.length}:${found}`) ?? 0) + 1);
  }
  const answerIn = (cells: Paragraph[][]) => {
    const best = [...answers.entries()].filter(([k]) => k.startsWith(`${cells.length}:`)).sort((a, b) => b[1] - a[1])[0];
    return best ? Number(best[0].split(':')[1]) : -1;
  };
  const columnsOf = (cells: Paragraph[][]): Columns => {
    if (byHeader && cells.length === width) return byHeader;
    const own = rowColumns(cells);
    const answer = answerIn(cells);
    return answer > own.question ? { ...own, answer, options: own.options.filter((c) => c < answer) } : own;
  };
  const drafts: QuestionDraft[] = [];
  let above: { columns: Columns; width: number } | null = null;
  for (const cells of rows) {
    // A row carrying on the one above has that row's columns (its own first filled cell may be the answer, a row lower).
    const carries: boolean = !cellText(cells[0] ?? []) && above?.width === cells.length;
    const columns: Columns = carries && above ? above.columns : columnsOf(cells);
    if (!carries) above = { columns, width: cells.length };
    const stem = columns.question >= 0 ? (cells[columns.question] ?? []) : [];
    const found = columns.number >= 0 ? numberIn(cellText(cells[columns.number] ?? [])) : undefined;
    const number = found !== undefined ? Number(found) : null;
    // A row without its number in a numbered table is the rest of the question above, cut by a page break (the row split across tables).
    // (A bank's row with words in its question's cell is a question of its own: Word may number it, leaving the cell's text empty.)
    const upper =
      !(bank && cellText(cells[columns.question] ?? [])) && columns.number >= 0 && number === null && !cellText(cells[columns.number] ?? [])
        ? (drafts.at(-1) ?? previous)
        : null;
    if (!upper && !cellText(stem) && columns.question >= 0) continue;
    const opening = stem.find((p) => !isBlankLine(p.inlines)) ?? stem[0] ?? cells[Math.max(columns.number, 0)][0];
    const draft = upper ?? newQuestion(opening, number, number !== null ? String(number) : `${drafts.length + 1}`);
    // A cell holding the whole question: its text, then its lettered options (a paragraph each, or several to a line).
    const optionsAt = columns.options.length === 0 ? stem.findIndex((p) => optionLabelsOf(lineOf(p.inlines), 0)[0]?.index === 0) : -1;
    const inCell =
      optionsAt > 0
        ? optionsInCell(
            stem.slice(optionsAt).filter((p) => !isBlankLine(p.inlines)),
            lettered,
          )
        : [];
    draft.stem.push(
      ...(optionsAt > 0 ? stem.slice(0, optionsAt) : stem)
        .filter((p) => !isBlankLine(p.inlines) || p.inlines.some((i) => i.kind !== 'text'))
        .map((p) => inlinesHtml(trimInlines(p.inlines))),
    );
    // One options column holds every option, a paragraph each (often Word's lettering); several hold one each.
    const filled = (cell: Paragraph[] | undefined) => (cell ?? []).filter((p) => !isBlankLine(p.inlines) || p.inlines.some((i) => i.kind !== 'text'));
    const options: { paragraph: Paragraph; extra: Paragraph[]; right?: boolean }[] = inCell.length
      ? inCell
      : columns.options.length === 1
        ? optionsInCell(filled(cells[columns.options[0]]), lettered)
        : columns.options.flatMap((column) => {
            const [first, ...rest] = filled(cells[column]);
            return first ? [{ paragraph: first, extra: rest, right: column === bank?.right }] : [];
          });
    const first = draft.options.length;
    options.forEach(({ paragraph, extra, right }, at) => {
      const index = first + at;
      const line = lineOf(paragraph.inlines);
      const [label] = optionLabelsOf(line, index);
      const content = label && label.index === index ? sliceInlines(paragraph.inlines, label.end) : paragraph.inlines;
      const tick = tickOf(lineOf(content));
      const kept = tick ? [...sliceInlines(content, 0, tick.start), ...sliceInlines(content, tick.end)] : content;
      const html = [inlinesHtml(trimInlines(kept)), ...extra.map((p) => inlinesHtml(trimInlines(p.inlines)))].filter(Boolean);
      draft.options.push({
        index,
        html,
        marked: !!tick || !!right,
        markedBy: tick ? 'tick' : right ? 'answerColumn' : undefined,
        look: lookOf([], kept),
        paragraph,
        written: String.fromCharCode(65 + index),
      });
    });
    if (columns.answer >= 0 && cells[columns.answer] && cellText(cells[columns.answer]) && !draft.answer) {
      draft.answer = {
        text: cellText(cells[columns.answer]),
        paragraph: cells[columns.answer].find((p) => !isBlankLine(p.inlines)) ?? cells[columns.answer][0],
      };
    }
    draft.last = Math.max(draft.last, ...cells.flat().map((p) => p.index));
    if (!upper) drafts.push(draft);
  }
  return drafts.length || (previous && rows.length) ? drafts : null;
}

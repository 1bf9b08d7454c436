import type { Paragraph } from '../docx/document';

/**
 * A question bank kept as a table, one question a row, its header naming the right answer's
 * column: "№ | Savol | To'g'ri javob | Qo'shimcha javob | Qo'shimcha javob | Qo'shimcha javob"
 * (Uzbek universities' test banks), "Вопрос | Правильный ответ | Неправильный ответ ×3",
 * "Question | Correct answer | Distractor 1 | Distractor 2". The right answer is written out in
 * its column, not named by a letter; the other columns are the other options.
 *
 * Read from the header's shape, whatever its words: the alternatives are the columns that share
 * one heading (digits and punctuation aside), two or more; the right answer's column is the one
 * headed as such in a language we know, else the column of a heading of its own right before
 * them; the question's column is before it, a number's before that. Cross-checked on the rows: as
 * wide as the header, three or more, most with words in the question's and the right answer's
 * columns.
 */
export interface BankColumns {
  number: number;
  question: number;
  /** The right answer's column and the alternatives', as the row reads them. */
  options: number[];
  right: number;
}

const RIGHT_HEADER =
  /^(?:to\s*g\s*ri\s+javob|правильный\s+ответ|верный\s+ответ|дұрыс\s+жауап|correct\s+answer|right\s+answer|correct\s+option|đáp\s+án\s+đúng|jawaban\s+benar|respuesta\s+correcta|resposta\s+correta|doğru\s+cevap|正确答案|정답)$/iu;
const QUESTION_HEADER =
  /^(?:savol|savollar|вопрос|вопросы|текст\s+вопроса|сұрақ|soal|pertanyaan|pregunta|domanda|frage|soru|question|questions|câu\s+hỏi|문제|题目)$/iu;

/** A heading as compared: lower case, letters and spaces only ("Distractor 2" and "distractor" alike). */
const headingOf = (cell: Paragraph[]) =>
  cell
    .map((p) => p.inlines.map((i) => (i.kind === 'text' ? i.text : ' ')).join(''))
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const hasWords = (cell: Paragraph[] | undefined) => headingOf(cell ?? []).length > 0;

export function bankColumns(rows: Paragraph[][][]): BankColumns | null {
  const header = (rows[0] ?? []).map(headingOf);
  const body = rows.slice(1).filter((cells) => cells.length === header.length);
  if (header.length < 4 || body.length < 3) return null;
  const counts = new Map<string, number>();
  for (const h of header) if (h) counts.set(h, (counts.get(h) ?? 0) + 1);
  const [shared, times] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (times < 2) return null;
  const alternatives = header.flatMap((h, c) => (h === shared ? [c] : []));
  const named = header.findIndex((h) => RIGHT_HEADER.test(h));
  const right = named >= 0 ? named : alternatives[0] - 1;
  if (right < 1 || !header[right] || alternatives.includes(right)) return null;
  const asked = header.findIndex((h, c) => c < right && QUESTION_HEADER.test(h));
  const question = asked >= 0 ? asked : right - 1;
  if (!header[question] || alternatives.some((c) => c <= question)) return null;
  const worded = body.filter((cells) => hasWords(cells[question]) && hasWords(cells[right])).length;
  if (worded * 2 < body.length) return null;
  return { number: question > 0 ? question - 1 : -1, question, options: [right, ...alternatives].sort((a, b) => a - b), right };
}

import { isBlankLine, lineOf } from '../content/inlines';
import { rowsOf, type Block } from './blocks';

/**
 * Answers written in a box under their question: a table of one row whose last cell holds a short
 * line and whose other cells are empty (a learning platform's printout: D2L, Moodle, where the
 * empty cell held the radio button or the "Answer:" label), or a first cell that names the answer
 * ("Answer | Paris"). Decided for the whole paper: two such boxes or more, each right after a
 * paragraph with words (the question's text), so a lone one-row table of data is not an answer.
 * Gives the tables (by their number in the document) that are answer boxes.
 */
const ANSWER_LABEL = /^\s*(?:answers?|ans\.?|your answer|correct answer|đáp án|정답|답|respuesta|réponse|resposta|jawaban|ответ|cevap)\s*[:：]?\s*$/i;
const ANSWER_AT_MOST = 120;

export function answerBoxTables(blocks: Block[]): Set<number> {
  const boxes = blocks.flatMap((block, at) => {
    if (block.kind !== 'table') return [];
    const rows = rowsOf(block);
    if (rows.length !== 1 || rows[0].length < 2) return [];
    const cells = rows[0].map((cell) => cell.filter((p) => !isBlankLine(p.inlines)));
    const last = cells[cells.length - 1];
    const labelsOnly = cells.slice(0, -1).every((cell) => cell.length === 0 || (cell.length === 1 && ANSWER_LABEL.test(lineOf(cell[0].inlines))));
    const short = last.length === 1 && lineOf(last[0].inlines).trim().length <= ANSWER_AT_MOST;
    const before = blocks[at - 1];
    const afterWords = before?.kind === 'paragraph' && !isBlankLine(before.paragraph.inlines);
    return labelsOnly && short && afterWords ? [block.table] : [];
  });
  return new Set(boxes.length >= 2 ? boxes : []);
}

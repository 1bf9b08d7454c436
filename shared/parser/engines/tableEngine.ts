import { inlinesHtml, isBlankLine, lineOf, trimInlines, type TableBlock } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { problemAt } from '../problems';
import type { Problem } from '../types';
import type { DraftSection, KeyEntry } from './assemble';
import { blocksOf, rowsOf } from './blocks';
import { newPassage, newQuestion, splitTags, type PassageDraft, type QuestionDraft } from './draft';
import { fieldOf, isPassageEnd } from './patterns';
import { lookOf } from './formatMarks';

/**
 * The tables engine (docs/word-format.md): one table per question, a row per part, the part's
 * name in the first column ("Question", "(a)" or "Option", "Answer", "Solution", "Marks",
 * "Type", "Difficulty", "Tags") and its content in the second; a third column may mark the
 * correct options. A table whose first row is "Passage" opens a comprehension. Between tables,
 * "Section:" lines start sections and "End of passage" closes a passage; other text is a title.
 */

const QUESTION_LABEL = /^(?:q(?:uestion)?|câu(?:\s*hỏi)?|문제|문항)?\s*\.?\s*(\d{1,4})?\s*[.:)]?$/i;
const OPTION_LABEL = /^(?:option|phương\s*án|보기|선택지)?\s*(?:\(?([a-h])\)?[.)]?|([①-⑧]))?\s*(\*)?$/i;
const CORRECT_MARK = /^(?:\*|✓|✔|☑|yes|y|correct|true|đúng|정답|o)$/i;
const CIRCLED = '①②③④⑤⑥⑦⑧';

const textOf = (cell: Paragraph[] | undefined) =>
  (cell ?? [])
    .map((p) => lineOf(p.inlines))
    .join(' ')
    .trim();
const htmlOf = (cell: Paragraph[] | undefined) => (cell ?? []).filter((p) => !isBlankLine(p.inlines)).map((p) => inlinesHtml(trimInlines(p.inlines)));

export function tableEngine(paragraphs: Paragraph[], problems: Problem[]): { sections: DraftSection[]; key: KeyEntry[] } {
  const sections: DraftSection[] = [{ name: null, items: [] }];
  let passage: PassageDraft | null = null;
  let count = 0;
  const section = () => sections[sections.length - 1];
  const closePassage = () => {
    if (passage) section().items.push(passage);
    passage = null;
  };

  const readTable = (block: TableBlock) => {
    const rows = rowsOf(block).filter((cells) => cells.some((c) => textOf(c) || c.some((p) => !isBlankLine(p.inlines))));
    const first = rows[0];
    if (!first) return;
    const firstField = fieldOf(`${textOf(first[0])}:`);
    if (firstField?.kind === 'passage') {
      closePassage();
      passage = newPassage(first[0][0], firstField.range ?? null);
      passage.html.push(...rows.flatMap((cells) => cells.slice(1).flatMap(htmlOf)));
      return;
    }
    let question: QuestionDraft | null = null;
    for (const cells of rows) {
      const label = textOf(cells[0]);
      const where = cells[1]?.[0] ?? cells[0][0];
      const questionLabel = QUESTION_LABEL.exec(label);
      if (!question && questionLabel && label) {
        count += 1;
        const number = questionLabel[1] ? Number(questionLabel[1]) : count;
        question = newQuestion(where, number, String(number));
        question.stem.push(...htmlOf(cells[1]));
        continue;
      }
      if (!question) continue;
      const option = OPTION_LABEL.exec(label);
      if (option && label) {
        const index = option[1] ? option[1].toLowerCase().charCodeAt(0) - 97 : option[2] ? CIRCLED.indexOf(option[2]) : question.options.length;
        const marked = !!option[3] || CORRECT_MARK.test(textOf(cells[2]));
        const inlines = (cells[1] ?? []).flatMap((p) => p.inlines);
        question.options.push({
          index,
          html: htmlOf(cells[1]),
          marked,
          markedBy: option[3] ? 'asterisk' : marked ? 'tableMark' : undefined,
          look: lookOf([], inlines),
          paragraph: where,
          written: label,
        });
        continue;
      }
      const field = fieldOf(`${label}:`);
      const value = { text: textOf(cells[1]), paragraph: where };
      switch (field?.kind) {
        case 'answer':
          question.answer = value;
          break;
        case 'solution':
          question.solution.push(...htmlOf(cells[1]));
          question.solutionParagraph = where;
          break;
        case 'marks':
        case 'type':
        case 'difficulty':
          question[field.kind] = value;
          break;
        case 'tags':
          question.tags.push(...splitTags(value.text));
          break;
        default:
          // An unnamed row continues the question's text (a picture, a second paragraph).
          question.stem.push(...cells.flatMap(htmlOf));
      }
    }
    if (!question) {
      problems.push(problemAt(first[0][0], 'tableWithoutQuestion'));
      return;
    }
    (passage ? passage.children : section().items).push(question);
  };

  for (const block of blocksOf(paragraphs)) {
    if (block.kind === 'table') {
      readTable(block);
      continue;
    }
    const line = lineOf(block.paragraph.inlines);
    if (isPassageEnd(line)) closePassage();
    const field = fieldOf(line);
    if (field?.kind === 'section') {
      closePassage();
      sections.push({ name: line.slice(field.end).trim() || null, items: [] });
    }
  }
  closePassage();
  return { sections, key: [] };
}

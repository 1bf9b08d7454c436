import { escapeHtml, inlinesHtml, isBlankLine, lineOf, sliceInlines, tableHtml, trimInlines } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import type { ListLabel } from '../docx/numbering';
import { problemAt } from '../problems';
import type { Problem } from '../types';
import { keyEntriesOf, type DraftSection, type KeyEntry } from './assemble';
import { blocksOf, rowsOf, type Block } from './blocks';
import { newPassage, newQuestion, splitTags, type PassageDraft, type QuestionDraft } from './draft';
import { answerKeyStart, fieldOf, isPassageEnd, optionLabelsOf, questionNumberOf } from './patterns';

/**
 * The numbered-text engine (docs/word-format.md): a question starts at its number ("1.", "Q1.",
 * Word's automatic numbering), options follow with their letters, then field lines (Ans:, Sol:,
 * Marks:, Type:, Difficulty:, Tags:); "Passage:" opens a comprehension, "Section:" a section,
 * and an "Answer key" heading ends the questions.
 */

/** Where plain text goes: the question's text, its last option, its solution, a passage's text. */
type Target = 'none' | 'stem' | 'option' | 'solution' | 'afterAnswer' | 'passage';

const LETTER_FORMATS = new Set(['lowerLetter', 'upperLetter']);
const NOT_QUESTION_FORMATS = new Set(['lowerLetter', 'upperLetter', 'lowerRoman', 'upperRoman', 'bullet', 'none']);

export function textEngine(paragraphs: Paragraph[], labels: Map<number, ListLabel>, problems: Problem[]): { sections: DraftSection[]; key: KeyEntry[] } {
  const sections: DraftSection[] = [{ name: null, items: [] }];
  const key: KeyEntry[] = [];
  let question: QuestionDraft | null = null;
  let passage: PassageDraft | null = null;
  let target: Target = 'none';
  let inKey = false;
  let warnedBeforeFirst = false;

  const section = () => sections[sections.length - 1];
  const closeQuestion = () => {
    if (question) (passage ? passage.children : section().items).push(question);
    question = null;
    target = 'none';
  };
  const closePassage = () => {
    closeQuestion();
    if (passage) section().items.push(passage);
    passage = null;
  };
  /** Text that belongs wherever the last line went. */
  const append = (html: string, paragraph: Paragraph) => {
    if (!html) return;
    if (question && target === 'option') question.options.at(-1)!.html.push(html);
    else if (question && (target === 'solution' || target === 'afterAnswer')) {
      question.solution.push(html);
      question.solutionParagraph ??= paragraph;
    } else if (question) question.stem.push(html);
    else if (passage) passage.html.push(html);
    else if (!warnedBeforeFirst) {
      warnedBeforeFirst = true;
      problems.push(problemAt(paragraph, 'textBeforeFirstQuestion'));
    }
  };
  const startQuestion = (paragraph: Paragraph, number: number, rest: Paragraph['inlines']) => {
    closeQuestion();
    const range = passage?.range;
    if (passage && range && (number < range[0] || number > range[1])) closePassage();
    question = newQuestion(paragraph, number, String(number));
    question.stem.push(inlinesHtml(trimInlines(rest)));
    target = 'stem';
  };

  const readKeyTable = (rows: Paragraph[][][]) => {
    const text = (cell: Paragraph[]) => cell.map((p) => lineOf(p.inlines)).join(' ').trim();
    for (let r = 0; r < rows.length; r++) {
      const cells = rows[r];
      const numbers = cells.map((c) => (/^\d{1,4}$/.test(text(c)) ? Number(text(c)) : null));
      if (numbers.every((n) => n !== null) && rows[r + 1]) {
        // Numbers in one row, their answers in the row below.
        rows[r + 1].forEach((cell, c) => numbers[c] !== undefined && text(cell) && key.push({ number: numbers[c]!, text: text(cell), paragraph: cell[0] }));
        r += 1;
      } else if (numbers[0] !== null && cells.length >= 2 && !numbers.slice(1).some((n) => n !== null)) {
        key.push({ number: numbers[0], text: text(cells[1]), paragraph: cells[1][0] ?? cells[0][0] });
      } else {
        for (const cell of cells) if (cell[0]) key.push(...keyEntriesOf(text(cell), cell[0]));
      }
    }
  };

  const readParagraph = (paragraph: Paragraph) => {
    const { inlines } = paragraph;
    if (isBlankLine(inlines)) return;
    const line = lineOf(inlines);
    const auto = labels.get(paragraph.index);
    if (inKey) {
      if (auto && !NOT_QUESTION_FORMATS.has(auto.format)) key.push({ number: auto.value, text: line.trim(), paragraph });
      else key.push(...keyEntriesOf(line, paragraph));
      return;
    }
    const keyStart = auto ? null : answerKeyStart(line);
    if (keyStart !== null) {
      closePassage();
      inKey = true;
      key.push(...keyEntriesOf(line.slice(keyStart), paragraph));
      return;
    }
    if (isPassageEnd(line)) {
      closePassage();
      return;
    }
    // A number starts a question; inside a solution, a number not above the question's own is a step of it.
    if (auto && auto.level === 0 && !NOT_QUESTION_FORMATS.has(auto.format)) return startQuestion(paragraph, auto.value, inlines);
    const numbered = questionNumberOf(line);
    const current = (question as QuestionDraft | null)?.number ?? 0;
    if (numbered && !(target === 'solution' && numbered.number <= current)) return startQuestion(paragraph, numbered.number, sliceInlines(inlines, numbered.end));

    const field = fieldOf(line);
    if (field) {
      const rest = sliceInlines(inlines, field.end);
      const value = { text: lineOf(rest).trim(), paragraph };
      const owner = question ?? passage;
      switch (field.kind) {
        case 'section':
          closePassage();
          sections.push({ name: value.text || null, items: [] });
          return;
        case 'passage':
          closePassage();
          passage = newPassage(paragraph, field.range ?? null);
          passage.html.push(inlinesHtml(trimInlines(rest)));
          target = 'passage';
          return;
        case 'answer':
        case 'solution':
          if (!question) break;
          if (field.kind === 'answer') {
            question.answer = value;
            target = 'afterAnswer';
          } else {
            target = 'solution';
            append(inlinesHtml(trimInlines(rest)), paragraph);
            question.solutionParagraph = paragraph;
          }
          return;
        case 'marks':
        case 'type':
          if (!question) break;
          question[field.kind] = value;
          return;
        case 'difficulty':
          if (!owner) break;
          owner.difficulty = value;
          return;
        case 'tags':
          if (!owner) break;
          owner.tags.push(...splitTags(value.text));
          return;
      }
      problems.push(problemAt(paragraph, 'notAttached', { label: field.label }));
      return;
    }

    const open = question as QuestionDraft | null;
    if (open && (target === 'stem' || target === 'option')) {
      if (auto && LETTER_FORMATS.has(auto.format)) {
        addOption(open, auto.value - 1, /^\s*\*/.test(line), sliceInlines(inlines, line.length - line.replace(/^\s*\*\s*/, '').length), auto.label, paragraph);
        target = 'option';
        return;
      }
      const options = optionLabelsOf(line);
      if (options.length) {
        options.forEach((label, i) => addOption(open, label.index, label.marked, sliceInlines(inlines, label.end, options[i + 1]?.start ?? line.length), line.slice(label.start, label.end).trim(), paragraph));
        target = 'option';
        return;
      }
    }
    // Roman numerals and bullets of Word's lists are text: their label goes in front, as Word shows it.
    const prefix = auto && NOT_QUESTION_FORMATS.has(auto.format) ? `${auto.format === 'bullet' ? '•' : auto.label} ` : auto ? `${auto.label} ` : '';
    append(prefix + inlinesHtml(trimInlines(inlines)), paragraph);
  };

  const readBlock = (block: Block) => {
    if (block.kind === 'paragraph') return readParagraph(block.paragraph);
    const rows = rowsOf(block);
    if (inKey) readKeyTable(rows);
    else append(tableHtml(rows), block.paragraphs[0]);
  };
  for (const block of blocksOf(paragraphs)) readBlock(block);
  closePassage();
  return { sections, key };
}

/**
 * An option of the open question. A new "(a)" after options means the earlier ones were a list
 * in the question's text ("Column I: (a)... (b)..."), so they go back into it.
 */
function addOption(question: QuestionDraft, index: number, marked: boolean, content: Paragraph['inlines'], written: string, paragraph: Paragraph) {
  if (index === 0 && question.options.length > 0) {
    for (const option of question.options) question.stem.push(`${escapeHtml(option.written)} ${option.html[0] ?? ''}`, ...option.html.slice(1));
    question.options = [];
  }
  question.options.push({ index, html: [inlinesHtml(trimInlines(content))].filter(Boolean), marked, paragraph, written });
}

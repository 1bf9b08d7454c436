import { lineOf, plainText, sliceInlines } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * A test bank written for a testing system's import (the `<question>` / `<variant>` format of
 * Kazakh and Russian universities' systems): each question's text after `<question>`, each option
 * after `<variant>`, no numbers, no labels, and by the format's own rule the **first** variant is
 * the right one (the system shuffles them when it shows them). A paper is read so when it has two
 * tagged questions or more, each followed by its variants. Each question is then written as a
 * teacher would: `1. text`, `A. option` … with `Answer: A` at the end of its last option (a
 * question with one variant is a short answer: `Answer: its words`). A tag typed without its
 * closing bracket (`<variant Paris`) is still a tag. A table holding the tags (one line a row, as
 * such banks are often kept) only lays them out: its lines are read as lines of the page.
 */
const QUESTION_TAG = /^\s*<\s*question\d*\s*>\s*/i;
const VARIANT_TAG = /^\s*<\s*variant(?:\s*>|\s+)\s*/i;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The line with its tag taken away and `prefix` put before its words (the look of its words kept). */
const retagged = (line: Paragraph, tag: RegExpExecArray, prefix: string, suffix = ''): Paragraph => ({
  ...line,
  inlines: [plainText(prefix), ...sliceInlines(line.inlines, tag[0].length), ...(suffix ? [plainText(suffix)] : [])],
});

type Tagged = { at: number; tag: RegExpExecArray };

/** Each tagged question and the lines of its variants, in order, with their tags as found. */
function taggedQuestions(lines: Paragraph[]): { question: Tagged; variants: Tagged[] }[] {
  const questions: { question: Tagged; variants: Tagged[] }[] = [];
  lines.forEach((line, at) => {
    const text = lineOf(line.inlines);
    const question = QUESTION_TAG.exec(text);
    const variant = question ? null : VARIANT_TAG.exec(text);
    if (question) questions.push({ question: { at, tag: question }, variants: [] });
    else if (variant) questions.at(-1)?.variants.push({ at, tag: variant });
  });
  return questions;
}

export function rewriteQuestionTags(lines: Paragraph[]): Paragraph[] {
  const questions = taggedQuestions(lines);
  if (questions.filter((q) => q.variants.length > 0).length < 2) return lines;
  const tables = new Set(questions.flatMap((q) => [q.question, ...q.variants]).flatMap(({ at }) => (lines[at].cell ? [lines[at].cell!.table] : [])));
  const out = lines.map((line) => (line.cell && tables.has(line.cell.table) ? { ...line, cell: null } : line));
  questions.forEach(({ question, variants }, n) => {
    out[question.at] = retagged(out[question.at], question.tag, `${n + 1}. `);
    if (variants.length === 1) {
      out[variants[0].at] = retagged(out[variants[0].at], variants[0].tag, 'Answer: ');
      return;
    }
    const labelled = variants.slice(0, LETTERS.length);
    labelled.forEach(({ at, tag }, i) => {
      out[at] = retagged(out[at], tag, `${LETTERS[i]}. `, i === labelled.length - 1 ? '    Answer: A' : '');
    });
  });
  return out;
}

import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { optionLabelsOf, endsAsking } from './patterns';

/**
 * Each question's answer written above it: "+ans" then "2", then "1. Question…" and its options
 * (a bank typed for a quiz bot that reads the key first). Decided for the whole paper: three
 * answer lines or more, each followed (its value, blank lines aside) by a question's first line,
 * the first of them before the paper's first question. Gives, by the question line it answers,
 * the answer's text and the lines that held it (read as the key, not as text).
 */
export interface AnswerAbove {
  text: string;
  lines: Paragraph[];
}

const ANSWER_WORD = /^\s*\+?\s*(?:ans(?:wer)?|ответ|javob|đáp\s*án|정답)\s*[:：=]?\s*/iu;
const VALUE_AT_MOST = 12;

export function inferAnswersAbove(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Map<Paragraph, AnswerAbove> {
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  const found = new Map<Paragraph, AnswerAbove>();
  let answered = 0;
  const firstStart = filled.findIndex(isStart);
  let firstAnswer = -1;
  for (let i = 0; i < filled.length; i++) {
    const text = lineOf(filled[i].inlines);
    const word = ANSWER_WORD.exec(text);
    if (!word) continue;
    const rest = text.slice(word[0].length).trim();
    const own = rest !== '';
    const valueLine = own ? filled[i] : filled[i + 1];
    const value = own ? rest : valueLine ? lineOf(valueLine.inlines).trim() : '';
    const next = filled[own ? i + 1 : i + 2];
    if (!value || value.length > VALUE_AT_MOST || !next || !isStart(next)) continue;
    if (firstAnswer < 0) firstAnswer = i;
    answered += 1;
    found.set(next, { text: value, lines: own ? [filled[i]] : [filled[i], valueLine!] });
  }
  // Before the first answer, no question yet: no number, no option, no line that asks (an Aiken bank's "ANSWER: C" follows its options).
  const questionBefore = filled
    .slice(0, Math.max(firstAnswer, 0))
    .some((line) => isStart(line) || optionLabelsOf(lineOf(line.inlines), null).length > 0 || endsAsking(lineOf(line.inlines)));
  return answered >= 3 && firstStart >= 0 && firstAnswer >= 0 && firstAnswer < firstStart && !questionBefore ? found : new Map();
}

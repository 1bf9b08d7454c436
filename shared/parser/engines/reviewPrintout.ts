import { isBlankLine, lineOf, plainText } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * A learning platform's quiz review copied into Word (Moodle's "Review attempt" page): each
 * question is a header (`Question 3`, `Correct`, `Mark 1.00 out of 1.00`, `Flag question`,
 * `Question text`), its text, the number again over its answer area (`Question 3`, `Select one:`),
 * the options, and feedback (`Your answer is correct.`, `The correct answer is: …`). A paper is
 * read so only when it shows the shape at least twice (the number again right over `Select one:`
 * or `Answer:`). Each question is then written as a teacher would: its number, its text, its
 * options, `Answer: …` (the right option's words, which the reader matches to an option); the
 * header, the answer area's heading and the feedback's other lines go. The first question of a
 * quiz has no header: its text is the lines since the previous question's answer.
 */
const NUMBER = /^\s*Question\s+\d+\s*$/i;
const ANSWER_AREA = /^\s*(?:Select\s+one(?:\s+or\s+more)?|Answer)\s*[:：]?\s*$/i;
const NOISE = [
  /^\s*(?:Correct|Incorrect|Partially\s+correct|Not\s+answered|Not\s+yet\s+answered|Answer\s+saved|Complete)\s*$/i,
  /^\s*(?:Mark\s+[\d.,]+\s+out\s+of\s+[\d.,]+|Marked\s+out\s+of\s+[\d.,]+|Not\s+graded)\s*$/i,
  /^\s*(?:Flag\s+question|Remove\s+flag)\s*$/i,
  /^\s*Your\s+answer\s+is\s+(?:correct|incorrect|partially\s+correct)\.?\s*$/i,
];
const QUESTION_TEXT = /^\s*Question\s+text\s*$/i;
const LABEL_ALONE = /^\s*[a-hA-H][.)]\s*$/;
const LABELLED = /^\s*[a-hA-H][.)]\s/;
/** "The correct answer is: …", "The correct answers are: …", "The correct answer is 'True'." */
const RIGHT_ANSWER = /^\s*The\s+correct\s+answers?\s+(?:is|are)\s*[:：]?\s*/i;

/** A line's words: a picture before them (Moodle's flag icon before "Flag question") is no word. */
const textOf = (line: Paragraph) => lineOf(line.inlines).replace(/^[^\p{L}\p{N}]+/u, '');
/** The next line with words, from `at`. */
/** The index of the next line with words, from `at`; -1 when none. */
const nextFilled = (lines: Paragraph[], at: number): number => {
  for (let i = at; i < lines.length; i++) if (!isBlankLine(lines[i].inlines)) return i;
  return -1;
};
/** The words of the next line with words after `at` ('' when none). */
const nextText = (lines: Paragraph[], at: number) => {
  const next = nextFilled(lines, at + 1);
  return next < 0 ? '' : textOf(lines[next]);
};
/** The number over the answer area: right before `Select one:`, or right after a short answer's `Answer:`. */
const isAreaNumber = (lines: Paragraph[], at: number) =>
  NUMBER.test(textOf(lines[at])) && (ANSWER_AREA.test(nextText(lines, at)) || (at > 0 && ANSWER_AREA.test(textOf(lines[at - 1]))));
const FEEDBACK = /^\s*(?:General\s+)?Feedback\s*$/i;

/** The answer's words: quotes round a word and a final full stop dropped ("'True'." is True). */
function answerLine(line: Paragraph, value: string): Paragraph {
  const words = value.trim().replace(/^['‘"“](.*)['’"”]\.?$/u, '$1');
  return { ...line, inlines: [plainText(`Answer: ${words}`)] };
}

export function rewriteReviewPrintout(lines: Paragraph[]): Paragraph[] {
  const areas = lines.filter((line, at) => !line.cell && isAreaNumber(lines, at)).length;
  if (areas < 2) return lines;
  const out: Paragraph[] = [];
  let pending: Paragraph[] = [];
  const flush = () => {
    out.push(...pending);
    pending = [];
  };
  // The feedback's own words (an explanation) go after the answer, as its solution.
  let explaining = false;
  let explanation: Paragraph[] = [];
  // Under `Select one:` every line is an option: one the page shows without its letter (True, False) gets it.
  let options: number | null = null;
  let labelAlone = false;
  const option = (line: Paragraph): Paragraph => {
    const text = textOf(line);
    const alone = LABEL_ALONE.test(text);
    const words = labelAlone;
    labelAlone = alone;
    if (options === null || words || isBlankLine(line.inlines)) return line;
    options += 1;
    if (alone || LABELLED.test(text)) return line;
    return { ...line, inlines: [plainText(`${String.fromCharCode(96 + options)}. `), ...line.inlines] };
  };
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    const text = textOf(line);
    if (line.cell) pending.push(line);
    else if (isAreaNumber(lines, at)) {
      // The number over the answer area goes before the question's text; the area's heading goes.
      // The moved lines keep the places they had among them (the readers after this one go by a line's index).
      const moved = [line, ...pending.filter((p) => !ANSWER_AREA.test(textOf(p)))];
      const places = moved.map((p) => p.index).sort((a, b) => a - b);
      out.push(...moved.map((p, i) => ({ ...p, index: places[i] })));
      pending = [];
      if (ANSWER_AREA.test(nextText(lines, at))) {
        at = nextFilled(lines, at + 1);
        options = /select/i.test(textOf(lines[at])) ? 0 : null;
        labelAlone = false;
      }
    } else if (FEEDBACK.test(text)) {
      flush();
      options = null;
      explaining = true;
    } else if (NUMBER.test(text) || QUESTION_TEXT.test(text) || NOISE.some((n) => n.test(text))) flush();
    else if (RIGHT_ANSWER.test(text)) {
      flush();
      options = null;
      const value = text.replace(RIGHT_ANSWER, '');
      // "The correct answer is:" with the words on the next line.
      const below = !value.trim() ? nextFilled(lines, at + 1) : -1;
      if (below >= 0) at = below;
      out.push(answerLine(line, below >= 0 ? textOf(lines[below]) : value));
      if (explanation.length) out.push({ ...explanation[0], inlines: [plainText('Explanation: '), ...explanation[0].inlines] }, ...explanation.slice(1));
      explaining = false;
      explanation = [];
    } else if (explaining) explanation.push(line);
    else pending.push(option(line));
  }
  flush();
  return out;
}

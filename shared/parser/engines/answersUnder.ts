import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { endsAsking, fieldOf, optionLabelsOf } from './patterns';

/**
 * A paper of questions and their answers, with no options anywhere: a review sheet, a course's
 * exam saved with the answers given ("¿Qué es Node.js?" then "Un entorno de ejecución…", "Welche
 * Ports nutzt HTTP?" then "80 und 443"). Each question asks (its last line ends with "?" or ":",
 * or holds a blank to fill) or is numbered ("3. The meeting, which was long, ended late." under
 * "Rewrite the sentences"), and one to four lines that do not ask stand under it before the next
 * question. Decided for the whole paper: three questions or more, and 60 % of those that ask,
 * are written so, most of them with one line under them (options without labels stand two or more
 * under theirs), and hardly a line of the paper is a labelled option (a paper with options gives
 * its answers among them). Gives the lines that answer (the first under each question; the others
 * go with it) and the asking lines no number starts, which start questions of their own.
 */
export interface AnswersUnder {
  /** Each answer line, with where its answer starts: after "A:" under a question written "Q: …" (0 otherwise). */
  answers: Map<Paragraph, number>;
  /** The first line of each question no number the reader knows starts, with the number typed alone above it ("2"), if any. */
  questions: Map<Paragraph, number | null>;
  /** Those numbers' lines: they number the question under them, they are no text. */
  numbers: Set<Paragraph>;
}

const AT_MOST_UNDER = 4;
/** A number typed alone on its line ("2", "12."): the reader's patterns may not take it for a question's. */
const BARE_NUMBER = /^\s*(\d{1,3})\s*[.)]?\s*$/;
/** A question's number and nothing else: "1.", "12)", "Pregunta 3", or nothing (the number Word shows is not in the text). */
const NUMBER_ALONE = /^\s*(?:\p{L}{1,12}\s*)?(?:\d{1,3}\s*[.):：、-]?)?\s*$/u;
const LONGEST_ANSWER = 400;

/** A line that asks: a question mark or a colon at its end, or a blank to fill ("… die ________"). */
const asks = (text: string) => endsAsking(text) || /[:：]\s*$/.test(text) || /_{4,}|…{2,}|\.{6,}/.test(text);

interface Unit {
  /** The unit's first line: a question's number (maybe alone on its line) or its asking line. */
  start: Paragraph;
  numbered: boolean;
  /** A number typed alone on the unit's first line that the reader does not take for a question's ("2" in a pasted web page's list). */
  bare: number | null;
  asked: Paragraph[];
  under: Paragraph[];
  /** A table under the question (its options, a box of code or data): not a question answered in a line. */
  table: boolean;
}

export function inferAnswersUnder(lines: Paragraph[], isStart: (line: Paragraph) => boolean, answeredInLine: ReadonlySet<Paragraph> = new Set()): AnswersUnder {
  const none = { answers: new Map<Paragraph, number>(), questions: new Map<Paragraph, number | null>(), numbers: new Set<Paragraph>() };
  if (!hardlyOptions(lines)) return none;
  const filled = lines.filter((line) => !isBlankLine(line.inlines));
  const units = unitsOf(filled, isStart);
  // (A question answered in its own line, its key underlined in the sentence, is another part's way: not counted.)
  const askingUnits = units.filter((u) => u.asked.length > 0 && !u.asked.some((line) => answeredInLine.has(line)));
  const answered = askingUnits.filter(
    (u) =>
      !u.table &&
      u.under.length >= 1 &&
      u.under.length <= AT_MOST_UNDER &&
      u.under.every((line) => lineOf(line.inlines).trim().length <= LONGEST_ANSWER && !fieldOf(lineOf(line.inlines))),
  );
  // Options without labels stand under their question too, but two or more of them: most answers are one line.
  const single = answered.filter((u) => u.under.length === 1).length;
  if (answered.length < 3 || answered.length * 5 < askingUnits.length * 3 || single * 5 < answered.length * 3) return none;
  const unnumbered = answered.filter((u) => !u.numbered);
  return {
    answers: new Map(answered.map((u) => [u.under[0], answerStart(u)])),
    questions: new Map(unnumbered.map((u) => [u.asked[0], u.bare])),
    numbers: new Set(unnumbered.filter((u) => u.bare !== null).map((u) => u.start)),
  };
}

/** Hardly a line of the paper is an option (a typed label, or one Word letters: `listLabel`): under one in ten. */
export function hardlyOptions(lines: Paragraph[], listLabel: (line: Paragraph) => unknown = () => null): boolean {
  const written = lines.filter((line) => !isBlankLine(line.inlines));
  return written.filter((line) => listLabel(line) || optionLabelsOf(lineOf(line.inlines), null).length > 0).length * 10 <= written.length;
}

/** "Q: What is…?" over "A: 42": the answer starts after its "A:" (a line with no such label, at 0). */
function answerStart(unit: Unit): number {
  const asked = unit.asked[0] ? lineOf(unit.asked[0].inlines) : '';
  const label = /^\s*A\s*[:：.)]\s*/i.exec(lineOf(unit.under[0].inlines));
  return label && /^\s*Q\s*[:：.)]/i.test(asked) ? label[0].length : 0;
}

/** The paper's lines cut into questions: a number or a line that asks after an answer starts one. */
function unitsOf(filled: Paragraph[], isStart: (line: Paragraph) => boolean): Unit[] {
  const units: Unit[] = [];
  for (const line of filled) {
    const text = lineOf(line.inlines);
    const unit = units.at(-1);
    if (line.cell) {
      if (unit) unit.table = true;
    } else if (isStart(line))
      units.push({ start: line, numbered: true, bare: null, asked: asks(text) || !NUMBER_ALONE.test(text) ? [line] : [], under: [], table: false });
    else if (BARE_NUMBER.test(text)) units.push({ start: line, numbered: false, bare: Number(BARE_NUMBER.exec(text)![1]), asked: [], under: [], table: false });
    else if (asks(text) && unit && unit.under.length === 0) unit.asked.push(line);
    else if (asks(text) || !unit) units.push({ start: line, numbered: false, bare: null, asked: asks(text) ? [line] : [], under: [], table: false });
    // A number alone on its line ("1." then the question's line): the question's text is the next line.
    else if (unit.asked.length === 0 && unit.under.length === 0 && NUMBER_ALONE.test(lineOf(unit.start.inlines))) unit.asked.push(line);
    else unit.under.push(line);
  }
  return units;
}

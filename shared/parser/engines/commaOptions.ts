import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { fieldOf } from './patterns';

/**
 * A quiz that writes each question's options on one line split by commas, its answer on the next
 * ("Coke, Pepsi, Sprite, Fanta" then "Answer: Coke"), the question's text on the line above, maybe
 * under its number alone ("(3)"). Decided for the whole paper: three questions or more written so,
 * each answer naming one of its line's parts. Gives each such question's first line (with the
 * number above it, if any, and that number's line), the parts of each options line, and the part
 * each answer line names.
 */
export interface CommaQuestions {
  stems: Map<Paragraph, number | null>;
  numbers: Set<Paragraph>;
  options: Map<Paragraph, { start: number; end: number }[]>;
  /** Each answer line's part, as the options line writes it ("Answer: Coke (classic)" names "Coke"). */
  answers: Map<Paragraph, string>;
}

const AT_LEAST = 3;
const LONGEST_PART = 60;
const NUMBER_ALONE = /^\s*\(?(\d{1,3})[.)]?\s*$/;

/** A line's parts between commas, with where each starts and ends (blanks around them left out; an empty last part dropped). */
function partsOf(text: string): { start: number; end: number; text: string }[] {
  const parts: { start: number; end: number; text: string }[] = [];
  let from = 0;
  for (const piece of text.split(',')) {
    const lead = piece.length - piece.trimStart().length;
    parts.push({ start: from + lead, end: from + piece.trimEnd().length, text: piece.trim() });
    from += piece.length + 1;
  }
  return parts.at(-1)?.text ? parts : parts.slice(0, -1);
}

/** The answer names a part: the same words, or the same words and a note in brackets ("Coke (classic)"). */
const names = (answer: string, part: string) => {
  const a = answer.toLowerCase();
  const p = part.toLowerCase();
  return a === p || a.replace(/\s*\([^()]*\)\s*$/, '') === p;
};

export function inferCommaOptions(lines: Paragraph[]): CommaQuestions {
  const found: CommaQuestions = { stems: new Map(), numbers: new Set(), options: new Map(), answers: new Map() };
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  type Candidate = { stem: Paragraph; number: Paragraph | null; options: Paragraph; parts: { start: number; end: number }[]; answer: [Paragraph, string] };
  const candidates: Candidate[] = [];
  for (let i = 1; i + 1 < filled.length; i++) {
    const below = lineOf(filled[i + 1].inlines);
    const field = fieldOf(below);
    if (field?.kind !== 'answer') continue;
    const parts = partsOf(lineOf(filled[i].inlines));
    const answer = below.slice(field.end).trim();
    if (parts.length < 2 || parts.length > 8 || parts.some((p) => !p.text || p.text.length > LONGEST_PART)) continue;
    const named = parts.find((p) => names(answer, p.text));
    if (!named) continue;
    const above = filled[i - 2];
    const number = above && NUMBER_ALONE.test(lineOf(above.inlines)) ? above : null;
    candidates.push({ stem: filled[i - 1], number, options: filled[i], parts, answer: [filled[i + 1], named.text] });
  }
  if (candidates.length < AT_LEAST) return found;
  for (const { stem, number, options, parts, answer } of candidates) {
    found.stems.set(stem, number ? Number(NUMBER_ALONE.exec(lineOf(number.inlines))![1]) : null);
    if (number) found.numbers.add(number);
    found.options.set(options, parts);
    found.answers.set(...answer);
  }
  return found;
}

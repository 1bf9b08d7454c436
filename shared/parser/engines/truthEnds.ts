import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { trueFalseAnswer } from './answers';
import { optionLabelsOf } from './patterns';

/**
 * Statements that end with their answer: "Ry qojfo cija zyfrcoba mista. F", "The Sun is a star. T",
 * "Cumi-cumi termasuk ikan. (S)". A bank of true/false statements written one a line, the answer
 * the last word after a space (in brackets or not): a letter of one pair (V/F as vero/falso, vrai/faux,
 * verdadero/falso; T/F; Đ/S; B/S as benar/salah; W/F as wahr/falsch; R/F as richtig/falsch; D/Y as
 * doğru/yanlış; O/X) or a whole word of answers.ts (True, Sai, 참).
 *
 * Decided for the whole paper: the pair that ends most lines, three or more, both of its values
 * seen, and those lines at least half of the lines from the first to the last of them (a
 * vitamin F in one sentence is no convention). Lines with option labels and table cells are not
 * statements.
 */
export type TruthFamily = readonly [string, string] | 'words';

const LETTER_PAIRS: readonly (readonly [string, string])[] = [
  ['T', 'F'],
  ['V', 'F'],
  ['Đ', 'S'],
  ['B', 'S'],
  ['W', 'F'],
  ['R', 'F'],
  ['D', 'Y'],
  ['O', 'X'],
];

/** The statement's last word (after a space, in brackets or not) and where it starts. */
const LAST_WORD = /^(.*[\p{L}\p{N}.,;:!?)'"”»’])[ \t\u00a0]+[([]?([\p{L}○×]{1,12})[)\]]?[.]?\s*$/u;

/** A line's last word and where the statement before it stops; null when the line is too short to state anything. */
function lastWordOf(text: string): { at: number; word: string } | null {
  const match = LAST_WORD.exec(text);
  return match && match[1].trim().length >= 8 ? { at: match[1].length, word: match[2] } : null;
}

/** True or false, as a word means it under a family; null when it is no value of it. */
function valueOf(word: string, family: TruthFamily): boolean | null {
  if (family === 'words') return word.length > 1 ? trueFalseAnswer(word) : null;
  return word === family[0] ? true : word === family[1] ? false : null;
}

/** The answer a line ends with under a paper's family: where the statement stops and true or false. */
export function truthEndOf(text: string, family: TruthFamily): { at: number; value: boolean } | null {
  const last = lastWordOf(text);
  const value = last ? valueOf(last.word, family) : null;
  return last && value !== null ? { at: last.at, value } : null;
}

export interface TruthEnds {
  family: TruthFamily | null;
  lines: Set<Paragraph>;
  /** Short lines among the statements, or right before the first, that are no sentence (".ART", "Apparato digerente"): they head parts. */
  headings: Set<Paragraph>;
}

const HEADING_AT_MOST = 40;

/** `lettered`: a line Word labels as an option (a., b.), which is never a statement of the bank. */
export function inferTruthEnds(lines: Paragraph[], lettered: (line: Paragraph) => boolean = () => false): TruthEnds {
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  const statements = filled.map((line) => {
    const text = lineOf(line.inlines);
    return optionLabelsOf(text, null).length > 0 || lettered(line) ? '' : text;
  });
  // Each line's last word, read once for every family.
  const words = statements.map((text) => (text ? (lastWordOf(text)?.word ?? null) : null));
  let best: { family: TruthFamily; at: number[] } | null = null;
  for (const family of [...LETTER_PAIRS, 'words' as const]) {
    const values = words.map((word) => (word === null ? undefined : (valueOf(word, family) ?? undefined)));
    const at = values.flatMap((value, i) => (value === undefined ? [] : [i]));
    const both = values.includes(true) && values.includes(false);
    const dense = at.length >= 3 && at.length * 2 >= at[at.length - 1] - at[0] + 1;
    if (both && dense && at.length > (best?.at.length ?? 0)) best = { family, at };
  }
  if (!best) return { family: null, lines: new Set(), headings: new Set() };
  const found = new Set(best.at.map((i) => filled[i]));
  const [first, last] = [best.at[0], best.at[best.at.length - 1]];
  const headings = filled.filter((line, i) => {
    const text = statements[i].trim();
    return i >= first - 1 && i < last && !found.has(line) && text !== '' && text.length <= HEADING_AT_MOST && !/[.?!:;,]$/.test(text);
  });
  return { family: best.family, lines: found, headings: new Set(headings) };
}

/**
 * "Відповіді: 1) а; 2) б; 3) в; 4) а, в": under lettered statements (А) … Б) … В) …), a line of
 * numbered choices, each naming one or more of the letters. Papers in Ukrainian, Russian and other
 * languages ask so ("which of the statements are true?"): the numbered choices are what the pupil
 * picks, the lettered lines the question's text.
 */
export interface NamedChoice {
  /** Where the choice's own text starts and ends in the line (its number and the stop after it left out). */
  start: number;
  end: number;
  /** The lettered options it names, 0-based, in the order written. */
  names: number[];
}

const NUMBER = /(?<=^|[\s:：;,.])([1-8])\s*[.)]\s*/g;
/** One letter, or several joined by commas or a word for "and". */
const LETTERS_NAMED = /^\s*(\p{L})((?:\s*(?:,|&|\+|\s(?:і|и|та|and|và|y|et|und|e)\s)\s*\p{L})*)\s*[;,.]?\s*$/u;
const JOINER = /\s*(?:,|&|\+|\s(?:і|и|та|and|và|y|et|und|e)\s)\s*/u;

/**
 * The line's numbered choices when each names only the question's option letters (`letters`, the
 * letters of its labels, in order); null when the line is anything else. Two choices at least,
 * numbered 1, 2, 3… from the first, after at most a short lead ("Відповіді:").
 */
export function choicesNaming(line: string, letters: string[]): NamedChoice[] | null {
  const known = letters.map((l) => l.toLowerCase());
  const numbers = [...line.matchAll(NUMBER)];
  const first = numbers.findIndex((m) => m[1] === '1');
  if (first < 0 || numbers[first].index! > 40) return null;
  const run = numbers.slice(first);
  if (run.length < 2 || !run.every((m, i) => Number(m[1]) === i + 1)) return null;
  const choices: NamedChoice[] = [];
  for (const [i, m] of run.entries()) {
    const start = m.index! + m[0].length;
    const end = run[i + 1]?.index ?? line.length;
    const text = line.slice(start, end);
    const named = LETTERS_NAMED.exec(text);
    if (!named) return null;
    const names = [named[1], ...named[2].split(JOINER).filter(Boolean)].map((l) => known.indexOf(l.trim().toLowerCase()));
    if (names.some((n) => n < 0)) return null;
    choices.push({ start, end: start + text.replace(/[\s;,.]+$/u, '').length, names });
  }
  return choices;
}

/** Choices that only repeat the letters one by one ("1) а; 2) б; 3) в; 4) г"): the lettered lines stay the options. */
export const onlyRepeatsLetters = (choices: NamedChoice[]) => choices.every((c, i) => c.names.length === 1 && c.names[0] === i);

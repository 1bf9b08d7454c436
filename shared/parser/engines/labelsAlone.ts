import { isBlankLine, lineOf, plainText } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * An option's label on a line of its own, its words on the next (`a.` then `Paris`): how a web
 * page's list or a PDF's layout arrives in Word. Decided for the whole paper: two labels or more
 * in a row written so (a., b., … in order), each followed by a line that is no label. Each pair
 * becomes one line, the label then its words, as a teacher types it.
 */
const ALONE = /^\s*\(?([a-hA-H])[.)]\s*$/;

const letterOf = (line: Paragraph | undefined) => {
  if (!line || line.cell || line.numbering) return null;
  const found = ALONE.exec(lineOf(line.inlines));
  return found ? found[1].toLowerCase().charCodeAt(0) - 97 : null;
};
/** The line of words after a label alone, past blank lines: null when it is a label itself or missing. */
function wordsAfter(lines: Paragraph[], at: number): number | null {
  let next = at + 1;
  while (next < lines.length && isBlankLine(lines[next].inlines) && !lines[next].cell) next++;
  const line = lines[next];
  return line && !line.cell && letterOf(line) === null && !isBlankLine(line.inlines) ? next : null;
}

export function joinLabelsAlone(lines: Paragraph[]): Paragraph[] {
  // Labels alone that run a., b. in order, each over its words.
  const pairs = new Map<number, number>();
  let expected = 0;
  let run: [number, number][] = [];
  const close = () => {
    if (run.length >= 2) for (const [label, words] of run) pairs.set(label, words);
    run = [];
    expected = 0;
  };
  for (let at = 0; at < lines.length; at++) {
    const letter = letterOf(lines[at]);
    if (letter === null) continue;
    const words = wordsAfter(lines, at);
    if (letter !== expected || words === null) close();
    // (After a run closes, `expected` is 0 again: an "a." over its words starts the next run.)
    if (words !== null && letter === expected) {
      run.push([at, words]);
      expected = letter + 1;
    }
  }
  close();
  if (pairs.size === 0) return lines;
  const joined = new Set(pairs.values());
  const out: Paragraph[] = [];
  lines.forEach((line, at) => {
    if (joined.has(at)) return;
    const words = pairs.get(at);
    if (words === undefined) out.push(line);
    else out.push({ ...line, inlines: [plainText(`${lineOf(line.inlines).trim()} `), ...lines[words].inlines] });
  });
  return out;
}

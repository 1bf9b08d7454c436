import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * Circled marks that begin lines of a question's material, not its options: a statute's clauses
 * (`제1조① …` then `② …`, `③ …`) or numbered conditions quoted in the question, when the
 * question's own options come after them as a run of their own from ① (`①ㄱ ②ㄷ ③ㄱ, ㄴ`).
 * Decided per question, from its whole text: the options are the last run that starts at ①;
 * a run before it that begins at ② or later (its ① glued to the article's name) is the
 * question's text.
 */
const CIRCLED_FIRST = /^\s*([①-⑩])/u;

/** The lines of each question: from one start to the next (lines before the first belong to none). */
function questionsOf(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Paragraph[][] {
  const groups: Paragraph[][] = [];
  for (const line of lines) {
    if (isStart(line)) groups.push([line]);
    else if (groups.length && !isBlankLine(line.inlines)) groups.at(-1)!.push(line);
  }
  return groups;
}

const markOf = (line: Paragraph) => {
  const found = CIRCLED_FIRST.exec(lineOf(line.inlines));
  return found ? found[1].charCodeAt(0) - 0x2460 : null;
};

export function materialLabels(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Set<Paragraph> {
  const found = new Set<Paragraph>();
  for (const group of questionsOf(lines, isStart)) {
    const marked = group.slice(1).filter((line) => markOf(line) !== null);
    const marks = marked.map((line) => markOf(line)!);
    // The last line that starts the options again at ①, with ② after it (on its line or the next).
    const lastFirst = marks.lastIndexOf(0);
    if (lastFirst <= 0) continue;
    const goesOn = /②/u.test(lineOf(marked[lastFirst].inlines)) || marks[lastFirst + 1] === 1;
    if (!goesOn) continue;
    // Only runs that start past ①: a clause's ① is glued to its article's name (`제1조①`), so its lines begin at ②.
    // (A run from ① before the last one is another question's options, its number unread: left alone.)
    let runStart = -1;
    for (let i = 0; i < lastFirst; i++) {
      if (i === 0 || marks[i] !== marks[i - 1] + 1) runStart = marks[i];
      if (runStart >= 1) found.add(marked[i]);
    }
  }
  return found;
}

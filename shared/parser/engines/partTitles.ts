import { isBlankLine, lineOf } from '../content/inlines';
import type { Inline, Paragraph } from '../docx/document';
import { optionLabelsOf } from './patterns';

/**
 * Titles of the paper's parts standing right above a question's number, in a look of their own
 * ("확률과 통계" in green over "23.", then "미적분" over "23." again): a short line that is no
 * sentence (no full stop, question mark or colon at its end, no equation), whose next line with
 * text starts a question, written in a colour or in bold the question's line does not have.
 * Decided for the whole paper: two such lines or more in the same look, and that look on as many
 * other lines at most (the titles again over the key; a look that marks right options is on many
 * lines, few of them over a question's number), over a third of the questions at most (a line in a
 * look of its own over most questions is each one's answer set apart). Without them the title
 * reads as the last words of the question above (a short answer with its key elsewhere has no
 * options to end it).
 */
export function inferPartTitles(lines: Paragraph[], isStart: (line: Paragraph) => boolean): Set<Paragraph> {
  const filled = lines.filter((line) => !line.cell && !isBlankLine(line.inlines));
  const looks = filled.map((line) => lineLook(line.inlines));
  const byLook = new Map<string, Paragraph[]>();
  filled.forEach((line, at) => {
    const next = filled[at + 1];
    if (!next || isStart(line) || !isStart(next) || !titleLike(line)) return;
    if (looks[at] === 'plain' || looks[at] === looks[at + 1]) return;
    byLook.set(looks[at], [...(byLook.get(looks[at]) ?? []), line]);
  });
  const inLook = new Map<string, number>();
  for (const look of looks) inLook.set(look, (inLook.get(look) ?? 0) + 1);
  // A paper's parts are few: a line in a look of its own over most questions is each one's answer set apart.
  const starts = filled.filter(isStart).length;
  const parts = ([look, titles]: [string, Paragraph[]]) => titles.length >= 2 && titles.length * 2 >= inLook.get(look)! && titles.length * 3 <= starts;
  return new Set([...byLook].filter(parts).flatMap(([, titles]) => titles));
}

const TITLE_AT_MOST = 30;

/** Words only: short, with letters, no sentence's end, no equation, no option's label. */
function titleLike(line: Paragraph): boolean {
  const text = lineOf(line.inlines).trim();
  return (
    text.length <= TITLE_AT_MOST &&
    /\p{L}{2}/u.test(text) &&
    !/[.?？!:：;]$/.test(text) &&
    line.inlines.every((inline) => inline.kind === 'text') &&
    optionLabelsOf(text, null).length === 0
  );
}

/** The colour and weight of a line's words: "plain" for automatic black and not bold. */
function lineLook(inlines: Inline[]): string {
  const words = inlines.filter((inline): inline is Extract<Inline, { kind: 'text' }> => inline.kind === 'text' && inline.text.trim() !== '');
  if (words.length === 0) return 'plain';
  const colour = words[0].color ?? '';
  const bold = words.every((word) => word.bold);
  return colour || bold ? `${colour}${bold ? ' bold' : ''}` : 'plain';
}

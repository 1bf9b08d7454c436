import { isBlankLine, lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * A test bank written for a learning platform's importer, each line led by a sign: "?" before the
 * question, "+" before the right option, "=" (or "-", "~") before the others ("?Qaysi…" "+ Toshkent"
 * "= Samarqand"), the format Uzbek and Russian universities load their banks in (HEMIS, AVN).
 *
 * Decided for the whole paper: three questions or more, each a "?" line followed by two option
 * lines or more, one sign leading exactly one option in most of them (the right one) and another
 * sign the rest. Gives the question lines and each option line with whether it is right and where
 * its words start.
 */
export interface SigilLines {
  questions: Map<Paragraph, number>;
  options: Map<Paragraph, { right: boolean; end: number }>;
}

const QUESTION = /^\s*\?\s*(?=\S)/u;
const OPTION = /^\s*([+=~\-#*])\s*(?=\S)/u;

export function inferSigilLines(lines: Paragraph[]): SigilLines {
  const none: SigilLines = { questions: new Map(), options: new Map() };
  const groups: { question: Paragraph; options: { line: Paragraph; sign: string; end: number }[] }[] = [];
  for (const line of lines) {
    if (line.cell || isBlankLine(line.inlines)) continue;
    const text = lineOf(line.inlines);
    const question = QUESTION.exec(text);
    if (question) {
      groups.push({ question: line, options: [] });
      continue;
    }
    const option = OPTION.exec(text);
    const group = groups.at(-1);
    if (option && group) group.options.push({ line, sign: option[1], end: option[0].length });
  }
  const full = groups.filter((g) => g.options.length >= 2);
  if (full.length < 3 || full.length * 5 < groups.length * 4) return none;
  // The right sign: on exactly one option of most questions.
  const once = new Map<string, number>();
  for (const group of full)
    for (const sign of new Set(group.options.map((o) => o.sign)))
      if (group.options.filter((o) => o.sign === sign).length === 1) once.set(sign, (once.get(sign) ?? 0) + 1);
  const [right] = [...once].filter(([, n]) => n * 5 >= full.length * 3).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!right) return none;
  const result: SigilLines = { questions: new Map(), options: new Map() };
  for (const group of full) {
    result.questions.set(group.question, QUESTION.exec(lineOf(group.question.inlines))![0].length);
    for (const o of group.options) result.options.set(o.line, { right: o.sign === right, end: o.end });
  }
  return result;
}

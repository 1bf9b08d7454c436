import { isBlankLine } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { firstWords, rewriteFirstWords } from './firstWords';

/**
 * "B. 4000" then ".C. 4500": a sign glued before the label of the right option (a dot, a plus,
 * a hash), the way a teacher marks the answer in a bank for a quiz bot. Decided for the whole
 * paper: the same sign before a label on three options or more, and on at most one option between
 * two questions (two in a row would be a list, not a mark). The sign becomes the "*" the labels
 * already read as a mark ("*C. 4500"), one character for one, so every offset stays.
 */
const SIGNED = /^(\s*)([.+#~!])(?=\s*[A-Ha-h][.)]\s*\S)/u;
const LABELLED = /^\s*[.+#~!*]?\s*[A-Ha-h][.)]\s*\S/u;

export function markSignsBeforeLabels(paragraphs: Paragraph[]): Paragraph[] {
  const signs = new Map<string, number>();
  let inGroup = new Map<string, number>();
  let doubled = false;
  for (const p of paragraphs) {
    if (p.cell || isBlankLine(p.inlines)) continue;
    const text = firstWords(p);
    if (!LABELLED.test(text)) {
      inGroup = new Map();
      continue;
    }
    const sign = SIGNED.exec(text)?.[2];
    if (!sign) continue;
    signs.set(sign, (signs.get(sign) ?? 0) + 1);
    inGroup.set(sign, (inGroup.get(sign) ?? 0) + 1);
    if ((inGroup.get(sign) ?? 0) > 1) doubled = true;
  }
  const [sign] = [...signs].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!sign || doubled) return paragraphs;
  return paragraphs.map((p) =>
    p.cell
      ? p
      : rewriteFirstWords(p, (text) => {
          const match = SIGNED.exec(text);
          return match && match[2] === sign ? `${match[1]}*${text.slice(match[0].length)}` : null;
        }),
  );
}

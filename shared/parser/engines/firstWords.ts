import type { Paragraph } from '../docx/document';

/**
 * A paragraph's first run with words, where an option's label stands: what the label passes
 * (lookalikeLabels.ts, signBeforeLabels.ts) read and rewrite, one character for one.
 */
const firstAt = (p: Paragraph) => p.inlines.findIndex((i) => i.kind === 'text' && i.text.trim() !== '');

/** The text of that run; '' when the paragraph has no words. */
export function firstWords(p: Paragraph): string {
  const inline = p.inlines[firstAt(p)];
  return inline?.kind === 'text' ? inline.text : '';
}

/** The paragraph with that run's text rewritten; the same paragraph when `rewrite` gives null. */
export function rewriteFirstWords(p: Paragraph, rewrite: (text: string) => string | null): Paragraph {
  const at = firstAt(p);
  const inline = p.inlines[at];
  const text = inline?.kind === 'text' ? rewrite(inline.text) : null;
  return text === null || inline?.kind !== 'text' ? p : { ...p, inlines: p.inlines.map((i, k) => (k === at ? { ...inline, text } : i)) };
}

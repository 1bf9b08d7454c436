import { MATH } from '../render/math';

/**
 * Maths delimiters. We write LaTeX between `$...$` (as the Word parser does) or `\(...\)`; Moodle
 * (GIFT, Aiken, Moodle XML) renders `\(...\)` and `$$...$$` with its MathJax filter, not `$...$`.
 */

/** `$x$` as `\(x\)`, for Moodle's formats. */
export const toMoodleMath = (html: string) =>
  html.includes('$')
    ? html.replace(new RegExp(MATH.source, 'g'), (whole, dollar: string | undefined) => (dollar === undefined ? whole : `\\(${dollar}\\)`))
    : html;

/** LaTeX that reads the same between `$...$`: no `$` inside, no space at either end. */
const dollarSafe = (latex: string) => !latex.includes('$') && /^\S/.test(latex) && /[^\s\\]$/.test(latex) && !latex.includes('\n');

/** `\(x\)`, `\[x\]` and `$$x$$` as `$x$` where that reads the same, so imports write maths as the Word parser does. */
export function fromMoodleMath(html: string): string {
  if (!html.includes('\\(') && !html.includes('\\[') && !html.includes('$$')) return html;
  return html.replace(/\$\$([\s\S]+?)\$\$|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g, (whole, a?: string, b?: string, c?: string) => {
    const latex = (a ?? b ?? c ?? '').trim();
    return dollarSafe(latex) ? `$${latex}$` : `\\(${latex}\\)`;
  });
}

/** Every formula of a text: its LaTeX and where it stands. */
export function formulas(text: string): { latex: string; index: number; length: number }[] {
  return [...text.matchAll(new RegExp(MATH.source, 'g'))].map((m) => ({ latex: m[1] ?? m[2], index: m.index!, length: m[0].length }));
}

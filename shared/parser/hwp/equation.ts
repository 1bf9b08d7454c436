/**
 * Hancom's equation script (the text of an HWP/HWPX equation object: `{1} over {2}`, `sqrt {x}`,
 * `LEFT ( … RIGHT )`) as LaTeX that KaTeX renders, or null when the script holds something we
 * cannot translate (the reader then keeps the script text and names the problem).
 */
export function hwpEquationToLatex(script: string): string | null {
  // Filled in by the equation translator (issue 30); until then nothing is translated.
  return script.trim() ? null : '';
}

import { Untranslatable } from './equation/latex';
import { EquationParser } from './equation/parse';

/**
 * Hancom's equation script (the text of an HWP/HWPX equation object: `{1} over {2}`, `sqrt {x}`,
 * `LEFT ( … RIGHT )`) as LaTeX that KaTeX renders, or null when the script holds something we
 * cannot translate (the reader then keeps the script text and names the problem).
 */
export function hwpEquationToLatex(script: string): string | null {
  if (!script.trim()) return '';
  try {
    return new EquationParser(script).document();
  } catch (error) {
    // RangeError: nesting deeper than the stack, which no editor writes; the reader keeps the script.
    if (error instanceof Untranslatable || error instanceof RangeError) return null;
    throw error;
  }
}

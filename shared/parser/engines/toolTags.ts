import { lineOf } from '../content/inlines';
import type { Paragraph } from '../docx/document';

/**
 * A line that is only a paper-shuffling tool's tag (`<g1>`, `<g3>`: "shuffle this group
 * apart"), the way such tools ask teachers to mark their papers: no words of
 * the paper, so it reads as a blank line (it ends the options above it, as a blank line does).
 */
// Only the group tags (`<g1>` … `<g99>`) and `<#>`, `<$>`: a quiz on HTML has options `<ul>`, `<h1>` alone on their lines.
const TOOL_TAG = /^\s*<(?:g\d{1,2}|#|\$)>\s*$/i;
export function blankToolTags(lines: Paragraph[]): Paragraph[] {
  return lines.map((line) => (!line.cell && TOOL_TAG.test(lineOf(line.inlines)) ? { ...line, inlines: [] } : line));
}

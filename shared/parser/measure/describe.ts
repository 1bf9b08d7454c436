import type { Inline } from '../docx/document';
import { readPaper } from '../parseDocument';

/**
 * The first stage of the reader as a person can check it (`npm run parse -- FILE --lines`): each
 * paragraph with its place, Word's numbering as Word shows it, and its runs with their looks:
 * `**bold**`-style marks, {RRGGBB} colour, [highlight], _underline_, <picture>, $maths$. Writing
 * a real paper's expected questions by hand starts from this view, never from the parser's answer.
 */
export function describeLines(file: Uint8Array): string[] {
  const { paragraphs, labels } = readPaper(file);
  return paragraphs.map((p) => {
    const label = labels.get(p.index);
    const place = `${p.index + 1}${p.cell ? ` [table ${p.cell.table + 1} row ${p.cell.row + 1} col ${p.cell.column + 1}]` : ''}`;
    const numbering = label ? ` #${label.label || '•'}` : '';
    return `${place}${numbering}: ${p.inlines.map(runText).join('|')}`;
  });
}

function runText(inline: Inline): string {
  if (inline.kind === 'math') return `$${inline.latex}$`;
  if (inline.kind !== 'text') return `<${inline.kind}>`;
  const looks = `${inline.bold ? '**' : ''}${inline.color ? `{${inline.color}}` : ''}${inline.highlight ? `[${inline.highlight}]` : ''}${inline.underline ? '_' : ''}`;
  return looks + JSON.stringify(inline.text).slice(1, -1);
}

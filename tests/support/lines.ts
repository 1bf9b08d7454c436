import { plainText } from '@shared/parser/content/inlines';
import type { Paragraph } from '@shared/parser/docx/document';

/**
 * Paragraphs for the parser's stages tested on their own: one a text, outside any table and list,
 * a `[text, true]` pair in bold.
 */
export const linesOf = (...texts: (string | [string, boolean])[]): Paragraph[] =>
  texts.map((t, index) => ({ index, style: null, numbering: null, cell: null, inlines: [typeof t === 'string' ? plainText(t) : plainText(t[0], t[1])] }));

import { parseDocx } from '@shared/parser/parseDocx';
import type { ParsedDocument, ParsedQuestion } from '@shared/parser/types';
import { buildDocx, type Block, type DocxContent } from './docx';

/** What the Word parser reads in a .docx built from `body` (the numbered-text engine unless told). */
export const parseBlocks = (body: Block[], extra: Omit<DocxContent, 'body'> = {}, engine: 'text' | 'table' = 'text') =>
  parseDocx(buildDocx({ body, ...extra }), engine);
/** Every question of a parsed document, its sections' in order. */
export const questionsOf = (doc: ParsedDocument) => doc.sections.flatMap((s) => s.questions);
/** Which options of a choice question are marked correct; null for a question without choices. */
export const correctFlags = (q: ParsedQuestion) => ('options' in q && q.type !== 'fill_ups' ? q.options.map((o) => o.isCorrect) : null);

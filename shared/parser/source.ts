import type { Paragraph } from './docx/document';
import type { ListLabel } from './docx/numbering';
import type { Problem } from './types';

/**
 * A document as every format's reader gives it to the engines (parseSource): paragraphs in reading
 * order (table cells included) with their inlines, the labels automatic numbering shows before
 * them, and the bytes of the pictures they refer to. Word's reader (docx/) and Hangul's (hwp/)
 * both produce this, so every convention learnt on one format works on the other.
 */
export interface SourceDocument {
  paragraphs: Paragraph[];
  /** Paragraph index -> the number or letter the word processor shows before it (not typed). */
  labels: Map<number, ListLabel>;
  /** A picture's bytes by the path its inline names, or null. */
  bytes(path: string): Uint8Array | null;
  /** What the reader could not read (an equation it cannot translate, say): notes beside the engines' own. */
  problems: Problem[];
}

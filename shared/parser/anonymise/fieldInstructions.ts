import type { WordMapper } from './wordMapper';

/**
 * Field instructions are structure (PAGE, SEQ, the parser reads none of them), but their arguments
 * can name people and places: HYPERLINK "mailto:teacher@school.edu", INCLUDEPICTURE
 * "C:\Users\name\photo.jpg", a tooltip (\o "..."). The words of quoted arguments, and of the
 * unquoted target of a link or include field, are replaced like text; field names and switches stay.
 */

/** URL schemes and prefixes kept so a link still reads as a link. */
const KEPT = new Set(['http', 'https', 'mailto', 'ftp', 'file', 'www']);
/** A quoted argument, or the unquoted first argument of the fields that point somewhere. */
const ARGUMENT = /(\\l\s*)?"([^"]*)"|(\b(?:HYPERLINK|INCLUDEPICTURE|INCLUDETEXT|LINK)\s+)([^\s"\\][^\s]*)/gi;
const WORD = /[\p{L}\p{M}]+/gu;

/** An instruction with the words of its arguments replaced; a bookmark named after \l stays (it must match the bookmark). */
export function anonymiseInstruction(instruction: string, mapper: WordMapper): string {
  const words = (text: string) => text.replace(WORD, (word) => (KEPT.has(word.toLowerCase()) ? word : mapper.word(word)));
  return instruction.replace(
    ARGUMENT,
    (whole, bookmark: string | undefined, quoted: string | undefined, field: string | undefined, bare: string | undefined) => {
      if (bookmark !== undefined) return whole;
      if (quoted !== undefined) return `"${words(quoted)}"`;
      return `${field}${words(bare ?? '')}`;
    },
  );
}

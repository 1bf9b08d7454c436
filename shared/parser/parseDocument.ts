import { DEFAULT_PARSER_ENGINE } from './engines';
import { parseRead, readDocx, type parseDocx } from './parseDocx';
import { readHwp } from './hwp/parseHwp';
import { readHwpx } from './hwp/parseHwpx';
import type { SourceDocument } from './source';
import type { EngineId } from './types';

/** The question papers the Word dialog and `npm run parse` read: Word's .docx, Hangul's .hwp (5.0) and .hwpx. */
export type PaperKind = 'docx' | 'hwp' | 'hwpx';

/** What the upload dialogs' file choosers offer. */
export const PAPER_FILES = '.docx,.hwp,.hwpx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/x-hwp,application/hwp+zip';

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
/** `FileHeader` as a compound file's directory names its streams (UTF-16). */
const FILE_HEADER_ENTRY = ascii('FileHeader').flatMap((c) => [c, 0]);

function contains(bytes: Uint8Array, needle: number[], limit = bytes.length): boolean {
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Which reader a file needs, from its bytes (a name can lie): a compound file with a FileHeader
 * stream is Hangul's .hwp (any other, a Word 97 .doc, goes to the Word reader, which says so); a
 * zip whose first entry is `mimetype` naming Hangul (OWPML), or that holds `Contents/section0.xml`, is .hwpx; anything else is for the
 * Word reader, which refuses what is not a .docx with its reason.
 */
export function paperKind(bytes: Uint8Array): PaperKind {
  if (OLE.every((b, i) => bytes[i] === b)) return contains(bytes, FILE_HEADER_ENTRY) ? 'hwp' : 'docx';
  // A zip's first local header: the name at offset 30, its data right after (OWPML stores `mimetype` first, uncompressed).
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    if (contains(bytes, ascii('application/hwp+zip'), 200)) return 'hwpx';
    // Without its mimetype first: the central directory (names in plain text) tells.
    const tail = bytes.subarray(Math.max(0, bytes.length - 256 * 1024));
    if (contains(tail, ascii('Contents/section0.xml')) && !contains(tail, ascii('word/document.xml'))) return 'hwpx';
  }
  return 'docx';
}

/** A paper's paragraphs as its format's reader gives them; throws DocxError for a file it cannot open. */
export function readPaper(file: Uint8Array): SourceDocument {
  const kind = paperKind(file);
  if (kind === 'hwp') return readHwp(file);
  if (kind === 'hwpx') return readHwpx(file);
  return readDocx(file);
}

/** A question paper of any kind we read, through the one pipeline every format feeds (parseSource); never throws for a bad file. */
export function parseDocument(file: Uint8Array, engine: EngineId = DEFAULT_PARSER_ENGINE): ReturnType<typeof parseDocx> {
  return parseRead(() => readPaper(file), engine);
}

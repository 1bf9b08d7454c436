/**
 * The bytes of a text format (GIFT, Aiken, CSV, JSON, Moodle XML, a QTI item) as text, checked
 * before any reader sees them (issue 29): 4 KB of random bytes named .gift were read as GIFT
 * questions, and a Word file given `--from gift` as its zip's bytes. Text is UTF-8 (a byte-order
 * mark allowed), or UTF-16 with its byte-order mark, and holds few control characters; anything
 * else is refused with a sentence saying why. The readers' text is cleaned afterwards
 * (shared/parser/cleanText.ts), so the few control characters that pass are dropped.
 */

/** More control characters than this, and more than one in CONTROL_SHARE, and the file is not text. */
const CONTROL_ALLOWED = 32;
const CONTROL_SHARE = 100;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function encodingOf(bytes: Uint8Array): { encoding: Encoding; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  return { encoding: 'utf-8', bom: 0 };
}

/** Text as well as it can be read, for a look at the file (the format's detection): never throws. */
export function decodeLoose(bytes: Uint8Array): string {
  const { encoding, bom } = encodingOf(bytes);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(bom));
}

/** The offset of the first byte that is not UTF-8 (overlong forms and surrogates included), or -1. */
export function firstNonUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // A lead byte says how many continuation bytes follow, and the least code point it may encode.
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0 || i + need >= n) return i;
    const min = [0, 0x80, 0x800, 0x10000][need];
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** What a binary file is, from its first bytes, where that is easy to tell. */
function binaryKind(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b)) return 'a zip package (a Word, Excel or QTI file)';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'an OLE file (an old .doc or .xls, or a Hangul .hwp)';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF';
  return null;
}

export type TextRead = { text: string; problem?: undefined } | { text?: undefined; problem: string };

const thousands = (n: number) => n.toLocaleString('en-US');

/** The file as text, or why it is not text (one sentence, for the problem list and the command line). */
export function readText(bytes: Uint8Array): TextRead {
  if (bytes.length === 0) return { problem: 'the file is empty' };
  const { encoding, bom } = encodingOf(bytes);
  const body = bytes.subarray(bom);
  const notText = (why: string) => ({ problem: `the file is not text: ${binaryKind(bytes) ?? why}` });
  let text: string;
  try {
    // UTF-16's unpaired surrogates are read as U+FFFD (and cleaned later); UTF-8 must be UTF-8.
    text = new TextDecoder(encoding, { ignoreBOM: true, fatal: encoding === 'utf-8' }).decode(body);
  } catch {
    return notText(`byte ${thousands(bom + Math.max(0, firstNonUtf8(body)))} is not UTF-8 (a text format must be UTF-8, or UTF-16 with a byte-order mark)`);
  }
  let controls = 0;
  let nul = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) {
      controls++;
      if (c === 0) nul++;
    }
  }
  if (controls > CONTROL_ALLOWED && controls * CONTROL_SHARE > text.length) {
    const utf16 = nul * 4 > text.length ? '; it may be UTF-16 without a byte-order mark: save it as UTF-8' : '';
    return notText(`${thousands(controls)} control characters (such as NUL) in ${thousands(text.length)} characters${utf16}`);
  }
  return { text };
}

import { readUtf16, u16, u32, type HwpRecord } from '../anonymise/records';
import { PLAIN, type CharShape, type Heading, type HwpxStyles, type ParaHead } from '../hwpx/header';

/**
 * DocInfo of an HWP 5.0 file: the tables the body refers to by index, read into the shapes the
 * .hwpx reader uses (hwpx/header.ts), so both formats share what comes after (numbering labels,
 * the answer key of endnotes, the engines). Offsets from Hancom's "HWP 5.0 file format" (rev 1.3).
 */
export const DOC_TAG = { ID_MAPPINGS: 17, BIN_DATA: 18, FACE_NAME: 19, CHAR_SHAPE: 21, NUMBERING: 23, BULLET: 24, PARA_SHAPE: 25, STYLE: 26 } as const;

/** Hangul's number formats in the order HWP 5.0 numbers them (the names OWPML gives them). */
const NUMBER_FORMATS = [
  'DIGIT',
  'CIRCLED_DIGIT',
  'ROMAN_CAPITAL',
  'ROMAN_SMALL',
  'LATIN_CAPITAL',
  'LATIN_SMALL',
  'CIRCLED_LATIN_CAPITAL',
  'CIRCLED_LATIN_SMALL',
  'HANGUL_SYLLABLE',
  'CIRCLED_HANGUL_SYLLABLE',
  'HANGUL_JAMO',
  'CIRCLED_HANGUL_JAMO',
  'HANGUL_PHONETIC',
  'IDEOGRAPH',
  'CIRCLED_IDEOGRAPH',
];

export interface DocInfo {
  styles: HwpxStyles;
  /** BIN_DATA's id (1-based) -> the stream holding it (`BinData/BIN0001.png`). */
  binData: Map<number, string>;
}

/** A WORD length and that many UTF-16 units, at `at`: the string and where the data goes on. */
function lengthPrefixed(d: Uint8Array, at: number): { text: string; end: number } {
  const units = Math.min(u16(d, at), Math.max(0, (d.length - at - 2) >> 1));
  return { text: readUtf16(d, at + 2, units), end: at + 2 + units * 2 };
}
/** COLORREF (0x00BBGGRR) as RRGGBB; black and white (no colour to speak of) as null. */
export function colourOf(ref: number): string | null {
  const hex = [ref & 0xff, (ref >> 8) & 0xff, (ref >> 16) & 0xff]
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return hex === '000000' || hex === 'FFFFFF' ? null : hex;
}

/** CHAR_SHAPE: seven face ids (Hangul first), sizes and offsets, then attributes at 46 and colours from 52. */
function charShape(d: Uint8Array, hangulFaces: string[]): CharShape {
  const attr = u32(d, 46);
  const shade = u32(d, 60);
  return {
    ...PLAIN,
    italic: (attr & 1) !== 0,
    bold: (attr & 2) !== 0,
    underline: ((attr >> 2) & 3) === 1,
    script: attr & (1 << 15) ? 'sup' : attr & (1 << 16) ? 'sub' : null,
    color: colourOf(u32(d, 52)),
    // 0xFFFFFFFF is "no shading"; shading is how teachers mark an answer, as in .hwpx.
    highlight: shade === 0xffffffff ? null : colourOf(shade),
    font: hangulFaces[u16(d, 0)] ?? null,
  };
}

/** PARA_SHAPE: the head type (bits 23-24: outline, number, bullet) and level (25-27) of attribute 1; the numbering or bullet id at 30. */
function heading(d: Uint8Array): Heading | null {
  const attr = u32(d, 0);
  const type = ([null, 'OUTLINE', 'NUMBER', 'BULLET'] as const)[(attr >> 23) & 3];
  return type ? { type, idRef: String(u16(d, 30) || 1), level: (attr >> 25) & 7 } : null;
}

/** NUMBERING: seven levels of (attributes with the number format in bits 5-8, two widths, a char shape, the format string), then the start number and, in newer files, each level's. */
function numbering(d: Uint8Array): Map<number, ParaHead> {
  const levels = new Map<number, ParaHead>();
  let at = 0;
  const read: { format: string; text: string }[] = [];
  for (let level = 0; level < 7 && at + 12 <= d.length; level++) {
    const format = NUMBER_FORMATS[(u32(d, at) >> 5) & 0xf] ?? 'DIGIT';
    const text = lengthPrefixed(d, at + 12);
    read.push({ format, text: text.text });
    at = text.end;
  }
  const start = u16(d, at) || 1;
  read.forEach((level, i) => {
    const own = at + 2 + i * 4 + 4 <= d.length ? u32(d, at + 2 + i * 4) : 0;
    levels.set(i, { start: own || start, numFormat: level.format, text: level.text });
  });
  return levels;
}

/** BIN_DATA: attributes (type in the low 4 bits: 1 embedded), then for an embedded one its id and extension. */
function binDataPath(d: Uint8Array, index: number): string | null {
  if ((u16(d, 0) & 0xf) !== 1) return null;
  const id = u16(d, 2) || index;
  const ext = lengthPrefixed(d, 4).text.toLowerCase();
  return `BinData/BIN${id.toString(16).toUpperCase().padStart(4, '0')}.${ext}`;
}

export function readDocInfo(records: HwpRecord[]): DocInfo {
  const styles: HwpxStyles = { charShapes: new Map(), headings: new Map(), numberings: new Map(), bullets: new Map(), styleNames: new Map() };
  const binData = new Map<number, string>();
  const mappings = records.find((r) => r.tag === DOC_TAG.ID_MAPPINGS);
  // The face lists follow each other, Hangul's first: ID_MAPPINGS counts them (its second number).
  const hangulCount = mappings ? u32(mappings.data, 4) : Infinity;
  const faces: string[] = [];
  const count = { char: 0, para: 0, numbering: 0, bullet: 0, style: 0, bin: 0 };
  for (const { tag, data } of records) {
    if (tag === DOC_TAG.FACE_NAME && faces.length < hangulCount) faces.push(lengthPrefixed(data, 1).text);
    else if (tag === DOC_TAG.CHAR_SHAPE) styles.charShapes.set(String(count.char++), charShape(data, faces));
    else if (tag === DOC_TAG.PARA_SHAPE) {
      const head = heading(data);
      if (head) styles.headings.set(String(count.para), head);
      count.para++;
    } else if (tag === DOC_TAG.NUMBERING) styles.numberings.set(String(++count.numbering), numbering(data));
    else if (tag === DOC_TAG.BULLET) styles.bullets.set(String(++count.bullet), String.fromCharCode(u16(data, 12)) || '•');
    else if (tag === DOC_TAG.STYLE) styles.styleNames.set(String(count.style++), lengthPrefixed(data, 0).text);
    else if (tag === DOC_TAG.BIN_DATA) {
      const path = binDataPath(data, ++count.bin);
      if (path) binData.set(count.bin, path);
    }
  }
  return { styles, binData };
}

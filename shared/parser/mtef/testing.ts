import * as CFB from 'cfb';

/**
 * Test helper: writes MTEF byte streams (v5 as MathType 6 writes them, v3 as Equation Editor 3.0
 * does) and wraps them in a real OLE compound file with an `Equation Native` stream, so tests feed
 * the reader genuine binary input. The compound file comes from SheetJS's `cfb` writer, not from
 * our reader's own assumptions.
 */

export type Bytes = number[];

const cstring = (text: string): Bytes => [...Array.from(text, (c) => c.charCodeAt(0)), 0];

export type MtefWriter = ReturnType<typeof mtefWriter>;

/** Typefaces: text, function, variable, lower/upper Greek, symbol, vector, number, MT Extra, expanding, space. */
export const FN = { TEXT: 1, FUNCTION: 2, VARIABLE: 3, LC_GREEK: 4, UC_GREEK: 5, SYMBOL: 6, VECTOR: 7, NUMBER: 8, MTEXTRA: 11, EXPAND: 22, SPACE: 24 };

export function mtefWriter(version: 3 | 5) {
  /** A record's type and options: v5 has an option byte, v3 packs options in the tag's high nibble. */
  const tag = (type: number, options = 0): Bytes => (version === 5 ? [type, options] : [(options << 4) | type]);
  const embellishments = (list: number[]): Bytes => [...list.flatMap((e) => (version === 5 ? [6, 0, e] : [6, e, 0])), 0];

  /** One CHAR record per character of `text`; digits get the number style, others `typeface` (variable by default). */
  const char = (text: string, typeface: number = FN.VARIABLE, embell: number[] = []): Bytes =>
    Array.from(text).flatMap((c) => {
      const code = c.codePointAt(0)!;
      const face = typeface === FN.VARIABLE && /[0-9]/.test(c) ? FN.NUMBER : typeface;
      const options = embell.length > 0 ? (version === 5 ? 0x01 : 0x02) : 0;
      return [...tag(2, options), face + 128, code & 0xff, code >> 8, ...(embell.length > 0 ? embellishments(embell) : [])];
    });

  const line = (...items: Bytes[]): Bytes => [...tag(1), ...items.flat(), 0];
  /** A placeholder slot (absent limit, index or script). */
  const empty = (): Bytes => tag(1, 0x01);

  const variationBytes = (variation: number): Bytes => (version === 5 && variation > 0x7f ? [(variation & 0x7f) | 0x80, variation >> 8] : [variation]);
  const tmpl = (selector: number, variation: number, ...items: Bytes[]): Bytes => [...tag(3), selector, ...variationBytes(variation), 0, ...items.flat(), 0];
  const pile = (halign: number, ...lines: Bytes[]): Bytes => [...tag(4), halign, 1, ...lines.flat(), 0];
  const matrix = (rows: number, cols: number, ...cells: Bytes[]): Bytes => {
    const partitions = new Array(Math.ceil((2 * (rows + 1)) / 8) + Math.ceil((2 * (cols + 1)) / 8)).fill(0);
    return [...tag(5), 0, 2, 0, rows, cols, ...partitions, ...cells.flat(), 0];
  };
  /** Typesize shorthand records: full (0), sub (1), sub-sub (2), symbol (3). */
  const size = (lsize: number): Bytes => [10 + lsize];

  /** A whole equation: the header, the definitions MathType writes first, then the body and its END. */
  const equation = (...items: Bytes[]): Uint8Array => {
    const header =
      version === 5
        ? [
            ...[5, 1, 0, 6, 9, ...cstring('DSMT6'), 0],
            ...[19, ...cstring('WinAllBasicCodePages')], // ENCODING_DEF #5
            ...[17, 5, ...cstring('Times New Roman')], // FONT_DEF #1 in that encoding
            ...[16, 0, 0, 0, 0xe8, 0x03, 0, 0], // COLOR_DEF: RGB (0, 1000, 0)
            ...[18, 0, 1, 0x21, 0x2f, 0, 2, 1, 2, 0], // EQN_PREFS: one size "12 pt", no spacing, two styles (font 1 italic, unused)
          ]
        : [3, 1, 1, 3, 0, ...[8, 3, 2, ...cstring('Times New Roman')]]; // header, then a FONT record
    return Uint8Array.from([...header, ...size(0), ...items.flat(), 0]);
  };

  return { char, line, empty, tmpl, pile, matrix, size, equation, tag };
}

/** The `Equation Native` stream: EQNOLEFILEHDR (28 bytes: cbHdr, version, clipboard format, cbObject, reserved) then the MTEF. */
export function equationNative(mtef: Uint8Array): Uint8Array {
  const out = new Uint8Array(28 + mtef.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, 28, true);
  view.setUint32(2, 0x00020000, true);
  view.setUint16(6, 0xc1c0, true); // a registered clipboard format number, as MathType writes
  view.setUint32(8, mtef.length, true);
  out.set(mtef, 28);
  return out;
}

/** An OLE compound file as Word embeds it for an equation object. */
export function oleFile(mtef: Uint8Array, streamName = 'Equation Native'): Uint8Array {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/\u0001CompObj', Uint8Array.from([1, 0, 0xfe, 0xff, 3, 10, 0, 0]));
  CFB.utils.cfb_add(container, `/${streamName}`, equationNative(mtef));
  const written = CFB.write(container, { type: 'array' }) as number[] | Uint8Array;
  return Uint8Array.from(written);
}

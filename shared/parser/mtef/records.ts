/**
 * MTEF, MathType's binary equation format, read into a small tree. Versions 2 to 4 (Equation
 * Editor 3.x writes 3) keep a record's option flags in the high nibble of its tag byte; version 5
 * (MathType 4 and later) gives every structural record its own option byte and adds definition
 * records (fonts, encodings, colours, preferences) that carry no mathematics and are skipped.
 * Layout: the MTEF v3 and v5 specifications published by Design Science.
 */

export type MtNode = MtLine | MtChar | MtTemplate | MtPile | MtMatrix;
/** A slot; `items` is null for a placeholder (an absent limit, index or script). */
export type MtLine = { kind: 'line'; items: MtNode[] | null };
/** `fontPosition`: the code is 0xF000 + a Symbol-font position (the writer gave no MTCode). */
export type MtChar = { kind: 'char'; typeface: number; code: number; fontPosition?: boolean; embellishments: number[] };
export type MtTemplate = { kind: 'tmpl'; selector: number; variation: number; items: MtNode[] };
/** A vertical stack of lines; halign 1 left, 2 centre, 3 right, 4 at relations, 5 at decimal points. */
export type MtPile = { kind: 'pile'; halign: number; lines: MtNode[] };
export type MtMatrix = { kind: 'matrix'; rows: number; cols: number; cells: MtNode[] };
export type MtEquation = { version: number; items: MtNode[] };

// Record types shared by all versions (v3 stops at 14).
const END = 0,
  LINE = 1,
  CHAR = 2,
  TMPL = 3,
  PILE = 4,
  MATRIX = 5,
  EMBELL = 6,
  RULER = 7,
  FONT = 8,
  SIZE = 9;
const COLOR = 15,
  COLOR_DEF = 16,
  FONT_DEF = 17,
  EQN_PREFS = 18,
  ENCODING_DEF = 19,
  FUTURE = 100;
const OPT_NUDGE = 0x08;

/** Bounds against hostile input: total records, nesting depth. */
const MAX_RECORDS = 50_000;
const MAX_DEPTH = 64;

export class MtefError extends Error {}

/** Parses MTEF bytes (after the OLE header); throws MtefError on anything malformed. */
export function parseMtef(bytes: Uint8Array): MtEquation {
  return new MtefReader(bytes).equation();
}

class MtefReader {
  private at = 0;
  private records = 0;
  private version = 0;
  /** Version 3 on the Mac writes characters as one byte, on Windows as two. */
  private wideChars = true;

  constructor(private readonly bytes: Uint8Array) {}

  private fail(): never {
    throw new MtefError(`malformed MTEF at byte ${this.at}`);
  }

  private byte(): number {
    if (this.at >= this.bytes.length) this.fail();
    return this.bytes[this.at++];
  }

  private peek(): number {
    if (this.at >= this.bytes.length) this.fail();
    return this.bytes[this.at];
  }

  private u16(): number {
    const low = this.byte();
    return low | (this.byte() << 8);
  }

  private skip(count: number): void {
    if (count < 0 || this.at + count > this.bytes.length) this.fail();
    this.at += count;
  }

  /** v5 "unsigned integer": one byte, or 255 then a 16-bit value. */
  private uint(): number {
    const first = this.byte();
    return first === 255 ? this.u16() : first;
  }

  /** v5 "signed integer" (value + 128 in one byte, or 255 then value + 32768 in 16 bits), returned still biased by 128. */
  private sint(): number {
    const first = this.byte();
    return first === 255 ? this.u16() - 32768 + 128 : first;
  }

  private cstring(): void {
    for (let i = 0; this.byte() !== 0; i++) if (i > 1024) this.fail();
  }

  equation(): MtEquation {
    this.version = this.byte();
    if (this.version === 5) {
      this.skip(4); // platform, product, product version, subversion
      this.cstring(); // application key, e.g. "DSMT4"
      this.skip(1); // inline or display
    } else if (this.version >= 2 && this.version <= 4) {
      this.wideChars = this.byte() !== 0; // platform: 0 Macintosh, 1 Windows
      this.skip(3);
    } else {
      this.fail();
    }
    // The body is an object list like any other; a missing final END is tolerated (some writers stop short).
    return { version: this.version, items: this.list(0, true) };
  }

  /** Reads the type and options of the next record: v5 has an option byte, older versions a nibble. */
  private tag(): { type: number; options: number } {
    const first = this.byte();
    if (this.version < 5) return { type: first & 0x0f, options: first >> 4 };
    if (
      first === END ||
      (first >= SIZE && first <= 14) ||
      first === RULER ||
      first === FONT ||
      first === COLOR ||
      first === FONT_DEF ||
      first === ENCODING_DEF ||
      first >= FUTURE
    ) {
      return { type: first, options: 0 };
    }
    return { type: first, options: this.byte() };
  }

  private nudge(options: number): void {
    if (!(options & OPT_NUDGE)) return;
    const dx = this.byte();
    const dy = this.byte();
    if (dx === 128 && dy === 128) this.skip(4);
  }

  /** Records up to an END; sizes, fonts, colours and definitions are read past and dropped. */
  private list(depth: number, endOptional = false): MtNode[] {
    if (depth > MAX_DEPTH) this.fail();
    const items: MtNode[] = [];
    for (;;) {
      if (++this.records > MAX_RECORDS) this.fail();
      if (endOptional && this.at >= this.bytes.length) return items;
      const { type, options } = this.tag();
      if (type === END) return items;
      const node = this.record(type, options, depth);
      if (node) items.push(node);
    }
  }

  private record(type: number, options: number, depth: number): MtNode | null {
    const v5 = this.version === 5;
    switch (type) {
      case LINE: {
        this.nudge(options);
        if (options & 0x04) this.skip(2); // line spacing
        if (options & 0x02) this.ruler();
        return { kind: 'line', items: options & 0x01 ? null : this.list(depth + 1) };
      }
      case CHAR:
        return this.char(options, depth);
      case TMPL: {
        this.nudge(options);
        const selector = this.byte();
        let variation = this.byte();
        if (v5 && variation & 0x80) variation = (variation & 0x7f) | (this.byte() << 8);
        this.skip(1); // template-specific options (fence alignment, expanding integral)
        return { kind: 'tmpl', selector, variation, items: this.list(depth + 1) };
      }
      case PILE: {
        this.nudge(options);
        const halign = this.byte();
        this.skip(1); // vertical alignment
        if (options & 0x02) this.ruler();
        return { kind: 'pile', halign, lines: this.list(depth + 1) };
      }
      case MATRIX: {
        this.nudge(options);
        this.skip(3); // alignments
        const rows = this.byte();
        const cols = this.byte();
        this.skip(Math.ceil((2 * (rows + 1)) / 8) + Math.ceil((2 * (cols + 1)) / 8)); // partition lines, 2 bits each
        return { kind: 'matrix', rows, cols, cells: this.list(depth + 1) };
      }
      case EMBELL: // an embellishment outside a character's list: nothing to attach it to
        this.nudge(options);
        this.skip(1);
        return null;
      case RULER:
        this.ruler(false);
        return null;
      case FONT:
        if (v5)
          this.uint(); // FONT_STYLE_DEF: font index, then the style byte
        else this.skip(1); // FONT: typeface, style, name
        this.skip(1);
        if (!v5) this.cstring();
        return null;
      case SIZE: {
        const select = this.byte();
        if (select === 101) this.skip(2);
        else if (select === 100) this.skip(3);
        else this.skip(1);
        return null;
      }
      case 10:
      case 11:
      case 12:
      case 13:
      case 14: // typesize shorthands
        return null;
    }
    if (!v5) this.fail();
    return this.definition(type, options);
  }

  /** v5 records that define things rather than draw them. */
  private definition(type: number, options: number): null {
    switch (type) {
      case COLOR:
        this.uint();
        return null;
      case COLOR_DEF:
        this.skip(options & 0x01 ? 8 : 6);
        if (options & 0x04) this.cstring();
        return null;
      case FONT_DEF:
        this.uint();
        this.cstring();
        return null;
      case ENCODING_DEF:
        this.cstring();
        return null;
      case EQN_PREFS: {
        for (let array = 0; array < 2; array++) this.dimensions();
        const styles = this.byte();
        for (let i = 0; i < styles; i++) if (this.uint() !== 0) this.skip(1);
        return null;
      }
    }
    if (type >= FUTURE) {
      this.skip(this.uint()); // future records carry their own length so readers can skip them
      return null;
    }
    this.fail();
  }

  /** An EQN_PREFS dimension array: a count, then nibbles where 0xF ends each value. */
  private dimensions(): void {
    const count = this.byte();
    let ended = 0;
    let unitNext = true;
    while (ended < count) {
      const byte = this.byte();
      for (const nibble of [byte >> 4, byte & 0x0f]) {
        if (ended >= count) break;
        if (unitNext) unitNext = false;
        else if (nibble === 0x0f) {
          ended++;
          unitNext = true;
        }
      }
    }
  }

  private ruler(tagged = true): void {
    // After a LINE or PILE the RULER normally carries its own tag; skip it when present.
    if (tagged && (this.peek() & 0x0f) === RULER && (this.version < 5 || this.peek() === RULER)) this.skip(1);
    const stops = this.byte();
    this.skip(stops * 3);
  }

  private char(options: number, depth: number): MtChar {
    this.nudge(options);
    let typeface: number;
    let code = 0;
    let fontPosition = false;
    if (this.version === 5) {
      typeface = this.sint() - 128;
      if (!(options & 0x20)) code = this.u16();
      if (options & 0x04) {
        const position = this.byte();
        if (options & 0x20) {
          code = 0xf000 + position; // only a font position: read it as a Symbol-font private code
          fontPosition = true;
        }
      }
      if (options & 0x10) this.skip(2);
    } else {
      typeface = this.byte() - 128;
      code = this.wideChars ? this.u16() : this.byte();
    }
    const embellished = this.version === 5 ? options & 0x01 : options & 0x02;
    return { kind: 'char', typeface, code, fontPosition, embellishments: embellished ? this.embellishments(depth) : [] };
  }

  private embellishments(depth: number): number[] {
    const out: number[] = [];
    for (;;) {
      if (++this.records > MAX_RECORDS || depth > MAX_DEPTH) this.fail();
      const { type, options } = this.tag();
      if (type === END) return out;
      if (type !== EMBELL) this.fail();
      this.nudge(options);
      out.push(this.byte());
      // Equation Editor 3 follows each embellishment with a zero byte the v3 specification does not mention.
      if (this.version < 5) this.skip(1);
    }
  }
}

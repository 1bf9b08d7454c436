import { readUtf16, writeUtf16 } from './records';

/**
 * PARA_TEXT is UTF-16LE with control characters in it. Codes 0–31 are controls: 0, 10 (line
 * break), 13 (paragraph end) and 24–31 (hyphen, fixed spaces) take one unit; every other code (a
 * table, picture, equation, footnote, field, tab...) takes eight units, the code, six units of
 * data (the control's id, a pointer) and the code again. Those eight units are binary and must not
 * be read as text, so the text is cut into runs between controls.
 */
const ONE_UNIT = new Set([0, 10, 13, 24, 25, 26, 27, 28, 29, 30, 31]);

export type ParaPiece = { kind: 'text'; at: number; text: string } | { kind: 'control'; at: number; code: number; units: number };

/** The pieces of a PARA_TEXT record in order; `at` counts UTF-16 units. */
export function paraPieces(data: Uint8Array): ParaPiece[] {
  const units = data.length >> 1;
  const all = readUtf16(data, 0, units);
  const pieces: ParaPiece[] = [];
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) pieces.push({ kind: 'text', at: textStart, text: all.slice(textStart, end) });
  };
  for (let i = 0; i < units;) {
    const code = all.charCodeAt(i);
    if (code >= 32) {
      i++;
      continue;
    }
    flush(i);
    const size = ONE_UNIT.has(code) ? 1 : Math.min(8, units - i);
    pieces.push({ kind: 'control', at: i, code, units: size });
    i += size;
    textStart = i;
  }
  flush(units);
  return pieces;
}

/** The record's text runs replaced by `map` (which keeps lengths); controls and their data untouched. */
export function mapParaText(data: Uint8Array, map: (text: string) => string): Uint8Array {
  const out = data.slice();
  for (const piece of paraPieces(data)) {
    if (piece.kind !== 'text') continue;
    const mapped = map(piece.text);
    if (mapped.length !== piece.text.length) throw new Error('a replacement changed the length of a text');
    if (mapped !== piece.text) writeUtf16(out, piece.at * 2, mapped);
  }
  return out;
}

/** The id of an eight-unit control ("tbl ", "eqed", "gso ") from its data units, for reading. */
export function inlineCtrlId(data: Uint8Array, at: number): string {
  const b = (i: number) => data[(at + 1) * 2 + i];
  return String.fromCharCode(b(3), b(2), b(1), b(0));
}

/**
 * EQEDIT: a 32-bit property, then the script's length (16 bits) and the script. Hangul in a script
 * is text (a quoted "사과" or a bare word): it is replaced; Latin letters are the equation
 * language (over, sqrt, rm) and variables, and stay, so the maths is the paper's.
 */
export function mapEquationScript(data: Uint8Array, map: (script: string) => string): Uint8Array {
  if (data.length < 6) return data;
  const length = data[4] | (data[5] << 8);
  if (6 + 2 * length > data.length) return data;
  const script = readUtf16(data, 6, length);
  const mapped = map(script);
  if (mapped === script || mapped.length !== script.length) return data;
  const out = data.slice();
  writeUtf16(out, 6, mapped);
  return out;
}

/** An equation's script, for reading. */
export function equationScript(data: Uint8Array): string {
  if (data.length < 6) return '';
  const length = data[4] | (data[5] << 8);
  return 6 + 2 * length > data.length ? '' : readUtf16(data, 6, length);
}

/**
 * A field's CTRL_HEADER ("%hlk" link, "%clk" click-here box): id, property (4), extra (1), then
 * the command's length and the command. A click-here box's guide text and a link's label are
 * Hangul the paper's author wrote; the command's keys and lengths ("Direction:wstring:12:") are
 * syntax Hangul reads back, so only Hangul runs are replaced (same length keeps the counts right).
 */
export function mapFieldCommand(data: Uint8Array, mapHangul: (text: string) => string): Uint8Array {
  if (data.length < 11 || data[3] !== 0x25) return data; // '%': the first character of a field's id
  const length = data[9] | (data[10] << 8);
  if (11 + 2 * length > data.length) return data;
  const command = readUtf16(data, 11, length);
  const mapped = mapHangul(command);
  if (mapped === command || mapped.length !== command.length) return data;
  const out = data.slice();
  writeUtf16(out, 11, mapped);
  return out;
}

/**
 * The CTRL_HEADER of an object (a picture or drawing "gso ", a table "tbl ", an equation "eqed")
 * starts with the common object properties (44 bytes: id, attributes, offsets, size, z-order,
 * margins, instance id, page-break flag), then the object's description: Hangul writes
 * "그림입니다. 원본 그림의 이름: 학교로고.png" there, which names the original file. Mapped whole.
 */
const OBJECT_IDS = new Set(['gso ', 'tbl ', 'eqed']);
const DESCRIPTION_AT = 44;

export function mapObjectDescription(data: Uint8Array, map: (text: string) => string): Uint8Array {
  if (data.length < DESCRIPTION_AT + 2 || !OBJECT_IDS.has(String.fromCharCode(data[3], data[2], data[1], data[0]))) return data;
  const length = data[DESCRIPTION_AT] | (data[DESCRIPTION_AT + 1] << 8);
  if (DESCRIPTION_AT + 2 + 2 * length > data.length) return data;
  const text = readUtf16(data, DESCRIPTION_AT + 2, length);
  const mapped = map(text);
  if (mapped === text || mapped.length !== text.length) return data;
  const out = data.slice();
  writeUtf16(out, DESCRIPTION_AT + 2, mapped);
  return out;
}

/**
 * Symbol fonts draw other characters than their codes say: in the Symbol font "p" is π and 0xB3
 * is ≥; in Wingdings 0xFC is a tick. Old papers write Greek and maths this way, and teachers put
 * a Wingdings tick beside the right option (Insert > Symbol writes w:sym, typing writes text).
 * Both are turned into the Unicode characters they show.
 */

const GREEK_UPPER = 'ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ';
const GREEK_LOWER = 'αβχδεφγηιϕκλμνοπθρστυϖωξψζ';
const SYMBOL_HIGH: Record<number, string> = {
  0x22: '∀', 0x24: '∃', 0x27: '∋', 0x2a: '∗', 0x2d: '−', 0x40: '≅', 0x5c: '∴', 0x5e: '⊥', 0x60: '‾', 0x7e: '∼',
  0xa1: 'ϒ', 0xa2: '′', 0xa3: '≤', 0xa4: '⁄', 0xa5: '∞', 0xa6: 'ƒ', 0xa7: '♣', 0xa8: '♦', 0xa9: '♥', 0xaa: '♠',
  0xab: '↔', 0xac: '←', 0xad: '↑', 0xae: '→', 0xaf: '↓', 0xb0: '°', 0xb1: '±', 0xb2: '″', 0xb3: '≥', 0xb4: '×',
  0xb5: '∝', 0xb6: '∂', 0xb7: '•', 0xb8: '÷', 0xb9: '≠', 0xba: '≡', 0xbb: '≈', 0xbc: '…', 0xbd: '|', 0xbe: '—',
  0xbf: '↵', 0xc0: 'ℵ', 0xc1: 'ℑ', 0xc2: 'ℜ', 0xc3: '℘', 0xc4: '⊗', 0xc5: '⊕', 0xc6: '∅', 0xc7: '∩', 0xc8: '∪',
  0xc9: '⊃', 0xca: '⊇', 0xcb: '⊄', 0xcc: '⊂', 0xcd: '⊆', 0xce: '∈', 0xcf: '∉', 0xd0: '∠', 0xd1: '∇', 0xd2: '®',
  0xd3: '©', 0xd4: '™', 0xd5: '∏', 0xd6: '√', 0xd7: '⋅', 0xd8: '¬', 0xd9: '∧', 0xda: '∨', 0xdb: '⇔', 0xdc: '⇐',
  0xdd: '⇑', 0xde: '⇒', 0xdf: '⇓', 0xe0: '◊', 0xe1: '⟨', 0xe5: '∑', 0xf1: '⟩', 0xf2: '∫',
};
const WINGDINGS: Record<number, string> = {
  0xfc: '✓',
  0xfb: '✗',
  0xfd: '☒',
  0xfe: '☑',
  0xa8: '□',
  0x6f: '□',
  0x6c: '●',
  0x9f: '•',
  0xd8: '➢',
  0xe8: '➔',
  0xab: '★',
  // ⓪ ① … ⑩, the circled numbers Korean teachers label options with when they insert them as symbols.
  ...Object.fromEntries([...'⓪①②③④⑤⑥⑦⑧⑨⑩'].map((c, i) => [0x80 + i, c])),
};

/**
 * A Hangul paper's text holds the private-use code of a symbol it drew in Wingdings ("\uF081"
 * for ①), with no font that says so: Wingdings' circled numbers, read so (any other private-use
 * character stays as it is).
 */
export const privateUseCircled = (text: string) => text.replace(/[\uF080-\uF08A]/g, (c) => WINGDINGS[c.charCodeAt(0) - 0xf000]);
const WINGDINGS_2: Record<number, string> = { 0x50: '✓', 0x4f: '✗', 0x52: '☑', 0x54: '☒', 0x51: '☒', 0xa3: '□', 0xea: '★' };

type SymbolFont = 'symbol' | 'wingdings' | 'wingdings2';
const fontKind = (face: string | null): SymbolFont | null => {
  const name = (face ?? '').trim().toLowerCase();
  if (name === 'symbol') return 'symbol';
  if (name === 'wingdings') return 'wingdings';
  if (name === 'wingdings 2') return 'wingdings2';
  return null;
};

/** The character a code of a symbol font shows (codes may be given as F0xx, the private-use form Word writes), or null. */
function character(kind: SymbolFont, code: number): string | null {
  const low = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  if (kind === 'wingdings') return WINGDINGS[low] ?? null;
  if (kind === 'wingdings2') return WINGDINGS_2[low] ?? null;
  if (low >= 0x41 && low <= 0x5a) return GREEK_UPPER[low - 0x41];
  if (low >= 0x61 && low <= 0x7a) return GREEK_LOWER[low - 0x61];
  if (SYMBOL_HIGH[low]) return SYMBOL_HIGH[low];
  return low >= 0x20 && low < 0x7f ? String.fromCharCode(low) : null;
}

/** A w:sym: its font and its hexadecimal code. Unknown fonts and codes give null (nothing is guessed). */
export function symbolCharacter(font: string | null, hex: string | null): string | null {
  const kind = fontKind(font);
  const code = hex ? parseInt(hex, 16) : NaN;
  return kind && Number.isFinite(code) ? character(kind, code) : null;
}

/** Text typed in a symbol font, as the characters it shows; any other font's text unchanged. */
export function symbolFontText(face: string | null, text: string): string {
  const kind = fontKind(face);
  if (!kind) return text;
  return [...text].map((c) => character(kind, c.charCodeAt(0)) ?? c).join('');
}

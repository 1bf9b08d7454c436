import { SYMBOLS } from '../omml/symbols';

/**
 * MTEF characters as LaTeX. MTCode is Unicode plus MathType's private-use ranges (MT Extra
 * symbols, spacing, fraktur, double-struck and script letters); characters written only by their
 * position in the Symbol font arrive here as 0xF000 + position (how Windows exposes symbol fonts).
 */

/** Symbol-font positions 0x20–0xFF that differ from ASCII, as Unicode. */
const SYMBOL_FONT: Record<number, string> = {
  0x22: '∀', 0x24: '∃', 0x27: '∋', 0x2a: '∗', 0x2d: '−', 0x40: '≅', 0x5c: '∴', 0x5e: '⊥', 0x60: '‾', 0x7e: '∼',
  0xa1: 'ϒ', 0xa2: '′', 0xa3: '≤', 0xa4: '⁄', 0xa5: '∞', 0xa6: 'ƒ', 0xa7: '♣', 0xa8: '♦', 0xa9: '♥', 0xaa: '♠', 0xab: '↔', 0xac: '←', 0xad: '↑',
  0xae: '→', 0xaf: '↓', 0xb0: '°', 0xb1: '±', 0xb2: '″', 0xb3: '≥', 0xb4: '×', 0xb5: '∝', 0xb6: '∂', 0xb7: '•', 0xb8: '÷', 0xb9: '≠', 0xba: '≡',
  0xbb: '≈', 0xbc: '…', 0xbd: '|', 0xc0: 'ℵ', 0xc1: 'ℑ', 0xc2: 'ℜ', 0xc3: '℘', 0xc4: '⊗', 0xc5: '⊕', 0xc6: '∅', 0xc7: '∩', 0xc8: '∪', 0xc9: '⊃',
  0xca: '⊇', 0xcb: '⊄', 0xcc: '⊂', 0xcd: '⊆', 0xce: '∈', 0xcf: '∉', 0xd0: '∠', 0xd1: '∇', 0xd5: '∏', 0xd6: '√', 0xd7: '⋅', 0xd8: '¬', 0xd9: '∧',
  0xda: '∨', 0xdb: '⇔', 0xdc: '⇐', 0xdd: '⇑', 0xde: '⇒', 0xdf: '⇓', 0xe0: '◊', 0xe1: '⟨', 0xe5: '∑', 0xf1: '⟩', 0xf2: '∫',
};
/** Symbol-font Greek: positions of the Latin letters hold the Greek letters in this order. */
const SYMBOL_GREEK_LOWER = 'αβχδεφγηιϕκλμνοπθρστυϖωξψζ';
const SYMBOL_GREEK_UPPER = 'ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ';

/** Symbol-font position to Unicode. */
export function symbolFontChar(position: number): string {
  if (position >= 0x61 && position <= 0x7a) return SYMBOL_GREEK_LOWER[position - 0x61];
  if (position >= 0x41 && position <= 0x5a) return SYMBOL_GREEK_UPPER[position - 0x41];
  return SYMBOL_FONT[position] ?? String.fromCharCode(position);
}

/** MathType's own private-use MTCodes (MT Extra and spacing) that have a LaTeX meaning. */
const PRIVATE: Record<number, string> = {
  0xe900: '\\nless', 0xe901: '\\ngtr', 0xe90b: '\\supseteqq', 0xe90c: '\\subseteqq', 0xe930: '\\leqslant', 0xe931: '\\geqslant', 0xe932: '\\lessapprox',
  0xe933: '\\gtrapprox', 0xe938: '\\preceq', 0xe939: '\\succeq', 0xe98f: '\\centerdot', 0xea06: '\\nleq', 0xea07: '\\ngeq', 0xea11: '\\nsim', 0xea34: '\\lneq',
  0xea35: '\\gneq', 0xea44: '\\subsetneqq', 0xea45: '\\supsetneqq', 0xeb01: '\\rightleftarrows', 0xeb02: '\\rightleftarrows', 0xec00: '\\ldots', 0xec07: '|',
  0xec08: '|', 0xed01: '\\Game', 0xed02: '\\jmath', 0xed10: 'd', 0xed11: 'e', 0xed12: 'i', 0xed13: 'j', 0xed16: 'D',
  // Spaces: alignment mark and zero space draw nothing; then thin, thick, normal, em and 2em spaces; negative thin.
  0xef00: '', 0xef01: '', 0xef02: '\\,', 0xef03: '\\;', 0xef04: '\\ ', 0xef05: '\\quad ', 0xef06: '\\qquad ', 0xef08: '\\,', 0xef22: '\\!',
};

/** Unicode characters MTEF uses that the Word-equation table lacks (or maps differently). */
const EXTRA: Record<string, string> = {
  '\u2061': '', '\u2062': '', '\u2063': '', '\u200b': '', '\u00a0': '\\ ', '\u2009': '\\,', '\u2002': '\\ ', '\u2003': '\\quad ',
  '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap',
  '⊄': '\\not\\subset', '⊗': '\\otimes', '⊕': '\\oplus', 'ℵ': '\\aleph', 'ℑ': '\\Im', 'ℜ': '\\Re', '℘': '\\wp', '⇐': '\\Leftarrow', '⇑': '\\Uparrow',
  '⇓': '\\Downarrow', '↑': '\\uparrow', '↓': '\\downarrow', '•': '\\bullet', '◊': '\\lozenge', '√': '\\surd', '‾': '\\overline{}', '∴': '\\therefore',
  '∵': '\\because', '∋': '\\ni', '⁄': '/', 'ƒ': 'f', '♣': '\\clubsuit', '♦': '\\diamondsuit', '♥': '\\heartsuit', '♠': '\\spadesuit', 'ϒ': '\\Upsilon',
  '⊊': '\\subsetneq', '⊋': '\\supsetneq', '≢': '\\not\\equiv', '⇌': '\\rightleftharpoons', '⇄': '\\rightleftarrows', '⟶': '\\longrightarrow',
  '⟵': '\\longleftarrow', '⟺': '\\iff', '⟸': '\\impliedby', '≺': '\\prec', '≻': '\\succ', '⊢': '\\vdash', '∡': '\\measuredangle', '□': '\\square',
  '▵': '\\triangle', '∖': '\\setminus', '^': '\\hat{}', '"': '\\text{"}', '\'': "'", '⊙': '\\odot', '⊖': '\\ominus', '∤': '\\nmid', '∦': '\\nparallel',
  '≃': '\\simeq', '≐': '\\doteq', '≜': '\\triangleq', 'ı': '\\imath', 'ȷ': '\\jmath', '⋄': '\\diamond', '⌀': '\\varnothing',
};

/** Letters of MathType's private ranges: fraktur, double-struck, script. */
function privateLetter(code: number): string | null {
  const letter = (base: number) => String.fromCharCode((code - base < 26 ? 0x41 : 0x61 - 26) + code - base);
  if (code >= 0xf000 && code < 0xf034) return `\\mathfrak{${letter(0xf000)}}`;
  if (code >= 0xf080 && code < 0xf09a) return `\\mathbb{${letter(0xf080)}}`;
  if (code >= 0xf100 && code < 0xf11a) return `\\mathcal{${letter(0xf100)}}`;
  return null;
}

/** A character of a math run (not text) as LaTeX; `symbolFont` says a 0xF0xx code is a Symbol-font position. */
export function charToLatex(code: number, symbolFont = false): string {
  if (code >= 0xf020 && code <= 0xf0ff && symbolFont) return unicodeToLatex(symbolFontChar(code - 0xf000));
  if (code in PRIVATE) return PRIVATE[code];
  const letter = privateLetter(code);
  if (letter) return letter;
  if (code >= 0xe000 && code <= 0xf8ff) return ''; // unknown private glyph: better nothing than a tofu box
  return unicodeToLatex(String.fromCodePoint(code));
}

export function unicodeToLatex(char: string): string {
  if (char in EXTRA) return EXTRA[char];
  if (char in SYMBOLS) return SYMBOLS[char];
  if (char < ' ') return '';
  if (char === ' ') return ''; // math mode ignores spaces; MathType's deliberate spaces are the 0xEF0x codes
  // Accented letters (Vietnamese đ, ư…) render only as text in KaTeX's math mode.
  if (char > '\u007f' && /\p{L}/u.test(char)) return `\\text{${char}}`;
  return char;
}

/** Escapes a run of text for \text{…}. */
export function escapeText(text: string): string {
  return text.replace(/[\\{}$&#^_%~]/g, (c) => ({ '\\': '\\textbackslash ', '^': '\\textasciicircum ', '~': '\\textasciitilde ' })[c] ?? `\\${c}`);
}

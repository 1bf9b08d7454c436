/**
 * The letters a pseudo-word is made of: each letter of a word is replaced by a letter of the same
 * alphabet (Latin vowels by vowels, consonants by consonants, Hangul syllables by syllables, Han
 * by Han...), so an anonymised paper still exercises the parser's handling of its scripts: the
 * Vietnamese diacritics, Korean particles, CJK text without spaces.
 */
export interface Alphabet {
  name: string;
  /** The base letters (lower case, not decomposable) a letter of this alphabet is replaced by. */
  letters: readonly string[];
  /** Whether a letter (already lower-cased and stripped of its marks) belongs here. */
  has(base: string): boolean;
  /** Hangul syllables decompose into jamo under NFD: they are picked whole, never recomposed. */
  whole?: boolean;
}

/** The letters of a code point range that are letters, lower case and not decomposable. */
function lettersIn(from: number, to: number, whole = false): string[] {
  const letters: string[] = [];
  for (let code = from; code <= to; code++) {
    const c = String.fromCharCode(code);
    if (/\p{L}/u.test(c) && c === c.toLowerCase() && (whole || c.normalize('NFD') === c)) letters.push(c);
  }
  return letters;
}

/**
 * An alphabet of one code point range, its letters listed the first time they are needed (the Han
 * range alone is 21,000 tests). `has` may be wider than the range (Han extension A maps into it).
 */
function ranged(name: string, from: number, to: number, options: { whole?: boolean; has?: (base: string) => boolean } = {}): Alphabet {
  let letters: string[] | null = null;
  const inRange = (base: string) => base.length === 1 && base.charCodeAt(0) >= from && base.charCodeAt(0) <= to;
  return {
    name,
    whole: options.whole,
    get letters() {
      return (letters ??= lettersIn(from, to, options.whole));
    },
    has: options.has ?? inRange,
  };
}

const listed = (name: string, letters: string): Alphabet => ({ name, letters: [...letters], has: (base) => letters.includes(base) });

/** Every alphabet a letter may be replaced within; a letter in none of them (ß, ø, astral letters) is kept. */
export const ALPHABETS: readonly Alphabet[] = [
  listed('Latin vowels', 'aeiouy'),
  listed('Latin consonants', 'bcdfghjklmnpqrstvwxz'),
  ranged('Greek', 0x03b1, 0x03c9),
  ranged('Cyrillic', 0x0430, 0x044f),
  ranged('Armenian', 0x0561, 0x0586),
  ranged('Hebrew', 0x05d0, 0x05ea),
  ranged('Arabic', 0x0620, 0x064a),
  ranged('Devanagari', 0x0904, 0x0939),
  ranged('Bengali', 0x0985, 0x09b9),
  ranged('Gurmukhi', 0x0a05, 0x0a39),
  ranged('Gujarati', 0x0a85, 0x0ab9),
  ranged('Oriya', 0x0b05, 0x0b39),
  ranged('Tamil', 0x0b85, 0x0bb9),
  ranged('Telugu', 0x0c05, 0x0c39),
  ranged('Kannada', 0x0c85, 0x0cb9),
  ranged('Malayalam', 0x0d05, 0x0d3a),
  ranged('Sinhala', 0x0d85, 0x0dc6),
  ranged('Thai', 0x0e01, 0x0e2e),
  ranged('Lao', 0x0e81, 0x0eae),
  ranged('Tibetan', 0x0f40, 0x0f6c),
  ranged('Myanmar', 0x1000, 0x102a),
  ranged('Georgian', 0x10d0, 0x10fa),
  ranged('Ethiopic', 0x1200, 0x135a),
  ranged('Khmer', 0x1780, 0x17b3),
  ranged('Hiragana', 0x3041, 0x3096),
  ranged('Katakana', 0x30a1, 0x30fa),
  ranged('Hangul syllables', 0xac00, 0xd7a3, { whole: true }),
  // Han: the unified ideographs of the BMP; extension A and the compatibility ideographs map into them.
  ranged('Han', 0x4e00, 0x9fff, { has: (base) => base.length === 1 && /\p{Script=Han}/u.test(base) }),
];

/** The alphabet of a letter (lower case), judged by its base letter, or undefined. */
export function alphabetOf(letter: string): Alphabet | undefined {
  const hangul = ALPHABETS.find((a) => a.whole && a.has(letter));
  if (hangul) return hangul;
  const base = letter.normalize('NFD')[0];
  return ALPHABETS.find((a) => !a.whole && a.has(base));
}

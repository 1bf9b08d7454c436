import { alphabetOf, type Alphabet } from './alphabets';

/**
 * A keyed pseudo-random function: the same message gives the same bytes for one key. The script
 * passes HMAC-SHA256 under a key drawn per run (scripts/wordFixture.ts), so this module needs no
 * Node API and nobody can map a dictionary to its pseudo-words without the key.
 */
export type KeyedHash = (message: string) => Uint8Array;

const MARK = /\p{M}/u;

/** `count` bytes for a word and an attempt: as many hash blocks as the word needs (two bytes a letter). */
function bytesFor(hash: KeyedHash, word: string, attempt: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let filled = 0, block = 0; filled < count; block++) {
    const chunk = hash(`${attempt}\u0000${block}\u0000${word}`);
    out.set(chunk.subarray(0, count - filled), filled);
    filled += Math.min(chunk.length, count - filled);
  }
  return out;
}

const pools = new Map<string, string[]>();
/**
 * The letters of an alphabet that take the same marks as the letter they replace: "ế" (e with a
 * circumflex and an acute) becomes "ấ" or "ố", never "í" with a stray circumflex. The letter's own
 * marks must compose into one character (so the length stays the same); marks typed after it
 * (Vietnamese written decomposed) should compose too when some letter allows it.
 */
function poolFor(alphabet: Alphabet, own: string, trailing: string): string[] {
  const key = `${alphabet.name}\u0000${own}\u0000${trailing}`;
  let pool = pools.get(key);
  if (!pool) {
    const single = (text: string) => text.normalize('NFC').length === 1;
    const owning = own ? alphabet.letters.filter((b) => single(b + own)) : [...alphabet.letters];
    const both = trailing ? owning.filter((b) => single(b + own + trailing)) : owning;
    pool = both.length > 0 ? both : owning;
    pools.set(key, pool);
  }
  return pool;
}

/** Another letter of the same alphabet with the same marks, chosen by `n`; the letter itself when it has no alphabet here. */
export function replaceLetter(letter: string, trailingMarks: string, n: number): string {
  const alphabet = alphabetOf(letter);
  if (!alphabet) return letter;
  if (alphabet.whole) return alphabet.letters[n % alphabet.letters.length];
  const own = letter.normalize('NFD').slice(1);
  const pool = poolFor(alphabet, own, trailingMarks);
  return pool.length === 0 ? letter : (pool[n % pool.length] + own).normalize('NFC');
}

/** The pseudo-word of a lower-case word for one attempt: each letter replaced, marks and unknown letters kept. */
export function pseudoOf(hash: KeyedHash, lower: string, attempt: number): string {
  const bytes = bytesFor(hash, lower, attempt, lower.length * 2);
  let out = '';
  for (let i = 0; i < lower.length;) {
    const c = String.fromCodePoint(lower.codePointAt(i)!);
    let end = i + c.length;
    while (end < lower.length && MARK.test(lower[end])) end++;
    // Astral letters (mathematical italics, rare ideographs) and lone marks stay: same length guaranteed.
    out += c.length === 1 && !MARK.test(c) ? replaceLetter(c, lower.slice(i + 1, end), (bytes[2 * i] << 8) | bytes[2 * i + 1]) : c;
    i += c.length;
  }
  return out;
}

/** Lower case letter by letter, keeping a letter whose lower case has another length ("İ"), so offsets stay. */
export function lowerKeepingLength(word: string): string {
  return Array.from(word, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
}

/** The case of `original` put on `lower`, unit by unit: "Paris" and "PARIS" give "Xobet" and "XOBET". */
export function withCaseOf(original: string, lower: string): string {
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const o = original[i];
    const upper = lower[i].toUpperCase();
    out += o !== o.toLowerCase() && upper.length === 1 ? upper : lower[i];
  }
  return out;
}

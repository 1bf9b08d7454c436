import { lowerKeepingLength, pseudoOf, withCaseOf, type KeyedHash } from './pseudoWord';
import { isStructural, STRUCTURAL_WORDS } from './structural';

export interface WordStats {
  /** Word occurrences replaced. */
  replaced: number;
  /** Distinct words (case-insensitive) replaced. */
  distinct: number;
  /** Occurrences kept because they are structure (STRUCTURAL_WORDS, labels, numerals). */
  kept: number;
}

export interface WordMapper {
  /** The word's pseudo-word (same length, script, case and marks), or the word itself when it is structure. */
  word(word: string): string;
  /** Every word of a text replaced, everything between words kept. */
  text(text: string): string;
  /** Original words replaced, for the check that none of them is left in the output. */
  readonly originals: ReadonlySet<string>;
  readonly stats: WordStats;
}

export const WORD = /[\p{L}\p{M}]+/gu;
const ATTEMPTS = 64;

/**
 * One mapping for one run of the tool: the same word (in any case) always gets the same
 * pseudo-word, so an answer key that repeats an option's text still matches it. Two words never
 * share a pseudo-word (a collision would make two different options equal), and no pseudo-word is
 * a structural word (a random "Sai" or "Key" would change what the parser reads).
 */
export function wordMapper(
  hash: KeyedHash,
  /** Words kept as they are: the parser's structure (a Korean paper adds its own words, hwp/anonymise/words.ts). */
  isKept: (word: string) => boolean = isStructural,
  /** What a text's words are (Hangul papers: syllables, Latin letters and Han characters, each a word). */
  words: RegExp = WORD,
): WordMapper {
  const byWord = new Map<string, string>();
  const owner = new Map<string, string>();
  const originals = new Set<string>();
  const stats: WordStats = { replaced: 0, distinct: 0, kept: 0 };
  const choose = (lower: string): string => {
    let fallback: string | null = null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const candidate = pseudoOf(hash, lower, attempt);
      if (isKept(candidate)) continue;
      fallback ??= candidate;
      const taken = owner.get(candidate);
      if (candidate !== lower && (taken === undefined || taken === lower)) return candidate;
    }
    // Only letters this tool keeps (ß, ø) or a pool too small to avoid every collision.
    return fallback ?? lower;
  };
  const word = (original: string): string => {
    if (isKept(original)) {
      stats.kept++;
      return original;
    }
    const lower = lowerKeepingLength(original);
    let pseudo = byWord.get(lower);
    if (pseudo === undefined) {
      pseudo = choose(lower);
      byWord.set(lower, pseudo);
      owner.set(pseudo, lower);
      originals.add(original);
      stats.distinct++;
    }
    stats.replaced++;
    return withCaseOf(original, pseudo);
  };
  /**
   * Han writes no spaces: "答案是" is one run of letters holding the structural "答案". Such a run is
   * cut round the structural words it holds (the longest first), which stay; the rest is replaced.
   */
  const hanWord = (run: string): string => {
    if (!HAN.test(run) || isKept(run)) return word(run);
    const kept = HAN_KEPT.exec(run);
    // (An empty match, were the list ever without Han words, would cut nothing and never end.)
    if (!kept || !kept[0]) return word(run);
    const before = run.slice(0, kept.index);
    const after = run.slice(kept.index + kept[0].length);
    stats.kept++;
    return `${before ? hanWord(before) : ''}${kept[0]}${after ? hanWord(after) : ''}`;
  };
  // A letter of another script glued to a word ("A内容", an option's letter tight against Chinese) is a word of its own.
  const glued = (run: string) => run.replace(SCRIPT_RUN, hanWord);
  return { word, text: (text) => text.replace(words, glued), originals, stats };
}

const HAN = /\p{Script=Han}/u;
/** Latin letters (with their marks), or letters of any other script: a run of letters cut where Latin meets another script. */
const SCRIPT_RUN = /\p{Script=Latin}[\p{Script=Latin}\p{M}]*|[^\p{Script=Latin}]+/gu;
/** The structural words written in Han, longest first, as one alternation. */
const HAN_KEPT = new RegExp(
  STRUCTURAL_WORDS.filter((w) => /^\p{Script=Han}+$/u.test(w))
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'u',
);

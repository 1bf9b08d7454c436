import type { KeyedHash } from '../../anonymise/pseudoWord';
import { wordMapper, type WordStats } from '../../anonymise/wordMapper';
import { isStructural } from '../../anonymise/structural';

/**
 * The words of a Korean paper made anonymous: every Hangul syllable becomes another syllable, every
 * Latin letter another letter of the same case, every Han character (hanja in a 국어 passage)
 * another Han character. Nothing else changes: digits, punctuation, spaces, ①–⑤, jamo (ㄱ ㄴ ㄷ),
 * Greek letters, so a word keeps its UTF-16 length and an HWP record keeps its size.
 */

/**
 * Words the Korean conventions of the parser read structure from (shared/parser/engines/patterns.ts,
 * textEngine.ts) and the phrases papers wrap questions in ("옳은 것은?", "다음 글을 읽고 물음에
 * 답하시오"). The shared Word list (anonymise/structural.ts) holds more; both are kept.
 */
export const KOREAN_STRUCTURAL: readonly string[] = [
  ...['정답', '답', '보기', '해설', '풀이', '문제', '다음', '번호', '서술형', '단답형', '객관식', '주관식', '점', '참', '거짓'],
  ...['지선다형', '선다형', '서답형', '선택과목', '공통과목'],
  ...['옳은', '옳지', '않은', '것은', '고른', '것', '읽고', '물음에', '답하시오', '고르시오', '것을', '글을', '물음', '문항', '배점'],
  ...['정답표', '정답지', '답지', '선택지', '지문', '빈칸', '유형', '난이도', '영역', '선택형', '논술형', '정답과', '해설과', '및'],
  ...['채우기', '질문', '진술', '대화', '글', '그리고', '부터', '과', '모두', '예', '아니오', '맞는', '틀린', '알맞은', '적절한', '적절하지'],
];

/**
 * One-syllable words kept: option and passage labels ((가) (나) (다), 갑 을 병 정) and the few
 * words of the conventions ("3점", "정답 ③", "(단, …)", "<보  기>"). Any other one-syllable word ("값",
 * "수") is content and replaced, unlike the Word tool which keeps every one-letter word.
 */
// 보 and 기 alone: the heading of a <보기> box written spaced out, "<보  기>", as the 수능 and its mock papers write it.
const KEPT_SYLLABLES = new Set(Array.from('가나다라마바사아자차카타파하갑을병정무점답것참번상중하개제부세두및과글끝예형표단쪽보기'));

/** Particles after a kept word ("다음은", "보기에서", "정답은"): the word stays whole. */
const PARTICLES = new Set([
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '에서',
  '으로',
  '로',
  '와',
  '과',
  '도',
  '만',
  '이다',
  '입니다',
  '으로부터',
  '에서의',
]);

const KOREAN = new Set(KOREAN_STRUCTURAL);
const HANGUL_SYLLABLE = /^[\uac00-\ud7a3]$/;

/** Whether a word (a run of one script) stays as it is. */
export function isKept(word: string): boolean {
  if (HANGUL_SYLLABLE.test(word)) return KEPT_SYLLABLES.has(word) || PARTICLES.has(word);
  // A particle standing alone ("<보기>에서", "$f(x)$의") says nothing of the paper; keeping it keeps the phrase readable.
  if (KOREAN.has(word) || PARTICLES.has(word) || isStructural(word)) return true;
  // A stem is kept by the lists only: isStructural keeps any one letter, which here would keep "있는" as "있" + "는".
  for (let cut = word.length - 1; cut >= 1; cut--) {
    const stem = word.slice(0, cut);
    const keptStem = cut === 1 ? KEPT_SYLLABLES.has(stem) : KOREAN.has(stem) || isStructural(stem);
    if (keptStem && /^[\uac00-\ud7a3]+$/.test(stem) && PARTICLES.has(word.slice(cut))) return true;
  }
  return false;
}

/** A word: a run of Hangul syllables, of Latin letters or of Han characters (scripts never mix, so "x의" keeps its x). */
export const WORD = /[\uac00-\ud7a3]+|[A-Za-z]+|[\u4e00-\u9fff]+/g;
const HANGUL_RUN = /[\uac00-\ud7a3]+/g;

/**
 * A keyed hash from a seed, written here (FNV-1a then a 32-bit mixer, four lanes) because shared
 * code has no Node crypto: the same seed gives the same fixture, which is all a corpus needs; a
 * fixture meant for commit is made with a random seed that is not kept.
 */
export function seededHash(seed: string): KeyedHash {
  return (message) => {
    const out = new Uint8Array(16);
    for (let lane = 0; lane < 4; lane++) {
      let h = (0x811c9dc5 ^ (lane * 0x9e3779b9)) >>> 0;
      for (const text of [seed, '\u0000', message]) {
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      }
      h ^= h >>> 16;
      h = Math.imul(h, 0x7feb352d) >>> 0;
      h ^= h >>> 15;
      h = Math.imul(h, 0x846ca68b) >>> 0;
      h ^= h >>> 16;
      out.set([h >>> 24, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff], lane * 4);
    }
    return out;
  };
}

export type HangulStats = WordStats;

export interface HangulMapper {
  /** Every word of a text replaced (same length), everything else kept. */
  text(text: string): string;
  /** Only the Hangul words replaced: equation scripts and field commands, whose Latin is syntax. */
  hangul(text: string): string;
  /** Original words replaced, for the check that none of them is left in the output. */
  readonly originals: ReadonlySet<string>;
  readonly stats: HangulStats;
}

/**
 * One mapping for one document, Word's (anonymise/wordMapper.ts) with the Korean kept words and
 * words: the same word always gets the same pseudo-word (so a key that repeats an option's text
 * still matches it), two words never share one, and no pseudo-word is a kept word (a random
 * "정답" would add structure the paper does not have).
 */
export function hangulMapper(hash: KeyedHash): HangulMapper {
  const mapper = wordMapper(hash, isKept, WORD);
  return { text: mapper.text, hangul: (text) => text.replace(HANGUL_RUN, mapper.word), originals: mapper.originals, stats: mapper.stats };
}

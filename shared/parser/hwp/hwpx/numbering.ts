import { CHOSUNG, GANADA, letters as lowerLetters, roman as lowerRoman, type ListLabel } from '../../docx/numbering';
import type { HwpxStyles, ParaHead } from './header';

/** A paragraph's head with the numbering it counts in: OUTLINE paragraphs count in their section's outline numbering. */
export interface NumberedHead {
  type: 'NUMBER' | 'OUTLINE' | 'BULLET';
  id: string;
  level: number;
}

const CIRCLED_DIGITS = (n: number) =>
  n >= 1 && n <= 20
    ? String.fromCodePoint(0x2460 + n - 1)
    : n >= 21 && n <= 35
      ? String.fromCodePoint(0x3251 + n - 21)
      : n >= 36 && n <= 50
        ? String.fromCodePoint(0x32b1 + n - 36)
        : String(n);
const cycle = (alphabet: string, n: number) => alphabet[(n - 1) % alphabet.length];
const circledIn = (first: number, size: number, n: number, plain: string) => (n >= 1 && n <= size ? String.fromCodePoint(first + n - 1) : plain);

const roman = (n: number) => lowerRoman(n).toUpperCase();
/** A..Z, then AA, BB… as Word and Hangul count. */
const letters = (n: number) => lowerLetters(n).toUpperCase();
/** 1..99 in Sino-Korean (일, 이… 십일) or Chinese numerals (一, 二… 十一), as HANGUL_PHONETIC and IDEOGRAPH show them. */
function spelled(n: number, digits: string, ten: string): string {
  if (n < 1 || n > 99) return String(n);
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return `${tens ? `${tens > 1 ? digits[tens - 1] : ''}${ten}` : ''}${units ? digits[units - 1] : ''}`;
}

/**
 * A number as Hangul shows it in a format (NumberType1 of KS X 6101), and the name Word gives the
 * same format (the engines know Word's names): ① is decimalEnclosedCircle, 가나다 ganada, ㄱㄴㄷ
 * chosung. Circled letters keep the letter formats, so the engines read them as options' letters.
 */
export function hangulNumber(n: number, numFormat: string): { text: string; format: string } {
  switch (numFormat) {
    case 'CIRCLED_DIGIT':
    case 'DECAGON_CIRCLE':
      return { text: CIRCLED_DIGITS(n), format: 'decimalEnclosedCircle' };
    case 'ROMAN_CAPITAL':
      return { text: roman(n), format: 'upperRoman' };
    case 'ROMAN_SMALL':
      return { text: roman(n).toLowerCase(), format: 'lowerRoman' };
    case 'LATIN_CAPITAL':
      return { text: letters(n), format: 'upperLetter' };
    case 'LATIN_SMALL':
      return { text: letters(n).toLowerCase(), format: 'lowerLetter' };
    case 'CIRCLED_LATIN_CAPITAL':
      return { text: circledIn(0x24b6, 26, n, letters(n)), format: 'upperLetter' };
    case 'CIRCLED_LATIN_SMALL':
      return { text: circledIn(0x24d0, 26, n, letters(n).toLowerCase()), format: 'lowerLetter' };
    case 'HANGUL_SYLLABLE':
      return { text: cycle(GANADA, n), format: 'ganada' };
    case 'CIRCLED_HANGUL_SYLLABLE':
      return { text: circledIn(0x326e, 14, n, cycle(GANADA, n)), format: 'ganada' };
    case 'HANGUL_JAMO':
      return { text: cycle(CHOSUNG, n), format: 'chosung' };
    case 'CIRCLED_HANGUL_JAMO':
      return { text: circledIn(0x3260, 14, n, cycle(CHOSUNG, n)), format: 'chosung' };
    case 'HANGUL_PHONETIC':
      return { text: spelled(n, '일이삼사오육칠팔구', '십'), format: 'koreanDigital' };
    case 'IDEOGRAPH':
      return { text: spelled(n, '一二三四五六七八九', '十'), format: 'chineseCounting' };
    case 'CIRCLED_IDEOGRAPH':
    case 'DECAGON_CIRCLE_HANJA':
      return { text: circledIn(0x3280, 10, n, spelled(n, '一二三四五六七八九', '十')), format: 'ideographEnclosedCircle' };
    default:
      return { text: String(n), format: 'decimal' };
  }
}

/**
 * A level's head text with its numbers in: `^3` is level 3's number in level 3's format, `^n` the
 * path of numbers down to this level (1.1.1), `^N` the same with a closing full stop (KS X 6101,
 * ParaHeadType).
 */
function headText(levels: Map<number, ParaHead>, counts: number[], level: number): string {
  const number = (at: number) => hangulNumber(counts[at] ?? levels.get(at)?.start ?? 1, levels.get(at)?.numFormat ?? 'DIGIT').text;
  const path = () => Array.from({ length: level + 1 }, (_, at) => number(at)).join('.');
  return (levels.get(level)?.text ?? `^${level + 1}.`).replace(/\^([1-9]|10|n|N)/g, (_, which: string) =>
    which === 'n' ? path() : which === 'N' ? `${path()}.` : number(Number(which) - 1),
  );
}

/**
 * The labels Hangul shows before numbered paragraphs, computed from the numbering definitions as
 * docx/numbering.ts computes Word's: each numbering counts on through the document, a level
 * starts at its paraHead's start, and deeper levels start again when a level above moves on.
 * Checked against hwpxlib's text extractor on its ParaHead.hwpx (tests/fixtures/hwp/samples).
 * Outline paragraphs count in their own counters; a bullet shows its character.
 */
export function hwpxLabels(heads: (NumberedHead | null)[], styles: Pick<HwpxStyles, 'numberings' | 'bullets'>): Map<number, ListLabel> {
  const labels = new Map<number, ListLabel>();
  const counters = new Map<string, number[]>();
  heads.forEach((head, at) => {
    if (!head) return;
    const key = `${head.type}:${head.id}`;
    const counts = counters.get(key) ?? [];
    counters.set(key, counts);
    if (head.type === 'BULLET') {
      counts[0] = (counts[0] ?? 0) + 1;
      labels.set(at, { label: styles.bullets.get(head.id) ?? '•', format: 'bullet', level: head.level, value: counts[0] });
      return;
    }
    const levels = styles.numberings.get(head.id);
    if (!levels) return;
    const level = head.level;
    // A level shown before the levels above it ever were counts them as started: 4.1.1.1 then 4.1.2 (as Hangul shows it).
    for (let above = 0; above < level; above++) counts[above] ??= levels.get(above)?.start ?? 1;
    counts[level] = counts[level] === undefined ? (levels.get(level)?.start ?? 1) : counts[level] + 1;
    counts.length = level + 1; // deeper levels start again
    const { format } = hangulNumber(counts[level], levels.get(level)?.numFormat ?? 'DIGIT');
    labels.set(at, { label: headText(levels, counts, level), format, level, value: counts[level] });
  });
  return labels;
}

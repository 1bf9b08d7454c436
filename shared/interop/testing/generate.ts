import type { InteropQuestion, InteropSection, ParsedChildQuestion } from '../model';
import { fillUps, rangeAnswer, TRUE_FALSE, wordAnswer } from '../questions';

/**
 * Generated tests for the round-trip property tests and the benchmark: every question type,
 * English, Vietnamese and Korean text, LaTeX, pictures, marks, solutions, difficulty and tags,
 * from a seed (the same seed, the same test).
 */

export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: small, fast, and the same on every machine.
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const WORDS = {
  en: ['the', 'river', 'flows', 'north', 'energy', 'of', 'light', 'triangle', 'prime', 'number', 'which', 'is', 'true'],
  vi: ['Giá', 'trị', 'của', 'biểu', 'thức', 'là', 'bao', 'nhiêu', 'đúng', 'sông', 'chảy', 'về', 'phía', 'Bắc'],
  ko: ['다음', '중', '옳은', '것은', '무엇인가', '삼각형', '빛의', '속도', '소수', '강은', '북쪽으로', '흐른다'],
};
/**
 * Blank answers: names, not words like "is" that the Word parser reads as part of an answer line
 * ("Ans: is 5" is 5; docs/interop.md).
 */
const ANSWERS = ['Paris', 'Tokyo', 'Tōkyō', 'Hà Nội', '서울', 'Mediterranean'];
/** Written as our Word equation reader writes LaTeX, so a Word round trip gives the same text. */
const LATEX = ['\\frac{a}{b}', '{x}^{2}+1', '\\sqrt{2}', '\\alpha +\\beta', 'E=m{c}^{2}', '\\sum_{i=1}^{n}{i}', '\\sqrt[3]{x}', '\\left( a+b \\right)'];
/** A 1x1 PNG, and a second one, so a package holds two distinct pictures. */
export const PICTURES = [
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
];

export interface GenerateOptions {
  sections?: number;
  questionsPerSection?: number;
  /** Leave out what a plain format cannot hold (formatting, pictures). */
  plain?: boolean;
}

export function generateTest(seed: number, options: GenerateOptions = {}): InteropSection[] {
  const r = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const words = (n: number) => {
    const lang = pick(['en', 'vi', 'ko'] as const);
    return Array.from({ length: n }, () => pick(WORDS[lang])).join(' ');
  };
  const sentence = () => {
    let text = words(int(3, 8));
    if (!options.plain && r() < 0.2) text = `<b>${text}</b>`;
    if (r() < 0.4) text += ` $${pick(LATEX)}$`;
    return text;
  };
  const html = () => {
    let out = `<p>${sentence()}</p>`;
    if (!options.plain && r() < 0.15) out += `<p><img src="${pick(PICTURES)}" width="20" height="10"></p>`;
    return out;
  };
  const meta = () => {
    const positive = pick([1, 2, 4, 0.5]);
    const negative = pick([0, 0, 1, 0.25]);
    const q: Partial<ParsedChildQuestion> = { marks: { positive, negative } };
    if (negative) q.isNegativeMarkingEnabled = true;
    if (r() < 0.3) q.difficultyLevel = pick(['easy', 'medium', 'hard'] as const);
    if (r() < 0.3) q.tags = [words(1), words(1)].filter((t, i, all) => all.indexOf(t) === i);
    return q;
  };
  const solution = () => (r() < 0.5 ? html() : '');
  const child = (): ParsedChildQuestion => {
    const type = pick(['multiple_choice', 'multiple_choice', 'true_false', 'fill_ups', 'integer'] as const);
    switch (type) {
      case 'multiple_choice': {
        const n = int(2, 6);
        const right = new Set([int(0, n - 1)]);
        if (r() < 0.3) right.add(int(0, n - 1));
        return {
          type,
          name: html(),
          solution: solution(),
          options: Array.from({ length: n }, (_, i) => ({ name: `<p>${words(int(1, 3))} ${i + 1}</p>`, isCorrect: right.has(i) })),
          ...meta(),
        } as ParsedChildQuestion;
      }
      case 'true_false': {
        const right = r() < 0.5;
        return {
          type,
          name: html(),
          solution: solution(),
          options: TRUE_FALSE.map((name, i) => ({ name, isCorrect: (i === 0) === right })),
          ...meta(),
        } as ParsedChildQuestion;
      }
      case 'fill_ups': {
        const blanks = Array.from({ length: int(1, 2) }, () =>
          r() < 0.5 ? Array.from({ length: int(1, 2) }, (_, i) => wordAnswer(`${pick(ANSWERS)}${i}`)) : [rangeAnswer(int(0, 9) + 0.5, int(10, 20) + 0.25)],
        );
        const name = `<p>${words(int(2, 4))} ${blanks.map(() => '____').join(` ${words(1)} `)} ${words(1)}.</p>`;
        return { ...fillUps(name, blanks, solution()), ...meta() } as ParsedChildQuestion;
      }
      case 'integer':
        return { type, name: html(), solution: String(int(-50, 500)), ...meta() } as ParsedChildQuestion;
    }
  };
  const question = (): InteropQuestion =>
    r() < 0.12 ? { type: 'comprehension', name: '', solution: '', paragraph: html(), questions: Array.from({ length: int(1, 3) }, child) } : child();
  const sectionCount = options.sections ?? int(1, 3);
  return Array.from({ length: sectionCount }, (_, s) => ({
    name: `${pick(['Section', 'Phần', '영역'])} ${s + 1}`,
    questions: Array.from({ length: options.questionsPerSection ?? int(2, 8) }, question),
  }));
}

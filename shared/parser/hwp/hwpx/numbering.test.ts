import type { ParaHead } from './header';
import { hangulNumber, hwpxLabels, type NumberedHead } from './numbering';

describe('hangulNumber', () => {
  it('shows numbers in Hangul formats, under the Word format names the engines know', () => {
    const shown = (format: string, ...ns: number[]) => ns.map((n) => hangulNumber(n, format).text).join(' ');
    expect(shown('DIGIT', 1, 12)).toBe('1 12');
    expect(shown('CIRCLED_DIGIT', 1, 5, 20, 21, 36, 51)).toBe('① ⑤ ⑳ ㉑ ㊱ 51');
    expect(shown('HANGUL_SYLLABLE', 1, 2, 3, 14, 15)).toBe('가 나 다 하 가');
    expect(shown('CIRCLED_HANGUL_SYLLABLE', 1, 2)).toBe('㉮ ㉯');
    expect(shown('HANGUL_JAMO', 1, 2, 3)).toBe('ㄱ ㄴ ㄷ');
    expect(shown('CIRCLED_HANGUL_JAMO', 1, 3)).toBe('㉠ ㉢');
    expect(shown('LATIN_SMALL', 1, 27)).toBe('a aa');
    expect(shown('LATIN_CAPITAL', 3)).toBe('C');
    expect(shown('CIRCLED_LATIN_SMALL', 1)).toBe('ⓐ');
    expect(shown('ROMAN_SMALL', 4, 9)).toBe('iv ix');
    expect(shown('ROMAN_CAPITAL', 14)).toBe('XIV');
    expect(shown('HANGUL_PHONETIC', 1, 10, 11, 23)).toBe('일 십 십일 이십삼');
    expect(shown('IDEOGRAPH', 3, 20)).toBe('三 二十');
    expect(shown('CIRCLED_IDEOGRAPH', 1)).toBe('㊀');
    expect(
      ['DIGIT', 'CIRCLED_DIGIT', 'HANGUL_SYLLABLE', 'HANGUL_JAMO', 'LATIN_SMALL', 'LATIN_CAPITAL', 'ROMAN_SMALL', 'ROMAN_CAPITAL'].map(
        (f) => hangulNumber(1, f).format,
      ),
    ).toEqual(['decimal', 'decimalEnclosedCircle', 'ganada', 'chosung', 'lowerLetter', 'upperLetter', 'lowerRoman', 'upperRoman']);
  });
});

describe('hwpxLabels', () => {
  const levels = (...heads: [string, string, number?][]) =>
    new Map<number, ParaHead>(heads.map(([numFormat, text, start], i) => [i, { numFormat, text, start: start ?? 1 }]));
  const number = (id: string, level = 0): NumberedHead => ({ type: 'NUMBER', id, level });

  it('fills ^n and ^N with the path of numbers, and ^k with level k in its own format', () => {
    const numberings = new Map([['1', levels(['DIGIT', '^1.'], ['HANGUL_SYLLABLE', '^n'], ['HANGUL_JAMO', '(^N)'], ['CIRCLED_DIGIT', '^1-^4'])]]);
    const labels = hwpxLabels([number('1'), number('1', 1), number('1', 2), number('1', 3)], { numberings, bullets: new Map() });
    expect([...labels.values()].map((l) => l.label)).toEqual(['1.', '1.가', '(1.가.ㄱ.)', '1-①']);
  });

  it('counts each numbering apart, restarts deeper levels, starts at the level start, and skips paragraphs without a head', () => {
    const numberings = new Map([
      ['1', levels(['DIGIT', '^1.', 3], ['LATIN_SMALL', '^2)'])],
      ['2', levels(['CIRCLED_DIGIT', '^1'])],
    ]);
    const heads = [number('1'), number('1', 1), number('1', 1), number('2'), null, number('2'), number('1'), number('1', 1), number('9')];
    const labels = hwpxLabels(heads, { numberings, bullets: new Map() });
    expect([...labels].map(([at, l]) => `${at}:${l.label}:${l.value}`)).toEqual(['0:3.:3', '1:a):1', '2:b):2', '3:①:1', '5:②:2', '6:4.:4', '7:a):1']);
  });
});

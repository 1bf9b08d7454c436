import { choicesNaming, onlyRepeatsLetters } from './choices';

const cyrillic = ['А', 'Б', 'В', 'Г'];

describe('numbered choices that name lettered options', () => {
  it('reads each choice and the letters it names, after a short lead', () => {
    const line = 'Відповіді: 1) а; 2) б; 3) в; 4) а, в.';
    const choices = choicesNaming(line, cyrillic)!;
    expect(choices.map((c) => c.names)).toEqual([[0], [1], [2], [0, 2]]);
    expect(choices.map((c) => line.slice(c.start, c.end))).toEqual(['а', 'б', 'в', 'а, в']);
    expect(onlyRepeatsLetters(choices)).toBe(false);
  });

  it('joins letters by "and" in the paper\'s language and reads Latin letters too', () => {
    expect(choicesNaming('1. a and c  2. b and d  3. a, b, c', ['A', 'B', 'C', 'D'])!.map((c) => c.names)).toEqual([
      [0, 2],
      [1, 3],
      [0, 1, 2],
    ]);
    expect(choicesNaming('Варианты: 1) а и б; 2) в и г', cyrillic)!.map((c) => c.names)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('says when the choices only repeat the letters one by one', () => {
    expect(onlyRepeatsLetters(choicesNaming('Відповіді: 1) а; 2) б; 3) в; 4) г.', cyrillic)!)).toBe(true);
  });

  it('refuses lines that are anything else', () => {
    // A letter the question has no option for, words instead of letters, numbers out of order, a lone choice.
    expect(choicesNaming('Відповіді: 1) а; 2) д', cyrillic)).toBeNull();
    expect(choicesNaming('1) the mean; 2) the median', ['A', 'B'])).toBeNull();
    expect(choicesNaming('Відповіді: 2) а; 1) б', cyrillic)).toBeNull();
    expect(choicesNaming('Відповіді: 1) а', cyrillic)).toBeNull();
    expect(choicesNaming('A long sentence that goes on well past forty letters: 1) а; 2) б', cyrillic)).toBeNull();
  });
});

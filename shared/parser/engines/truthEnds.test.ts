import { linesOf as lines } from '@tests/support/lines';
import { inferTruthEnds, truthEndOf } from './truthEnds';

// The truth-ends stage on its own: lines in, the pair a paper answers its statements with out.

describe('statements that end with their answer (truthEnds)', () => {
  it('chooses the pair that ends most lines, with both of its values', () => {
    const paper = lines('Il cuore ha quattro camere. V', "L'aorta esce dal ventricolo destro. F", 'Il femore è lungo. V', 'Il titolo senza risposta');
    const found = inferTruthEnds(paper);
    expect(found.family).toEqual(['V', 'F']);
    expect([...found.lines].map((l) => l.index)).toEqual([0, 1, 2]);
  });

  it('reads a letter in brackets and a whole word, and keeps the statement before it', () => {
    expect(truthEndOf('Paus bernapas dengan paru-paru. (B)', ['B', 'S'])).toEqual({ at: 'Paus bernapas dengan paru-paru.'.length, value: true });
    expect(truthEndOf('The Moon is a planet. False', 'words')).toEqual({ at: 'The Moon is a planet.'.length, value: false });
    // A one-letter word is never read under the words family, and a word of another pair is no answer.
    expect(truthEndOf('The Moon is a planet. F', 'words')).toBeNull();
    expect(truthEndOf('The Moon is a planet. X', ['V', 'F'])).toBeNull();
  });

  it('needs three lines or more, both values, and lines that are mostly such statements', () => {
    expect(inferTruthEnds(lines('Sky is blue. T', 'Grass is red. F')).family).toBeNull();
    expect(inferTruthEnds(lines('Sky is blue. T', 'Sun is hot. T', 'Ice is cold. T')).family).toBeNull();
    const sparse = lines('Sky is blue. T', ...Array(10).fill('What is the colour of grass?'), 'Grass is red. F', 'Ice is cold. T');
    expect(inferTruthEnds(sparse).family).toBeNull();
  });

  it('leaves out lines with option labels and lines a list letters as options; short lines among the statements head parts', () => {
    const paper = lines('Sky is blue. T', 'A. Grass is red. F', 'Ice is cold. T', 'Part two', 'Fire is cold. F', 'Rain is dry. F');
    const found = inferTruthEnds(paper, (line) => line.index === 4);
    expect([...found.lines].map((l) => l.index)).toEqual([0, 2, 5]);
    const parts = inferTruthEnds(lines('Part one', 'Sky is blue. T', 'Grass is red. F', 'Part two', 'Ice is cold. T', 'The end'));
    expect([...parts.headings].map((l) => l.index)).toEqual([0, 3]);
  });
});

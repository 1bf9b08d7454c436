import { parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';

/** Titles of the paper's parts in a look of their own over a question's number (partTitles.ts). */
const title = (text: string) => ({ runs: [{ text, bold: true, color: '35A434' }] });

describe('part titles over a question number', () => {
  it('a short green title over "23." is a part, not the last words of the short answer above it (its key at the end)', () => {
    const doc = parse([
      '20. Find the value of 1 + 1.',
      '21. Find the value of 2 + 2.',
      '22. Find the value of 2 + 3.',
      title('Probability'),
      '23. Find the number of ways to choose 2 of 4.',
      title('Calculus'),
      '23. Find the slope of y = 2x at x = 1.',
      'Answer key',
      '20. 2',
      '21. 4',
      '22. 5',
      '23. 6',
      '23. 2',
    ]);
    expect(questionsOf(doc).map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual([
      'Find the value of 1 + 1.',
      'Find the value of 2 + 2.',
      'Find the value of 2 + 3.',
      'Find the number of ways to choose 2 of 4.',
      'Find the slope of y = 2x at x = 1.',
    ]);
    expect(doc.sections.map((s) => s.name)).toEqual([null, 'Probability', 'Calculus']);
  });

  it('a right option marked bold that happens to be the last one before the next number stays an option', () => {
    const bold = (text: string) => ({ runs: [{ text, bold: true }] });
    const doc = parse([
      '1. Pick the noun',
      'run',
      'eat',
      bold('table'),
      '2. Pick the verb',
      bold('swim'),
      'chair',
      'blue',
      '3. Pick the colour',
      'dog',
      bold('green'),
      'sit',
    ]);
    const qs = questionsOf(doc);
    expect(qs).toHaveLength(3);
    expect(qs[0].type === 'multiple_choice' && qs[0].options.map((o) => o.name)).toEqual(['<p>run</p>', '<p>eat</p>', '<p>table</p>']);
  });
});

import { correctFlags as correct, parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';

/** A quiz of options split by commas on one line over an answer line (commaOptions.ts). */
const names = (q: ReturnType<typeof questionsOf>[number]) => ('options' in q ? q.options.map((o) => o.name.replace(/<\/?p>/g, '')) : []);

describe('options on one line split by commas, the answer under them', () => {
  it('numbered "(1)" alone or not numbered at all; an answer with a note in brackets names its option', () => {
    const doc = parse([
      'Fill in the slogans.',
      '(1)',
      'Things go better with _____.',
      'Pepsi, Coke, Sprite, Fanta',
      'Answer: Coke',
      '(2)',
      '“Snap, crackle and pop.”',
      'Rice Krispies, Corn Flakes, Cheerios,',
      'Answer: Rice Krispies (Kellogg’s)',
      'Have a break, have a _____.',
      'Mars, KitKat, Twix',
      'Answer: KitKat',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => q.name.replace(/<\/?p>/g, ''))).toEqual(['Things go better with _____.', '“Snap, crackle and pop.”', 'Have a break, have a _____.']);
    expect(qs.map(names)).toEqual([
      ['Pepsi', 'Coke', 'Sprite', 'Fanta'],
      ['Rice Krispies', 'Corn Flakes', 'Cheerios'],
      ['Mars', 'KitKat', 'Twix'],
    ]);
    expect(qs.map(correct)).toEqual([
      [false, true, false, false],
      [true, false, false],
      [false, true, false],
    ]);
  });

  it('a sentence with commas over an answer it does not split into is no options line (fewer than three such questions: nothing changes)', () => {
    const doc = parse(['1. Name the capital of France, the largest city there.', 'Answer: Paris']);
    expect(questionsOf(doc).map((q) => q.type)).toEqual(['fill_ups']);
  });
});

import { linesOf } from '@tests/support/lines';
import { buildDocx } from '@tests/support/docx';
import { paragraphText } from '../docx/document';
import { parseDocx } from '../parseDocx';
import { rewriteQuestionTags } from './questionTags';

// A bank written for a testing system's import: no numbers, no labels, the first variant right.
const BANK = [
  '<question>Which organ pumps blood?',
  '<variant>The heart',
  '<variant>The liver',
  '<variant>The lungs',
  '',
  '<question>How many chambers has the human heart?',
  '<variant>Four',
  '<variant Two',
  '<variant>Three',
  '',
  '<question2>Name the largest artery.',
  '<variant>The aorta',
];

describe('a test bank in the <question> / <variant> format', () => {
  it('is written as a teacher writes questions: numbers, labels, the first variant as the answer', () => {
    expect(rewriteQuestionTags(linesOf(...BANK)).map(paragraphText)).toEqual([
      '1. Which organ pumps blood?',
      'A. The heart',
      'B. The liver',
      'C. The lungs    Answer: A',
      '',
      '2. How many chambers has the human heart?',
      'A. Four',
      'B. Two',
      'C. Three    Answer: A',
      '',
      '3. Name the largest artery.',
      'Answer: The aorta',
    ]);
  });

  it('is read so from a Word file, inside a table of one column too', () => {
    const read = (body: Parameters<typeof buildDocx>[0]['body']) =>
      parseDocx(buildDocx({ body }))
        .sections.flatMap((s) => s.questions)
        .map((q) => [q.type, 'options' in q && q.type === 'multiple_choice' ? q.options.map((o) => o.isCorrect) : null]);
    const expected = [
      ['multiple_choice', [true, false, false]],
      ['multiple_choice', [true, false, false]],
      ['fill_ups', null],
    ];
    expect(read(BANK.map((text) => ({ runs: [text] })))).toEqual(expected);
    expect(read([{ table: BANK.map((text) => [text]) }])).toEqual(expected);
  });

  it('needs two tagged questions with variants: one "<question>" typed in a quiz on XML changes nothing', () => {
    const once = linesOf('1. Which tag opens a question in the bank format?', 'A. <question>', 'B. <answer>');
    expect(rewriteQuestionTags(once)).toBe(once);
  });
});

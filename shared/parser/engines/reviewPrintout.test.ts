import { linesOf } from '@tests/support/lines';
import { paragraphText } from '../docx/document';
import { buildDocx } from '@tests/support/docx';
import { parseDocx } from '../parseDocx';
import { optionsNamed } from './draft';
import { joinLabelsAlone } from './labelsAlone';
import { rewriteReviewPrintout } from './reviewPrintout';

// A quiz review page copied into Word, as Moodle prints it: header, text, the number again over `Select one:`, options, feedback.
const REVIEW = [
  'Which planet is largest?',
  'Question 1',
  'Select one:',
  'a.',
  'Mars',
  'b.',
  'Jupiter',
  'Feedback',
  'Your answer is correct.',
  'The correct answer is: Jupiter',
  'Question 2',
  'Incorrect',
  'Mark 0.00 out of 1.00',
  'Flag question',
  'Question text',
  'Water boils at 100 °C at sea level.',
  'Question 2',
  'Select one:',
  'True',
  'False',
  'Feedback',
  'At sea level, yes.',
  "The correct answer is 'True'.",
  'Question 3',
  'Correct',
  'Mark 1.00 out of 1.00',
  'Flag question',
  'Question text',
  'Which are prime?',
  'Question 3',
  'Select one or more:',
  'a. 2, the even prime',
  'b. 4',
  'c. 5',
  'Feedback',
  'The correct answers are: 2, the even prime, 5',
];

describe("a learning platform's quiz review", () => {
  it('is written as a teacher writes questions: number, text, options, answer, explanation', () => {
    expect(joinLabelsAlone(rewriteReviewPrintout(linesOf(...REVIEW))).map(paragraphText)).toEqual([
      'Question 1',
      'Which planet is largest?',
      'a. Mars',
      'b. Jupiter',
      'Answer: Jupiter',
      'Question 2',
      'Water boils at 100 °C at sea level.',
      'a. True',
      'b. False',
      'Answer: True',
      'Explanation: At sea level, yes.',
      'Question 3',
      'Which are prime?',
      'a. 2, the even prime',
      'b. 4',
      'c. 5',
      'Answer: 2, the even prime, 5',
    ]);
  });

  it("is read with each question answered by its options' words", () => {
    const parsed = parseDocx(buildDocx({ body: REVIEW.map((text) => ({ runs: [text] })) }));
    const questions = parsed.sections.flatMap((s) => s.questions);
    expect(questions.map((q) => [q.type, 'options' in q && q.type !== 'fill_ups' ? q.options.map((o) => o.isCorrect) : null])).toEqual([
      ['multiple_choice', [false, true]],
      ['true_false', [true, false]],
      ['multiple_choice', [true, false, true]],
    ]);
  });

  it('needs the shape twice: one "Question 1" over "Select one:" changes nothing', () => {
    const once = linesOf('Question 1', 'Select one:', 'a. x', 'b. y');
    expect(rewriteReviewPrintout(once)).toBe(once);
  });
});

describe('labels alone on their lines', () => {
  it('join the words under them when two or more run a., b. in order', () => {
    expect(joinLabelsAlone(linesOf('Pick one', 'a.', 'red', '', 'b.', 'blue')).map(paragraphText)).toEqual(['Pick one', 'a. red', '', 'b. blue']);
    // One label alone is no convention; nor are labels out of order.
    const lone = linesOf('Pick one', 'a.', 'red');
    expect(joinLabelsAlone(lone)).toBe(lone);
    const shuffled = linesOf('c.', 'red', 'a.', 'blue');
    expect(joinLabelsAlone(shuffled)).toBe(shuffled);
  });
});

it('several options named by their words, the commas inside an option kept', () => {
  const texts = ['2, the even prime', '4', '5'];
  expect(optionsNamed('2, the even prime, 5', texts)).toEqual([0, 2]);
  expect(optionsNamed('4, 6', texts)).toBeNull();
  expect(optionsNamed('2, the even prime', texts)).toBeNull();
});

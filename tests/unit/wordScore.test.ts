import { comp, fill, int, mc, tf, type ExpectedQuestion } from '../fixtures/word/expected';
import { normalise, scoreDocument } from '../support/wordScore';
import type { ParsedDocument, ParsedQuestion } from '@shared/parser/types';

/** The corpus's yardstick (tests/support/wordScore.ts) on hand-made parser output. */

const doc = (questions: ParsedQuestion[], problems: ParsedDocument['problems'] = []): ParsedDocument => ({
  engine: 'text',
  sections: [{ name: null, questions }],
  problems,
  pictures: [],
  fonts: [],
  questionCount: questions.length,
  countsByType: {},
  paragraphRoles: {},
});
const choice = (name: string, options: string[], correct: number[]): ParsedQuestion => ({
  type: 'multiple_choice',
  name: `<p>${name}</p>`,
  solution: '',
  options: options.map((o, i) => ({ name: `<p>${o}</p>`, isCorrect: correct.includes(i) })),
});
const trueFalse = (name: string, value: boolean): ParsedQuestion => ({
  type: 'true_false',
  name: `<p>${name}</p>`,
  solution: '',
  options: [
    { name: 'True', isCorrect: value },
    { name: 'False', isCorrect: !value },
  ],
});

const expected: ExpectedQuestion[] = [
  mc('What is 2 + 2?', ['3', '4', '5', '6'], 1),
  mc('Which gas do plants take in?', ['Oxygen', 'Carbon dioxide', 'Helium'], 1),
  tf('The sun rises in the west.', false),
  mc('Pick the prime number.', ['4', '7', '9'], 1),
];
const right = () => [
  choice('What is 2 + 2?', ['3', '4', '5', '6'], [1]),
  choice('Which gas do plants <b>take</b> in?', ['Oxygen', 'Carbon  dioxide', 'Helium'], [1]),
  trueFalse('The sun rises in the west.', false),
  choice('Pick the prime&nbsp;number.', ['4', '7', '9'], [1]),
];

describe('scoreDocument', () => {
  it('a document read right: every question fully right, tags and entities do not matter', () => {
    expect(scoreDocument(doc(right()), expected)).toEqual({ expected: 4, fullyRight: 4, uploads: true, misses: [] });
  });

  it('a wrong option text', () => {
    const questions = right();
    questions[1] = choice('Which gas do plants take in?', ['Oxygen', 'Carbon dioxide (b)', 'Helium'], [1]);
    const score = scoreDocument(doc(questions), expected);
    expect(score.fullyRight).toBe(3);
    expect(score.misses).toHaveLength(1);
    expect(score.misses[0].index).toBe(1);
    expect(score.misses[0].reason).toMatch(/options/);
  });

  it('a wrong answer, and a true/false read the other way', () => {
    const questions = right();
    questions[0] = choice('What is 2 + 2?', ['3', '4', '5', '6'], [2]);
    questions[2] = trueFalse('The sun rises in the west.', true);
    const score = scoreDocument(doc(questions), expected);
    expect(score.fullyRight).toBe(2);
    expect(score.misses.map((m) => m.index)).toEqual([0, 2]);
    expect(score.misses[0].reason).toMatch(/correct \[2\], expected \[1\]/);
    expect(score.misses[1].reason).toMatch(/answer true, expected false/);
  });

  it('a question missing in the middle does not shift the rest; an extra one is reported', () => {
    const questions = right();
    questions.splice(1, 1);
    let score = scoreDocument(doc(questions), expected);
    expect(score.fullyRight).toBe(3);
    expect(score.misses).toEqual([{ index: 1, reason: expect.stringMatching(/^not read/) }]);
    score = scoreDocument(doc([...right().slice(0, 2), choice('PART II – GRAMMAR', ['x'], [0]), ...right().slice(2)]), expected);
    expect(score.fullyRight).toBe(4);
    expect(score.misses).toEqual([{ index: -1, reason: expect.stringMatching(/not in the paper/) }]);
  });

  it('a document that cannot be opened, or with no question, does not upload', () => {
    const file = { severity: 'error' as const, code: 'file' as const, params: {}, message: '', paragraph: null, cell: null, excerpt: '' };
    expect(scoreDocument(doc([], [file]), expected)).toMatchObject({ fullyRight: 0, uploads: false });
    expect(scoreDocument(doc([]), expected).uploads).toBe(false);
    expect(scoreDocument(doc([]), expected).misses).toHaveLength(4);
  });

  it('comprehensions count with each child; a child is right only inside its passage', () => {
    const want = [
      comp('The Nile is long. It flows north.', [tf('The Nile flows south.', false), fill('The Nile flows into the ____ Sea.', 'Mediterranean')]),
      int('How many legs has a spider?', 8),
    ];
    const passage: ParsedQuestion = {
      type: 'comprehension',
      name: '',
      solution: '',
      paragraph: '<p>Read the passage.</p><p>The Nile is long.</p><p>It flows north.</p>',
      questions: [
        {
          type: 'true_false',
          name: '<p>The Nile flows south.</p>',
          solution: '',
          options: [
            { name: 'True', isCorrect: false },
            { name: 'False', isCorrect: true },
          ],
        },
        {
          type: 'fill_ups',
          name: '<p>The Nile flows into the ____ Sea.</p>',
          solution: '',
          options: [{ optionId: 'blank-1', type: 'constants', name: 'Mediterranean' }],
        },
      ],
    };
    const spider: ParsedQuestion = { type: 'integer', name: '<p>How many legs has a spider?</p>', solution: '8' };
    expect(scoreDocument(doc([passage, spider]), want)).toMatchObject({ expected: 4, fullyRight: 4, misses: [] });
    // The passage not recognised: its questions stand alone.
    const flat = scoreDocument(doc([...(passage.type === 'comprehension' ? passage.questions : []), spider]), want);
    expect(flat.fullyRight).toBe(1);
    expect(flat.misses.map((m) => m.index)).toEqual([0, 1, 2]);
  });

  it('normalises HTML: pictures counted, entities decoded, equations without spaces or braces, money kept', () => {
    expect(normalise('<p>Find $\\frac{1}{2} x$ &amp; <img src="docx:a.png"> more</p>')).toEqual({ text: 'Find $\\frac12x$ & more', pictures: 1 });
    expect(normalise('A pen costs $5 and a book $12.').text).toBe('A pen costs $5 and a book $12.');
  });
});

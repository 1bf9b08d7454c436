import { buildDocx, type Block } from '@tests/support/docx';
import { png } from '@tests/support/pictures';
import type { EditorTest } from '../api/testTypes';
import type { Question } from '../domain/test/types';
import { questionFingerprint, questionsAlreadyIn, withoutQuestions } from './duplicates';
import { parseDocx } from './parseDocx';

const DOCUMENT: Block[] = [
  { runs: ['1. Is ', { text: 'A & B', bold: true }, ' < C? ', { picture: png(4, 4, [0, 0, 255]), widthPx: 40, heightPx: 40 }] },
  '(a) Yes',
  '(b) No',
  'Ans: a',
  'Passage: Read the text about cats.',
  'Cats sleep a lot.',
  '2. Do cats sleep?',
  'Ans: True',
  '3. How many hours?',
  'Ans: 16',
  'End passage',
  'Section: Geography',
  '4. The capital of France is ____.',
  'Ans: Paris',
];
const parsed = parseDocx(buildDocx({ body: DOCUMENT }));
const [choice, comprehension] = parsed.sections[0].questions;
const [fillUps] = parsed.sections[1].questions;

/** Question 1 as the server stores it: sanitised, its picture uploaded, entities and wrappers of its own, the answer changed. */
const storedChoice = {
  type: 'multiple_choice',
  name: '<p>Is&nbsp;<strong>A &amp; B</strong> &lt; c?</p><p><img src="/api/files/org/abc.png" width="40" height="40" /></p>',
  options: [
    { name: '<p> yes </p>', isCorrect: false },
    { name: 'No', isCorrect: true },
  ],
} as unknown as Question;
const storedComprehension = {
  type: 'comprehension',
  name: '',
  paragraph: '<p>Read the text about cats.</p>\n<p>Cats sleep a lot.</p>',
  questions: [
    { type: 'true_false', name: 'Do cats sleep?', options: [{ name: 'True' }, { name: 'False' }] },
    { type: 'integer', name: '<p>How many hours?</p>', solution: '12' },
  ],
} as unknown as Question;
const testWith = (...questions: Question[]) => ({ sections: [{ questions }] }) as unknown as Pick<EditorTest, 'sections'>;

describe('the duplicate check of a Word upload', () => {
  it('the document reads as expected', () => {
    expect([choice.type, comprehension.type, fillUps.type]).toEqual(['multiple_choice', 'comprehension', 'fill_ups']);
    expect(parsed.questionCount).toBe(4);
    expect(parsed.pictures).toEqual(['word/media/image1.png']);
  });

  it('a question stored as the server keeps it (entities, <p> wrappers, spaces, case, an uploaded picture, another answer) is the same', () => {
    expect(questionFingerprint(storedChoice)).toBe(questionFingerprint(choice));
    expect(questionFingerprint(storedComprehension)).toBe(questionFingerprint(comprehension));
  });

  it("another option text, another type, or a comprehension's other child is not the same", () => {
    const otherOption = { ...storedChoice, options: [{ name: 'Yes' }, { name: 'Maybe' }] } as unknown as Question;
    const otherType = { ...storedChoice, type: 'true_false' } as unknown as Question;
    const otherChild = { ...storedComprehension, questions: [(storedComprehension as { questions: Question[] }).questions[0]] } as unknown as Question;
    for (const stored of [otherOption, otherType]) expect(questionFingerprint(stored)).not.toBe(questionFingerprint(choice));
    expect(questionFingerprint(otherChild)).not.toBe(questionFingerprint(comprehension));
  });

  it("ignores a GPSC test's 'Not attempted' option", () => {
    const gpsc = {
      ...storedChoice,
      options: [...(storedChoice as { options: object[] }).options, { name: 'Not attempted', isNotAttempted: true }],
    } as unknown as Question;
    expect(questionFingerprint(gpsc)).toBe(questionFingerprint(choice));
  });

  it('finds the questions anywhere in the test, a comprehension child included', () => {
    const storedFillUps = { type: 'fill_ups', name: 'The capital of France is ____.', options: [{ type: 'constants', name: 'paris' }] } as unknown as Question;
    const holder = { ...storedComprehension, paragraph: 'Another passage', questions: [storedFillUps] } as unknown as Question;
    expect(questionsAlreadyIn(testWith(), parsed).size).toBe(0);
    expect([...questionsAlreadyIn(testWith(storedComprehension, holder), parsed)]).toEqual([comprehension, fillUps]);
    // The comprehension is whole or not at all: its children alone are not it.
    const children = (storedComprehension as { questions: Question[] }).questions;
    expect([...questionsAlreadyIn(testWith(...children), parsed)]).toEqual([]);
  });

  it('without its duplicates the document is counted again, keeps only the pictures it still shows, and loses the sections left empty', () => {
    const rest = withoutQuestions(parsed, questionsAlreadyIn(testWith(storedChoice, storedComprehension), parsed));
    expect(rest.sections).toEqual([{ name: 'Geography', questions: [fillUps] }]);
    expect(rest).toMatchObject({ questionCount: 1, countsByType: { fill_ups: 1 }, pictures: [] });
    const withPicture = withoutQuestions(parsed, new Set([comprehension]));
    expect(withPicture).toMatchObject({ questionCount: 2, countsByType: { multiple_choice: 1, fill_ups: 1 }, pictures: ['word/media/image1.png'] });
    expect(withPicture.sections.map((s) => s.name)).toEqual([null, 'Geography']);
    // Nothing dropped: the document as the parser gave it.
    const same = withoutQuestions(parsed, new Set());
    expect([same.questionCount, same.countsByType, same.pictures]).toEqual([parsed.questionCount, parsed.countsByType, parsed.pictures]);
  });
});

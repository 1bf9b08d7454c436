import { studentOf, publishFreeTest } from '@tests/support/studentTests';
import type { Editor } from '@tests/support/testEditor';
import type { TestServer } from '@tests/support/testServer';

/**
 * The worked example of docs/analysis.md, for the API tests: 5 questions (6 marks), 11 students
 * who submit in order S1 … S11. Question 2's key is wrong: it says 54 (A) for 7 × 8, and the best
 * students choose 56 (C).
 */
export const workedQuestions = () => [
  {
    type: 'multiple_choice',
    name: '<p>The capital of France?</p>',
    options: [{ name: 'Berlin' }, { name: 'Paris', isCorrect: true }, { name: 'Rome' }, { name: 'Madrid' }],
  },
  { type: 'multiple_choice', name: '<p>7 × 8 = ?</p>', options: [{ name: '54', isCorrect: true }, { name: '48' }, { name: '56' }, { name: '64' }] },
  { type: 'true_false', name: '<p>Water boils at 100 °C at sea level.</p>', options: [{ name: 'True', isCorrect: true }, { name: 'False' }] },
  {
    type: 'fill_ups',
    name: '<p>The capital of Italy is __ and of Spain __.</p>',
    isPartialMarkingEnabled: true,
    marks: { positive: 2 },
    options: [
      { optionId: 'b1', name: 'Rome', positiveMarks: 1 },
      { optionId: 'b2', name: 'Madrid', positiveMarks: 1 },
    ],
  },
  { type: 'integer', name: '<p>5 + 7 = ?</p>', solution: '12' },
];

/** Per student, per question: an option label, 'both' / 'one' / 'none' blanks right, a number, or null (skipped). */
export const WORKED_ANSWERS: (string | null)[][] = [
  ['B', 'C', 'T', 'both', '12'], // S1  5/6
  ['B', 'C', 'T', 'both', '12'], // S2  5/6
  ['B', 'C', 'T', 'one', '12'], //  S3  4/6
  ['B', 'A', 'T', 'both', null], // S4  5/6
  ['B', 'C', 'F', 'one', '12'], //  S5  3/6
  ['A', 'A', 'T', 'one', '12'], //  S6  4/6
  ['B', 'A', 'F', 'none', '13'], // S7  2/6
  ['C', 'B', 'T', 'one', null], //  S8  2/6
  ['D', 'A', 'F', null, '7'], //    S9  1/6
  [null, 'A', 'T', 'none', null], // S10 2/6
  ['A', 'D', 'F', null, null], //   S11 0/6
];

const BLANKS: Record<string, Record<string, string>> = {
  both: { b1: 'Rome', b2: 'Madrid' },
  one: { b1: 'Rome', b2: 'Lisbon' },
  none: { b1: 'Paris', b2: 'Lisbon' },
};

/** The answer as the student page sends it. */
function answerOf(question: any, given: string): unknown {
  if (question.type === 'multiple_choice') return { selected: [question.options['ABCD'.indexOf(given)].id] };
  if (question.type === 'true_false') return { selected: [question.options[given === 'T' ? 0 : 1].id] };
  if (question.type === 'fill_ups') return { blanks: BLANKS[given] };
  return { value: given };
}

/** The free test taken by the students of `answers` through the real student calls, one after another. */
export async function takeWorkedExample(server: TestServer, tutor: Editor, answers = WORKED_ANSWERS, name = 'Worked example') {
  const free = await publishFreeTest(server, tutor, { name, sections: [{ questions: workedQuestions() }] });
  const test = await tutor.get(free.testId);
  const questions = test.sections[0].questions;
  for (const [s, row] of answers.entries()) {
    const student = studentOf(server, free.sharedTestId, { name: `Student ${s + 1}`, contact: `s${s + 1}-${free.testId}@example.com` });
    const started = await student.start();
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
    for (const [q, given] of row.entries()) {
      if (given === null) continue;
      const saved = await student.save(questions[q]._id, answerOf(questions[q], given));
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
    }
    const submitted = await student.submit();
    if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.body)}`);
    // Submit times differ (the tie rule orders equal percentages by submit time).
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  return { ...free, questions };
}

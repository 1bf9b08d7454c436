/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { importFile } from './index';

/**
 * Real files published by Moodle and IMS (tests/fixtures/interop/samples/README.md), read as a
 * tutor would upload them: per file, the format detected, the questions that came in and the
 * questions left out (each a problem naming its number and cause).
 */
const DIR = path.join(__dirname, '../../tests/fixtures/interop/samples');

const EXPECTED: Record<string, { format: string; questions: number; errors: number; warnings: number }> = {
  // 43 questions: 3 matching questions have no place in our tests; option feedback and partial credit are noted.
  'moodle/examples.gift.txt': { format: 'gift', questions: 40, errors: 3, warnings: 9 },
  'moodle/questions.aiken.txt': { format: 'aiken', questions: 2, errors: 0, warnings: 0 },
  // Four true/false questions in nested categories; the essay has no place in our tests.
  'moodle/nested_categories_with_questions.xml': { format: 'moodle', questions: 4, errors: 1, warnings: 0 },
  'qti21/choice.xml': { format: 'qti2', questions: 1, errors: 0, warnings: 1 },
  'qti21/choice_multiple.xml': { format: 'qti2', questions: 1, errors: 0, warnings: 0 },
  'qti21/text_entry.xml': { format: 'qti2', questions: 1, errors: 0, warnings: 0 },
  'qti21/match.xml': { format: 'qti2', questions: 0, errors: 1, warnings: 0 },
  'qti21/inline_choice.xml': { format: 'qti2', questions: 0, errors: 1, warnings: 0 },
  'qti21/extended_text.xml': { format: 'qti2', questions: 0, errors: 1, warnings: 0 },
};

test.each(Object.entries(EXPECTED))('%s imports with its counts of questions and problems', async (file, expected) => {
  const result = await importFile(new Uint8Array(fs.readFileSync(path.join(DIR, file))), path.basename(file));
  const errors = result.problems.filter((p) => p.severity === 'error');
  expect({ format: result.format, questions: result.questionCount, errors: errors.length, warnings: result.problems.length - errors.length }).toEqual(expected);
  for (const p of result.problems) expect(p.question === null || p.question >= 1).toBe(true);
});

test('what came in from the samples is what they say', async () => {
  const read = async (file: string) => importFile(new Uint8Array(fs.readFileSync(path.join(DIR, file))), file);
  const gift = await read('moodle/examples.gift.txt');
  const questions = gift.sections.flatMap((s) => s.questions);
  expect(questions[0]).toMatchObject({
    type: 'multiple_choice',
    name: "<p>Who's buried in Grant's tomb?</p>",
    options: [{ isCorrect: false }, { isCorrect: false }, { name: '<p>no one</p>', isCorrect: true }],
  });
  expect(questions[1].name).toBe("<p>Grant is ____ in Grant's tomb.</p>");
  expect(questions.find((q) => q.name.includes('value of pi'))).toMatchObject({ type: 'fill_ups', options: [{ type: 'range', floor: 3.141, cap: 3.142 }] });
  expect(questions.find((q) => q.name.includes('NOT a control character'))).toMatchObject({
    options: expect.arrayContaining([
      { name: '<p>\\</p>', isCorrect: true },
      { name: '<p>{</p>', isCorrect: false },
    ]),
  });
  const moodle = await read('moodle/nested_categories_with_questions.xml');
  expect(moodle.sections.map((s) => s.name)).toEqual(['Iota', 'Iota/Kappa', 'Iota/Kappa/Lambda', 'Iota/Mu']);
  const qti = await read('qti21/text_entry.xml');
  expect(qti.sections[0].questions[0]).toMatchObject({
    type: 'fill_ups',
    options: expect.arrayContaining([{ optionId: 'blank-1', type: 'constants', name: 'York' }]),
  });
});

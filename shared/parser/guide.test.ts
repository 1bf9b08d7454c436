import fs from 'node:fs';
import path from 'node:path';
import { buildDocx } from '@tests/support/docx';
import { parseDocx } from './parseDocx';

/**
 * The parser follows the teachers' guide (docs/word-format.md), not the other way round: every
 * example in the guide, written into a real .docx, is read without a problem.
 */
const guide = fs.readFileSync(path.join(__dirname, '../../docs/word-format.md'), 'utf8');
const examples = [...guide.matchAll(/```word\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd().split('\n'));
/** The guide's markdown tables under "## Tables" that show a question (first cell "Question"). */
const questionTables = [...guide.matchAll(/^\| Question \|[\s\S]*?(?=\n\n)/gm)].map((m) =>
  m[0]
    .split('\n')
    .filter((row) => !/^\|[-| ]+\|$/.test(row))
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    ),
);

describe('the teachers’ guide', () => {
  it('has examples of the numbered text and of a table', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(questionTables).toHaveLength(1);
  });

  it.each(examples.map((lines, i) => [i + 1, lines] as const))('numbered-text example %i reads without a problem', (_, lines) => {
    const doc = parseDocx(buildDocx({ body: lines }), 'text');
    expect(doc.problems).toEqual([]);
    const numbers = lines.filter((line) => /^\d+\. /.test(line) && !/^\d+\. \S+\s+\d+\. /.test(line)).length;
    expect(doc.questionCount).toBe(numbers);
  });

  it('the table example reads with the tables engine', () => {
    const doc = parseDocx(buildDocx({ body: [{ table: questionTables[0] }] }), 'table');
    expect(doc.problems).toEqual([]);
    expect(doc.sections[0].questions[0]).toMatchObject({
      type: 'multiple_choice',
      options: [{ isCorrect: false }, { isCorrect: true }],
      marks: { positive: 2 },
    });
  });
});

describe('the sample document the product serves', () => {
  const sample = new Uint8Array(fs.readFileSync(path.join(__dirname, '../../portal/public/samples/testforge-word-sample.docx')));

  it('reads with only the note about its title, every kind of question in its sections', () => {
    const doc = parseDocx(sample, 'text');
    expect(doc.problems.map((p) => [p.code, p.paragraph])).toEqual([['textBeforeFirstQuestion', 1]]);
    expect(doc.sections.map((s) => [s.name, s.questions.length])).toEqual([
      ['Mathematics', 5],
      ['Science', 2],
      ['Languages', 3],
    ]);
    expect(doc.countsByType).toEqual({ multiple_choice: 6, integer: 1, fill_ups: 2, true_false: 2, comprehension: 1 });
    expect(doc.pictures).toHaveLength(1);
    expect(doc.sections[0].questions[0].name).toContain('$\\frac{');
  });

  it('is what scripts/word-sample.ts writes (regenerate it after changing the script)', async () => {
    const { WORD_SAMPLE } = await import('../../scripts/word-sample');
    const written = parseDocx(buildDocx(WORD_SAMPLE), 'text');
    const served = parseDocx(sample, 'text');
    expect(JSON.stringify(served.sections)).toBe(JSON.stringify(written.sections));
  });
});

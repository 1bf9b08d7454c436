import fs from 'node:fs';
import path from 'node:path';
import { buildDocx } from '@tests/support/docx';
import { wordSampleUrl } from './links';
import { parseDocx } from './parseDocx';

/**
 * The parser follows the teachers' guide (docs/word-format.md, and its Vietnamese and Korean
 * versions docs/word-format.vi.md and .ko.md), not the other way round: every example in each
 * guide, written into a real .docx, is read without a problem.
 */
const GUIDES = { en: 'word-format.md', vi: 'word-format.vi.md', ko: 'word-format.ko.md' } as const;
/** A question's first line as each guide writes it: "1.", "Câu 1.", "문제 1.". */
const QUESTION_LINE = /^(?:Câu |문제 )?\d+\. /;
/** An answer key's line of entries ("1. b   2. False"), not a question. */
const KEY_LINE = /^\d+\. \S+\s+\d+\. /;

function guideOf(file: string) {
  const guide = fs.readFileSync(path.join(__dirname, '../../docs', file), 'utf8');
  const examples = [...guide.matchAll(/```word\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd().split('\n'));
  /** The guide's markdown tables that show a question (first cell "Question", "Câu" or "문제"). */
  const questionTables = [...guide.matchAll(/^\| (?:Question|Câu|문제) \|[\s\S]*?(?=\n\n)/gm)].map((m) =>
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
  return { guide, examples, questionTables };
}

describe.each(Object.entries(GUIDES))('the teachers’ guide (%s)', (language, file) => {
  const { guide, examples, questionTables } = guideOf(file);

  it('has examples of the numbered text and of a table', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(questionTables).toHaveLength(1);
  });

  it('links to the sample document in its own language', () => {
    expect(guide).toContain(`(/samples/testforge-word-sample${language === 'en' ? '' : `.${language}`}.docx)`);
  });

  it.each(examples.map((lines, i) => [i + 1, lines] as const))('numbered-text example %i reads without a problem', (_, lines) => {
    const doc = parseDocx(buildDocx({ body: lines }), 'text');
    expect(doc.problems).toEqual([]);
    const numbers = lines.filter((line) => QUESTION_LINE.test(line) && !KEY_LINE.test(line)).length;
    expect(numbers).toBeGreaterThan(0);
    expect(doc.questionCount).toBe(numbers);
  });

  it('its examples show the same kinds of question, answers and marks as the English guide’s', () => {
    const read = (lines: string[]) => {
      const doc = parseDocx(buildDocx({ body: lines }), 'text');
      const questions = doc.sections.flatMap((s) => s.questions).flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q]));
      return questions.map((q) => ({
        type: q.type,
        correct: 'options' in q && q.type !== 'fill_ups' ? q.options.map((o) => ('isCorrect' in o ? o.isCorrect : null)) : null,
        marks: q.marks ?? null,
        difficulty: q.difficultyLevel ?? null,
        tags: q.tags?.length ?? 0,
        solution: q.type !== 'comprehension' && !!q.solution,
      }));
    };
    const english = guideOf(GUIDES.en).examples;
    expect(examples.map(read)).toEqual(english.map(read));
  });

  it('the table example reads with the tables engine', () => {
    const doc = parseDocx(buildDocx({ body: [{ table: questionTables[0] }] }), 'table');
    expect(doc.problems).toEqual([]);
    expect(doc.sections[0].questions[0]).toMatchObject({
      type: 'multiple_choice',
      options: [{ isCorrect: false }, { isCorrect: true }],
      marks: { positive: 2 },
    });
    expect(doc.sections[0].questions[0].solution).not.toBe('');
  });
});

/** What each sample must read as: its sections, and per question its type and answer (option letters, a value, or a passage's questions). */
const SAMPLE_READS = {
  en: [
    ['Mathematics', ['multiple_choice b', 'integer 5', 'multiple_choice a,c', 'fill_ups 1.41-1.42', 'true_false a']],
    ['Science', ['fill_ups liquid;gas', 'comprehension [true_false b | multiple_choice b]']],
    ['Languages', ['multiple_choice a', 'multiple_choice b', 'multiple_choice b']],
  ],
  vi: [
    ['Toán học', ['multiple_choice b', 'integer 5', 'multiple_choice a,c', 'fill_ups 1.41-1.42', 'true_false a']],
    ['Khoa học', ['fill_ups lỏng;khí', 'comprehension [true_false b | multiple_choice b]']],
    ['Ngôn ngữ', ['multiple_choice b', 'multiple_choice b', 'multiple_choice b']],
  ],
  ko: [
    ['수학', ['multiple_choice b', 'integer 5', 'multiple_choice a,c', 'fill_ups 1.41-1.42', 'true_false a']],
    ['과학', ['fill_ups 액체;기체', 'comprehension [true_false b | multiple_choice b]']],
    ['언어', ['multiple_choice b', 'multiple_choice a', 'multiple_choice b']],
  ],
} as const;

type Read = ReturnType<typeof parseDocx>['sections'][number]['questions'][number];
/** A question in one line: its type and answer ("multiple_choice a,c", "fill_ups liquid;gas", "true_false a"). */
function summary(q: Read): string {
  if (q.type === 'comprehension') return `comprehension [${q.questions.map(summary).join(' | ')}]`;
  if (q.type === 'integer') return `integer ${q.solution}`;
  if (q.type === 'fill_ups')
    return `fill_ups ${q.options.map((o) => ('floor' in o && o.type === 'range' ? `${o.floor}-${o.cap}` : 'name' in o ? o.name : '?')).join(';')}`;
  const letters = q.options.flatMap((o, i) => (o.isCorrect ? [String.fromCharCode(97 + i)] : []));
  return `${q.type} ${letters.join(',')}`;
}

describe.each(Object.entries(SAMPLE_READS))('the sample document the product serves (%s)', (language, expected) => {
  const file = path.join(__dirname, '../../portal/public', wordSampleUrl(language));
  const sample = new Uint8Array(fs.readFileSync(file));

  it('reads fully: only the note about its title, every question with its type and answer, in its sections', () => {
    const doc = parseDocx(sample, 'text');
    expect(doc.problems.map((p) => [p.code, p.paragraph])).toEqual([['textBeforeFirstQuestion', 1]]);
    expect(doc.sections.map((s) => [s.name, s.questions.map(summary)])).toEqual(expected);
    expect(doc.questionCount).toBe(11);
    expect(doc.countsByType).toEqual({ multiple_choice: 6, integer: 1, fill_ups: 2, true_false: 2, comprehension: 1 });
    expect(doc.pictures).toHaveLength(1);
    const first = doc.sections[0].questions[0];
    expect(first.name).toContain('$\\frac{');
    expect(first).toMatchObject({ marks: { positive: 4, negative: 1 }, difficultyLevel: 'easy' });
    expect(first.tags).toHaveLength(2);
    expect(first.type !== 'comprehension' && first.solution).toContain('x + 1');
  });

  it('is what scripts/word-sample.ts writes (regenerate it after changing the script)', async () => {
    const { WORD_SAMPLES } = await import('../../scripts/word-sample');
    const written = parseDocx(buildDocx(WORD_SAMPLES[language as keyof typeof WORD_SAMPLES]), 'text');
    const served = parseDocx(sample, 'text');
    expect(JSON.stringify(served.sections)).toBe(JSON.stringify(written.sections));
  });
});

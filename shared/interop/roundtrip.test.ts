/**
 * @jest-environment node
 */
import { exportSections, importFile, type ExportFormat, type InteropQuestion, type InteropSection, type ParsedChildQuestion } from './index';
import { htmlToPlain } from './html';
import { generateTest } from './testing/generate';

/**
 * Round trip (issue 20): a generated test -> a format -> back gives the same questions, answers,
 * marks and maths, except exactly what the format cannot hold, and the export names exactly that.
 * What each format drops is written here, apart from the converters, as `expected` projections.
 */

const SEEDS = Array.from({ length: 10 }, (_, i) => 101 + i * 7);

/** Compares as the server would store: key order, `isNegativeMarkingEnabled: false` and the parser's preview fields do not matter. */
function canonical(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) => {
      if (key === 'docParagraph' || key === 'answerFrom' || (key === 'isNegativeMarkingEnabled' && v === false)) return undefined;
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
      return v;
    }),
  );
}

type Child = ParsedChildQuestion;
const mapChildren = (sections: InteropSection[], fn: (q: Child) => Child | null): InteropSection[] =>
  sections.map((s) => ({
    ...s,
    questions: s.questions.flatMap((q): InteropQuestion[] => {
      if (q.type !== 'comprehension') return [fn(q)].filter((x): x is Child => !!x);
      const questions = q.questions.map(fn).filter((x): x is Child => !!x);
      return questions.length ? [{ ...q, questions }] : [];
    }),
  }));
const without = (q: Child, ...keys: (keyof Child)[]) => Object.fromEntries(Object.entries(q).filter(([k]) => !keys.includes(k as keyof Child))) as Child;
const all = (sections: InteropSection[]) => sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q])));
const children = (sections: InteropSection[]) => all(sections).filter((q): q is Child => q.type !== 'comprehension');
const ownMarks = (q: Child) => !!q.marks && (q.marks.positive !== 1 || (!!q.isNegativeMarkingEnabled && q.marks.negative > 0));

interface Case {
  format: ExportFormat;
  plain?: boolean;
  expected: (s: InteropSection[]) => InteropSection[];
  losses: (s: InteropSection[]) => string[];
}

const CASES: Case[] = [
  { format: 'csv', expected: (s) => s, losses: () => [] },
  { format: 'xlsx', expected: (s) => s, losses: () => [] },
  { format: 'docx', expected: (s) => s, losses: () => [] },
  {
    format: 'qti3',
    expected: (s) => s,
    losses: () => [],
  },
  {
    format: 'moodle',
    expected: (s) => mapChildren(s, (q) => ({ ...without(q, 'isNegativeMarkingEnabled'), marks: { positive: q.marks!.positive, negative: 0 } })),
    losses: (s) => (children(s).some((q) => q.isNegativeMarkingEnabled) ? ['negativeMarks'] : []),
  },
  {
    format: 'gift',
    expected: (s) =>
      mapChildren(s, (q) => {
        const out = without(q, 'marks', 'isNegativeMarkingEnabled', 'difficultyLevel', 'tags');
        return out.type === 'fill_ups' ? { ...out, options: out.options.filter((o) => o.optionId === 'blank-1') } : out;
      }),
    losses: (s) =>
      [
        children(s).some(ownMarks) && 'marks',
        children(s).some((q) => q.difficultyLevel) && 'difficulty',
        children(s).some((q) => q.tags?.length) && 'tags',
        children(s).some((q) => q.type === 'fill_ups' && q.options.some((o) => o.optionId === 'blank-2')) && 'blanks',
      ].filter(Boolean) as string[],
  },
  {
    format: 'aiken',
    plain: true,
    expected: (s) => {
      const questions = s.flatMap((section) =>
        section.questions.flatMap((q) => {
          const passage = q.type === 'comprehension' ? `${htmlToPlain(q.paragraph).text} ` : '';
          return (q.type === 'comprehension' ? q.questions : [q]).flatMap((c): InteropQuestion[] => {
            if (c.type === 'fill_ups' || c.type === 'integer' || c.options.filter((o) => o.isCorrect).length !== 1) return [];
            const name = `<p>${passage}${htmlToPlain(c.name).text}</p>`.replace(/&/g, '&amp;');
            return [
              {
                type: 'multiple_choice',
                name,
                solution: '',
                options: c.options.map((o) => ({ name: c.type === 'true_false' ? `<p>${o.name}</p>` : o.name, isCorrect: o.isCorrect })),
              },
            ];
          });
        }),
      );
      return questions.length ? [{ name: null, questions }] : [];
    },
    losses: (s) => {
      const kids = children(s);
      const kept = kids.filter((q) => (q.type === 'multiple_choice' || q.type === 'true_false') && q.options.filter((o) => o.isCorrect).length === 1);
      return [
        s.some((x) => x.name) && 'sections',
        s.some((x) => x.questions.some((q) => q.type === 'comprehension')) && 'passages',
        kids.some((q) => q.type === 'fill_ups' || q.type === 'integer') && 'types',
        kids.some((q) => q.type === 'multiple_choice' && q.options.filter((o) => o.isCorrect).length !== 1) && 'multipleAnswers',
        kept.some((q) => q.type === 'true_false') && 'trueFalseAsChoice',
        kept.some((q) => q.solution) && 'solutions',
        kept.some(ownMarks) && 'marks',
        kept.some((q) => q.difficultyLevel) && 'difficulty',
        kept.some((q) => q.tags?.length) && 'tags',
      ].filter(Boolean) as string[];
    },
  },
];

describe.each(CASES)('round trip through $format', ({ format, plain, expected, losses }) => {
  test.each(SEEDS)('generated test %i comes back as it went, less exactly what the export names', async (seed) => {
    const test = generateTest(seed, { plain });
    const out = await exportSections(test, format);
    // The format is given: a file with no question (an Aiken export of passages only) has nothing to detect by.
    const back = await importFile(out.data, out.fileName, format);
    expect(back.format).toBe(format);
    expect(back.problems).toEqual([]);
    expect(canonical(back.sections)).toEqual(canonical(expected(test)));
    expect(out.losses.map((l) => l.code).sort()).toEqual(losses(test).sort());
    for (const loss of out.losses) expect(loss.count).toBe(loss.questions.length);
  });
});

test('the generated tests hold every question type, the three languages, LaTeX and pictures', () => {
  const tests = SEEDS.map((seed) => generateTest(seed));
  const html = JSON.stringify(tests);
  const types = new Set(tests.flatMap((t) => all(t).map((q) => q.type)));
  expect([...types].sort()).toEqual(['comprehension', 'fill_ups', 'integer', 'multiple_choice', 'true_false']);
  expect(html).toMatch(/[ạảấầậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđĐ]/);
  expect(html).toMatch(/[가-힣]/);
  expect(html).toMatch(/\$\\\\frac/);
  expect(html).toMatch(/data:image\/png;base64/);
  expect(tests.some((t) => children(t).some((q) => q.type === 'fill_ups' && q.options.some((o) => o.type === 'range')))).toBe(true);
});

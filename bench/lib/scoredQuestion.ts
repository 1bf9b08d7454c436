/**
 * Question n of the scoring benchmarks (re-evaluation, results, analysis): multiple choice mostly
 * (four options), some true/false and integer; with fillUps, also two-blank fill-ins with partial
 * marks. One builder so the benchmarks measure the same kind of test.
 */
export function scoredQuestion(n: number, { fillUps = false } = {}): Record<string, unknown> {
  if (n % 10 === 9) return { type: 'integer', name: `<p>Question ${n}: how many?</p>`, solution: String(n % 7), marks: { positive: 2 } };
  if (n % 10 === 8) return { type: 'true_false', name: `<p>Question ${n} is true.</p>`, options: [{ name: 'True', isCorrect: true }, { name: 'False' }] };
  if (fillUps && n % 10 === 7) {
    return {
      type: 'fill_ups',
      name: `<p>Question ${n}: __ and __</p>`,
      isPartialMarkingEnabled: true,
      marks: { positive: 2 },
      options: [
        { optionId: 'b1', name: 'alpha', positiveMarks: 1 },
        { optionId: 'b2', name: 'beta', positiveMarks: 1 },
      ],
    };
  }
  return {
    type: 'multiple_choice',
    name: `<p>Question ${n}: pick one.</p>`,
    options: [0, 1, 2, 3].map((k) => ({ name: `Option ${k + 1}`, isCorrect: k === n % 4 })),
    marks: { positive: 4, negative: 1 },
    isNegativeMarkingEnabled: true,
  };
}

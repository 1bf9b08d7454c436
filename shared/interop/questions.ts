import type { FillUpsAnswer, InteropQuestion, ParsedChildQuestion, ParsedFillUpsQuestion } from './model';

/** Small builders the readers share, so every format makes a question alike. */

/** Where a blank of a fill-in-the-blanks question stands in its text. */
export const BLANK = '____';
export const BLANK_RUN = /_{3,}/g;

export const TRUE_FALSE = ['True', 'False'] as const;

/** Float arithmetic for tolerances, without 1.4149999999: 12 significant digits. */
export const tidyNumber = (x: number) => Number(x.toPrecision(12));

export const rangeAnswer = (floor: number, cap: number): FillUpsAnswer => ({
  optionId: '',
  type: 'range',
  floor: tidyNumber(floor),
  cap: tidyNumber(cap),
  name: `${tidyNumber(floor)} - ${tidyNumber(cap)}`,
});
export const wordAnswer = (name: string): FillUpsAnswer => ({ optionId: '', type: 'constants', name });

/** A fill-in-the-blanks question of blanks, each its accepted alternatives. */
export function fillUps(name: string, blanks: FillUpsAnswer[][], solution = ''): ParsedFillUpsQuestion {
  return { type: 'fill_ups', name, solution, options: blanks.flatMap((alternatives, i) => alternatives.map((a) => ({ ...a, optionId: `blank-${i + 1}` }))) };
}

/** The blanks of a fill-in-the-blanks question, in order, each its alternatives. */
export function blanksOf(q: ParsedFillUpsQuestion): FillUpsAnswer[][] {
  const byId = new Map<string, FillUpsAnswer[]>();
  for (const option of q.options) {
    const list = byId.get(option.optionId) ?? [];
    list.push(option);
    byId.set(option.optionId, list);
  }
  return [...byId.values()];
}

export const isWholeNumber = (text: string) => /^[-+]?\d+$/.test(text.trim());

/** The metadata a question carries besides its text and answers. */
export function metaOf(q: InteropQuestion): Pick<ParsedChildQuestion, 'marks' | 'isNegativeMarkingEnabled' | 'difficultyLevel' | 'tags'> {
  const out: Pick<ParsedChildQuestion, 'marks' | 'isNegativeMarkingEnabled' | 'difficultyLevel' | 'tags'> = {};
  if (q.marks) out.marks = q.marks;
  if (q.isNegativeMarkingEnabled) out.isNegativeMarkingEnabled = true;
  if (q.difficultyLevel) out.difficultyLevel = q.difficultyLevel;
  if (q.tags?.length) out.tags = q.tags;
  return out;
}

/** Marks as an import gives them: positive only, or positive and a negative that turns negative marking on. */
export function marksFrom(positive: number, negative = 0): Pick<ParsedChildQuestion, 'marks' | 'isNegativeMarkingEnabled'> {
  const marks = { positive: tidyNumber(positive), negative: tidyNumber(Math.abs(negative)) };
  return marks.negative > 0 ? { marks, isNegativeMarkingEnabled: true } : { marks };
}

/** Marks other than one mark and no negative (what a format without marks gives on import). */
export const hasOwnMarks = (q: InteropQuestion) => !!q.marks && (q.marks.positive !== 1 || (!!q.isNegativeMarkingEnabled && q.marks.negative > 0));
export const hasNegative = (q: InteropQuestion) => !!q.isNegativeMarkingEnabled && !!q.marks && q.marks.negative > 0;

/**
 * A question's answer as a tutor writes it on one line (the Word format's `Ans:`, the sheet's
 * `answer` column): option letters, True/False, the integer, blanks `;` apart with alternatives
 * `|` apart and ranges as `1.41 - 1.42`.
 */
export function answerText(q: ParsedChildQuestion, letters: string, join: string): string {
  switch (q.type) {
    case 'multiple_choice':
      return q.options.flatMap((o, i) => (o.isCorrect ? [letters[i] ?? ''] : [])).join(join);
    case 'true_false':
      return q.options[0]?.isCorrect ? 'True' : 'False';
    case 'integer':
      return q.solution.trim();
    case 'fill_ups':
      return blanksOf(q)
        .map((b) => b.map((a) => (a.type === 'range' ? `${a.floor} - ${a.cap}` : a.name)).join(' | '))
        .join('; ');
  }
}

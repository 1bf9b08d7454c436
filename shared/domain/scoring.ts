import { studentNumber } from './numbers';
import type { ChildQuestion, FillUpsOption } from './test/types';

/**
 * Scoring a student's answer to one question (decisions section 5): the one rule the server uses
 * on submit and when a publish re-evaluates past attempts, so both give the same score.
 *
 * - Right: the question's positive marks.
 * - Wrong: minus its negative marks where negative marking is on, else 0.
 * - Skipped: minus its negativeUnattempted marks where that is on, else 0. Choosing a GPSC
 *   question's 'Not attempted' option is a deliberate skip that costs nothing.
 * - Partial marking (where on): a multiple-choice answer whose every chosen option is correct, but
 *   not all of them, earns positive × chosen / correct; a fill-in-the-blanks answer earns each
 *   right blank's own marks (its option's positiveMarks), up to the question's positive marks.
 * - Fill-in-the-blanks: a blank is right when it matches one of its accepted answers: a constant
 *   (compared without case, accents kept, spaces collapsed) or a number within floor..cap.
 * - Integer: right when the number equals the question's answer (kept in its solution), whole
 *   or decimal: "2.50" and "2,5" are right for 2.5.
 */

/** What a student gave: chosen option ids (multiple choice, true/false), a number (integer), text per blank (fill_ups, by optionId). */
export interface StudentAnswer {
  selected?: string[];
  value?: string;
  blanks?: Record<string, string>;
}

export type Outcome = 'correct' | 'partial' | 'wrong' | 'unattempted';
export interface Scored {
  outcome: Outcome;
  score: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const normalise = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const asNumber = studentNumber;

/** Whether a student's answer was given at all (an empty selection or blank text is a skip). */
export function isAnswered(question: ChildQuestion, answer: StudentAnswer | null | undefined): boolean {
  if (!answer) return false;
  switch (question.type) {
    case 'multiple_choice':
    case 'true_false':
      return (answer.selected ?? []).length > 0;
    case 'integer':
      return (answer.value ?? '').trim() !== '';
    case 'fill_ups':
      return Object.values(answer.blanks ?? {}).some((text) => text.trim() !== '');
  }
}

export function scoreAnswer(question: ChildQuestion, answer: StudentAnswer | null | undefined): Scored {
  const positive = question.marks.positive;
  const wrong: Scored = { outcome: 'wrong', score: question.isNegativeMarkingEnabled ? -question.marks.negative : 0 };
  const skipped: Scored = { outcome: 'unattempted', score: question.isNegativeMarkingEnabledIfUnattempted ? -question.marks.negativeUnattempted : 0 };
  if (!isAnswered(question, answer)) return { ...skipped, score: round(skipped.score) || 0 };
  const result = ((): Scored => {
    switch (question.type) {
      case 'multiple_choice':
      case 'true_false': {
        const chosen = new Set(answer!.selected);
        const notAttempted = question.options.find((o) => o.isNotAttempted);
        if (notAttempted && chosen.has(notAttempted.id)) return { outcome: 'unattempted', score: 0 };
        const correct = question.options.filter((o) => o.isCorrect).map((o) => o.id);
        if (correct.length === 0) return wrong;
        const allChosenRight = [...chosen].every((id) => correct.includes(id));
        if (allChosenRight && chosen.size === correct.length) return { outcome: 'correct', score: positive };
        if (allChosenRight && question.isPartialMarkingEnabled) return { outcome: 'partial', score: (positive * chosen.size) / correct.length };
        return wrong;
      }
      case 'integer': {
        const expected = asNumber(question.solution);
        const given = asNumber(answer!.value ?? '');
        return expected !== null && given !== null && given === expected ? { outcome: 'correct', score: positive } : wrong;
      }
      case 'fill_ups': {
        const blanks = blanksOf(question.options);
        const right = blanks.filter((blank) => blank.accepts(answer!.blanks?.[blank.optionId] ?? ''));
        if (blanks.length > 0 && right.length === blanks.length) return { outcome: 'correct', score: positive };
        if (right.length > 0 && question.isPartialMarkingEnabled) {
          return {
            outcome: 'partial',
            score: Math.min(
              positive,
              right.reduce((sum, blank) => sum + blank.marks, 0),
            ),
          };
        }
        return wrong;
      }
    }
  })();
  return { outcome: result.outcome, score: round(result.score) || 0 };
}

/** The blanks of a fill_ups question: its options grouped by optionId, each group the accepted answers of one blank. */
export function blanksOf(options: FillUpsOption[]): { optionId: string; marks: number; accepts: (text: string) => boolean }[] {
  const groups = new Map<string, FillUpsOption[]>();
  for (const option of options) groups.set(option.optionId, [...(groups.get(option.optionId) ?? []), option]);
  return [...groups].map(([optionId, alternatives]) => ({
    optionId,
    marks: Math.max(...alternatives.map((o) => o.positiveMarks)),
    accepts: (text: string) => {
      if (!text.trim()) return false;
      const number = asNumber(text);
      return alternatives.some((o) =>
        o.type === 'range'
          ? number !== null && o.floor !== null && o.cap !== null && number >= o.floor && number <= o.cap
          : normalise(o.nameText || o.name) === normalise(text),
      );
    },
  }));
}

/** One answerable question of an attempt, scored: its id, its score and outcome, and its positive marks. */
export interface ScoredQuestion {
  id: string;
  score: number;
  outcome: Outcome;
  positive: number;
}

/** A section of an attempt: its questions as scored, and its "attempt any N" (null: every one counts). */
export interface ScoredSection {
  attemptAny: number | null;
  questions: ScoredQuestion[];
}

/** The questions that count in a section of "attempt any N": all of them, unless N is below their number. */
export function countedLimit(attemptAny: number | null, questions: number): number | null {
  return attemptAny !== null && attemptAny > 0 && attemptAny < questions ? attemptAny : null;
}

/**
 * An attempt's score and maximum (issue 17: optional questions). In a section of "attempt any N of
 * M" the best N questions count: those answered first, the highest scores first, so a wrong answer
 * is never replaced by a question left alone; when fewer than N were answered, the unanswered ones
 * with the smallest loss make up the N. The others count nothing, and the maximum is the N largest
 * positive marks. Every other section counts every question. Submit, re-evaluation and the preview
 * all add up with this, so they agree.
 */
export function countedScores(sections: ScoredSection[]): { score: number; maxScore: number; notCounted: Set<string> } {
  let score = 0;
  let maxScore = 0;
  const notCounted = new Set<string>();
  for (const section of sections) {
    const limit = countedLimit(section.attemptAny, section.questions.length);
    if (limit === null) {
      for (const q of section.questions) {
        score += q.score;
        maxScore += q.positive;
      }
      continue;
    }
    const best = [...section.questions].sort((a, b) => Number(b.outcome !== 'unattempted') - Number(a.outcome !== 'unattempted') || b.score - a.score);
    best.forEach((q, i) => (i < limit ? (score += q.score) : notCounted.add(q.id)));
    maxScore += section.questions
      .map((q) => q.positive)
      .sort((a, b) => b - a)
      .slice(0, limit)
      .reduce((sum, p) => sum + p, 0);
  }
  return { score: round(score) || 0, maxScore: round(maxScore), notCounted };
}

import type { ParsedDocument, ParsedQuestion } from '../types';

/**
 * A truth-free figure of how well a paper was read (issue 28): it needs no hand-written expected
 * questions, so it runs over every real paper we have, not only the anonymised fixtures. A paper
 * read right tends to have one answer per single-answer question (when it gives answers at all),
 * the same number of options on most questions, and no paragraph left not understood.
 */
export interface Consistency {
  questions: number;
  /** Whether the paper gives answers (any question read with one). */
  keyed: boolean;
  /** Of the choice questions, the share with exactly one correct option (null when the paper gives none). */
  oneAnswer: number | null;
  /** Of the choice questions, the share with the paper's most common option count. */
  uniformOptions: number | null;
  /** Of the paragraphs with something in them, the share not understood. */
  notUnderstood: number;
}

const leaves = (doc: ParsedDocument): ParsedQuestion[] =>
  doc.sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? q.questions : [q])));

export function consistencyOf(doc: ParsedDocument): Consistency {
  const questions = leaves(doc);
  const choices = questions.filter((q) => q.type === 'multiple_choice' || q.type === 'true_false');
  const answered = (q: ParsedQuestion) => ('options' in q && q.type !== 'fill_ups' ? q.options.filter((o) => o.isCorrect).length : 1);
  const keyed = questions.some((q) => answered(q) > 0);
  const counts = new Map<number, number>();
  for (const q of choices) if ('options' in q) counts.set(q.options.length, (counts.get(q.options.length) ?? 0) + 1);
  const common = Math.max(0, ...counts.values());
  const paragraphs = Object.values(doc.paragraphRoles).reduce((a, b) => a + (b ?? 0), 0);
  return {
    questions: questions.length,
    keyed,
    oneAnswer: keyed && choices.length ? choices.filter((q) => answered(q) === 1).length / choices.length : null,
    uniformOptions: choices.length ? common / choices.length : null,
    notUnderstood: paragraphs ? (doc.paragraphRoles.notUnderstood ?? 0) / paragraphs : 0,
  };
}

/** The mean of the figures that apply, over papers. */
export function meanConsistency(all: Consistency[]): { oneAnswer: number; uniformOptions: number; notUnderstood: number; papers: number } {
  const mean = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  };
  return {
    papers: all.length,
    oneAnswer: mean(all.map((c) => c.oneAnswer)),
    uniformOptions: mean(all.map((c) => c.uniformOptions)),
    notUnderstood: mean(all.map((c) => c.notUnderstood)),
  };
}

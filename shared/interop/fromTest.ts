import type { ChildQuestion, Question, Section } from '../domain/test/types';
import type { InteropQuestion, InteropSection, ParsedChildQuestion } from './model';

/**
 * A stored test's questions as the converters take them (the Word parser's shape): what every
 * format may hold of a question, nothing the server derives (ids, order, totals) and nothing of
 * the test's own (settings, translations of multilingual tests: not exported, docs/interop.md).
 */
function meta(q: Question): Pick<ParsedChildQuestion, 'marks' | 'isNegativeMarkingEnabled' | 'difficultyLevel' | 'tags'> {
  const out: Pick<ParsedChildQuestion, 'marks' | 'isNegativeMarkingEnabled' | 'difficultyLevel' | 'tags'> = {
    marks: { positive: q.marks.positive, negative: q.marks.negative },
  };
  if (q.isNegativeMarkingEnabled) out.isNegativeMarkingEnabled = true;
  if (q.difficultyLevel) out.difficultyLevel = q.difficultyLevel;
  if (q.tags.length) out.tags = [...q.tags];
  return out;
}

function child(q: ChildQuestion): ParsedChildQuestion {
  const base = { name: q.name, solution: q.solution, ...meta(q) };
  switch (q.type) {
    case 'multiple_choice':
    case 'true_false':
      // The GPSC "Not attempted" option is the server's, derived from the question's flag.
      return { ...base, type: q.type, options: q.options.filter((o) => !o.isNotAttempted).map((o) => ({ name: o.name, isCorrect: o.isCorrect })) };
    case 'fill_ups':
      return {
        ...base,
        type: 'fill_ups',
        options: q.options.map((o) =>
          o.type === 'range' && o.floor !== null && o.cap !== null
            ? { optionId: o.optionId, type: 'range' as const, floor: o.floor, cap: o.cap, name: o.name }
            : { optionId: o.optionId, type: 'constants' as const, name: o.name },
        ),
      };
    case 'integer':
      return { ...base, type: 'integer' };
  }
}

export function questionOfTest(q: Question): InteropQuestion {
  if (q.type !== 'comprehension') return child(q);
  return { type: 'comprehension', name: q.name, solution: q.solution, paragraph: q.paragraph, ...meta(q), questions: q.questions.map(child) };
}

export const sectionsOfTest = (sections: Section[]): InteropSection[] => sections.map((s) => ({ name: s.name, questions: s.questions.map(questionOfTest) }));

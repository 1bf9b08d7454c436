import type { StudentQuestion } from '@shared/api/students';
import { isAnswered, type StudentAnswer } from '@shared/domain/scoring';
import type { ChildQuestion } from '@shared/domain/test/types';

/** Whether a question counts as answered: the scoring rule's own test (it looks at the type only). */
export const isAnsweredBy = (question: StudentQuestion, answer: StudentAnswer | undefined | null): boolean =>
  question.type !== 'comprehension' && isAnswered({ type: question.type } as ChildQuestion, answer);

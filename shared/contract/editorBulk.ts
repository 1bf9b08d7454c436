import { LIMITS } from '../domain/test/defaults';
import { id } from './fields';
import { z } from './zod';

/**
 * Bulk editing in the test editor (issue 17). Deleting, re-marking and copying several questions
 * use the editor's existing calls (DELETE /v2/question/delete, PATCH /v2/question/reorder-remark
 * `type: mark`, POST /v2/question/create); moving has a call of its own, so that the questions
 * keep their ids and leave one section for another in one change:
 *
 * - POST /api/v2/question/move { testId, sectionId, questionIds, targetSectionId, version? }
 *   → { message, version, totalMarks, totalNumberOfQuestions, section, targetSection }
 *
 * The questions (top-level ones of `sectionId`) go to the end of the target section in the order
 * they have. Bad input is a 400 naming the field (`questionIds.2`, `targetSectionId`); a test
 * students attempted is 409 TEST_ATTEMPTED; another organisation's test is 404.
 */

export const moveQuestionsBody = z.object({
  testId: id,
  sectionId: id,
  questionIds: z
    .array(id)
    .min(1)
    .max(LIMITS.questionsPerTest)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each question once' }),
  targetSectionId: id,
  version: z.number().int().min(1).optional(),
});
export type MoveQuestionsBody = z.input<typeof moveQuestionsBody>;

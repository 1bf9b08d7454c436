import { z } from 'zod';
import { id } from '../library/schemas';

/** Bodies of the student calls (decisions section 5). Unknown fields are a 400 naming them. */

export const sharedTestIdParams = z.object({ id });
export const questionParams = z.object({ questionId: id });
export const sectionParams = z.object({ sectionId: id });
export const reportParams = z.object({ id });
export const previewParams = z.object({ testId: id });

export const identityBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  /** An e-mail address or a phone number. */
  contact: z.string().trim().min(3).max(100),
});

export const studentAnswer = z.strictObject({
  selected: z.array(id).max(50).optional(),
  value: z.string().max(30).optional(),
  blanks: z.record(id, z.string().max(500)).optional(),
});

export const saveAnswerBody = z.strictObject({ answer: studentAnswer.nullable() });

export const reportBody = z.strictObject({ reason: z.string().trim().min(1).max(1000) });

export const previewResultBody = z.strictObject({
  attemptId: z.string().min(1).max(100),
  answers: z.record(id, studentAnswer),
});

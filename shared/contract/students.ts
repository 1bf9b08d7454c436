import { id } from './fields';
import { z } from './zod';

/** Bodies of the student calls (decisions section 5). Unknown fields are a 400 naming them. */

export const sharedTestIdParams = z.object({ id });
export const questionParams = z.object({ questionId: id });
export const sectionParams = z.object({ sectionId: id });
export const reportParams = z.object({ id });
export const previewParams = z.object({ testId: id });

const contact = z.string().trim().min(3).max(100);

export const identityBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  /** An e-mail address or a phone number. */
  contact,
  /** The random key the student's browser keeps: a known contact is accepted from its devices (issue 14). */
  deviceKey: z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'a random key of 22 to 128 letters, digits, - or _').optional(),
  /** The one-time code sent to the contact. */
  code: z.string().trim().regex(/^\d{6}$/, 'six digits').optional(),
});

export const codeBody = z.strictObject({ contact });

export const studentAnswer = z.strictObject({
  selected: z.array(id).max(50).optional(),
  value: z.string().max(30).optional(),
  blanks: z.record(id, z.string().max(500)).optional(),
});

export const saveAnswerBody = z.strictObject({
  answer: studentAnswer.nullable(),
  /** The page's sequence number of this answer (grows per attempt): an older one never overwrites a newer one (issue 17). */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const reportBody = z.strictObject({ reason: z.string().trim().min(1).max(1000) });

export const previewResultBody = z.strictObject({
  attemptId: z.string().min(1).max(100),
  answers: z.record(id, studentAnswer),
});

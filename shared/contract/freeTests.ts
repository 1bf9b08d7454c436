import { FREE_TEST_MAX_ATTEMPTS, isValidAttempts } from '../domain/freeTest';
import { TEST_TYPES } from '../domain/test/types';
import { id, idParams } from './fields';
import { z } from './zod';

/**
 * Free tests (spec section 7, "Shared (free) test"; the code's older name is sharedTests). Unknown
 * fields of a body are a 400 naming them.
 *
 * - GET   /api/v2/shared-test/test/{testId}          → SharedTest (a new one's defaults before it exists)
 * - POST  /api/v2/shared-test/create                 SharedTestCreate → SharedTest
 * - PATCH /api/v2/shared-test/update/{id}            SharedTestUpdate → SharedTest
 * - POST  /api/v2/shared-test/{id}/reset-student     { contact } → ResetStudentResult
 */

const time = z.iso.datetime({ offset: true, message: 'an ISO 8601 date and time, such as 2026-01-31T09:00:00Z' });
const attempts = z
  .number()
  .int()
  .refine(isValidAttempts, { message: `-1 (unlimited) or a whole number from 1 to ${FREE_TEST_MAX_ATTEMPTS}` });

export const sharedTestParams = idParams;

export const createSharedTestBody = z.strictObject({
  testId: id,
  startTime: time,
  endTime: time.nullable().optional(),
  noOfAttempts: attempts.optional(),
});

export const updateSharedTestBody = z
  .strictObject({
    startTime: time.optional(),
    endTime: time.nullable().optional(),
    noOfAttempts: attempts.optional(),
    isRemoved: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of startTime, endTime, noOfAttempts, isRemoved',
    // Only when the fields given are otherwise fine (an unknown field alone is named, not this).
    when: (payload) => (payload.issues ?? []).length === 0,
  });

export type CreateSharedTestBody = z.infer<typeof createSharedTestBody>;
export type UpdateSharedTestBody = z.infer<typeof updateSharedTestBody>;

/** `POST /v2/shared-test/{id}/reset-student`: the student's e-mail or phone, as they gave it. */
export const resetStudentBody = z.strictObject({ contact: z.string().trim().min(3).max(100) });

/**
 * A free (shared) test as `GET /v2/shared-test/test/{id}` and the writes answer it (spec section 3,
 * "Shared / free test"). Before one exists (`isNew`), `_id` and `testURL` are null and the other
 * fields hold the defaults a new one would get (start now, the test's attempts).
 */
export const sharedTest = z.object({
  _id: z.string().nullable(),
  testId: z.string(),
  testName: z.string(),
  testURL: z.string().nullable(),
  /** ISO 8601 UTC. */
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** -1: unlimited. The test's own attempts unless the sharer set a number (issue 14). */
  noOfAttempts: z.number().int(),
  /** noOfAttempts is the test's and follows it; false once the sharer sets one. */
  attemptsFromTest: z.boolean(),
  isNew: z.boolean(),
  isRemoved: z.boolean(),
  testType: z.enum(TEST_TYPES),
  /** The test passes validation (spec section 5): it may be published by link. */
  isReadyToLink: z.boolean(),
  /** Its validation messages when it does not, in the caller's language. */
  problems: z.array(z.string()),
  /**
   * The test shows its answers or solutions "later" (revealAnswersTime later): students see them
   * once the free test's end has passed, and never while it has no end (issue 17).
   */
  answersLater: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SharedTest = z.infer<typeof sharedTest>;
export type SharedTestCreate = z.input<typeof createSharedTestBody>;
export type SharedTestUpdate = z.input<typeof updateSharedTestBody>;

export const resetStudentResult = z.object({ message: z.string(), attemptsInProgress: z.number().int() });
export type ResetStudentResult = z.infer<typeof resetStudentResult>;

import { z } from 'zod';
import { FREE_TEST_MAX_ATTEMPTS, isValidAttempts } from '../../../shared/domain/freeTest';
import { id } from '../library/schemas';

/** Bodies of the free-test calls (spec section 7, "Shared (free) test"). Unknown fields are a 400 naming them. */

const time = z.iso.datetime({ offset: true, message: 'an ISO 8601 date and time, such as 2026-01-31T09:00:00Z' });
const attempts = z
  .number()
  .int()
  .refine(isValidAttempts, { message: `-1 (unlimited) or a whole number from 1 to ${FREE_TEST_MAX_ATTEMPTS}` });

export const sharedTestParams = z.object({ id });

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

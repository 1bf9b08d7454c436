import type { AxiosInstance } from 'axios';
import type { TestType } from '../domain/test/types';

/**
 * A free (shared) test as `GET /v2/shared-test/test/{id}` and the writes answer it (spec section 3,
 * "Shared / free test"). Before one exists (`isNew`), `_id` and `testURL` are null and the other
 * fields hold the defaults a new one would get (start now, the test's attempts).
 */
export interface SharedTest {
  _id: string | null;
  testId: string;
  testName: string;
  testURL: string | null;
  /** ISO 8601 UTC. */
  startTime: string;
  endTime: string | null;
  /** -1: unlimited. The test's own attempts unless the sharer set a number (issue 14). */
  noOfAttempts: number;
  /** noOfAttempts is the test's and follows it; false once the sharer sets one. */
  attemptsFromTest: boolean;
  isNew: boolean;
  isRemoved: boolean;
  testType: TestType;
  /** The test passes validation (spec section 5): it may be published by link. */
  isReadyToLink: boolean;
  /** Its validation messages when it does not, in the caller's language. */
  problems: string[];
  /**
   * The test shows its answers or solutions "later" (revealAnswersTime later): students see them
   * once the free test's end has passed, and never while it has no end (issue 17).
   */
  answersLater: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface SharedTestCreate {
  testId: string;
  startTime: string;
  endTime?: string | null;
  noOfAttempts?: number;
}

export interface SharedTestUpdate {
  startTime?: string;
  endTime?: string | null;
  noOfAttempts?: number;
  isRemoved?: boolean;
}

/** Free-test calls (spec section 7, "Shared (free) test"). */
export function sharedTestEndpoints(http: AxiosInstance) {
  return {
    sharedTestOf: async (testId: string) =>
      (await http.get<{ data: SharedTest }>(`/v2/shared-test/test/${encodeURIComponent(testId)}`)).data.data,
    createSharedTest: async (body: SharedTestCreate) => (await http.post<{ data: SharedTest }>('/v2/shared-test/create', body)).data.data,
    updateSharedTest: async (id: string, body: SharedTestUpdate) =>
      (await http.patch<{ data: SharedTest }>(`/v2/shared-test/update/${encodeURIComponent(id)}`, body)).data.data,
    /** Lets a student who lost their device in once more (issue 14); their attempt in progress is kept. */
    resetFreeTestStudent: async (id: string, contact: string) =>
      (await http.post<{ data: { message: string; attemptsInProgress: number } }>(`/v2/shared-test/${encodeURIComponent(id)}/reset-student`, { contact })).data.data,
  };
}

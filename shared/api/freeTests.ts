import type { AxiosInstance } from 'axios';
import type { ResetStudentResult, SharedTest, SharedTestCreate, SharedTestUpdate } from '../contract/freeTests';

export type { SharedTest, SharedTestCreate, SharedTestUpdate };

/** Free-test calls (spec section 7, "Shared (free) test"). */
export function sharedTestEndpoints(http: AxiosInstance) {
  return {
    sharedTestOf: async (testId: string) => (await http.get<{ data: SharedTest }>(`/v2/shared-test/test/${encodeURIComponent(testId)}`)).data.data,
    createSharedTest: async (body: SharedTestCreate) => (await http.post<{ data: SharedTest }>('/v2/shared-test/create', body)).data.data,
    updateSharedTest: async (id: string, body: SharedTestUpdate) =>
      (await http.patch<{ data: SharedTest }>(`/v2/shared-test/update/${encodeURIComponent(id)}`, body)).data.data,
    /** Lets a student who lost their device in once more (issue 14); their attempt in progress is kept. */
    resetFreeTestStudent: async (id: string, contact: string) =>
      (await http.post<{ data: ResetStudentResult }>(`/v2/shared-test/${encodeURIComponent(id)}/reset-student`, { contact })).data.data,
  };
}

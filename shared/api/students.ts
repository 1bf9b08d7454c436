import type { AxiosInstance } from 'axios';
import type { StudentAnswer } from '../domain/scoring';
import type {
  SavedAnswer,
  StudentAttempt,
  StudentIdentity,
  StudentProof,
  StudentResult,
  StudentStanding,
  StudentStart,
  StudentTestInfo,
} from '../contract/students';
import type { MessageResult } from '../contract/fields';

/**
 * The student side of a free test (decisions section 5): the calls of the student page at
 * `/t/{sharedTestId}`. No tutor session: the student's session is the attempt's token, sent in
 * the `x-student-token` header (only its SHA-256 is stored, as attempts.token_hash).
 */
export const STUDENT_TOKEN_HEADER = 'x-student-token';

export type {
  FreeTestStatus,
  StudentAttempt,
  StudentIdentity,
  StudentOption,
  StudentProof,
  StudentQuestion,
  StudentQuestionTranslation,
  StudentResult,
  StudentResultQuestion,
  StudentSection,
  StudentSectionInfo,
  StudentStanding,
  StudentStart,
  StudentTestInfo,
} from '../contract/students';

/** Student-page calls; each shows its own failures (the page, not the tutor's toasts or logout). */
export function studentEndpoints(http: AxiosInstance) {
  const own = { handlesOwnErrors: true, ignoreUnauthorized: true };
  const as = (token: string) => ({ ...own, headers: { [STUDENT_TOKEN_HEADER]: token } });
  const base = (id: string) => `/student/test/${encodeURIComponent(id)}`;
  return {
    studentTest: async (sharedTestId: string) => (await http.get<{ data: StudentTestInfo }>(base(sharedTestId), own)).data.data,
    studentIdentify: async (sharedTestId: string, who: StudentIdentity, proof: StudentProof) =>
      (
        await http.post<{ data: StudentStanding }>(
          `${base(sharedTestId)}/identify`,
          { ...who, deviceKey: proof.deviceKey, code: proof.code },
          proof.token ? as(proof.token) : own,
        )
      ).data.data,
    studentStart: async (sharedTestId: string, who: StudentIdentity, proof: StudentProof) =>
      (await http.post<{ data: StudentStart }>(`${base(sharedTestId)}/start`, { ...who, deviceKey: proof.deviceKey }, proof.token ? as(proof.token) : own)).data
        .data,
    /** A one-time code to the contact (the answer's message is the same whether or not it is known). */
    studentRequestCode: async (sharedTestId: string, contact: string) =>
      (await http.post<{ data: MessageResult }>(`${base(sharedTestId)}/code`, { contact }, own)).data.data.message,
    studentAttempt: async (token: string) => (await http.get<{ data: StudentAttempt }>('/student/attempt', as(token))).data.data,
    /** `seq`: the answer's sequence number; an older one never overwrites a newer one (`applied: false`). */
    studentSaveAnswer: async (token: string, questionId: string, answer: StudentAnswer | null, seq?: number) =>
      (await http.put<{ data: SavedAnswer }>(`/student/attempt/answer/${encodeURIComponent(questionId)}`, { answer, ...(seq ? { seq } : {}) }, as(token))).data
        .data,
    studentSubmitSection: async (token: string, sectionId: string) =>
      (await http.post<{ data: StudentAttempt }>(`/student/attempt/section/${encodeURIComponent(sectionId)}/submit`, {}, as(token))).data.data,
    studentSubmit: async (token: string) => (await http.post<{ data: StudentResult }>('/student/attempt/submit', {}, as(token))).data.data,
    studentResult: async (token: string) => (await http.get<{ data: StudentResult }>('/student/attempt/result', as(token))).data.data,
    reportQuestion: async (token: string, questionId: string, reason: string) =>
      (await http.post<{ data: MessageResult }>(`/question/report/${encodeURIComponent(questionId)}`, { reason }, as(token))).data.data,
    /** A tutor's preview of their test as students see it: nothing is recorded. */
    previewAttempt: async (testId: string) => (await http.get<{ data: StudentAttempt }>(`/student/preview/${encodeURIComponent(testId)}`, own)).data.data,
    /** The result of a preview: `attemptId` (the preview's seed) draws the same layout again. */
    previewResult: async (testId: string, attemptId: string, answers: Record<string, StudentAnswer>) =>
      (await http.post<{ data: StudentResult }>(`/student/preview/${encodeURIComponent(testId)}/result`, { attemptId, answers }, own)).data.data,
  };
}

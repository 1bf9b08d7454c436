import type { AxiosInstance } from 'axios';
import type { Outcome, StudentAnswer } from '../domain/scoring';

/**
 * The student side of a free test (decisions section 5): the calls of the student page at
 * `/t/{sharedTestId}`. No tutor session: the student's session is the attempt's token, sent in
 * the `x-student-token` header (only its SHA-256 is stored, as attempts.token_hash).
 */
export const STUDENT_TOKEN_HEADER = 'x-student-token';

/** Where the free test's window stands now: before its start, open, or after its end. */
export type FreeTestStatus = 'notStarted' | 'open' | 'ended';

export interface StudentSectionInfo {
  id: string;
  name: string;
  /** HTML. */
  instructions: string;
  /** Milliseconds; 0 when the section has no time of its own. */
  duration: number;
  numberOfQuestions: number;
}

/** `GET /student/test/{sharedTestId}`: what the landing page shows. */
export interface StudentTestInfo {
  sharedTestId: string;
  name: string;
  /** HTML. */
  instructions: string;
  /** Milliseconds; 0: no time limit. */
  duration: number;
  totalMarks: number;
  numberOfQuestions: number;
  sections: StudentSectionInfo[];
  startTime: string;
  endTime: string | null;
  /** -1: unlimited. */
  noOfAttempts: number;
  status: FreeTestStatus;
  /** Why it cannot be started now (before the start, after the end), in the caller's language. */
  message: string | null;
  serverNow: string;
  isSectionSwitchingEnabled: boolean;
  isSectionalSubmit: boolean;
}

export interface StudentIdentity {
  name: string;
  /** An e-mail address or a phone number. */
  contact: string;
}

/**
 * What proves a student whose contact was used before (issue 14): the random key this browser
 * keeps for all free tests, the one-time code sent to the contact, and an attempt token of theirs.
 */
export interface StudentProof {
  deviceKey: string;
  code?: string;
  token?: string | null;
}

/** `POST /student/test/{id}/identify`: the student and their attempts of this free test. */
export interface StudentStanding {
  student: { id: string; name: string; contact: string };
  attemptsUsed: number;
  /** null: unlimited. */
  attemptsLeft: number | null;
  /** An attempt started and not submitted, still in time: starting again resumes it. */
  hasAttemptInProgress: boolean;
  /** The last submitted attempt, to show its result again (needs its token: kept by the page). */
  lastSubmittedAt: string | null;
}

/** One option of a multiple-choice or true/false question, without whether it is correct. */
export interface StudentOption {
  id: string;
  /** HTML. */
  name: string;
}

/** A question as a student sees it while taking the test: no correct answers, no solutions. */
export interface StudentQuestion {
  id: string;
  type: 'multiple_choice' | 'true_false' | 'fill_ups' | 'integer' | 'comprehension';
  /** 1-based number shown to the student (children of a comprehension are numbered too). */
  number: number;
  /** HTML. */
  name: string;
  /** Comprehension only: its passage (HTML) and its questions. */
  paragraph?: string;
  children?: StudentQuestion[];
  /** Multiple choice / true-false, in the attempt's order. */
  options?: StudentOption[];
  /** More than one option is correct (choose all that apply). */
  isMultiSelect?: boolean;
  /** Fill in the blanks: one input per blank (the blank's optionId). */
  blanks?: { id: string; number: number }[];
  marks: { positive: number; negative: number; negativeUnattempted: number };
  /** In a section with optional questions: may be left without a warning. */
  isOptional: boolean;
}

export interface StudentSection {
  id: string;
  name: string;
  instructions: string;
  /** This section's own deadline (timed sections), else null. */
  deadlineAt: string | null;
  /** ISO; null while it is open. */
  submittedAt: string | null;
  /** The student may answer it now (open, in time, its turn when sections go in order). */
  isOpen: boolean;
  /** "Attempt any N" of its questions (issue 17): at most N answered, the best N count; null: no limit. */
  attemptAny: number | null;
  questions: StudentQuestion[];
}

/** The attempt being taken: its layout (fixed at start), deadlines on the server's clock, answers saved. */
export interface StudentAttempt {
  attemptId: string;
  sharedTestId: string;
  testName: string;
  /** The test's instructions (HTML) and duration (ms): the preview shows them before it starts. */
  instructions: string;
  duration: number;
  studentName: string;
  startedAt: string;
  /** null: no time limit. */
  deadlineAt: string | null;
  submittedAt: string | null;
  serverNow: string;
  /** Saves after the deadline are refused once this grace has passed. */
  graceMs: number;
  isSectionSwitchingEnabled: boolean;
  isSectionalSubmit: boolean;
  sections: StudentSection[];
  /** Saved answers by question id. */
  answers: Record<string, StudentAnswer>;
  /** The highest sequence number of the answers saved (the page numbers its next answers above it). */
  lastSeq: number;
  /** A tutor's preview: nothing is recorded. */
  isPreview?: boolean;
}

export interface StudentStart {
  /** The session of this attempt: keep it to resume after a reload. */
  token: string;
  attempt: StudentAttempt;
}

/** One question of the result. `correct*` and `solution` are present only when the settings reveal them. */
export interface StudentResultQuestion {
  id: string;
  number: number;
  type: StudentQuestion['type'];
  name: string;
  paragraph?: string;
  options?: (StudentOption & { isCorrect?: boolean })[];
  isMultiSelect?: boolean;
  blanks?: { id: string; number: number; accepted?: string[] }[];
  answer: StudentAnswer | null;
  outcome: Outcome;
  score: number;
  maxScore: number;
  /** The correct answer of an integer question, when revealed. */
  correctValue?: string;
  /** HTML, when revealed. */
  solution?: string;
  answersRevealed: boolean;
  /** false: outside the best N of an "attempt any N" section, so its score does not count. */
  counted?: boolean;
  /** Comprehension: its questions. */
  children?: StudentResultQuestion[];
}

export interface StudentResult {
  attemptId: string;
  testName: string;
  studentName: string;
  submittedAt: string;
  score: number;
  maxScore: number;
  counts: Record<Outcome, number>;
  /** A re-evaluation changed the score after submit (score_changes). */
  scoreChanged: boolean;
  /** The score at submit, when it changed since. */
  originalScore: number | null;
  /** Correct answers are shown (for all questions, or those not answered right: revealCorrectAnswers). */
  answersRevealed: boolean;
  /** Answers are revealed later (after the free test closes): when, if it has an end. */
  revealAt: string | null;
  solutionsRevealed: boolean;
  sections: { id: string; name: string; questions: StudentResultQuestion[] }[];
  isPreview?: boolean;
}

/** Student-page calls; each shows its own failures (the page, not the tutor's toasts or logout). */
export function studentEndpoints(http: AxiosInstance) {
  const own = { handlesOwnErrors: true, ignoreUnauthorized: true };
  const as = (token: string) => ({ ...own, headers: { [STUDENT_TOKEN_HEADER]: token } });
  const base = (id: string) => `/student/test/${encodeURIComponent(id)}`;
  return {
    studentTest: async (sharedTestId: string) => (await http.get<{ data: StudentTestInfo }>(base(sharedTestId), own)).data.data,
    studentIdentify: async (sharedTestId: string, who: StudentIdentity, proof: StudentProof) =>
      (await http.post<{ data: StudentStanding }>(`${base(sharedTestId)}/identify`, { ...who, deviceKey: proof.deviceKey, code: proof.code }, proof.token ? as(proof.token) : own)).data.data,
    studentStart: async (sharedTestId: string, who: StudentIdentity, proof: StudentProof) =>
      (await http.post<{ data: StudentStart }>(`${base(sharedTestId)}/start`, { ...who, deviceKey: proof.deviceKey }, proof.token ? as(proof.token) : own)).data.data,
    /** A one-time code to the contact (the answer's message is the same whether or not it is known). */
    studentRequestCode: async (sharedTestId: string, contact: string) =>
      (await http.post<{ data: { message: string } }>(`${base(sharedTestId)}/code`, { contact }, own)).data.data.message,
    studentAttempt: async (token: string) => (await http.get<{ data: StudentAttempt }>('/student/attempt', as(token))).data.data,
    /** `seq`: the answer's sequence number; an older one never overwrites a newer one (`applied: false`). */
    studentSaveAnswer: async (token: string, questionId: string, answer: StudentAnswer | null, seq?: number) =>
      (await http.put<{ data: { questionId: string; savedAt: string; applied: boolean } }>(`/student/attempt/answer/${encodeURIComponent(questionId)}`, { answer, ...(seq ? { seq } : {}) }, as(token))).data.data,
    studentSubmitSection: async (token: string, sectionId: string) =>
      (await http.post<{ data: StudentAttempt }>(`/student/attempt/section/${encodeURIComponent(sectionId)}/submit`, {}, as(token))).data.data,
    studentSubmit: async (token: string) => (await http.post<{ data: StudentResult }>('/student/attempt/submit', {}, as(token))).data.data,
    studentResult: async (token: string) => (await http.get<{ data: StudentResult }>('/student/attempt/result', as(token))).data.data,
    reportQuestion: async (token: string, questionId: string, reason: string) =>
      (await http.post<{ data: { message: string } }>(`/question/report/${encodeURIComponent(questionId)}`, { reason }, as(token))).data.data,
    /** A tutor's preview of their test as students see it: nothing is recorded. */
    previewAttempt: async (testId: string) =>
      (await http.get<{ data: StudentAttempt }>(`/student/preview/${encodeURIComponent(testId)}`, own)).data.data,
    /** The result of a preview: `attemptId` (the preview's seed) draws the same layout again. */
    previewResult: async (testId: string, attemptId: string, answers: Record<string, StudentAnswer>) =>
      (await http.post<{ data: StudentResult }>(`/student/preview/${encodeURIComponent(testId)}/result`, { attemptId, answers }, own)).data.data,
  };
}

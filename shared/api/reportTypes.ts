import type { Question } from '../domain/test/types';
import type { StatisticsReason } from '../contract/results';

/**
 * The Report Dashboard's calls (spec section 7, Report repository; decisions section 6).
 * A report's status: REPORTED (open), updateAvailable (open, the question was corrected by a
 * publish that did not resolve it), resolved.
 */
export const REPORT_STATUSES = ['REPORTED', 'updateAvailable', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Spec section 9: report list default limit / offset. */
export const REPORT_LIST_DEFAULTS = { limit: 20, offset: 0 } as const;
/** Spec section 9: publishing is offered from this many edited questions. */
export const PUBLISH_PROMPT_EDITS = 2;

/** What a publish does to past attempts, per question (decisions section 6). */
export type PublishOption = 'NO_CHANGE' | 'RE_EVALUATE' | 'GRACE';

export interface ReportReason {
  reason: string;
  /** Reports with this reason. */
  count: number;
  /** Distinct students who gave it. */
  students: number;
}

/** One reported question of the dashboard, with its reports of the asked status. */
export interface ReportedQuestion {
  /** The question's id. */
  _id: string;
  testId: string;
  testName: string;
  /** The section holding it now; null when the question is no longer in the test. */
  sectionId: string | null;
  /** Its current content (isReported / updateAvailable set); null when it was deleted since. */
  question: (Question & { isReported: boolean; updateAvailable: boolean }) | null;
  /** The comprehension holding it, for a child. */
  parentQuestionId: string | null;
  status: ReportStatus;
  reportsCount: number;
  studentsCount: number;
  reasons: ReportReason[];
  firstReportedAt: string;
  lastReportedAt: string;
  /** Students have submitted the test: publishing offers NO_CHANGE. */
  isAttempted: boolean;
  /** The caller may edit the test (edit to resolve, save and resolve). */
  canEdit: boolean;
  /**
   * Raised by the question analysis (issue 16): what it saw, for the portal to word in the
   * tutor's language ("64% of the top students chose B"); empty for students' reports only.
   */
  statistics: StatisticsReason[];
}

export interface ReportList {
  reportedQuestions: ReportedQuestion[];
  /** Reported questions of this status (and tests filter) in all. */
  total: number;
  limit: number;
  offset: number;
  /** Reported questions per status (with the tests filter). */
  counts: Record<ReportStatus, number>;
  /** Tests with reports of any status, for the filter. */
  tests: { _id: string; name: string; openCount: number }[];
}

export interface PublishResult {
  message: string;
  publishId: string;
  version: number;
  attemptsChanged: number;
  resolvedReports: number;
  questions: Question[];
}

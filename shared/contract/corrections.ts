import { PUBLISH_OPTIONS, REPORT_LIST_DEFAULTS, REPORT_STATUSES } from '../domain/reports';
import type { QuestionDraft } from '../domain/test/normalize';
import type { Question } from '../domain/test/types';
import { id, idParams, listParam, namedItem } from './fields';
import { statisticsReason } from './results';
import { question } from './editor';
import { z } from './zod';

/**
 * The Report Dashboard's calls (spec section 7, Report repository; decisions section 6).
 *
 * - GET   /api/v2/report-repo/list?testIds&statusType&limit&offset          → ReportList
 * - PATCH /api/v2/report-repo/resolve/{id}                                 → ResolveResult
 * - PATCH /api/v2/report-repo/save-and-resolve  SaveAndResolveInput         → PublishResult (with dryRun: CorrectionsPreview)
 */

/** At most this many tests in the dashboard's filter. */
export const REPORT_FILTER_TESTS_MAX = 100;

export const listQuery = z.object({
  /** Only these tests: a JSON array of ids (or a comma-separated list). */
  testIds: listParam(id, REPORT_FILTER_TESTS_MAX),
  statusType: z.enum(REPORT_STATUSES).default('REPORTED'),
  limit: z.coerce.number().int().min(1).max(100).default(REPORT_LIST_DEFAULTS.limit),
  offset: z.coerce.number().int().min(0).default(REPORT_LIST_DEFAULTS.offset),
});

export const resolveParams = idParams;

/**
 * Corrections of one test, published together: each question as the editor sends it (with its
 * `_id`), where it is (`sectionId`, optional: found by id), and what happens to past attempts.
 */
export const saveAndResolveBody = z.object({
  test: z.object({ _id: id, version: z.number().int().min(1).optional() }),
  questions: z
    .array(z.object({ sectionId: id.optional(), question, publishOption: z.enum(PUBLISH_OPTIONS).default('RE_EVALUATE') }))
    .min(1)
    .max(200),
  /**
   * Resolve the open reports of these questions (the dashboard; the default). False (the
   * editor's publish of an attempted test) leaves them open as "updates available".
   */
  resolve: z.boolean().default(true),
  /** Only say what it would do (CorrectionsPreview, ./results.ts): nothing is changed. */
  dryRun: z.boolean().default(false),
});
export type SaveAndResolveBody = z.infer<typeof saveAndResolveBody>;

/**
 * A save and resolve as the client sends it. Its questions are the editor's drafts
 * (shared/domain/test: QuestionDraft, the shape the question schema checks), with their ids.
 */
type SaveAndResolveSent = z.input<typeof saveAndResolveBody>;
/** One corrected question of a publish (save and resolve). */
export type PublishQuestion = Omit<SaveAndResolveSent['questions'][number], 'question'> & { question: QuestionDraft & { _id: string } };
export type SaveAndResolveInput = Omit<SaveAndResolveSent, 'questions'> & { questions: PublishQuestion[] };

export type ReportListQuery = Partial<z.output<typeof listQuery>>;

export const reportReason = z.object({
  reason: z.string(),
  /** Reports with this reason. */
  count: z.number().int(),
  /** Distinct students who gave it. */
  students: z.number().int(),
});
export type ReportReason = z.infer<typeof reportReason>;

/** A question as the editor holds it (shared/domain/test), with its report flags. */
const reportedContent = z.custom<Question & { isReported: boolean; updateAvailable: boolean }>((value) => typeof value === 'object' && value !== null);

/** One reported question of the dashboard, with its reports of the asked status. */
export const reportedQuestion = z.object({
  /** The question's id. */
  _id: z.string(),
  testId: z.string(),
  testName: z.string(),
  /** The section holding it now; null when the question is no longer in the test. */
  sectionId: z.string().nullable(),
  /** Its current content (isReported / updateAvailable set); null when it was deleted since. */
  question: reportedContent.nullable(),
  /** The comprehension holding it, for a child. */
  parentQuestionId: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reportsCount: z.number().int(),
  studentsCount: z.number().int(),
  reasons: z.array(reportReason),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** Students have submitted the test: publishing offers NO_CHANGE. */
  isAttempted: z.boolean(),
  /** The caller may edit the test (edit to resolve, save and resolve). */
  canEdit: z.boolean(),
  /**
   * Raised by the question analysis (issue 16): what it saw, for the portal to word in the
   * tutor's language ("64% of the top students chose B"); empty for students' reports only.
   */
  statistics: z.array(statisticsReason),
});
export type ReportedQuestion = z.infer<typeof reportedQuestion>;

export const reportList = z.object({
  reportedQuestions: z.array(reportedQuestion),
  /** Reported questions of this status (and tests filter) in all. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Reported questions per status (with the tests filter). */
  counts: z.record(z.enum(REPORT_STATUSES), z.number().int()),
  /** Tests with reports of any status, for the filter. */
  tests: z.array(namedItem.extend({ openCount: z.number().int() })),
});
export type ReportList = z.infer<typeof reportList>;

export const publishResult = z.object({
  message: z.string(),
  publishId: z.string(),
  version: z.number().int(),
  attemptsChanged: z.number().int(),
  resolvedReports: z.number().int(),
  questions: z.array(z.custom<Question>((value) => typeof value === 'object' && value !== null)),
});
export type PublishResult = z.infer<typeof publishResult>;

export const resolveResult = z.object({ message: z.string(), resolvedReports: z.number().int(), activeReportedCount: z.number().int() });
export type ResolveResult = z.infer<typeof resolveResult>;

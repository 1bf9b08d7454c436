/**
 * Reports of questions (spec section 7, Report repository; decisions section 6).
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
export const PUBLISH_OPTIONS = ['NO_CHANGE', 'RE_EVALUATE', 'GRACE'] as const;
export type PublishOption = (typeof PUBLISH_OPTIONS)[number];
